import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { draw } from "../../src/draw.js";
import type { Mapper } from "../../src/dsl/mapper.js";
import { ArgumentError, RuntimeError } from "../../src/errors.js";

function fails(fn: (r: Mapper) => void, message: string | RegExp, name = "ArgumentError") {
  assert.throws(
    () => draw(fn),
    (e: Error) => {
      assert.equal(e.name, name);
      if (typeof message === "string") assert.equal(e.message, message);
      else assert.match(e.message, message);
      return true;
    },
  );
}

test("errors are ArgumentError instances with name 'ArgumentError'", () => {
  assert.throws(() => draw((r) => r.collection(() => {})), ArgumentError);
});

test("member, collection, new and nested outside a resource", () => {
  for (const what of ["member", "collection", "new", "nested"] as const) {
    fails((r) => r[what](() => {}), `can't use ${what} outside resource(s) scope`);
  }
  fails((r) => r.get("preview", { on: "member", to: "photos#preview" }), "can't use member outside resource(s) scope");
});

test("form-2 maps without a path, and root with the wrong arguments", () => {
  fails((r) => r.get({ to: "pages#home", as: "home" }), "Route path not specified");
  fails((r) => r.root(null as never), "must be called with a path and/or options");
  fails((r) => r.root({ to: "pages#home" }, { as: "start" }), "must be called with a path and/or options");
});

test("match without via explains how to fix it", () => {
  fails(
    (r) => r.match("photos", { to: "photos#index" }),
    /^You should not use the `match` method in your router without specifying an HTTP method\.\n/,
  );
});

test("missing controller or action", () => {
  fails((r) => r.get("dashboard"), "Missing :controller key on routes definition, please check your routes.");
  fails(
    (r) => r.get("photos/:id", { controller: "photos" }),
    "Missing :action key on routes definition, please check your routes.",
  );
});

test("duplicate and invalid route names", () => {
  fails((r) => {
    r.root("home#index");
    r.root("landing#show");
  }, /^Invalid route name, already in use: 'root' \n/);
  fails((r) => r.get("x", { to: "pages#x", as: "1st-page" }), "Invalid route name: '1st_page'");
});

test("anchored and multiline requirements", () => {
  fails(
    (r) => r.get("photos/:id", { to: "photos#show", constraints: { id: /^\d+/ } }),
    "Regexp anchor characters are not allowed in routing requirements: /^\\d+/",
  );
  fails(
    (r) => r.get("photos/:id", { to: "photos#show", constraints: { id: /a.b/s } }),
    "Regexp multiline option is not allowed in routing requirements: /a.b/m",
  );
});

test("bad controller names, constraints, concerns and scope options", () => {
  fails((r) => r.resources("blog-posts"), /^'blog-posts' is not a supported controller name/);
  fails(
    (r) => r.get("photos", { to: "photos#index", constraints: 5 as never }),
    "Invalid constraint: 5 must respond to :call or :matches?",
  );
  fails((r) => r.resources("posts", { concerns: "commentable" }), "No concern named commentable was found!");
  // @ts-expect-error -- anchor is not a scope option
  fails((r) => r.scope({ anchor: false }, () => {}), "anchor is ignored unless passed to `match`");
  fails(
    (r) => r.get("photos", { path: "pictures", to: "photos#index" }),
    "Ambiguous route definition. Both :path and the route path were specified as strings.",
  );
  fails(
    (r) => r.namespace("admin", () => r.get(":controller(/:action)")),
    ":controller segment is not allowed within a namespace block",
  );
  fails((r) => r.resources("photos", { param: "photo:id" }), ":param option can't contain colons");
});

test("unknown resource options name the resource and the bad value, guess the typo, and say how to keep Rails 6.1's meaning", () => {
  fails(
    // @ts-expect-error -- a misspelled option, as JavaScript may pass it
    (r) => r.resources("photos", { onyl: ["index"] }),
    /^resources "photos": unknown option onyl: \[ 'index' \] \(did you mean only\?\)\. Valid options are /,
  );
  fails(
    // @ts-expect-error -- Rails' extra key (a default, or with a RegExp a segment constraint): untyped, as JavaScript passes it
    (r) => r.resources("posts", { only: ["index"], bucket_type: "post" }),
    /unknown option bucket_type: 'post'\. .* Rails 6\.1 makes an unknown option a default that URL generation requires; to keep that meaning, declare the resource in a scope: r\.scope\(\{ bucket_type: 'post' \}, \(\) => \{ r\.resources\("posts", \{ \.\.\. \}\); \}\)\.$/,
  );
  fails(
    // @ts-expect-error -- Rails' extra key (a default, or with a RegExp a segment constraint): untyped, as JavaScript passes it
    (r) => r.resource("basket", { kind: "k", "x-y": 1 }),
    /^resource "basket": unknown options kind: 'k', "x-y": 1\. .*r\.scope\(\{ kind: 'k', "x-y": 1 \}, \(\) => \{ r\.resource\("basket"\); \}\)\.$/,
  );
});

test("the scope the unknown-option error suggests keeps Rails' meaning: a default that url_for requires (defaults: does not)", () => {
  // @ts-expect-error -- Rails' extra key (a default, or with a RegExp a segment constraint): untyped, as JavaScript passes it
  const scoped = draw((r) => r.scope({ bucket_type: "post" }, () => r.resources("posts", { only: ["index"] })));
  assert.equal(scoped.routes[0]!.reqs, "posts#index { bucket_type: 'post' }");
  assert.equal(
    scoped.helpers.url_for({ controller: "posts", action: "index", bucket_type: "post", onlyPath: true }),
    "/posts",
  );
  assert.throws(
    () => scoped.helpers.url_for({ controller: "posts", action: "index", onlyPath: true }),
    /No route matches/,
  );
  assert.throws(
    () => scoped.helpers.url_for({ controller: "posts", action: "index", bucket_type: "x", onlyPath: true }),
    /No route matches/,
  );
  const defaulted = draw((r) => r.resources("posts", { only: ["index"], defaults: { bucket_type: "post" } }));
  assert.equal(defaulted.helpers.url_for({ controller: "posts", action: "index", onlyPath: true }), "/posts");
});

test("only/except naming an action a resource cannot have", () => {
  fails(
    // (a compile error in TypeScript: `only` takes the resource's actions)
    (r) => r.resources("photos", { only: ["index", "search"] } as never),
    /^resources "photos": only: "search" is not an action of a resource; only takes index, create, new, show, update, destroy, edit\./,
  );
  fails(
    (r) => r.resource("profile", { except: "index" } as never),
    /^resource "profile": except: "index" is not an action of a singular resource/,
  );
});

test("direct and resolve inside a scope are RuntimeErrors, as in Rails", () => {
  fails(
    (r) => r.namespace("admin", () => r.direct("x", () => "/")),
    "The direct method can't be used inside a routes scope block",
    "RuntimeError",
  );
  assert.throws(() => draw((r) => r.scope("a", () => r.resolve("Basket", () => []))), RuntimeError);
});

test("unbalanced optional groups name the path", () => {
  fails(
    (r) => r.get("photos(/:id", { to: "photos#show" }),
    /^Invalid route path "\/photos\(\/:id\(\.:format\)": unclosed '\('/,
  );
});

test("an invalid constraint object is shown with Ruby's inspect", () => {
  fails(
    (r) => r.get("x", { to: "a#b", constraints: "nope" as never }),
    'Invalid constraint: "nope" must respond to :call or :matches?',
  );
  fails(
    (r) => r.get("x", { to: "a#b", constraints: [1, "a"] as never }),
    'Invalid constraint: [1, "a"] must respond to :call or :matches?',
  );
});

test("resource options: anchor is rejected as scope rejects it; no name fails on the empty controller", () => {
  fails((r) => r.resources("posts", { anchor: false } as never), "anchor is ignored unless passed to `match`");
  fails((r) => r.resource("post", { anchor: true } as never), "anchor is ignored unless passed to `match`");
  const empty =
    "'' is not a supported controller name. This can lead to potential routing problems. See https://guides.rubyonrails.org/routing.html#specifying-a-controller-to-use";
  fails((r) => r.resources(), empty);
  fails((r) => r.resource(), empty);
  // The first route of a process too: the last-valid-controller memo once started as "", so a
  // fresh process accepted `resources("")` and `to: "#show"`, and later ones rejected them.
  const script = `import { draw } from ${JSON.stringify(new URL("../../src/draw.ts", import.meta.url).href)};
    try { draw((r) => r.resources("")); console.log("drawn"); } catch (e) { console.log(e.message); }`;
  const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    encoding: "utf8",
  });
  assert.equal(out.trim(), empty);
  // Rails declares a resource named "": nothing fails without routes or with a controller.
  assert.equal(draw((r) => r.resources({ only: [] })).routes.length, 0);
  assert.deepEqual(
    draw((r) => r.resources({ controller: "photos", only: "index" })).routes.map(
      (x) => `${x.name} ${x.verb} ${x.path} ${x.reqs}`,
    ),
    ["_index GET / photos#index"],
  );
});
