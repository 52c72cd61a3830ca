// Property: for random route sets and random segment values, the path a helper
// generates is recognized as that route with those values — or as an earlier route that also
// matches, as first-match-wins allows.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { draw } from "../../src/index.js";
import type { Mapper } from "../../src/index.js";

type Piece = (r: Mapper) => void;

const PIECES: Record<string, Piece> = {
  photos: (r) =>
    r.resources("photos", () => {
      r.resources("comments");
    }),
  books: (r) => r.resources("books", { param: "slug" }),
  profile: (r) =>
    r.resource("profile", () => {
      r.resources("notes", { only: ["index", "show"] });
    }),
  admin: (r) =>
    r.namespace("admin", () => {
      r.resources("users", { only: ["show", "edit"] });
    }),
  locale: (r) =>
    r.scope("(:locale)", () => {
      r.resources("pages", { only: ["show"] });
    }),
  archive: (r) => r.get("archive/:year(/:month(/:day))", { to: "archive#show", as: "archive" }),
  files: (r) => r.get("files/*path", { to: "files#show", as: "file" }),
  codes: (r) => r.get("codes/:code", { to: "codes#show", as: "code", constraints: { code: /[a-z0-9]+/ } }),
  tagged: (r) => r.get("t/:a-:b", { to: "tags#show", as: "tagged" }),
};

// Segment values Rails can round-trip: no '.', which ends a segment before `(.:format)`.
const segment = fc
  .string({ unit: fc.constantFrom(..."abcxyz019 -_~!$&'()*+,;=:@/?#%é日😀"), minLength: 1, maxLength: 8 })
  .filter((s) => s.trim() !== "");
const lowerAlnum = fc.string({ unit: fc.constantFrom(..."abz09"), minLength: 1, maxLength: 6 });
const glob = fc
  .array(fc.string({ unit: fc.constantFrom(..."abc x%é"), minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 })
  .map((a) => a.join("/"));

function valueFor(
  name: string,
  route: { requirements: Readonly<Record<string, unknown>>; pattern: { globNames: readonly string[] } },
) {
  if (route.pattern.globNames.includes(name)) return glob;
  if (route.requirements[name] instanceof RegExp) return lowerAlnum;
  return segment;
}

describe("generated paths recognize back", () => {
  it("as the route with the same parameters, or an earlier route", () => {
    const names = Object.keys(PIECES);
    fc.assert(
      fc.property(
        fc.shuffledSubarray(names, { minLength: 1 }),
        fc.infiniteStream(fc.tuple(segment, segment, lowerAlnum, glob, fc.boolean())),
        (chosen, stream) => {
          const routes = draw((r) => {
            for (const n of chosen) PIECES[n]!(r);
          });
          const it = stream[Symbol.iterator]();
          routes.routes.forEach((route, index) => {
            if (route.name === null || routes.namedRoutes.get(route.name) !== route) return;
            const [s1, s2, alnum, g, withOptional] = it.next().value as [string, string, string, string, boolean];
            const given: Record<string, string> = {};
            const wanted = withOptional
              ? route.pattern.names.filter((n) => n !== "format")
              : route.pattern.requiredNames;
            for (const name of wanted) {
              const arb = valueFor(name, route);
              given[name] = arb === glob ? g : arb === lowerAlnum ? alnum : name.length % 2 ? s1 : s2;
            }
            // `t/:a-:b`: a '-' in either value moves the split point (recognition is greedy).
            for (const k of route.name === "tagged" ? ["a", "b"] : []) given[k] = given[k]!.replace(/-/g, "") || "x";
            // Optional segments nest: a later one needs the earlier ones (archive/:year(/:month(/:day))).
            const helper = (routes.helpers as Record<string, (...a: unknown[]) => string>)[`${route.name}_path`]!;
            const path = helper({ ...given });
            const result = routes.recognize(route.verbs[0] ?? "GET", path);
            assert.ok(result, `${route.name}_path(${JSON.stringify(given)}) = ${path} is not recognized`);
            if (result.name === route.name && !("redirect" in result && result.redirect)) {
              for (const [k, v] of Object.entries(given)) {
                assert.equal(
                  (result as { params: Record<string, unknown> }).params[k],
                  v,
                  `${route.name}: ${k} of ${path}`,
                );
              }
            } else {
              const earlier = routes.routes.findIndex((x) => x.name === result.name);
              assert.ok(
                earlier >= 0 && earlier < index,
                `${path} recognized as ${result.name}, a later route than ${route.name}`,
              );
            }
          });
        },
      ),
      { numRuns: 150 },
    );
  });
});
