// Properties of the unreachable-route proof, over random tables drawn through the public draw():
// no request a reported route matches is ever answered by it, and each is answered by the
// earlier route the finding names, or by a route before that one.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import type { NFA } from "refa";
import { compileRecognizer, draw, type Mapper, type RecognizeResult, type Route } from "../../src/index.js";
import { findUnreachable, reachRoutes, REQUEST_METHODS } from "../../src/lint/index.js";
import { intersectAll, isNormalPath, languageOf, withinNormalPaths, type Language } from "../../src/lint/languages.js";

type Piece = string;
interface RouteSpec {
  verb: "get" | "post" | "all" | "get+head" | "head";
  pieces: Piece[];
  format: boolean | undefined;
  requirement: RegExp | string | null;
  redirect: boolean;
  subdomain: boolean;
}

const PIECES = ["/photos", "/new", "/a", "/:id", "/:slug", "(/:opt)", "(/new)", "/*rest", ".json"];
const REQUIREMENTS: (RegExp | string | null)[] = [null, null, /\d+/, /[a-z]+/, /[a-n]+/, "new", /new|old/];

const routeSpec: fc.Arbitrary<RouteSpec> = fc.record({
  verb: fc.constantFrom("get", "get", "post", "all", "get+head", "head"),
  pieces: fc
    .tuple(fc.constantFrom("/photos", "/a", "/:id", "/*rest"), fc.array(fc.constantFrom(...PIECES), { maxLength: 2 }))
    .map(([a, rest]) => [a, ...rest]),
  format: fc.constantFrom(undefined, undefined, false, true),
  requirement: fc.constantFrom(...REQUIREMENTS),
  redirect: fc.constantFrom(false, false, false, true),
  subdomain: fc.constantFrom(false, false, false, true),
});

/** Draws a table: route i dispatches to `t#r<i>` (or redirects to `/target<i>`), so an answer names its route. */
function drawTable(specs: readonly RouteSpec[]): Route[] | null {
  try {
    return [
      ...draw((r: Mapper) => {
        specs.forEach((s, i) => {
          const path = s.pieces.join("");
          const options: Record<string, unknown> = { to: s.redirect ? r.redirect(`/target${i}`) : `t#r${i}` };
          if (s.format !== undefined) options.format = s.format;
          const param = /[:*](\w+)/.exec(path)?.[1];
          if (s.requirement !== null && param !== undefined) options[param] = s.requirement;
          if (s.subdomain) options.constraints = { subdomain: "api" };
          const via = { get: ["get"], post: ["post"], all: "all", "get+head": ["get", "head"], head: ["head"] }[s.verb];
          r.match(path, { ...options, via });
        });
      }).routes,
    ];
  } catch {
    return null; // a declaration Rails rejects (a requirement on an optional glob, ...)
  }
}

/** Which route answered: from the action `r<i>` or the redirect target `/target<i>`. */
function answeredBy(result: RecognizeResult | null): number {
  if (result === null) return -1;
  const m =
    "redirect" in result
      ? /\/target(\d+)$/.exec(result.redirect.location)
      : /^r(\d+)$/.exec(String(result.params.action));
  return m ? Number(m[1]) : -2;
}

/** Random strings of a language: walks of its automaton, picking readable characters. */
function randomWords(nfa: NFA, rand: () => number, count: number): string[] {
  const out: string[] = [];
  const readable = [..."abnewxold0129-_.~%AZé"];
  for (let attempt = 0; attempt < count * 20 && out.length < count; attempt++) {
    let node = nfa.initial;
    let word = "";
    for (let step = 0; step < 40; step++) {
      const edges = [...node.out];
      if (nfa.finals.has(node) && (edges.length === 0 || rand() < 0.25)) {
        out.push(word);
        break;
      }
      if (edges.length === 0) break;
      const [next, chars] = edges[Math.floor(rand() * edges.length)]!;
      const options = readable.filter((c) => chars.has(c.charCodeAt(0)));
      const code =
        options.length > 0 ? options[Math.floor(rand() * options.length)]!.charCodeAt(0) : chars.ranges[0]!.min;
      word += String.fromCharCode(code);
      node = next;
    }
  }
  return out;
}

/** The request verbs that reach a route's buckets, HEAD included where it falls back to GET. */
const requestVerbs = (route: Route) =>
  route.verbs.length === 0
    ? ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"]
    : route.verbs.includes("GET")
      ? [...route.verbs, "HEAD"]
      : [...route.verbs];

describe("unreachable routes, on random tables", () => {
  it("are never the first match for a request built from them, and the named earlier route answers it", () => {
    let checked = 0;
    let requests = 0;
    fc.assert(
      fc.property(fc.array(routeSpec, { minLength: 2, maxLength: 7 }), fc.integer(), (specs, seed) => {
        const routes = drawTable(specs);
        if (routes === null) return;
        let state = seed >>> 0;
        const rand = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
        const table = routes;
        const full = compileRecognizer(table);
        const reach = reachRoutes(table);
        for (const f of findUnreachable(reach, { methods: REQUEST_METHODS })) {
          if (f.kind !== "unreachable") continue;
          checked++;
          const b = table[f.index]!;
          const lang = intersectAll(
            reach[f.index]!.regexps.map((re) => languageOf(re, "over")).filter((l): l is Language => l !== null),
          )!;
          const paths = [f.example, ...randomWords(withinNormalPaths(lang, "request")!, rand, 8)].filter(
            (p) => isNormalPath(p, "request") && reach[f.index]!.regexps.every((re) => re.test(p)),
          );
          assert.ok(paths.includes(f.example), `the example ${f.example} is a request ${b.path} matches`);
          for (const path of paths) {
            for (const verb of requestVerbs(b)) {
              requests++;
              const answer = answeredBy(full.recognize(verb, path, { host: "example.com" }));
              assert.notEqual(answer, f.index, `${verb} ${path} reached ${b.verb} ${b.path}, reported unreachable`);
              const bucket = verb === "HEAD" && !b.verbs.includes("HEAD") ? "GET" : verb;
              const by: { index: number } | undefined = f.shadowedBy.find((s) => s.verbs.includes(bucket));
              assert.ok(by, `no earlier route named for ${bucket}`);
              // (A HEAD request that falls back to GET may first be answered by a later HEAD route.)
              if (verb === bucket) {
                assert.ok(
                  answer >= 0 && answer <= by.index,
                  `${verb} ${path}: answered by ${answer}, expected route ${by.index} or an earlier one`,
                );
                // With the routes before it gone, the named route itself answers.
                const alone = compileRecognizer(table.slice(by.index));
                assert.equal(
                  answeredBy(alone.recognize(verb, path, { host: "example.com" })),
                  by.index,
                  `${verb} ${path} not answered by route ${by.index}`,
                );
              }
            }
          }
        }
      }),
      { numRuns: 250 },
    );
    assert.ok(checked >= 20 && requests >= 200, `enough findings checked (${checked} findings, ${requests} requests)`);
  });
});
