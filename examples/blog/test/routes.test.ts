// The blog's routes, tested as a Rails app tests config/routes.rb: with assertRouting,
// assertRecognizes and assertGenerates from `switchyard/testing`. Run by `npm test`, or alone:
// node --import tsx --test examples/blog/test/routes.test.ts
import assert from "node:assert/strict";
import path from "node:path";
import { before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { loadRoutes } from "switchyard";
import { routingAssertions, type RoutingAssertions } from "switchyard/testing";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
let routes: RoutingAssertions;

before(async () => {
  routes = routingAssertions(await loadRoutes({ root }));
});

test("posts: the resource, shallow nesting and the optional locale", () => {
  routes.assertRouting("/posts", { controller: "posts", action: "index" });
  routes.assertRouting("/nl/posts/7", { controller: "posts", action: "show", id: "7", locale: "nl" });
  routes.assertRouting(
    { method: "post", path: "/posts/7/publish" },
    { controller: "posts", action: "publish", id: "7" },
  );
  routes.assertRouting(
    { method: "delete", path: "/posts/7/publish" },
    { controller: "posts", action: "unpublish", id: "7" },
  );
  routes.assertRouting("/posts/7/revisions", { controller: "revisions", action: "index", post_id: "7" });
  routes.assertRouting("/revisions/3", { controller: "revisions", action: "show", id: "3" });
});

test("search takes GET and POST, with its query in extras", () => {
  routes.assertRouting("/search", { controller: "search", action: "index", q: "rails" }, {}, { q: "rails" });
  routes.assertRecognizes({ controller: "search", action: "index" }, { method: "post", path: "/search" });
});

test("the archive's year and month are constrained", () => {
  routes.assertRouting("/archive/2024/05", { controller: "archives", action: "show", year: "2024", month: "05" });
  assert.throws(() => routes.assertRecognizes({ controller: "archives", action: "show", year: "24" }, "/archive/24"), {
    message: 'No route matches "/archive/24"',
  });
});

test("the feed defaults to atom", () => {
  routes.assertRouting("/feed", { controller: "feeds", action: "show", format: "atom" });
});

test("admin and the API are namespaced; the API answers on its subdomain", () => {
  routes.assertRouting("/admin/users/dhh", { controller: "admin/users", action: "show", username: "dhh" });
  routes.assertGenerates(
    "/admin/posts/4/edit",
    { action: "edit" },
    { controller: "admin/posts", action: "show", id: "4" },
  );
  // The `subdomain:` constraint is a default as well, as in Rails (a constraint on a URL option).
  routes.assertRecognizes(
    { controller: "api/v1/posts", action: "show", id: "1", format: "json", subdomain: "api" },
    "http://api.example.com/api/v1/posts/1",
  );
  assert.throws(() =>
    routes.assertRecognizes({ controller: "api/v1/posts", action: "show", id: "1" }, "/api/v1/posts/1"),
  );
});

test("redirects and mounted apps are not controller routes", () => {
  assert.throws(() => routes.assertRecognizes({ controller: "posts", action: "show", id: "1" }, "/articles/1"), {
    message: 'No route matches "/articles/1"',
  });
  assert.throws(() => routes.assertRecognizes({ controller: "health", action: "show" }, "/up"), {
    message: 'No route matches "/up"',
  });
});
