// Route names without the DSL: what `routeName` gives for what a declaration and its scope say.
// The cases are routes of the conformance fixtures (naming.json, shallow.json, dsl-extra4.json),
// each described by the scope it is declared in; the name is the one Rails printed for it.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  joinName,
  lastNameJoiner,
  nameParts,
  type RouteNameInput,
  routeName,
  routeNamePart,
} from "../../src/dsl/naming.js";
import { Resource, SingletonResource } from "../../src/dsl/resource.js";

const photos = new Resource("photos", false, false);
const users = new Resource("users", false, false);
const pics = new Resource("photos", false, false, { as: "pics" });
const sheep = new Resource("sheep", false, false);
const cart = new SingletonResource("cart", false, false);
const comments = new Resource("comments", false, false);

const free = () => false;
const name = (input: Partial<RouteNameInput>) =>
  routeName({
    as: undefined,
    action: null,
    canonical: false,
    namePrefix: undefined,
    level: null,
    resource: undefined,
    isTaken: free,
    ...input,
  });

describe("route names", () => {
  it("outside resources: the scope's prefix, then the action or path, normalized (naming-from-static-paths, naming-scope-as-prefix-plain-routes)", () => {
    assert.equal(name({ action: "search-results" }), "search_results");
    assert.equal(name({ action: "a/b-c/d" }), "a_b_c_d");
    assert.equal(name({ action: "ping", namePrefix: "v1" }), "v1_ping");
    assert.equal(name({ action: "flags", namePrefix: "v1_beta" }), "v1_beta_flags");
  });

  it("a generated name must start like a name and be free; a path that is no action names nothing (naming-unnamed-when-not-identifier)", () => {
    assert.equal(name({ action: "2fa" }), null);
    assert.equal(name({ action: "_internal" }), "_internal");
    assert.equal(name({ action: null }), null);
    assert.equal(
      name({ action: "index", canonical: true, level: "collection", resource: photos, isTaken: (n) => n === "photos" }),
      null,
    );
  });

  it("a name given with as is normalized and given even when taken (the table then rejects it) (naming-as-normalization)", () => {
    assert.equal(name({ as: "admin/reports", action: "r" }), "admin_reports");
    assert.equal(name({ as: "with-dash", action: "d" }), "with_dash");
    assert.equal(name({ as: "Special", action: "x" }), "Special");
    assert.equal(name({ as: "photos", action: "gallery", isTaken: () => true }), "photos");
  });

  it("a resource's own routes, in a namespace (naming-nested-plain-route-in-namespace-resource)", () => {
    const inAdmin = { namePrefix: "admin", resource: users };
    assert.equal(name({ ...inAdmin, action: "index", canonical: true, level: "collection" }), "admin_users");
    assert.equal(name({ ...inAdmin, action: "new", canonical: true, level: "new" }), "new_admin_user");
    assert.equal(name({ ...inAdmin, action: "edit", level: "member" }), "edit_admin_user");
    assert.equal(name({ ...inAdmin, action: "show", canonical: true, level: "member" }), "admin_user");
    assert.equal(name({ ...inAdmin, action: "audit", level: "member" }), "audit_admin_user");
    // Nested under the member: the nested scope's prefix is the namespace's and the member's.
    assert.equal(
      name({ action: "stats", level: "nested", namePrefix: "admin_user", resource: users }),
      "admin_user_stats",
    );
  });

  it("as: on member, collection and new routes; a renamed parent (naming-as-inside-resource-member, naming-child-of-renamed-parent)", () => {
    assert.equal(name({ as: "follows", action: "following", level: "member", resource: users }), "follows_user");
    assert.equal(name({ as: "batch", action: "bulk", level: "collection", resource: users }), "batch_users");
    assert.equal(name({ as: "peek", action: "preview", level: "new", resource: users }), "peek_new_user");
    assert.equal(name({ action: "download", level: "member", resource: pics }), "download_pic");
    assert.equal(
      name({ action: "index", canonical: true, level: "collection", namePrefix: "pic", resource: comments }),
      "pic_comments",
    );
  });

  it("singular and uncountable resources, and root in a resource (naming-auto-probe-mixed)", () => {
    assert.equal(
      name({ action: "show", canonical: true, level: "member", namePrefix: "store", resource: cart }),
      "store_cart",
    );
    assert.equal(name({ action: "index", canonical: true, level: "collection", resource: sheep }), "sheep_index");
    assert.equal(name({ as: "root", action: "/", level: "root", resource: photos }), "photos_root");
  });

  it('as: "" adds no part: the route takes its scope\'s name, or none (dsl-extra4 x4-as-empty-*)', () => {
    assert.equal(name({ as: "", action: "create", namePrefix: "pagemark" }), "pagemark");
    assert.equal(name({ as: "", action: "preview", level: "member", resource: photos }), "photo");
    assert.equal(name({ as: "", action: "search", level: "collection", resource: photos }), "photos");
    assert.equal(name({ as: "", action: "preview", level: "new", resource: photos }), "new_photo");
    assert.equal(name({ as: "", action: "x" }), null);
    assert.equal(name({ as: " ", action: "x", namePrefix: "admin" }), "admin");
    // Given, it is given though taken (the table rejects it, as Rails does).
    assert.equal(name({ as: "", action: "thumb", level: "member", resource: photos, isTaken: () => true }), "photo");
  });

  it("shallow members: the shallow prefix replaces the scope's (shallow-child-option, shallow-prefix-scope)", () => {
    assert.equal(name({ action: "edit", level: "member", namePrefix: null, resource: comments }), "edit_comment");
    assert.equal(
      name({ action: "edit", level: "member", namePrefix: "sekret", resource: comments }),
      "edit_sekret_comment",
    );
    assert.equal(
      name({ action: "new", canonical: true, level: "new", namePrefix: "article", resource: comments }),
      "new_article_comment",
    );
  });

  it("in a resource, a route with neither as nor an action is unnamed", () => {
    assert.equal(name({ action: null, level: "member", resource: photos }), null);
  });
});

describe("name parts", () => {
  it("come in Rails' order for each level", () => {
    assert.deepEqual(nameParts("nested", "p", "x", "cs", "c"), ["p", "x"]);
    assert.deepEqual(nameParts("collection", "p", "x", "cs", "c"), ["x", "p", "cs"]);
    assert.deepEqual(nameParts("new", "p", "x", "cs", "c"), ["x", "new", "p", "c"]);
    assert.deepEqual(nameParts("member", "p", "x", "cs", "c"), ["x", "p", "c"]);
    assert.deepEqual(nameParts("root", "p", "x", "cs", "c"), ["p", "cs", "x"]);
    assert.deepEqual(nameParts(null, "p", "x", "cs", "c"), ["p", "c", "x"]);
  });

  it("the route's own part: as, else a non-canonical action; never '/' or blank", () => {
    assert.equal(routeNamePart("a-b", "x", false), "a_b");
    assert.equal(routeNamePart(undefined, "x-y", false), "x_y");
    assert.equal(routeNamePart(undefined, "show", true), undefined);
    assert.equal(routeNamePart(undefined, "/", false), undefined);
    assert.equal(routeNamePart("", "x", false), undefined);
  });

  it("the joiner that keeps its last answer answers as joinName, with the very same string for the same parts", () => {
    const join = lastNameJoiner();
    const first = join("member", "admin", "edit", "users", "user");
    assert.equal(first, joinName("member", "admin", "edit", "users", "user"));
    assert.equal(join("member", "admin", "edit", "users", "user"), first);
    assert.equal(join("collection", "admin", undefined, "users", "user"), "admin_users");
    assert.equal(join(null, undefined, undefined, undefined, undefined), "");
  });
});
