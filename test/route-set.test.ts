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
