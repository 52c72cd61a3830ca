// Rails' params and routing as production serving depends on them, against answers
// recorded from Rails 6.1 by test/http/rails/production.rb (rerun it as its header says):
// deep_munge, X-Cascade: pass, JSON nesting, host authorization; and the mount point a mounted
// fetch handler reads with scriptNameOf.
import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { draw } from "../../src/index.js";
import {
  createHandler,
  scriptNameOf,
  type ActionContext,
  type HandlerOptions,
  type HostPattern,
} from "../../src/http/index.js";

interface Recorded {
  deepMunge: { kind: "query" | "form" | "json"; input: string; status: number; params: unknown }[];
  cascade: { path: string; status: number; body: string }[];
  nesting: { kind: "json" | "query"; depth: number; status: number; body: string | null }[];
  developmentHosts: string[];
  hosts: { config: string; host: string; status: number; body: string[] | null }[];
  blockedProduction: { status: number; contentType: string; body: string };
  blockedXhr: Record<"development" | "production", { status: number; contentType: string; body: string | string[] }>;
}
const rails = JSON.parse(fs.readFileSync(new URL("./rails/production.json", import.meta.url), "utf8")) as Recorded;

const engine = createHandler(
  draw((r) => r.get("inner", { to: "pages#show" })),
  { controllers: { pages: { show: () => "pages#show" } } },
);
const passing = () => new Response("passed", { status: 404, headers: { "x-cascade": "pass" } });
const routes = draw((r) => {
  r.get("params", { to: "params#show" });
  r.post("params", { to: "params#show" });
  r.get("dyn/:controller/:action");
  r.mount(passing, { at: "/app" });
  r.mount(engine, { at: "/engine" });
  r.get("*rest", { to: "pages#fallback" });
});
const paramsOf = (ctx: ActionContext) => {
  const { controller: _c, action: _a, ...rest } = ctx.params;
  return rest;
};
const controllers = {
  params: { show: paramsOf },
  pages: { fallback: (ctx: ActionContext) => `pages#fallback ${String(ctx.params.rest)}`, show: () => "pages#show" },
};
const handler = createHandler(routes, { controllers, env: "production", onError: () => {} });

const json = (body: string) => ({ method: "POST", headers: { "content-type": "application/json" }, body });
const form = (body: string) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body,
});

test("deep_munge: every array of query, form and JSON params loses its nulls, at any depth, as Rails'", async () => {
  assert.ok(rails.deepMunge.length >= 10);
  for (const c of rails.deepMunge) {
    const res =
      c.kind === "query"
        ? await handler(new Request(`http://x/params?${c.input}`))
        : await handler(new Request("http://x/params", c.kind === "json" ? json(c.input) : form(c.input)));
    assert.equal(res.status, c.status, `${c.kind} ${c.input}`);
    assert.deepEqual(await res.json(), c.params, `${c.kind} ${c.input}`);
  }
});

test("X-Cascade: pass goes on to the next matching route, as Rails' router", async () => {
  for (const c of rails.cascade) {
    const res = await handler(new Request(`http://x${c.path}`));
    assert.equal(res.status, c.status, c.path);
    assert.equal(await res.text(), c.body, c.path);
  }
});

test("X-Cascade: pass past the last route is Rails' 404 (the routing error), and a route naming its controller does not pass", async () => {
  const noFallback = draw((r) => {
    r.get("dyn/:controller/:action");
    r.get("named/:action", { controller: "nosuch" });
    r.get("named/x", { to: "pages#show" });
  });
  const h = createHandler(noFallback, { controllers, env: "production", onError: () => {} });
  assert.equal((await h(new Request("http://x/dyn/nosuch/show"))).status, 404);
  assert.equal((await h(new Request("http://x/dyn/pages/show"))).status, 200);
  // `controller: "nosuch"` is the route's own default: Rails raises (404) rather than passing.
  const named = await h(new Request("http://x/named/x"));
  assert.equal(named.status, 404);
  assert.notEqual(await named.text(), "pages#show");
});

test("JSON nesting: 100 levels are params, 101 and 10,000 are Rails' 400 (nesting of 101 is too deep), in linear time", async () => {
  const nested = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
  for (const c of rails.nesting.filter((n) => n.kind === "json")) {
    const started = performance.now();
    const res = await handler(new Request("http://x/params", json(nested(c.depth))));
    assert.equal(res.status, c.status, `depth ${c.depth}`);
    if (c.body !== null) assert.match(await res.text(), new RegExp(c.body.replace(/^.*: /, "")), `depth ${c.depth}`);
    assert.ok(performance.now() - started < 1000, `depth ${c.depth} answered quickly`);
  }
  // A body parser ahead of switchyard (Express' express.json) hands the parsed value over: the same limit.
  const arrays = "[".repeat(10_000) + "]".repeat(10_000);
  assert.equal((await handler(new Request("http://x/params", json(arrays)))).status, 400);
});

test("nested query keys: 100 levels are params; past Rack's limit is 400 (Rails 6.1 answers 500 for Rack's QueryLimitError: a documented deviation)", async () => {
  for (const c of rails.nesting.filter((n) => n.kind === "query")) {
    const res = await handler(new Request(`http://x/params?a${"[a]".repeat(c.depth - 1)}=1`));
    assert.equal(res.status, c.status === 500 ? 400 : c.status, `depth ${c.depth}`);
  }
});

const CONFIGS: Record<string, HandlerOptions> = {
  development: { env: "development" },
  strings: { env: "production", hosts: ["example.com", ".example.org"] },
  regexp: { env: "production", hosts: [/.*\.example\.net/] },
  cidr: { env: "production", hosts: ["10.0.0.0/8", "fd00::/8"] },
};

test("host authorization: Rails 6.1's development hosts, and strings, .domain forms, RegExps and IP ranges allow what Rails' allows", async () => {
  assert.deepEqual([".localhost", "0.0.0.0/0", "::/0"], rails.developmentHosts);
  const ok = draw((r) => r.get("/", { to: "params#show" }));
  const handlers = Object.fromEntries(
    Object.entries(CONFIGS).map(([k, o]) => [k, createHandler(ok, { controllers, onError: () => {}, ...o })]),
  );
  for (const c of rails.hosts) {
    const res = await handlers[c.config]!(new Request(`http://${c.host}/`));
    assert.equal(res.status, c.status, `${c.config} ${c.host}`);
    if (c.status === 403 && c.config === "development") {
      // (A WHATWG URL holds its host in lower case: `EXAMPLE.com` arrives as `example.com`.)
      const page = (await res.text()).toLowerCase();
      const [heading, explanation] = c.body!;
      assert.ok(page.includes(heading!.toLowerCase()), `${c.host}: ${heading}`);
      // Rails' words, up to its hint: which names switchyard's option instead of config.hosts.
      assert.ok(page.includes(explanation!.replace(/, then add .*$/, "").toLowerCase()), explanation);
      assert.ok(
        page.includes(`hosts: [&quot;${c.host.replace(/:\d+$/, "").toLowerCase()}&quot;]`),
        `${c.host}: the option to add`,
      );
    }
  }
  const blocked = await handlers.strings!(new Request("http://evil.com/"));
  assert.equal(blocked.status, rails.blockedProduction.status);
  assert.equal(blocked.headers.get("content-type"), rails.blockedProduction.contentType);
  assert.equal(await blocked.text(), rails.blockedProduction.body);
  // An XHR gets the same answer typed text/plain, as Rails' (which still sends the HTML page in development).
  const xhr = { headers: { "x-requested-with": "XMLHttpRequest" } };
  for (const [config, handler] of [
    ["development", handlers.development!],
    ["production", handlers.strings!],
  ] as const) {
    const res = await handler(new Request("http://evil.com/", xhr));
    const recorded = rails.blockedXhr[config];
    assert.equal(res.status, recorded.status, config);
    assert.equal(res.headers.get("content-type"), recorded.contentType, config);
    const text = await res.text();
    if (typeof recorded.body === "string") assert.equal(text, recorded.body);
    else assert.ok(text.includes(recorded.body[0]!), `${config}: ${recorded.body[0]}`);
  }
});

test("host authorization checks the last X-Forwarded-Host too, and hosts: [] turns it off", async () => {
  const ok = draw((r) => r.get("/", { to: "params#show" }));
  const hosts: HostPattern[] = ["example.com"];
  const h = createHandler(ok, { controllers, env: "production", hosts });
  assert.equal(
    (await h(new Request("http://example.com/", { headers: { "x-forwarded-host": "a.test, example.com" } }))).status,
    200,
  );
  assert.equal(
    (await h(new Request("http://example.com/", { headers: { "x-forwarded-host": "evil.com" } }))).status,
    403,
  );
  const off = createHandler(ok, { controllers, env: "development", hosts: [] });
  assert.equal((await off(new Request("http://anything.test/"))).status, 200);
  assert.throws(() => createHandler(ok, { hosts: ["10.0.0.0/99"] }), /not an IP range/);
});

test("a mounted fetch handler reads its mount point with scriptNameOf(request); a header cannot forge it", async () => {
  const seen: string[] = [];
  const app = (request: Request) => {
    seen.push(`${scriptNameOf(request)} ${new URL(request.url).pathname}`);
    return new Response("ok");
  };
  const h = createHandler(
    draw((r) => {
      r.mount(app, { at: "/blog" });
      r.mount({ fetch: app }, { at: "/shop/:tenant" });
    }),
    { env: "production" },
  );
  await h(new Request("http://x/blog/posts/1", { headers: { "x-script-name": "/forged" } }));
  await h(new Request("http://x/shop/acme/cart"));
  assert.deepEqual(seen, ["/blog /posts/1", "/shop/acme /cart"]);
  assert.equal(scriptNameOf(new Request("http://x/blog")), "");
});
