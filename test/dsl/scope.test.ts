import assert from "node:assert/strict";
import { test } from "node:test";
import { rows } from "./helpers.js";
import { Scope, SCOPE_KEYS, type ScopeFrame } from "../../src/dsl/scope.js";

test("namespace sets the path, module, name prefix", () => {
  assert.deepEqual(
    rows((r) => r.namespace("admin", () => r.resources("users", { only: ["index"] }))),
    ["admin_users GET /admin/users(.:format) admin/users#index"],
  );
});

test("namespace options path, as and module", () => {
  assert.deepEqual(
    rows((r) =>
      r.namespace("admin", { path: "backoffice", as: "staff" }, () => r.resources("reports", { only: ["index"] })),
    ),
    ["staff_reports GET /backoffice/reports(.:format) admin/reports#index"],
  );
  assert.deepEqual(
    rows((r) => r.namespace("api", { module: "external" }, () => r.resources("orders", { only: ["index"] }))),
    ["api_orders GET /api/orders(.:format) external/orders#index"],
  );
});

test("scope with a path only changes paths; with module only changes controllers; with as only changes names", () => {
  assert.deepEqual(
    rows((r) => r.scope("/admin", () => r.resources("posts", { only: ["index"] }))),
    ["posts GET /admin/posts(.:format) posts#index"],
  );
  assert.deepEqual(
    rows((r) => r.scope({ module: "admin" }, () => r.resources("posts", { only: ["index"] }))),
    ["posts GET /posts(.:format) admin/posts#index"],
  );
  assert.deepEqual(
    rows((r) => r.scope({ as: "admin" }, () => r.resources("posts", { only: ["index"] }))),
    ["admin_posts GET /posts(.:format) posts#index"],
  );
});

test("several path arguments join into one path", () => {
  assert.deepEqual(
    rows((r) => r.scope("v1", "public", () => r.get("status", { to: "status#show" }))),
    ["status GET /v1/public/status(.:format) status#show"],
  );
});

test("an optional locale segment with a constraint", () => {
  assert.deepEqual(
    rows((r) =>
      // @ts-expect-error -- Rails' extra key (a default, or with a RegExp a segment constraint): untyped, as JavaScript passes it
      r.scope("(:locale)", { locale: /en|nl/ }, () => {
        r.resources("books", { only: ["index"] });
        r.root("home#index");
      }),
    ),
    [
      "books GET (/:locale)/books(.:format) books#index { locale: /en|nl/ }",
      "root GET /(:locale)(.:format) home#index { locale: /en|nl/ }",
    ],
  );
});

test("controller blocks give routes their controller", () => {
  assert.deepEqual(
    rows((r) =>
      r.controller("sessions", () => {
        r.get({ login: Symbol.for("new") });
        r.delete({ logout: Symbol.for("destroy") });
      }),
    ),
    ["login GET /login(.:format) sessions#new", "logout DELETE /logout(.:format) sessions#destroy"],
  );
});

test("defaults blocks and the defaults option add defaults", () => {
  assert.deepEqual(
    rows((r) => {
      r.defaults({ format: "json" }, () => r.get("feed", { to: "feeds#show" }));
      r.get("plain", { to: "feeds#plain" });
    }),
    ["feed GET /feed(.:format) feeds#show { format: 'json' }", "plain GET /plain(.:format) feeds#plain"],
  );
});

test("constraints blocks: segment regexps and request attributes; a subdomain string becomes a default", () => {
  assert.deepEqual(
    rows((r) => r.constraints({ id: /\d+/ }, () => r.resources("invoices", { only: ["show"] }))),
    ["invoice GET /invoices/:id(.:format) invoices#show { id: /\\d+/ }"],
  );
  const rs = rows((r) => r.constraints({ subdomain: "api" }, () => r.get("status", { to: "status#show" })));
  assert.deepEqual(rs, ["status GET /status(.:format) status#show { subdomain: 'api' }"]);
});

test("lambda and matches constraints are kept as request blocks, not shown in the sheet", async () => {
  const { draw } = await import("../../src/draw.js");
  const beta = (req: { subdomain?: string }) => req.subdomain === "beta";
  const object = { matches: () => true };
  const set = draw((r) => {
    r.constraints(beta, () => r.get("dashboard", { to: "beta#dashboard" }));
    r.get("home", { to: "home#show", constraints: object });
  });
  assert.deepEqual(
    set.routes.map((x) => x.blocks),
    [[beta], [object]],
  );
  assert.deepEqual(
    set.routes.map((x) => x.reqs),
    ["beta#dashboard", "home#show"],
  );
});

test("an object with only a call method is a constraint object, not a map of constraints (Rails: responds to call)", async () => {
  const { draw } = await import("../../src/draw.js");
  const callable = { call: () => true };
  const set = draw((r) => {
    r.get("a/:x", { to: "a#a", constraints: callable });
    r.constraints(callable, () => r.get("b/:x", { to: "b#b" }));
    r.scope("c", { constraints: callable }, () => r.get(":x", { to: "c#c" }));
  });
  assert.deepEqual(
    set.routes.map((x) => x.blocks),
    [[callable], [callable], [callable]],
  );
  assert.deepEqual(
    set.routes.map((x) => x.reqs),
    ["a#a", "b#b", "c#c"],
  );
});

test("scope only/except apply to the resources inside", () => {
  assert.deepEqual(
    rows((r) =>
      r.scope({ only: ["index"] }, () => {
        r.resources("books");
        r.resource("shelf");
      }),
    ),
    ["books GET /books(.:format) books#index"],
  );
});

test("a scope's unknown keys become defaults of its routes", () => {
  assert.deepEqual(
    // @ts-expect-error -- Rails' extra key (a default, or with a RegExp a segment constraint): untyped, as JavaScript passes it
    rows((r) => r.scope({ kind: "rss" }, () => r.get("feed", { to: "feeds#show" }))),
    ["feed GET /feed(.:format) feeds#show { kind: 'rss' }"],
  );
});

test("namespace inside a resource nests under its member", () => {
  assert.deepEqual(
    rows((r) =>
      r.resources("users", { only: [] }, () => r.namespace("billing", () => r.resources("cards", { only: ["index"] }))),
    ),
    ["user_billing_cards GET /users/:user_id/billing/cards(.:format) billing/cards#index"],
  );
});

test("format false in a scope drops (.:format)", () => {
  assert.deepEqual(
    rows((r) => r.scope({ format: false }, () => r.get("robots", { to: "seo#robots" }))),
    ["robots GET /robots seo#robots"],
  );
});

test("a scope keeps the constraints and defaults it was given, even if the caller's objects change later", async () => {
  const { draw } = await import("../../src/draw.js");
  const constraints: Record<string, RegExp> = { id: /\d+/ };
  const defaults: Record<string, unknown> = { format: "json" };
  const set = draw((r) => {
    r.scope({ constraints, defaults }, () => {
      constraints.id = /[a-z]+/;
      defaults.format = "xml";
      r.resources("invoices", { only: ["show"] });
    });
  });
  assert.deepEqual(
    set.routes.map((x) => x.reqs),
    ["invoices#show { format: 'json', id: /\\d+/ }"],
  );
});

test("routes in plain and in constrained scopes come out alike where they should", () => {
  assert.deepEqual(
    rows((r) => {
      r.resources("posts", { only: ["index"] });
      r.defaults({ locale: "en" }, () => r.resources("books", { only: ["index"] }));
      r.resources("tags", { only: ["index"] });
    }),
    [
      "posts GET /posts(.:format) posts#index",
      "books GET /books(.:format) books#index { locale: 'en' }",
      "tags GET /tags(.:format) tags#index",
    ],
  );
});

test("a nil as or module inside a named scope joins as nothing, as Ruby's interpolation of nil does", () => {
  assert.deepEqual(
    rows((r) =>
      r.namespace("admin", { as: "adm" }, () => {
        r.namespace("reports", { as: null }, () => r.get("daily", { to: "r#daily" }));
      }),
    ),
    ["adm__daily GET /admin/reports/daily(.:format) admin/reports/r#daily"],
  );
  assert.deepEqual(
    rows((r) => r.scope({ as: "a" }, () => r.scope({ as: null }, () => r.get("y", { to: "p#y" })))),
    ["a__y GET /y(.:format) p#y"],
  );
  assert.deepEqual(
    rows((r) => r.scope({ module: "admin" }, () => r.scope({ module: null }, () => r.get("x", { to: "p#x" })))),
    ["x GET /x(.:format) admin//p#x"],
  );
});

test("every scope key and the resource's two are inherited by nested scopes, and a nested frame's own value wins", () => {
  const keys = [...SCOPE_KEYS, "scopeLevelResource", "actionOptions"] as const;
  assert.ok(keys.length >= 18, `${keys.length} keys`);
  for (const key of keys) {
    const value = { marker: key };
    const parent = Scope.root({}).extend({ [key]: value } as ScopeFrame);
    const grandchild = parent.extend({}).enterLevel("member").extend({});
    assert.equal(grandchild.get(key), value, `${key} reaches a nested scope`);
    assert.equal((grandchild.values as Record<string, unknown>)[key], value, `${key} is read off values`);
    const own = { marker: `${key}, own` };
    assert.equal(parent.extend({ [key]: own } as ScopeFrame).get(key), own, `a frame's own ${key} hides the parent's`);
  }
});
