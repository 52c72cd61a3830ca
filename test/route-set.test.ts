// The route set: what draw returns, wiring the recognizer, the helpers and the inspector.
import assert from "node:assert/strict";
import { test } from "node:test";
import { draw, RouteSet, type Route } from "../src/index.js";
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

test("helpersFor: a set for new URL options (a new Host) compiles no route again, and answers as the eager set", () => {
  const drawn = draw(
    (r) => {
      r.resources("photos", () => r.resources("comments"));
      r.direct("homepage", () => "https://rubyonrails.org");
    },
    { defaultUrlOptions: { anchor: "top" } },
  );
  // The same routes, counting how often their patterns are read (compiling a route reads it).
  let reads = 0;
  const counted = new Map<Route, Route>();
  for (const route of drawn.routes)
    counted.set(route, new Proxy(route, { get: (t, k, r) => (k === "pattern" && reads++, Reflect.get(t, k, r)) }));
  const routes = new RouteSet({
    ...drawn,
    routes: drawn.routes.map((r) => counted.get(r)!),
    namedRoutes: new Map([...drawn.namedRoutes].map(([name, r]) => [name, counted.get(r)!])),
  });
  const eager = helpersNamed(routes.helpers, "photo_comment_url");
  assert.ok(reads > 0);
  reads = 0;
  for (let i = 0; i < 40; i++) {
    const bound = helpersNamed(routes.helpersFor({ host: `h${i}.example.com` }), "photo_comment_url");
    assert.equal(bound.photo_comment_url(1, 2), `http://h${i}.example.com/photos/1/comments/2#top`);
  }
  assert.equal(reads, 0, "a new host compiled the routes again");

  // A lazily made set answers as the eager one: every helper listed, read, destructured, spread.
  const bound = routes.helpersFor({ host: "example.com" });
  assert.deepEqual(Object.keys(bound), Object.keys(eager));
  assert.ok("edit_photo_path" in bound && !("nope_path" in bound));
  const { photo_path, homepage_url } = helpersNamed(bound, "photo_path", "homepage_url");
  assert.equal(photo_path(3), "/photos/3#top");
  assert.equal(homepage_url(), "https://rubyonrails.org");
  const spread = helpersNamed({ ...bound }, "photos_url");
  assert.equal(spread.photos_url(), "http://example.com/photos#top");
  assert.equal(
    Reflect.set(bound, "photos_url", () => "x"),
    false,
  );
  assert.equal(helpersNamed(bound, "photos_url").photos_url(), "http://example.com/photos#top");
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
