// direct and resolve declarations: a callback returning a Symbol names a route, as Ruby's
// `direct(:shop) { :basket }`.
// Expected values are Rails 6.1's output for the same declarations (script/rails-oracle.rb).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { draw } from "../../src/index.js";
import { Model } from "./models.js";
import { helpersNamed } from "../route-helpers.js";

describe("direct and url_for: a Symbol names a route", () => {
  // Rails' `url_for(:basket)` / `direct(:shop) { :basket }`: `basket_url` called with no arguments.
  const draft = (defaultUrlOptions: Record<string, unknown>) =>
    draw(
      (r) => {
        r.resource("basket", { only: ["show"] });
        r.resources("photos", { only: ["index", "show"] });
        r.direct("shop", () => Symbol.for("basket"));
        r.direct("chained", () => Symbol.for("shop"));
        r.direct("outside", () => "https://elsewhere.org/x/y?q=1#f");
        r.direct("far", () => Symbol.for("outside"));
        r.direct("nowhere", () => Symbol.for("no_such_route"));
        r.direct("needs_id", () => Symbol.for("photo"));
        r.resolve("Basket", () => Symbol.for("basket"));
      },
      { defaultUrlOptions },
    ).helpers;
  const h = helpersNamed(
    draft({ host: "ex.com" }),
    "chained_path",
    "far_path",
    "far_url",
    "needs_id_path",
    "nowhere_path",
    "shop_path",
    "shop_url",
  );

  it("a direct returning a Symbol gives that route's URL, or its path", () => {
    assert.equal(h.shop_path(), "/basket");
    assert.equal(h.shop_url(), "http://ex.com/basket");
    assert.equal(h.chained_path(), "/basket");
    assert.equal(h.far_path(), "/x/y?q=1#f");
    assert.equal(h.far_url(), "https://elsewhere.org/x/y?q=1#f");
    assert.equal(h.url_for(Symbol.for("basket")), "http://ex.com/basket");
    assert.equal(h.polymorphic_path(new (class Basket extends Model {})(1)), "/basket");
  });
  it("the helper's options do not reach the named route", () => {
    assert.equal(h.shop_path({ anchor: "x" }), "/basket");
    assert.equal(h.shop_url({ host: "h.com" }), "http://ex.com/basket");
  });
  it("needs a host even for _path, and the named route's segments", () => {
    const bare = helpersNamed(draft({}), "far_path", "shop_path");
    assert.throws(() => bare.shop_path(), { name: "ArgumentError", message: /^Missing host to link to!/ });
    assert.throws(() => bare.url_for(Symbol.for("basket")), {
      name: "ArgumentError",
      message: /^Missing host to link to!/,
    });
    assert.equal(bare.far_path(), "/x/y?q=1#f");
    assert.throws(() => h.needs_id_path(), { name: "UrlGenerationError", message: /missing required keys: \[:id\]$/ });
  });
  it("a Symbol naming no route is a clear error", () => {
    assert.throws(
      () => h.nowhere_path(),
      /undefined method 'no_such_route_url' for the route helpers: url_for\(:no_such_route\)/,
    );
  });
});
