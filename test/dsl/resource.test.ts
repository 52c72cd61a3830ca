import assert from "node:assert/strict";
import { test } from "node:test";
import { Resource, SingletonResource } from "../../src/dsl/resource.js";

test("a plural resource answers its naming questions", () => {
  const photos = new Resource("photos", false, false, {});
  assert.deepEqual(
    [
      photos.singular,
      photos.plural,
      photos.collectionName,
      photos.memberScope,
      photos.nestedParam,
      photos.nestedScope,
      photos.newScope("new"),
    ],
    ["photo", "photos", "photos", "photos/:id", "photo_id", "photos/:photo_id", "photos/new"],
  );
});

test("as, path, param and controller change the answers they should", () => {
  const r = new Resource("photos", false, false, { as: "images", path: "fotos", param: "slug", controller: "media" });
  assert.deepEqual(
    [r.memberName, r.collectionName, r.memberScope, r.nestedParam, r.controller],
    ["image", "images", "fotos/:slug", "image_slug", "media"],
  );
});

test("uncountable names get an _index collection name", () => {
  assert.equal(new Resource("news", false, false).collectionName, "news_index");
});

test("a singular resource: plural controller from its name, member scope is its path", () => {
  const r = new SingletonResource("profile", false, false, { as: "me" });
  assert.deepEqual(
    [r.controller, r.memberName, r.collectionName, r.memberScope, r.nestedScope],
    ["profiles", "me", "me", "profile", "profile"],
  );
});

test("actions follow only, except and apiOnly", () => {
  assert.deepEqual(new Resource("photos", true, false).actions(), ["index", "create", "show", "update", "destroy"]);
  assert.deepEqual(new Resource("photos", false, false, { only: ["show", "index"], except: "index" }).actions(), [
    "show",
  ]);
  assert.deepEqual(new SingletonResource("account", false, false, { except: ["new", "edit"] }).actions(), [
    "show",
    "create",
    "update",
    "destroy",
  ]);
});
