// The route set: what draw returns, wiring the recognizer, the helpers and the inspector.
import assert from "node:assert/strict";
import { test } from "node:test";
import { draw } from "../src/index.js";
import { helpersNamed } from "./route-helpers.js";

test("helpersFor: the helpers with other default URL options, as a controller's are bound to its request", () => {
  const routes = draw(
    (r) => {
      r.resources("photos");
    },
    { defaultUrlOptions: { host: "example.com", anchor: "top" } },
  );
  const bound = helpersNamed(
    routes.helpersFor({ host: "a.org", protocol: "https", port: 8443 }),
    "photo_url",
    "photo_path",
  );
  assert.equal(bound.photo_url(1), "https://a.org:8443/photos/1#top");
  assert.equal(bound.photo_path(1), "/photos/1#top");
  // The route set's own helpers are untouched, and the same options give the same object.
  assert.equal(helpersNamed(routes.helpers, "photo_url").photo_url(1), "http://example.com/photos/1#top");
  assert.equal(routes.helpersFor({ host: "a.org", protocol: "https", port: 8443 }), bound);
  assert.notEqual(routes.helpersFor({ host: "b.org" }), bound);
  assert.equal(
    helpersNamed(routes.helpersFor({ scriptName: "/blog" }), "photos_path").photos_path(),
    "/blog/photos#top",
  );
});

test("readsRequest: true exactly when recognizing may read more of the request than its method and path", () => {
  const plain = draw((r) => {
    r.resources("photos", () => r.resources("comments"));
    r.get("about", { to: "pages#about", constraints: { id: /\d+/ } });
    r.root("pages#home");
  });
  assert.equal(plain.readsRequest, false);
  const reading: Record<string, Parameters<typeof draw>[0]> = {
    "a host constraint": (r) => r.get("about", { to: "pages#about", constraints: { host: "example.com" } }),
    "a subdomain scope": (r) => r.constraints({ subdomain: "api" }, () => r.resources("photos")),
    "a lambda constraint": (r) => r.get("about", { to: "pages#about", constraints: () => true }),
    "a redirect": (r) => r.get("old", { to: r.redirect("/new") }),
    "a mount": (r) => r.mount(() => new Response("ok"), { at: "/app" }),
  };
  for (const [what, routes] of Object.entries(reading)) {
    const set = draw((r) => {
      r.resources("photos");
      routes(r);
    });
    assert.equal(set.readsRequest, true, what);
  }
  // Its promise: with it false, the answer is the same with or without the request.
  const facts = { host: "other.test", protocol: "https", headers: { accept: "*/*" } };
  for (const path of ["/photos/1", "/photos/1/comments.json", "/about", "/", "/nope"]) {
    assert.deepEqual(plain.recognize("GET", path, facts), plain.recognize("GET", path));
  }
});
