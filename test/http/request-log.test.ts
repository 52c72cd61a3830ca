// The request log: the lines Rails 6.1 prints for the same requests
// (request-log.rails.json, from rails-request-log.rb), the compact production line, the
// `logger` option's forms, `filterParameters`, and nothing at all when the log is off.
import assert from "node:assert/strict";
import fs from "node:fs";
import { after, before, describe, test } from "node:test";
import { draw } from "../../src/index.js";
import { createHandler, type ActionContext, type HandlerOptions } from "../../src/http/index.js";
import { rubyTime } from "../../src/http/request-log.js";
import { ParameterFilterRule, DEFAULT_FILTER_PARAMETERS } from "../../src/http/parameter-filter.js";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import Fastify from "fastify";
import { Hono } from "hono";
import { expressMiddleware } from "../../src/http/adapters/express.js";
import { fastifyPlugin } from "../../src/http/adapters/fastify.js";
import { honoMiddleware } from "../../src/http/adapters/hono.js";
import { TRANSPORTS, transport, type Sent, type Transport, type TransportName } from "./transports.js";

const RAILS = JSON.parse(fs.readFileSync(new URL("./request-log.rails.json", import.meta.url), "utf8")) as Record<
  string,
  string[]
>;

class RuntimeError extends Error {}

const routes = draw((r) => {
  r.get("photos/boom", { to: "photos#boom" });
  r.resources("photos", { only: ["index", "show", "create", "destroy"] });
  r.get("old", { to: r.redirect("/photos") });
});

const controllers = {
  photos: {
    index: () => "photos",
    show: () => "photo",
    create: (c: ActionContext) => c.redirectTo("http://example.org/photos/1"),
    destroy: (c: ActionContext) => c.redirectTo("http://example.org/photos"),
    boom: () => {
      throw new RuntimeError("kaboom");
    },
  },
};

function logged(options: HandlerOptions = {}) {
  const lines: string[] = [];
  const handler = createHandler(routes, {
    env: "development",
    hosts: [],
    controllers,
    logger: (line) => lines.push(...line.split("\n")),
    ...options,
  });
  return {
    lines,
    async send(method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) {
      lines.length = 0;
      const response = await handler(new Request(`http://example.org${path}`, { method, ...init }));
      await response.arrayBuffer();
      return lines.map((l) =>
        l.replace(/ at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4}$/, " at <time>").replace(/ in \d+ms$/, " in <n>ms"),
      );
    },
  };
}

describe("the request log in development: Rails' lines", () => {
  const log = logged();
  const cases: [string, string, string, { headers?: Record<string, string>; body?: string }?][] = [
    ["GET /photos/1", "GET", "/photos/1"],
    ["GET /photos", "GET", "/photos"],
    ["GET /photos/1.json", "GET", "/photos/1.json"],
    ["GET Accept: application/json", "GET", "/photos/1", { headers: { accept: "application/json" } }],
    ["GET query, filtered", "GET", "/photos/1?q=%3Cb%3E&a[]=1&a[]=2&password=x&x[y][salted]=1&Api_Key=3&keys=4"],
    [
      "POST filtered form",
      "POST",
      "/photos",
      {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "photo[title]=t&photo[password]=p&photo[nested][api_key]=k&user_password=x&otp_attempt=1&authenticity_token=z&tokens[]=a",
      },
    ],
    ["GET /old", "GET", "/old"],
  ];
  for (const [name, method, path, init] of cases) {
    test(name, async () => {
      assert.deepEqual(await log.send(method, path, init), RAILS[name]);
    });
  }

  test("a routing error: Rails' lines (switchyard has no framework trace to print after them)", async () => {
    const rails = RAILS["GET /nope"]!;
    assert.deepEqual(await log.send("GET", "/nope"), rails.slice(0, rails.lastIndexOf("  ") + 1));
  });

  test("an exception: Completed 500, then the error and the application's frames first", async () => {
    const got = await log.send("GET", "/photos/boom");
    const rails = RAILS["GET /photos/boom"]!;
    const spacer = rails.lastIndexOf("  ");
    assert.deepEqual(got.slice(0, spacer + 1), rails.slice(0, spacer + 1));
    // Rails' first frame is the action (`in 'boom'`); here it is this file's `boom`, relative to the root.
    assert.match(got[spacer + 1]!, /^test\/http\/request-log\.test\.ts:\d+:\d+:in `(?:\S+\.)?boom'$/);
    assert.ok(
      got.slice(spacer + 1).every((l) => !l.includes("src/http/") && !l.startsWith("node:")),
      got.join("\n"),
    );
  });

  test("a mounted handler's actions are logged once, under the mount's Started", async () => {
    const inner = createHandler(
      draw((r) => r.get("hello", { to: "hello#show" })),
      { controllers: { hello: { show: () => "hi" } }, logger: () => assert.fail("the inner log wrote") },
    );
    const lines: string[] = [];
    const handler = createHandler(
      draw((r) => r.mount(inner, { at: "/inner" })),
      { env: "development", hosts: [], logger: (l) => lines.push(l) },
    );
    await (await handler(new Request("http://example.org/inner/hello"))).text();
    assert.deepEqual(
      lines.map((l) => l.replace(/ at .*$/, "").replace(/\d+ms/, "Nms")),
      [
        'Started GET "/inner/hello" for 127.0.0.1',
        "Processing by HelloController#show as HTML",
        "Completed 200 OK in Nms",
      ],
    );
  });
});

// Rails' middleware runs Rack::MethodOverride and ActionDispatch::RemoteIp before its logger: the
// `Started` line names the overridden method and `remote_ip`, which drops what is not an IP.
const MIDDLEWARE_CASES: [string, string, string, Sent][] = [
  [
    "POST _method=delete form",
    "POST",
    "/photos/1",
    { headers: { "content-type": "application/x-www-form-urlencoded" }, body: "_method=delete" },
  ],
  [
    "GET X-Forwarded-For, no IP in it",
    "GET",
    "/photos",
    { headers: { "x-forwarded-for": "<script>alert(1)</script>" } },
  ],
  [
    "GET X-Forwarded-For, text before a proxy",
    "GET",
    "/photos",
    { headers: { "x-forwarded-for": "unknown, 10.0.0.1" } },
  ],
  [
    "GET X-Forwarded-For, entries not IPs",
    "GET",
    "/photos",
    { headers: { "x-forwarded-for": "203.0.113.7 198.51.100.0/24, 1.2.3.4:80, 0177.0.0.1, 198.51.100.9,10.0.0.2" } },
  ],
  ["GET Client-Ip", "GET", "/photos", { headers: { "client-ip": "x, 203.0.113.8" } }],
];

for (const name of TRANSPORTS)
  describe(`the request log after Rails' MethodOverride and RemoteIp, through ${name}`, () => {
    const lines: string[] = [];
    let served: Transport;
    before(async () => {
      served = await transport(name, routes, {
        env: "development",
        hosts: [],
        controllers,
        logger: (line) => lines.push(...line.split("\n")),
      });
    });
    after(() => served.close());
    for (const [what, method, path, init] of MIDDLEWARE_CASES)
      test(what, async () => {
        lines.length = 0;
        await served.request(path, { method, ...init });
        const got = lines.map((l) =>
          l.replace(/ at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4}$/, " at <time>").replace(/ in \d+ms$/, " in <n>ms"),
        );
        assert.deepEqual(got, RAILS[what]);
      });
  });

describe("the request log in production: one line a request", () => {
  const normal = (lines: string[]) => lines.map((l) => l.replace(/ \d+ms/, " <n>ms"));
  test("method, filtered path, status, duration, and Controller#action when an action ran", async () => {
    const log = logged({ env: "production" });
    assert.deepEqual(normal(await log.send("GET", "/photos/1?token=abc&page=2")), [
      "GET /photos/1?token=[FILTERED]&page=2 200 <n>ms PhotosController#show",
    ]);
    assert.deepEqual(normal(await log.send("GET", "/nope")), ["GET /nope 404 <n>ms"]);
    assert.deepEqual(normal(await log.send("GET", "/photos/boom")), [
      "GET /photos/boom 500 <n>ms PhotosController#boom",
    ]);
    assert.deepEqual(normal(await log.send("GET", "/old")), ["GET /old 301 <n>ms"]);
  });
});

describe("the logger option", () => {
  test("an object with info(line) gets the lines", async () => {
    const got: string[] = [];
    const handler = createHandler(routes, {
      env: "production",
      controllers,
      logger: { info: (l: string) => got.push(l) },
    });
    await (await handler(new Request("http://example.org/photos"))).text();
    assert.match(got.join("\n"), /^GET \/photos 200 \d+ms PhotosController#index$/);
  });

  test("false turns the log off; a throwing logger does not fail the request", async () => {
    const off = createHandler(routes, { env: "development", hosts: [], controllers, logger: false, onError: () => {} });
    assert.equal((await off(new Request("http://example.org/photos/1"))).status, 200);
    const throwing = createHandler(routes, {
      env: "development",
      hosts: [],
      controllers,
      logger: () => {
        throw new Error("disk full");
      },
    });
    const response = await throwing(new Request("http://example.org/photos/1"));
    assert.equal(response.status, 200);
    assert.equal(await response.text(), "photo");
  });

  test("filterParameters replaces Rails' defaults", async () => {
    const log = logged({ filterParameters: ["title", /^id$/] });
    const lines = await log.send("GET", "/photos/7?title=x&password=y&identity=z");
    assert.equal(lines[0], 'Started GET "/photos/7?title=[FILTERED]&password=y&identity=z" for 127.0.0.1 at <time>');
    assert.equal(
      lines[2],
      '  Parameters: {"title"=>"[FILTERED]", "password"=>"y", "identity"=>"z", "id"=>"[FILTERED]"}',
    );
  });
});

describe("ActiveSupport::ParameterFilter's rule", () => {
  const rule = new ParameterFilterRule(DEFAULT_FILTER_PARAMETERS);
  test("partial, case-insensitive key matches, at any depth, Hashes inside arrays too", () => {
    for (const key of [
      "password",
      "user_password",
      "PASSWD",
      "api_key",
      "Secret",
      "csrf_token",
      "encrypted",
      "salt",
      "certificate",
      "otp_attempt",
      "ssn",
    ]) {
      assert.ok(rule.filtered(key), key);
    }
    for (const key of ["keys", "name", "pass", "email"]) assert.ok(!rule.filtered(key), key);
    assert.deepEqual(rule.params({ a: [{ token: "t" }, "x"], b: { c: { salt: "s" } }, tokens: ["1", "2"] }), {
      a: [{ token: "[FILTERED]" }, "x"],
      b: { c: { salt: "[FILTERED]" } },
      tokens: "[FILTERED]",
    });
  });
  test("the query string: raw key=value pairs, a pair without a value kept", () => {
    assert.equal(rule.query("password=&a[token]=1;b=2&secret"), "password=&a[token]=[FILTERED];b=2&secret");
  });
});

test("Ruby's Time#to_s", () => {
  const d = new Date(2026, 10, 28, 14, 0, 5);
  assert.match(rubyTime(d), /^2026-11-28 14:00:05 [+-]\d{4}$/);
});

describe("a request an adapter passes on unmatched is the next handler's: no line", () => {
  const setup = (env: string) => {
    const lines: string[] = [];
    const handler = createHandler(routes, { env, hosts: [], controllers, logger: (l) => lines.push(l) });
    return { lines, handler };
  };
  const started = (lines: string[]) => lines.filter((l) => l.startsWith("Started ")).length;

  /**
   * Each adapter package.json exports, and its host's next handler tested (null: the host has none;
   * node's listener answers every request itself). A new adapter is listed here, or the first test fails.
   */
  const NEXT_HANDLER: Record<TransportName, (() => void) | null> = {
    node: null,
    hono: () => {
      for (const env of ["development", "production"]) {
        test(`Hono: its own route and its 404 log nothing; switchyard's routes log as before (${env})`, async () => {
          const { lines, handler } = setup(env);
          const app = new Hono();
          app.use(honoMiddleware(handler));
          app.get("/elsewhere", (c) => c.text("hono's"));
          assert.equal(await (await app.request("/elsewhere")).text(), "hono's");
          assert.equal((await app.request("/nope")).status, 404);
          assert.deepEqual(lines, []);
          assert.equal(await (await app.request("/photos/1")).text(), "photo");
          assert.equal(lines.length > 0, true);
          assert.equal(started(lines), env === "development" ? 1 : 0);
        });
      }
    },
    express: () => {
      test("Express: next() leaves no line; fallthrough: false still logs the routing error", async () => {
        const { lines, handler } = setup("development");
        const app = express();
        app.use("/strict", expressMiddleware(handler, { fallthrough: false }));
        app.use(expressMiddleware(handler));
        app.get("/elsewhere", (_req, res) => void res.send("express'"));
        const server = http.createServer(app);
        await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
        const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        try {
          assert.equal(await (await fetch(`${base}/elsewhere`)).text(), "express'");
          assert.deepEqual(lines, []);
          assert.equal((await fetch(`${base}/strict/nope`)).status, 404);
          assert.equal(started(lines), 1);
          assert.match(lines.join("\n"), /ActionController::RoutingError \(No route matches \[GET\] "\/nope"\)/);
        } finally {
          server.close();
        }
      });
    },
    fastify: () => {
      test("Fastify: a request for Fastify's not-found handler leaves no line", async () => {
        const { lines, handler } = setup("development");
        const app = Fastify();
        await app.register(fastifyPlugin, { handler });
        assert.equal((await app.inject({ url: "/nope" })).statusCode, 404);
        assert.deepEqual(lines, []);
        assert.equal((await app.inject({ url: "/photos/1" })).body, "photo");
        assert.equal(started(lines), 1);
        await app.close();
      });
    },
  };

  test("every adapter package.json exports is listed with its next handler", () => {
    assert.deepEqual(Object.keys(NEXT_HANDLER).sort(), TRANSPORTS.filter((name) => name !== "fetch").sort());
  });
  for (const name of TRANSPORTS) NEXT_HANDLER[name]?.();
});
