// url_for and route_for (docs/contract.md §3).
// Expected values are Rails 6.1's output for the same declarations (script/rails-oracle.rb).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { draw } from "../../src/index.js";

describe("url_for and route_for", () => {
  const h = draw((r) => {
    r.resources("photos");
    r.namespace("admin", () => {
      r.resources("users", { only: ["show"] });
    });
    r.get(":controller(/:action(/:id))");
  }).helpers;
  it("picks the route from controller/action and the supplied segments", () => {
    assert.equal(h.url_for({ controller: "photos", action: "show", id: 4, onlyPath: true }), "/photos/4");
    assert.equal(h.url_for({ controller: "photos", onlyPath: true }), "/photos");
    assert.equal(h.url_for({ controller: "/admin/users", action: "show", id: 2, onlyPath: true }), "/admin/users/2");
    assert.equal(h.url_for({ controller: "reports", action: "weekly", onlyPath: true }), "/reports/weekly");
    assert.equal(h.url_for({ use_route: "photo", id: 9, onlyPath: true }), "/photos/9");
  });
  it("passes strings through and routes route_for to _url helpers", () => {
    assert.equal(h.url_for("/x?y"), "/x?y");
    assert.equal(h.route_for("photo", 3, { host: "e.org" }), "http://e.org/photos/3");
  });
});
