// polymorphic_path/polymorphic_url and their new_/edit_ forms, with resolve and direct (docs/contract.md §3).
// Expected values are Rails 6.1's output for the same declarations (script/rails-oracle.rb).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { draw } from "../../src/index.js";
import { Model, Magazine, Ad, Photo, Sheep, AdminPhoto } from "./models.js";
import { helpersNamed } from "../route-helpers.js";

describe("polymorphic routes", () => {
  const h = helpersNamed(
    draw(
      (r) => {
        r.resources("magazines", () => {
          r.resources("ads");
        });
        r.resources("photos");
        r.resources("sheep");
        r.namespace("admin", () => {
          r.resources("photos");
        });
        r.resource("basket");
        r.resolve("Basket", function (this: any, _basket: unknown, options: Record<string, unknown>) {
          return this.route_for("basket", options);
        });
        r.direct("photo_anchor", (photo: Photo) => [photo, { anchor: `photo-${photo.id}` }]);
      },
      { defaultUrlOptions: { host: "example.com" } },
    ).helpers,
    "photo_anchor_path",
  );
  it("records, new records, arrays and name prefixes", () => {
    assert.equal(h.polymorphic_path(new Photo(1)), "/photos/1");
    assert.equal(h.polymorphic_path(new Photo()), "/photos");
    assert.equal(h.polymorphic_path([new Magazine(1), new Ad(2)]), "/magazines/1/ads/2");
    assert.equal(h.new_polymorphic_path([new Magazine(1), new Ad()]), "/magazines/1/ads/new");
    assert.equal(h.edit_polymorphic_path(new Photo(4)), "/photos/4/edit");
    assert.equal(h.polymorphic_path(["admin", new Photo(3)]), "/admin/photos/3");
    assert.equal(h.polymorphic_path(new AdminPhoto(3)), "/admin/photos/3");
    assert.equal(h.polymorphic_path(new Sheep()), "/sheep");
    assert.equal(h.polymorphic_url(new Photo(1), { anchor: "x" }), "http://example.com/photos/1#x");
  });
  it("routing_type chooses the helper for polymorphic_url only; polymorphic_path passes it on as a parameter", () => {
    assert.equal(h.polymorphic_url(new Photo(1), { routingType: "path" }), "/photos/1");
    assert.equal(h.polymorphic_url(new Photo(1), { routing_type: "url" }), "http://example.com/photos/1");
    assert.equal(h.polymorphic_path(new Photo(1), { routing_type: "url" }), "/photos/1?routing_type=url");
  });
  it("persisted is record.persisted, else id != null", () => {
    const draft = Object.assign(new Photo(9), { persisted: false });
    assert.equal(h.polymorphic_path(draft), "/photos");
  });
  it("resolve and direct callbacks run with this bound to the helpers", () => {
    assert.equal(h.polymorphic_path(new (class Basket extends Model {})(1)), "/basket");
    assert.equal(h.photo_anchor_path(new Photo(7)), "/photos/7#photo-7");
  });
  it("nil targets and unknown routes are clear errors", () => {
    assert.throws(() => h.polymorphic_path(null), /Nil location provided/);
    assert.throws(() => h.polymorphic_path([new Ad(2)]), /undefined method 'ad_path'/);
  });
});
