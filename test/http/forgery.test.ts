// Forgery protection (src/http/forgery.ts), on by default: the stateless check of Go 1.25's
// CrossOriginProtection (net/http/csrf.go) — Sec-Fetch-Site, else Origin against the Host — on
// every state-changing request a controller action would serve, with Rails' exemptions and log line.
import assert from "node:assert/strict";
import { test } from "node:test";
import { draw } from "../../src/index.js";
import { ArgumentError } from "../../src/errors.js";
import {
  type ActionContext,
  Controller,
  createHandler,
  defineController,
  type HandlerOptions,
} from "../../src/http/index.js";

let ran: string[] = [];

/** Each action records that it ran and answers its name. */
const posts = Object.fromEntries(
  ["index", "create", "update", "destroy"].map((action) => [
    action,
    () => {
      ran.push(action);
      return action;
    },
  ]),
);

class WebhooksController extends Controller {
  static {
    this.skipForgeryProtection({ only: ["create"] });
  }
  create() {
    ran.push("webhook");
    return "received";
  }
  destroy() {
    ran.push("webhook destroy");
    return "gone";
  }
}

const routes = draw((r) => {
  r.resources("posts", { only: ["index", "create", "update", "destroy"] });
  r.resources("webhooks", { only: ["create", "destroy"] });
  r.resources("feeds", { only: ["create"] });
});

const feeds = defineController(
  {
    create(_ctx: ActionContext) {
      ran.push("feed");
      return "fed";
    },
  },
  { skipForgeryProtection: true },
);

function app(options: HandlerOptions = {}) {
  const log: string[] = [];
  const handler = createHandler(routes, {
    env: "development",
    hosts: [],
    controllers: { posts, webhooks: WebhooksController, feeds },
    logger: (line) => log.push(line),
    ...options,
  });
  return {
    log,
    async send(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
      ran = [];
      log.length = 0;
      const res = await handler(new Request(`http://blog.test${path}`, { method, headers, body }));
      return { status: res.status, body: await res.text() };
    },
  };
}

/** Go's check, case by case: the method, the headers, and whether the request passes. */
const CASES: readonly [method: string, headers: Record<string, string>, passes: boolean][] = [
  ["POST", {}, true], // no browser headers: an API client, curl, a server
  ["POST", { "sec-fetch-site": "same-origin" }, true],
  ["POST", { "sec-fetch-site": "none" }, true], // typed in the address bar, a bookmark
  ["POST", { "sec-fetch-site": "cross-site" }, false],
  ["POST", { "sec-fetch-site": "same-site" }, false], // a sibling subdomain is another origin
  ["POST", { "sec-fetch-site": "cross-site", origin: "http://blog.test" }, false], // Sec-Fetch-Site decides
  ["POST", { origin: "http://blog.test" }, true], // an older browser: Origin against Host
  ["POST", { origin: "http://evil.test" }, false],
  ["POST", { origin: "http://blog.test:8080" }, false], // another port is another origin
  ["POST", { origin: "null" }, false], // a sandboxed frame, a file: page
  ["PUT", { "sec-fetch-site": "cross-site" }, false],
  ["PATCH", { "sec-fetch-site": "cross-site" }, false],
  ["DELETE", { "sec-fetch-site": "cross-site" }, false],
  ["GET", { "sec-fetch-site": "cross-site", origin: "http://evil.test" }, true],
  ["HEAD", { "sec-fetch-site": "cross-site" }, true],
];

for (const [method, headers, passes] of CASES) {
  test(`${method} with ${JSON.stringify(headers)} ${passes ? "passes" : "is 403 before the action runs"}`, async () => {
    const path = method === "POST" ? "/posts" : method === "GET" || method === "HEAD" ? "/posts" : "/posts/1";
    const got = await app().send(method, path, headers);
    if (passes) {
      assert.equal(got.status, 200);
      assert.equal(ran.length, 1);
    } else {
      assert.equal(got.status, 403);
      assert.match(got.body, /^Forbidden: a \w+ from another site \(.+\) is refused as a possible forgery/);
      assert.deepEqual(ran, [], "the action did not run");
    }
  });
}

test("a cross-site form POST is refused whatever its _method; the same-site one is served as the method it names", async () => {
  const form = { "content-type": "application/x-www-form-urlencoded" };
  const a = app();
  const cross = await a.send("POST", "/posts/1", { ...form, "sec-fetch-site": "cross-site" }, "_method=delete");
  assert.deepEqual([cross.status, ran], [403, []]);
  const getting = await a.send("POST", "/posts", { ...form, "sec-fetch-site": "cross-site" }, "_method=get");
  assert.deepEqual([getting.status, ran], [403, []], "a POST made GET by _method is still the client's POST");
  const same = await a.send("POST", "/posts/1", { ...form, "sec-fetch-site": "same-origin" }, "_method=delete");
  assert.deepEqual([same.status, same.body, ran], [200, "destroy", ["destroy"]]);
});

test("the log says what Rails says, then Completed 403", async () => {
  const a = app();
  await a.send("POST", "/posts", { "sec-fetch-site": "cross-site" });
  const at = a.log.indexOf("Can't verify CSRF token authenticity.");
  assert.ok(at > 0, a.log.join("\n"));
  assert.match(a.log[at + 1]!, /^Completed 403 Forbidden in \d+ms$/);
  assert.ok(a.log.some((l) => l.includes("ActionController::InvalidCrossOriginRequest")));
});

test("skipForgeryProtection lets cross-site requests reach the actions it names, in a class or defineController", async () => {
  const a = app();
  const cross = { "sec-fetch-site": "cross-site" };
  assert.deepEqual([(await a.send("POST", "/webhooks", cross)).status, ran], [200, ["webhook"]]);
  assert.deepEqual([(await a.send("DELETE", "/webhooks/1", cross)).status, ran], [403, []], "only: create");
  assert.deepEqual([(await a.send("POST", "/feeds", cross)).status, ran], [200, ["feed"]]);
});

test("trusted origins pass; forgeryProtection: false turns the check off", async () => {
  const trusted = app({ forgeryProtection: { trustedOrigins: ["https://admin.example.com"] } });
  const fromAdmin = { "sec-fetch-site": "cross-site", origin: "https://admin.example.com" };
  assert.equal((await trusted.send("POST", "/posts", fromAdmin)).status, 200);
  assert.equal((await trusted.send("POST", "/posts", { origin: "https://admin.example.com" })).status, 200);
  assert.equal((await trusted.send("POST", "/posts", { origin: "https://other.example.com" })).status, 403);
  const off = app({ forgeryProtection: false });
  assert.equal((await off.send("POST", "/posts", { "sec-fetch-site": "cross-site" })).status, 200);
});

test("a trusted origin that is not scheme://host[:port], or an unknown option, is refused when the handler is made, naming it", () => {
  assert.throws(
    () => createHandler(routes, { forgeryProtection: { trustedOrigin: ["https://a.example"] } as never }),
    /forgeryProtection: unknown option "trustedOrigin": the one option is trustedOrigins/,
  );
  for (const origin of ["admin.example.com", "https://admin.example.com/", "https://admin.example.com/path"]) {
    assert.throws(
      () => createHandler(routes, { forgeryProtection: { trustedOrigins: [origin] } }),
      (e: Error) => e instanceof ArgumentError && e.message.includes(JSON.stringify(origin)),
    );
  }
});

test("a redirect route or a mounted app is not a controller action: not checked, as in Rails", async () => {
  const mounted = draw((r) => {
    r.post("old", { to: r.redirect("/new") });
    r.mount(() => new Response("mounted"), { at: "/app" });
  });
  const handler = createHandler(mounted, { env: "production", logger: false });
  const cross = { method: "POST", headers: { "sec-fetch-site": "cross-site" } };
  assert.equal((await handler(new Request("http://blog.test/old", cross))).status, 301);
  assert.equal(await (await handler(new Request("http://blog.test/app", cross))).text(), "mounted");
});
