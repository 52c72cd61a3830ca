// Option typos: a key that became a default (Rails' meaning of an unknown option) one edit
// away from an option is reported by `lintRoutes` and `draw`'s `warn`.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { draw } from "../../src/draw.js";
import type { Mapper } from "../../src/dsl/mapper.js";
import { lintRoutes, type RouteLintFinding } from "../../src/lint/index.js";

/** Declarations as JavaScript writes them: TypeScript rejects the misspelled keys (see test/dsl/option-types.test.ts). */
const untyped = (fn: (r: any) => void) => fn as (r: Mapper) => void;
const warnings = (fn: (r: any) => void): RouteLintFinding[] => {
  const found: RouteLintFinding[] = [];
  draw(untyped(fn), { warn: (f) => found.push(f) });
  return found.filter((f) => f.kind === "option-default");
};

describe("keys that became defaults one edit from an option", () => {
  it("names the key, the route and the option, and says both fixes", () => {
    const [f, ...more] = warnings((r) => r.get("about", { to: "pages#about", constraint: { id: /\d+/ } }));
    assert.equal(more.length, 0);
    assert.equal(f!.route, 0);
    assert.equal(
      f!.message,
      `"constraint" became a default of GET /about(.:format) (pages#about { constraint: { id: /\\d+/ } }); did you mean "constraints"? ` +
        "Write constraints: { id: /\\d+/ }, or, to keep a default, defaults: { constraint: { id: /\\d+/ } }.",
    );
  });

  it("reports a scope's key once, naming the first route and counting the others", () => {
    const found = warnings((r) =>
      r.scope({ modul: "admin" }, () => {
        r.get("a", { to: "x#a" });
        r.get("b", { to: "x#b" });
      }),
    );
    assert.equal(found.length, 1);
    assert.deepEqual(found[0]!.related, [1]);
    assert.match(
      found[0]!.message,
      /^"modul" became a default of GET \/a\(\.:format\) \(x#a \{ modul: 'admin' \}\) \(and 1 more route\); did you mean "module"\?/,
    );
  });

  it("leaves defaults: alone, keys two edits away, and option keys of other sets", () => {
    assert.deepEqual(
      warnings((r) => {
        r.get("a", { to: "x#a", defaults: { constraint: 1 } });
        r.get("b", { to: "x#b", kind: "rss" });
        r.get("c", { to: "x#c", module: "m" });
      }),
      [],
    );
  });

  it("runs in lintRoutes, and only when asked for", () => {
    const set = draw(untyped((r) => r.get("about", { to: "pages#about", modle: "x" })));
    assert.equal(lintRoutes(set.routes).filter((f) => f.kind === "option-default").length, 1);
    assert.equal(lintRoutes(set.routes, { checks: ["duplicate"] }).length, 0);
  });
});
