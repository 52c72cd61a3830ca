// The helpers object of a route set: hostile options and values, frozen (docs/contract.md §3).
// Expected values are Rails 6.1's output for the same declarations (script/rails-oracle.rb).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ArgumentError, draw } from "../../src/index.js";
import { helpersNamed } from "../route-helpers.js";

describe("hostile input", () => {
  const h = helpersNamed(
    draw(
      (r) => {
        r.resources("photos");
      },
      { defaultUrlOptions: { host: "example.com" } },
    ).helpers,
    "photo_path",
    "photos_path",
    "photos_url",
  );
  it("__proto__, constructor and toString keys are ordinary query keys, nothing is polluted", () => {
    const opts = JSON.parse('{"__proto__": {"admin": true}, "constructor": {"x": 1}, "toString": "y"}');
    assert.equal(h.photos_path(opts), "/photos?__proto__%5Badmin%5D=true&constructor%5Bx%5D=1&toString=y");
    assert.equal(({} as Record<string, unknown>).admin, undefined);
    assert.equal(h.photo_path({ id: 1, hasOwnProperty: "z", _options: true }), "/photos/1?hasOwnProperty=z");
  });
  it("odd values do not crash", () => {
    assert.equal(h.photo_path(Symbol("s")), "/photos/s");
    assert.equal(h.photo_path(10n), "/photos/10");
    assert.equal(h.photo_path("\uD800"), "/photos/%EF%BF%BD");
    assert.equal(h.photos_path({ d: new Date(0) }).startsWith("/photos?d="), true);
    // Rails' general path (taken when default url options exist) accepts "" for a segment.
    assert.equal(h.photo_path(""), "/photos/");
    assert.throws(() => h.photos_url({ params: 5 as unknown as Record<string, unknown>, host: "x" }), ArgumentError);
  });
  it("the helpers object is frozen", () => {
    assert.ok(Object.isFrozen(h));
  });
});
