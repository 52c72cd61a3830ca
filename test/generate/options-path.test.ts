// The compiled options path of the helpers: however the caller builds the options object
// (key order, no prototype, extra keys, records), the answer is the one the general rules give.
// Expected strings follow Rails 6.1 (to_query sorts keys; `+` for spaces; records by to_param).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { draw } from "../../src/index.js";
import { helpersNamed } from "../route-helpers.js";

class Model {
  constructor(readonly id: number) {}
  toParam(): string {
    return String(this.id);
  }
}
class Magazine extends Model {}
class Ad extends Model {}
class SpecialAd extends Ad {}

describe("helpers: the options path", () => {
  const h = helpersNamed(
    draw((r) => {
      r.resources("photos");
      r.resources("magazines", () => {
        r.resources("ads");
      });
    }).helpers,
    "magazine_ad_path",
    "photo_path",
    "photo_url",
  );

  it("does not depend on the order of the keys", () => {
    assert.equal(h.photo_path({ id: 5, format: "json" }), "/photos/5.json");
    assert.equal(h.photo_path({ format: "json", id: 5 }), "/photos/5.json");
    assert.equal(h.magazine_ad_path({ id: 2, magazine_id: 1 }), "/magazines/1/ads/2");
  });

  it("reads options objects without a prototype", () => {
    const opts = Object.assign(Object.create(null) as Record<string, unknown>, {
      id: 3,
      format: "xml",
      page: 2,
      _options: true,
    });
    assert.equal(h.photo_path(opts), "/photos/3.xml?page=2");
  });

  it("sends unknown keys to the query string, sorted, escaped as Rails does", () => {
    assert.equal(h.photo_path(1, { q: "a b", b: 1, a: 2 }), "/photos/1?a=2&b=1&q=a+b");
    assert.equal(
      h.photo_url(1, { host: "example.org", anchor: "top", params: { z: 1, y: [1, 2] } }),
      "http://example.org/photos/1?y%5B%5D=1&y%5B%5D=2&z=1#top",
    );
  });

  it("gives the same answer on repeated calls with differently shaped objects", () => {
    for (let i = 0; i < 50; i++) {
      assert.equal(h.photo_path(i, { format: "json" }), `/photos/${i}.json`);
      assert.equal(h.photo_path({ id: i, extra: i, _options: true }), `/photos/${i}?extra=${i}`);
    }
  });

  it("url_for picks the route from controller and action", () => {
    assert.equal(h.url_for({ controller: "photos", action: "show", id: 3, onlyPath: true }), "/photos/3");
    assert.equal(h.url_for({ controller: "photos", action: "index", onlyPath: true }), "/photos");
    assert.equal(
      h.url_for({ action: "show", controller: "ads", magazine_id: 1, id: 2, onlyPath: true }),
      "/magazines/1/ads/2",
    );
  });

  it("polymorphic_path resolves each record class, subclasses by their own name", () => {
    const magazine = new Magazine(1);
    assert.equal(h.polymorphic_path([magazine, new Ad(2)]), "/magazines/1/ads/2");
    assert.equal(h.polymorphic_path([magazine, new Ad(3)]), "/magazines/1/ads/3");
    assert.throws(() => h.polymorphic_path([magazine, new SpecialAd(4)]), /special_ad/);
    assert.equal(h.polymorphic_path(magazine), "/magazines/1");
  });
});
