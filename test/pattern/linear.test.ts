// The linear matcher: a Pike VM over a route's pattern that must answer exactly what
// Journey's backtracking regexp answers (match or not, and every parameter's capture), and the
// decision of which routes need it.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { Mapper } from "../../src/dsl/mapper.js";
import { TableBuilder } from "../../src/dsl/table-builder.js";
import { journeyRegExp, type JourneyRegExp } from "../../src/pattern/regexp.js";
import { forcedLinearMatcher, linearMatcher } from "../../src/pattern/linear/index.js";
import { installLinearMatcher, journeyExec } from "../../src/pattern/linear-exec.js";
import { backtrackingGrowth, separatedSymbols } from "../../src/pattern/linear/ambiguity.js";
import { compileJourney } from "../../src/pattern/linear/compile.js";
import type { Route } from "../../src/table/route.js";
import { normalizeRequestPath } from "../../src/uri/path.js";

// (As every draw does: journeyExec asks the matcher which regexps need it.)
installLinearMatcher(linearMatcher);

/**
 * The routes a declaration draws, as `draw` builds them but without its lint, which would warn
 * about the catastrophic requirements drawn here on purpose (and take most of the time).
 */
function routesOf(declare: (r: Mapper) => void, apiOnly = false): readonly Route[] {
  const builder = new TableBuilder();
  declare(
    new Mapper({
      builder,
      apiOnly,
      drawFile: () => {
        throw new Error("no route files here");
      },
    }),
  );
  return builder.table().routes;
}

/** Journey's regexp of each route a declaration draws. */
function journeys(declare: (r: Mapper) => void): { route: Route; j: JourneyRegExp }[] {
  return routesOf(declare).map((route) => ({
    route,
    j: journeyRegExp(route.pattern.ast, route.requirements, route.anchor),
  }));
}

function journeyOf(path: string, options: Record<string, unknown> = {}): JourneyRegExp {
  return journeys((r) => r.get(path, { to: "t#x", ...options } as never))[0]!.j;
}

/** What a match says: the whole match and each parameter's capture (a requirement's own groups are not read). */
function captures(j: JourneyRegExp, m: RegExpExecArray | null): unknown {
  if (m === null) return null;
  return [m.index, m[0], ...j.groupNames.flatMap((name, i) => (name === null ? [] : [[name, m[i + 1]]]))];
}

/** Asserts that the linear matcher agrees with Journey's regexp on each path. */
function assertAgrees(j: JourneyRegExp, paths: readonly string[]): void {
  const vm = forcedLinearMatcher(j);
  assert.ok(vm !== null, `${String(j.re)} compiles`);
  for (const path of paths)
    assert.deepEqual(
      captures(j, vm.exec(path)),
      captures(j, j.re.exec(path)),
      `${String(j.re)} on ${JSON.stringify(path)}`,
    );
}

// ------------------------------------------------------------------ random patterns

/** Pieces of a segment, as the DSL writes them; a group holds a short run of them. */
type Piece =
  | { lit: string }
  | { sep: "/" | "." }
  | { param: number }
  | { glob: number }
  | { group: Piece[] }
  | { or: [string, string] };
const REQUIREMENTS: (RegExp | string)[] = [
  /\d+/,
  /[a-z-]+/,
  /.+/,
  /a+?/,
  /x*/,
  "a-",
  /(?=a)[\w-]+/,
  /[^\/]+/,
  /\w+(?:-\w+)*/,
  /(a|-)+/,
  /[a%-]{1,3}/,
  /(?:a|-)*?x?/,
  /\p{L}+/u,
  /[A-Z-]+/i,
  /a\b-?/,
  /(?<=-)a+/,
  /(?:a|a-)+/,
  /[^.]+?/,
  /(?!-)[-a]+/,
  /\d+\d+/,
  /%[\dA-F]{2}|a/,
];
const piece: fc.Arbitrary<Piece> = fc.letrec((tie) => ({
  piece: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom("a", "-", "x", "a-", "-a-").map((lit) => ({ lit })) },
    { weight: 2, arbitrary: fc.constantFrom<"/" | ".">("/", ".").map((sep) => ({ sep })) },
    { weight: 5, arbitrary: fc.constant(0).map((param) => ({ param })) },
    { weight: 1, arbitrary: fc.constant(0).map((glob) => ({ glob })) },
    {
      weight: 1,
      arbitrary: fc
        .array(tie("piece") as fc.Arbitrary<Piece>, { minLength: 1, maxLength: 3 })
        .map((group) => ({ group })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom("a", "-", "x"), fc.constantFrom("a-", "x", "-")).map((or) => ({ or })),
    },
  ),
})).piece;

interface Spec {
  pieces: Piece[];
  format: boolean | undefined;
  /** For the k-th parameter, the index of its requirement, or -1. */
  reqs: number[];
  anchor: boolean;
}
const spec: fc.Arbitrary<Spec> = fc.record({
  pieces: fc.array(piece, { minLength: 1, maxLength: 5 }),
  format: fc.constantFrom<boolean | undefined>(undefined, false),
  reqs: fc.array(fc.integer({ min: -REQUIREMENTS.length, max: REQUIREMENTS.length - 1 }), {
    minLength: 8,
    maxLength: 8,
  }),
  anchor: fc.boolean(),
});

/** The route path of a spec (each parameter and glob named apart) and its requirements. */
function specRoute(s: Spec): { path: string; requirements: Record<string, RegExp | string> } {
  let names = 0;
  const requirements: Record<string, RegExp | string> = {};
  const one = (p: Piece): string => {
    if ("lit" in p) return p.lit;
    if ("sep" in p) return p.sep;
    if ("group" in p) return `(${p.group.map(one).join("")})`;
    if ("or" in p) return `(${p.or[0]}|${p.or[1]})`;
    const k = names++;
    const name = `${"param" in p ? "p" : "g"}${k}`;
    const req = s.reqs[k % s.reqs.length]!;
    if (req >= 0) requirements[name] = REQUIREMENTS[req]!;
    return ("param" in p ? ":" : "*") + name;
  };
  return { path: "/t/" + s.pieces.map(one).join(""), requirements };
}

const PATH_CHARS = ["a", "-", ".", "/", "%", "x", "1", "A"];
const requestPath = fc.array(fc.constantFrom(...PATH_CHARS), { maxLength: 14 }).map((cs) => "/t/" + cs.join(""));

describe("linear matcher", () => {
  it("answers what Journey's regexp answers, captures included, on random patterns and paths", () => {
    fc.assert(
      fc.property(spec, fc.array(requestPath, { minLength: 1, maxLength: 25 }), (s, paths) => {
        const { path: routePath, requirements } = specRoute(s);
        let j: JourneyRegExp;
        try {
          j = journeyOf(routePath, {
            format: s.format,
            constraints: requirements,
            ...(s.anchor ? {} : { anchor: false }),
          });
        } catch {
          return; // a declaration the DSL refuses
        }
        if (compileJourney(j) === null) return;
        const all = [...paths, routePath.replace(/[():*|]/g, "")];
        assertAgrees(j, all);
        for (const p of all) assert.deepEqual(captures(j, journeyExec(j, p)), captures(j, j.re.exec(p)));
      }),
      { numRuns: 400 },
    );
  });

  it("answers what Journey's regexp answers on every route and path of the conformance fixtures", () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const dir = path.join(here, "..", "conformance", "fixtures");
    let probes = 0;
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".json"))) {
      for (const c of JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as {
        ts?: string;
        ts_files?: object;
        api_only?: boolean;
        recognize?: { path: string }[];
      }[]) {
        if (!c.ts || Object.keys(c.ts_files ?? {}).length > 0) continue;
        let routes: readonly Route[];
        try {
          routes = routesOf(new Function("r", c.ts) as (r: Mapper) => void, c.api_only);
        } catch {
          continue;
        }
        const paths = (c.recognize ?? []).map((p) => normalizeRequestPath(p.path));
        for (const route of routes) {
          let j: JourneyRegExp;
          try {
            j = journeyRegExp(route.pattern.ast, route.requirements, route.anchor);
          } catch {
            continue; // a requirement that is neither a string nor a regexp
          }
          if (paths.length === 0 || compileJourney(j) === null) continue;
          assertAgrees(j, paths);
          probes += paths.length;
        }
      }
    }
    assert.ok(probes > 10_000, `${probes} probes`);
  });

  it("captures as backtracking does where a parameter's end is a choice", () => {
    const cases: [string, Record<string, unknown>, string, Record<string, string | undefined> | null][] = [
      ["f/:a-:b", {}, "/f/a-b-c", { a: "a-b", b: "c", format: undefined }],
      ["f/:a-:b", {}, "/f/---", { a: "-", b: "-", format: undefined }],
      ["f/:a-:b", {}, "/f/--", null],
      ["f/:a-:b", {}, "/f/x-y-z.json", { a: "x-y", b: "z", format: "json" }],
      ["g/:a-:b-:c", {}, "/g/a-b-c-d.e", { a: "a-b", b: "c", c: "d", format: "e" }],
      ["s/*path-:id", {}, "/s/a/b-c.json", { path: "a/b", id: "c", format: "json" }],
      ["r/*a/*b", { format: false }, "/r/a/b.json", { a: "a", b: "b.json" }],
      ["d/:a-:b", { a: /[a-z]+?/ }, "/d/ab-cd-ef", { a: "ab", b: "cd-ef", format: undefined }],
      ["n/:a-:b", { a: /x*/ }, "/n/-y", { a: "", b: "y", format: undefined }],
      // An optional group that would match nothing is skipped, its captures unset (ECMAScript).
      ["m/x((:a)(-:b))", {}, "/m/x.json", { a: undefined, b: undefined, format: "json" }],
      ["m/x((:a)(-:b))", {}, "/m/x-b", { a: "-b", b: undefined, format: undefined }],
      ["k/:a-:b", { a: /(?=x)[\w-]+/ }, "/k/xa-b-c", { a: "xa-b", b: "c", format: undefined }],
    ];
    for (const [pattern, constraints, p, want] of cases) {
      const j = journeyOf(pattern, { constraints, ...(constraints.format === false ? { format: false } : {}) });
      const m = forcedLinearMatcher(j)!.exec(p);
      const got =
        m === null
          ? null
          : Object.fromEntries(j.groupNames.flatMap((name, i) => (name === null ? [] : [[name, m[i + 1]]])));
      assert.deepEqual(got, want, `${pattern} on ${p}`);
    }
  });

  it("steps over characters beyond ASCII as the regexp does, by code point under the u flag", () => {
    const segments = ["é-ü", "日本-x", "😀-x", "😀😀-😀", "\uD800-x", "a\uDC00-b", "é-ü-😀", "😀-\uD83D"];
    for (const [prefix, a] of [
      ["u", /\p{L}+/u],
      ["v", /[^-]+/],
      ["w", /.+/u],
      ["x", /[😀é-]+/u],
    ] as const) {
      const j = journeyOf(`${prefix}/:a-:b`, { constraints: { a } });
      assert.equal(j.re.unicode, a.unicode);
      assertAgrees(
        j,
        segments.map((segment) => `/${prefix}/${segment}`),
      );
    }
  });

  it("leaves routes with a backreference to the native regexp", () => {
    // In Journey's regexp `\1` is the first group, `:a`'s own, not the requirement's.
    const j = journeyOf("b/:a-:b", { constraints: { a: /(x)\1?/ } });
    assert.equal(compileJourney(j), null);
    assert.equal(linearMatcher(j), null);
    assert.deepEqual(captures(j, journeyExec(j, "/b/x-y")), [
      0,
      "/b/x-y",
      ["a", "x"],
      ["b", "y"],
      ["format", undefined],
    ]);
  });
});

describe("which routes run the linear matcher", () => {
  const growth = (pattern: string, options: Record<string, unknown> = {}) => {
    const program = compileJourney(journeyOf(pattern, options));
    assert.ok(program !== null);
    return backtrackingGrowth(program);
  };

  it("keeps the native regexp where it cannot backtrack super-linearly", () => {
    for (const pattern of [
      "photos/:id",
      "photos/:photo_id/comments/:id",
      "*path",
      "p/*path/:id",
      "f/:a.:b",
      "u/*path.:ext",
      "a(/:b)(/:c)",
      "v/v:version",
    ]) {
      assert.equal(growth(pattern), 1, pattern);
      assert.equal(linearMatcher(journeyOf(pattern)), null, pattern);
    }
    assert.equal(growth("*path", { format: false }), 1);
    for (const id of [/\d+/, /[^\/]+/, /\w+(?:-\w+)*/, /[a-z]{2}(?:-[A-Z]{2})?/])
      assert.equal(growth("c/:id", { constraints: { id } }), 1, String(id));
    assert.equal(growth("c/:a-:b", { constraints: { a: /\d+/ } }), 1);
  });

  it("gives the linear matcher the patterns where loops trade characters, with the degree of the native regexp's growth", () => {
    assert.equal(growth("f/:a-:b"), 2);
    assert.equal(growth("f/:a-:b-:c"), 3);
    assert.equal(growth("f/:a-:b-:c-:d"), 4);
    assert.equal(growth("v/:a-to-:b"), 2);
    assert.equal(growth("z/:a:b"), 2);
    assert.equal(growth("o(/:a)-:b"), 2);
    assert.equal(growth("s/*path-:id"), 2);
    assert.equal(growth("q/*a/*b", { format: false }), 2);
    assert.equal(growth("c/:a-:b", { constraints: { a: /[a-z-]+/ } }), 2);
    assert.equal(growth("c/:id", { constraints: { id: /\d+\d+/ } }), 2);
    assert.equal(growth("c/:id", { constraints: { id: /(a|a)+/ } }), Infinity);
    assert.equal(growth("c/:id", { constraints: { id: /(?:a+)+/ } }), Infinity);
  });

  it("runs the native regexp on a path short enough that its worst case is bounded", () => {
    assert.equal(linearMatcher(journeyOf("f/:a-:b"))!.nativeUpTo, 64);
    assert.equal(linearMatcher(journeyOf("f/:a-:b-:c"))!.nativeUpTo, 16);
    assert.equal(linearMatcher(journeyOf("f/:a-:b-:c-:d"))!.nativeUpTo, 8);
    assert.equal(linearMatcher(journeyOf("c/:id", { constraints: { id: /(a|a)+/ } }))!.nativeUpTo, 0);
  });

  it("answers the common case from the pattern alone", () => {
    const separated = (p: string) => {
      const { route } = journeys((r) => r.get(p, { to: "t#x" }))[0]!;
      return separatedSymbols(route.pattern.ast, route.requirements);
    };
    assert.equal(separated("photos/:photo_id/comments/:id"), true);
    assert.equal(separated("a/:a(.:b)"), true);
    assert.equal(separated("(:locale)/x/:id"), true);
    assert.equal(separated("f/:a-:b"), false);
    assert.equal(separated("x/:a(:b)"), false);
    assert.equal(separated("*path"), false);
    const { route } = journeys((r) => r.get("c/:id", { to: "t#x", constraints: { id: /\d+/ } }))[0]!;
    assert.equal(separatedSymbols(route.pattern.ast, route.requirements), false);
  });
});
