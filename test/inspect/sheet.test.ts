import assert from "node:assert/strict";
import { test } from "node:test";
import { draw } from "../../src/draw.js";
import { inspectValue } from "../../src/support/node-inspect.js";
import { formatRoutes } from "../../src/inspect/sheet.js";

const set = draw((r) => {
  r.resources("photos", { only: ["index", "show"] });
  r.namespace("admin", () => r.resources("users", { only: ["index"], constraints: { id: /\d+/ } }));
});

test("the sheet right-aligns names and pads columns as bin/rails routes does", () => {
  assert.equal(
    set.inspect(),
    [
      "     Prefix Verb URI Pattern            Controller#Action",
      "     photos GET  /photos(.:format)      photos#index",
      "      photo GET  /photos/:id(.:format)  photos#show",
      "admin_users GET  /admin/users(.:format) admin/users#index",
    ].join("\n"),
  );
});

test("the expanded form numbers each route", () => {
  const out = set.inspect({ expanded: true });
  assert.ok(
    out.startsWith(
      `--[ Route 1 ]${"-".repeat(80 - 13)}\nPrefix            | photos\nVerb              | GET\nURI               | /photos(.:format)\nController#Action | photos#index\n--[ Route 2 ]`,
    ),
  );
});

test("controller and grep filters", () => {
  assert.equal(set.inspect({ controller: "Admin::UsersController" }).split("\n").length, 2);
  assert.match(set.inspect({ grep: "photo" }), /photo GET/);
  assert.equal(set.inspect({ grep: "photo" }).split("\n").length, 3);
  assert.equal(
    set.inspect({ grep: "nothing-matches" }),
    "No routes were found for this grep pattern.\nFor more information about routes, see the Rails guide: https://guides.rubyonrails.org/routing.html.",
  );
  assert.doesNotThrow(() => set.inspect({ grep: "(" }));
});

test("filters match as Ruby's Regexp#match? does: routes without a controller never match -c; an empty filter is given", () => {
  // Rails 6.1 (RoutesInspector#filter_routes) for the same table: `-c Controller` leaves the
  // pattern // — every route with a controller, but not the redirect or the mount.
  const withRedirect = draw((r) => {
    r.resources("photos", { only: ["index"] });
    r.get("old", { to: r.redirect("/new") });
    r.mount(() => null, { at: "/rack" });
  });
  const photosOnly = [
    "Prefix Verb URI Pattern       Controller#Action",
    "photos GET  /photos(.:format) photos#index",
  ].join("\n");
  assert.equal(withRedirect.inspect({ controller: "Controller" }), photosOnly);
  assert.equal(withRedirect.inspect({ controller: "" }), photosOnly);
  assert.equal(withRedirect.inspect({ controller: "", grep: "old" }), photosOnly);
  assert.equal(withRedirect.inspect({ grep: "^$" }).split("\n").length, 2); // the mount's empty verb
  assert.match(withRedirect.inspect({ grep: "^$" }), /\/rack/);
  assert.match(withRedirect.inspect({ controller: "zzz" }), /^No routes were found for this controller\./);
});

test("an empty table says so", () => {
  assert.match(
    draw(() => {}).inspect(),
    /^You don't have any routes defined!\n\nPlease add some routes in config\/routes\.ts\./,
  );
});

test("values print as util.inspect prints them, with Ruby's regexp source", () => {
  assert.equal(
    inspectValue({ id: /[^\/]+/i, "a-b": "it's", n: null, list: ["x"] }),
    "{ id: /[^/]+/i, 'a-b': 'it\\'s', n: null, list: [ 'x' ] }",
  );
});

test("a table of any size prints: 200,000 routes, sheet and expanded (Math.max over a spread overflowed the stack at ~160,000)", () => {
  const routes = Array.from({ length: 200_000 }, (_, i) => ({
    name: i % 2 === 0 ? `r${i}` : null,
    verb: "GET",
    path: `/r/${i}(.:format)`,
    reqs: `r#s${i}`,
    controller: "r",
    action: `s${i}`,
  })) as unknown as Parameters<typeof formatRoutes>[0];
  const sheet = formatRoutes(routes).split("\n");
  assert.equal(sheet.length, 200_001);
  assert.equal(sheet[0], `${"Prefix".padStart(7)} Verb ${"URI Pattern".padEnd(19)} Controller#Action`);
  assert.equal(sheet[200_000], `${"".padStart(7)} GET  ${"/r/199999(.:format)".padEnd(19)} r#s199999`);
  assert.equal(formatRoutes(routes, { expanded: true }).split("\n").length, 1_000_000);
});

test("a mounted app's label says what it is: switchyard handler, Express app, Hono app, a function's name", async () => {
  const { default: express } = await import("express");
  const { Hono } = await import("hono");
  const { createHandler } = await import("../../src/http/index.js");
  const inner = createHandler(
    draw((r) => r.get("x", { to: "x#y" })),
    { logger: false },
  );
  const set = draw((r) => {
    r.mount(inner, { at: "/inner" });
    r.mount(express(), { at: "/express" });
    r.mount(new Hono(), { at: "/hono" });
    r.mount(
      function sidekiqWeb() {
        return new Response("");
      },
      { at: "/sidekiq" },
    );
  });
  assert.deepEqual(
    set.routes.map((r) => r.reqs),
    ["switchyard handler", "Express app", "Hono app", "sidekiqWeb"],
  );
});
