import assert from "node:assert/strict";
import { test } from "node:test";
import { draw } from "../../src/draw.js";
import { rows } from "./helpers.js";

test("match with via: one verb, several, or all", () => {
  assert.deepEqual(
    rows((r) => {
      r.match("photos", { to: "photos#show", via: ["get", "post"] });
      r.match("hook", { to: "hooks#receive", via: "all" });
    }),
    ["photos GET|POST /photos(.:format) photos#show", "hook ANY /hook(.:format) hooks#receive"],
  );
});

test("verb methods: get, post, patch, put, delete, options", () => {
  const verbs = draw((r) => {
    r.get("feed", { to: "feeds#show" });
    r.post("feed", { to: "feeds#create" });
    r.patch("feed", { to: "feeds#update" });
    r.put("feed", { to: "feeds#replace" });
    r.delete("feed", { to: "feeds#destroy" });
    r.options("feed", { to: "feeds#preflight" });
  }).routes.map((x) => x.verb);
  assert.deepEqual(verbs, ["GET", "POST", "PATCH", "PUT", "DELETE", "OPTIONS"]);
});

test("form 2: the first non-option key is the path; its value is to, a controller, or (Symbol) an action", () => {
  assert.deepEqual(
    rows((r) => {
      r.get({ "photos/:id": "photos#show", as: "legacy" });
      r.get({ inbox: "messages", action: "index" });
      r.get({ help: Symbol.for("faq"), controller: "support" });
    }),
    [
      "legacy GET /photos/:id(.:format) photos#show",
      "inbox GET /inbox(.:format) messages#index",
      "help GET /help(.:format) support#faq",
    ],
  );
});

test("a path with a slash and no to: means controller#action (Rails' shorthand)", () => {
  assert.deepEqual(
    rows((r) => r.get("user-accounts/sign-in")),
    ["user_accounts_sign_in GET /user-accounts/sign-in(.:format) user_accounts#sign_in"],
  );
});

test("several paths in one call", () => {
  assert.deepEqual(
    rows((r) => r.get("about", "contact", { to: "pages#static" })),
    ["about GET /about(.:format) pages#static", "contact GET /contact(.:format) pages#static"],
  );
});

test("as: null leaves a route unnamed; as: false shows 'false' as Rails does, but names nothing", () => {
  const set = draw((r) => {
    r.get("one", { to: "pages#one", as: null });
    r.get("two", { to: "pages#two", as: false });
  });
  assert.deepEqual(
    set.routes.map((x) => x.name),
    [null, "false"],
  );
  assert.equal(set.namedRoutes.size, 0);
});

test('as: "" is a name (Ruby\'s "" is truthy): the route takes its scope\'s name, and the name is checked like any given name', () => {
  assert.deepEqual(
    rows((r) => {
      r.scope({ as: "pagemark", controller: "pagemarks" }, () => r.post("create", { as: "" }));
      r.resources("photos", { only: ["show"] }, () => r.get("thumb", { on: "member", as: "" }));
      r.get("x", { to: "a#b", as: "" });
    }),
    [
      "pagemark POST /create(.:format) pagemarks#create",
      "photo GET /photos/:id/thumb(.:format) photos#thumb",
      // The show route's generated name is taken, so it is left unnamed (as Rails does).
      "- GET /photos/:id(.:format) photos#show",
      // At the root, no part is left: unnamed.
      "- GET /x(.:format) a#b",
    ],
  );
  assert.throws(
    () =>
      draw((r) => {
        r.get("a", { to: "a#a", as: "admin" });
        r.namespace("admin", () => r.get("b", { to: "b#b", as: "" }));
      }),
    /^ArgumentError: Invalid route name, already in use: 'admin'/,
  );
});

test("extra options become required defaults; defaults: adds plain defaults", () => {
  const set = draw((r) => {
    // @ts-expect-error -- Rails' extra key (a default, or with a RegExp a segment constraint): untyped, as JavaScript passes it
    r.get("rss", { to: "feeds#show", kind: "rss" });
    r.get("atom", { to: "feeds#show", defaults: { kind: "atom" } });
  });
  assert.deepEqual(
    set.routes.map((x) => x.reqs),
    ["feeds#show { kind: 'rss' }", "feeds#show { kind: 'atom' }"],
  );
  assert.deepEqual(
    set.routes.map((x) => x.requiredDefaults),
    [
      ["kind", "controller", "action"],
      ["controller", "action"],
    ],
  );
});

test("format true, false and a default value", () => {
  assert.deepEqual(
    rows((r) => {
      r.get("export", { to: "exports#show", format: true });
      r.get("download", { to: "downloads#show", format: false });
      r.get("report", { to: "reports#show", format: "pdf" });
    }),
    [
      "export GET /export.:format exports#show { format: /.+/ }",
      "download GET /download downloads#show",
      "report GET /report(.:format) reports#show { format: /pdf/ }",
    ],
  );
});

test("globs get a lazy requirement that the sheet hides", () => {
  const [route] = draw((r) => r.get("docs/*path", { to: "docs#show" })).routes;
  assert.equal(route!.path, "/docs/*path(.:format)");
  assert.deepEqual(route!.requirements, { path: /.+?/ });
  assert.equal(route!.reqs, "docs#show");
});

test("a bare word is an action: canonical actions map to the resource path, pathNames apply", () => {
  assert.deepEqual(
    rows((r) =>
      r.resources("photos", { only: [], pathNames: { preview: "vorschau" } }, () => {
        r.member(() => {
          r.get("show");
          r.get("preview");
        });
      }),
    ),
    ["photo GET /photos/:id(.:format) photos#show", "preview_photo GET /photos/:id/vorschau(.:format) photos#preview"],
  );
});

test("Symbol.for names an action that takes a path: option", () => {
  assert.deepEqual(
    rows((r) => r.scope({ controller: "pages" }, () => r.get(Symbol.for("preview"), { path: "pre" }))),
    ["preview GET /pre(.:format) pages#preview"],
  );
});

test("unicode paths are escaped as Rails escapes them", () => {
  assert.deepEqual(
    rows((r) => r.get("café/menu", { to: "cafe#menu", as: "cafe_menu" })),
    ["cafe_menu GET /caf%C3%A9/menu(.:format) cafe#menu"],
  );
});

test("root: string, map, inside a namespace and inside resources", () => {
  assert.deepEqual(
    rows((r) => {
      r.root("pages#home");
      r.namespace("admin", () => r.root({ to: "dashboard#show" }));
      r.resources("photos", { only: [] }, () => r.root({ to: "photos#index" }));
    }),
    [
      "root GET / pages#home",
      "admin_root GET /admin(.:format) admin/dashboard#show",
      "photos_root GET /photos(.:format) photos#index",
    ],
  );
});

test("redirects print as Rails prints them", () => {
  assert.deepEqual(
    draw((r) => {
      r.get("/stories/:name", { to: r.redirect("/articles/%{name}") });
      r.get("/promo", { to: r.redirect("/sale", { status: 302 }) });
      r.get("/shop", { to: r.redirect({ subdomain: "store", path: "/items" }) });
      r.get("/welcome", { to: r.redirect((params: Record<string, string>) => `/x/${params.name}`) });
    }).routes.map((x) => x.reqs),
    [
      "redirect(301, /articles/%{name})",
      "redirect(302, /sale)",
      "redirect(301, subdomain: store, path: /items)",
      "redirect(301)",
    ],
  );
});

test("a redirect block may follow its options, as Ruby's redirect(status: 302) { ... } does", () => {
  const set = draw((r) => {
    r.get("/b/:x", { to: r.redirect({ status: 302 }, (params: Record<string, string>) => `/n/${params.x}`) });
    r.get("/d", { to: r.redirect({ path: "/e", status: 303 }, () => "/ignored") });
  });
  assert.deepEqual(
    set.routes.map((x) => x.reqs),
    ["redirect(302)", "redirect(303, path: /e)"],
  );
  const hit = set.recognize("GET", "/b/7", { host: "example.org" });
  assert.ok(hit && "redirect" in hit);
  assert.deepEqual({ ...hit.redirect }, { status: 302, location: "http://example.org/n/7" });
  // Options with only a status and no block are not a redirect (Rails: "redirection argument not supported").
  assert.throws(
    () =>
      draw((r) => {
        r.get("/c", { to: r.redirect({ status: 307 }) });
      }),
    { name: "ArgumentError" },
  );
});

test("mount matches any verb by prefix and is named after a mounted class", () => {
  class AdminApp {
    fetch() {
      return null;
    }
  }
  const health = () => null;
  const set = draw((r) => {
    r.mount(AdminApp as never, { at: "/admin" });
    r.mount(health, { at: "/healthz" });
  });
  assert.deepEqual(
    set.routes.map((x) => [x.name, x.verb, x.path, x.reqs, x.anchor]),
    [
      ["admin_app", "", "/admin", "AdminApp", false],
      [null, "", "/healthz", "health", false],
    ],
  );
});

test("mount's hash form, Rails' `mount app => \"/path\", options`: the entry holding a handler gives the path", () => {
  class Sidekiq {
    static call() {
      return null;
    }
  }
  const web = { fetch: () => new Response("") };
  const status = () => null;
  const allowed = (req: unknown) => req !== null;
  const set = draw((r) => {
    r.mount({ "/sidekiq": Sidekiq });
    r.mount({ "/web": web, as: "web", via: "post" });
    r.mount({ "/v/:ver": status, as: "ver", ver: /\d+/, defaults: { k: "v" } });
    r.mount({ "/lc": status, as: "lc", constraints: allowed });
    r.mount({ status, as: "bare" });
  });
  const app = (x: (typeof set.routes)[number]) => (x.endpoint.kind === "app" ? x.endpoint.app : undefined);
  assert.deepEqual(
    set.routes.map((x) => [x.name, x.verb, x.path, x.reqs, x.anchor, app(x)]),
    [
      ["sidekiq", "", "/sidekiq", "Sidekiq", false, Sidekiq],
      ["web", "POST", "/web", "(handler)", false, web],
      ["ver", "", "/v/:ver", "status { k: 'v', ver: /\\d+/ }", false, status],
      ["lc", "", "/lc", "status", false, status],
      ["bare", "", "/status", "status", false, status],
    ],
  );
  assert.deepEqual(set.routes[2]!.requirements, { ver: /\d+/ });
});

test("mount's hash form: declaration errors say how to write it", () => {
  const app = () => null;
  assert.throws(
    () => draw((r) => r.mount({ "/x": "not an app", as: "x" })),
    /^ArgumentError: A rack application must be specified$/,
  );
  assert.throws(() => draw((r) => r.mount({})), /A rack application must be specified/);
  assert.throws(
    () => draw((r) => r.mount({ "/a": app, "/b": () => null })),
    /mount got 2 applications \("\/a", "\/b"\) in one hash: mount each with its own call/,
  );
  assert.throws(
    () => draw((r) => r.mount({ "/h": app, at: "/at" } as never)),
    /mount got both a path \('\/h'\) and at: '\/at': give the path once/,
  );
  // A `{ fetch }` object alone is the handler, not a hash of paths: it still needs a mount point.
  assert.throws(
    () => draw((r) => r.mount({ fetch: () => new Response("") } as never)),
    /Must be called with mount point[\s\S]*r\.mount\(\{ "\/some_route": handler \}\)/,
  );
});

test("mount at an empty path mounts at the root, as Rails does", () => {
  const app = () => null;
  const set = draw((r) => {
    r.mount(app, { at: "" });
    r.mount({ "": app });
  });
  assert.deepEqual(
    set.routes.map((x) => x.path),
    ["/", "/"],
  );
});

test("direct and resolve are stored for the helpers", () => {
  const home = () => "https://rubyonrails.org";
  const basket = () => ["basket"];
  const set = draw((r) => {
    r.direct("homepage", home);
    r.resolve("Basket", { anchor: "items" }, basket);
    r.defaultUrlOptions({ host: "example.com" });
  });
  assert.equal(set.directs.get("homepage")?.callback, home);
  assert.deepEqual(set.resolves.get("Basket")?.options, { anchor: "items" });
  assert.deepEqual(set.defaultUrlOptions, { host: "example.com" });
});
