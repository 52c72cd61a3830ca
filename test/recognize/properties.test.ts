// Properties of recognition, over random route sets: a path built from a route's own
// pattern is recognized as that route or as an earlier route that also matches; and the compiled
// strategy answers exactly what the reference strategy (Journey's ordered regexps) answers.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { plain, recognizers } from "./factory.js";

const LITERALS = ["a", "b", "photos", "new", "x-y"];
const VALUES = ["1", "42", "ab", "new", "x-y", "a%20b", "photos"];

/** A parameter's requirement: none, or a one-character class run (`\d+`; `[^\/]+`, which takes dots; `.+`, which takes slashes too). */
type Req = "digits" | "noslash" | "any" | null;
const REQS: Record<Exclude<Req, null>, RegExp> = { digits: /\d+/, noslash: /[^\/]+/, any: /.+/ };

type Piece = { lit: string } | { param: string; req: Req } | { group: Piece[] } | { glob: string };
interface RouteSpec {
  verb: "get" | "post" | "match";
  pieces: Piece[];
  format: boolean;
}

const literal = fc.constantFrom(...LITERALS).map((lit) => ({ lit }));
const param = fc.record({
  param: fc.constantFrom("id", "x", "y"),
  req: fc.constantFrom<Req>(null, null, "digits", "noslash", "any"),
});
const piece: fc.Arbitrary<Piece> = fc.oneof(
  { weight: 4, arbitrary: literal },
  { weight: 3, arbitrary: param },
  {
    weight: 1,
    arbitrary: fc
      .oneof(literal, fc.record({ param: fc.constantFrom("p", "q"), req: fc.constant<Req>(null) }))
      .map((p) => ({ group: [p] })),
  },
  { weight: 1, arbitrary: fc.constant({ glob: "rest" }) },
);
// A pattern never starts with a group: Rails moves a leading group's slash out of it (`(/a)` is
// `/(a)`), so the paths `concrete` builds would not be the pattern's.
const routeSpec: fc.Arbitrary<RouteSpec> = fc.record({
  verb: fc.constantFrom("get" as const, "post" as const, "match" as const),
  pieces: fc
    .tuple(fc.oneof(literal, param), fc.array(piece, { maxLength: 3 }))
    .map(([first, rest]) => [first, ...rest]),
  format: fc.boolean(),
});

/** The Rails path of a spec, and the constraints of its parameters. */
function specPath(pieces: Piece[]): { path: string; constraints: Record<string, RegExp> } {
  const seen = new Set<string>();
  const constraints: Record<string, RegExp> = {};
  const one = (p: Piece): string => {
    if ("lit" in p) return `/${p.lit}`;
    if ("group" in p) return `(${p.group.map(one).join("")})`;
    const name = "glob" in p ? p.glob : p.param;
    const unique = seen.has(name) ? `${name}${seen.size}` : name;
    seen.add(unique);
    if ("param" in p && p.req !== null) constraints[unique] = REQS[p.req];
    return "glob" in p ? `/*${unique}` : `/:${unique}`;
  };
  return { path: pieces.map(one).join(""), constraints };
}

function draw(specs: RouteSpec[]) {
  return recognizers((r) => {
    specs.forEach((s, i) => {
      const { path, constraints } = specPath(s.pieces);
      const opts = { to: `c#r${i}`, format: s.format ? undefined : false, constraints };
      if (s.verb === "match") r.match(path, { ...opts, via: "all" });
      else r[s.verb](path, opts);
    });
  });
}

/** A concrete path for a route: each group in or out, each parameter a value its constraint accepts. */
const concrete = (spec: RouteSpec) =>
  fc
    .tuple(
      fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
      fc.array(fc.constantFrom(...VALUES), { minLength: 8, maxLength: 8 }),
      fc.constantFrom("", ".json"),
    )
    .map(([groups, values, ext]) => {
      let g = 0,
        v = 0;
      const one = (p: Piece): string => {
        if ("lit" in p) return `/${p.lit}`;
        if ("group" in p) return groups[g++ % 8] ? p.group.map(one).join("") : "";
        if ("glob" in p) return `/${values[v++ % 8]}/${values[v++ % 8]}`;
        return `/${p.req === "digits" ? String(10 + v++) : values[v++ % 8]}`;
      };
      return spec.pieces.map(one).join("") + (spec.format ? ext : "");
    });

const action = (res: unknown) => (res as { params?: { action?: string } } | null)?.params?.action;

describe("recognition properties", () => {
  it("a path built from a route's pattern is recognized as that route or an earlier one", () => {
    fc.assert(
      fc.property(
        fc
          .array(routeSpec, { minLength: 1, maxLength: 8 })
          .chain((specs) =>
            fc
              .tuple(fc.constant(specs), fc.nat(specs.length - 1))
              .chain(([s, i]) => fc.tuple(fc.constant(s), fc.constant(i), concrete(s[i]!))),
          ),
        ([specs, i, path]) => {
          const rec = draw(specs);
          const verb = specs[i]!.verb === "post" ? "POST" : "GET";
          const got = rec.compiled.recognize(verb, path);
          assert.deepEqual(
            plain(got),
            plain(rec.reference.recognize(verb, path)),
            `strategies disagree on ${verb} ${path}`,
          );
          const a = action(got);
          assert.ok(a !== undefined, `${verb} ${path} not recognized`);
          assert.ok(Number(a!.slice(1)) <= i, `${verb} ${path}: recognized as route ${a}, built from r${i}`);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("the compiled strategy agrees with the reference on random paths", () => {
    const token = fc.constantFrom(...LITERALS, ...VALUES, "", "1.5", "a.json", "%2F", "x%2e", "%c3%a9");
    fc.assert(
      fc.property(
        fc.array(routeSpec, { minLength: 1, maxLength: 10 }),
        fc.array(
          fc.tuple(
            fc.constantFrom("GET", "POST", "HEAD", "DELETE"),
            fc.array(token, { maxLength: 5 }).map((t) => `/${t.join("/")}`),
            fc.constantFrom("", "/", ".xml", "?q=1"),
          ),
          { minLength: 1, maxLength: 10 },
        ),
        (specs, requests) => {
          const rec = draw(specs);
          for (const [verb, path, suffix] of requests) {
            const p = path + suffix;
            assert.deepEqual(
              plain(rec.compiled.recognize(verb, p)),
              plain(rec.reference.recognize(verb, p)),
              `${verb} ${p}`,
            );
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
