// Hostile requests: bad escapes, 1 MB paths and headers, 10 MB bodies,
// `_method` junk, `__proto__` keys in the query and every kind of body. Each gets a 4xx (or is
// served as the harmless request it is), the server keeps serving, and no prototype is touched —
// on node:http and through each framework adapter (Express, Fastify, Hono), over a socket.
import assert from "node:assert/strict";
import http from "node:http";
import net from "node:net";
import { after, before, describe, test } from "node:test";
import { draw } from "../../src/index.js";
import { createHandler, type ActionContext, type HandlerOptions } from "../../src/http/index.js";
import { httpRequest, TRANSPORTS, transport, type Transport, type TransportName } from "./transports.js";

const seen: Record<string, unknown>[] = [];
const routes = draw((r) => {
  r.resources("photos", { only: ["index", "show", "create", "update"] });
  r.get("throws/:kind", { to: "throwing#raise" });
  r.get("landing", { to: "photos#index" });
  r.get("go", { to: "throwing#go" });
  r.match("legacy/:controller(/:action(/:id))", { via: ["get", "post"] });
});
const photos = {
  index: (ctx: ActionContext) => (seen.push(ctx.params), "ok"),
  show: (ctx: ActionContext) => (seen.push(ctx.params), "ok"),
  create: (ctx: ActionContext) => (seen.push(ctx.params), "created"),
  update: (ctx: ActionContext) => (seen.push(ctx.params), "updated"),
};
/** Errors whose reading throws: a `message` getter that throws itself, a Proxy whose every trap throws. */
class GetterError extends Error {
  override get message(): string {
    throw this;
  }
}
const trapping = () =>
  new Proxy(
    {},
    Object.fromEntries(
      ["get", "getPrototypeOf", "has", "ownKeys", "getOwnPropertyDescriptor", "apply", "set"].map((t) => [
        t,
        () => {
          throw new Error(`trap ${t}`);
        },
      ]),
    ),
  );
const throwing = {
  raise: (ctx: ActionContext) => {
    const kind = ctx.params.kind;
    if (kind === "getter") throw new GetterError();
    if (kind === "proxy") throw trapping();
    if (kind === "rejected-proxy") return Promise.reject(trapping());
    return Promise.reject(new GetterError());
  },
  go: (ctx: ActionContext) => ctx.redirectTo("/landing"),
};
const options: HandlerOptions = { controllers: { photos, throwing }, env: "development", hosts: [], onError: () => {} };
const handler = createHandler(routes, options);

const protoKeys = () => Object.getOwnPropertyNames(Object.prototype).sort().join(",");
const before0 = protoKeys();

function unpolluted(): void {
  assert.equal(protoKeys(), before0, "Object.prototype gained no property");
  const probe: Record<string, unknown> = {};
  for (const key of ["polluted", "x", "admin", "evil"]) assert.equal(probe[key], undefined, `({}).${key} is undefined`);
  assert.equal(Object.getPrototypeOf(probe), Object.prototype);
}

/** Writes raw bytes on a socket and reads the status line of the answer (or "closed"). */
function raw(port: number, request: string | Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let data = "";
    socket.on("data", (d) => (data += d.toString("latin1")));
    socket.on("error", () => {});
    socket.on("close", () => resolve(data.split("\r\n")[0] || "closed"));
    socket.write(request, () => socket.end());
  });
}

const form = (body: string) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body,
});

test("a 1 MB path through the fetch handler, where no server limits the URL: answered (photos#show), quickly", async () => {
  const long = "/photos/" + "a".repeat(1024 * 1024);
  const started = performance.now();
  const res = await handler(new Request(`http://x${long}`));
  assert.equal(res.status, 200);
  assert.equal((await handler(new Request(`http://x/nope${long}`))).status, 404);
  assert.ok(performance.now() - started < 2000, "a 1 MB path is recognized in linear time");
});

/** Every adapter package.json exports, each serving over a socket. */
const SOCKETS: readonly TransportName[] = TRANSPORTS.filter((name) => name !== "fetch");

for (const name of SOCKETS)
  describe(`hostile requests through ${name}`, () => {
    let served: Transport;
    let port: number;
    before(async () => {
      served = await transport(name, routes, options);
      port = served.port!;
    });
    after(() => served.close());

    test("bad escapes in the path and the query: 400, never reaching an action", async () => {
      for (const path of ["/photos/%zz", "/photos/%", "/photos/%E0%A4", "/photos/%FF%FE", "/photos/a%2", "/%00%zz"]) {
        assert.equal((await httpRequest(port, path)).status, 400, path);
      }
      for (const query of ["a=%zz", "a=%ff", "a[]=1&a[b]=2", "a[b]=1&a[]=2", `${"a[".repeat(200)}=1`]) {
        assert.equal((await httpRequest(port, `/photos?${query}`)).status, 400, query);
      }
      assert.equal((await httpRequest(port, "/photos/1")).status, 200);
    });

    test("a 1 MB path, a 1 MB header, a long request line: refused with a 4xx, the server serves on", async () => {
      const long = "/photos/" + "a".repeat(1024 * 1024);
      assert.match(await raw(port, `GET ${long} HTTP/1.1\r\nHost: x\r\n\r\n`), /^HTTP\/1\.1 4\d\d /);
      assert.match(
        await raw(port, `GET /photos HTTP/1.1\r\nHost: x\r\nX-Big: ${"b".repeat(1024 * 1024)}\r\n\r\n`),
        /^HTTP\/1\.1 4\d\d /,
      );
      // (Past node's 2,000 headers, the rest are dropped: the request is served.)
      assert.match(
        await raw(port, `GET /photos HTTP/1.1\r\nHost: x\r\n${"X-H: 1\r\n".repeat(3000)}\r\n`),
        /^HTTP\/1\.1 (200|4\d\d) /,
      );
      assert.equal((await httpRequest(port, "/photos")).status, 200);
    });

    test("10 MB bodies: 400 past the limit (declared or streamed), the server serves on", async () => {
      const big = "a=" + "x".repeat(10 * 1024 * 1024);
      const got = await httpRequest(port, "/photos", form(big));
      assert.equal(got.status, 400);
      assert.match(got.body, /Request body too large: 10485762 bytes, over the limit of 1048576 bytes/);
      // Chunked, no Content-Length: stopped while reading.
      const chunked = await new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port,
            path: "/photos",
            method: "POST",
            headers: { host: "x", "content-type": "application/json" },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode!);
          },
        );
        req.on("error", (e) =>
          String(e).includes("EPIPE") || String(e).includes("ECONNRESET") ? resolve(400) : reject(e),
        );
        const chunk = Buffer.alloc(1024 * 1024, 0x20);
        let n = 0;
        const write = () => {
          while (n < 10) {
            n++;
            if (!req.write(chunk)) return void req.once("drain", write);
          }
          req.end();
        };
        write();
      });
      assert.equal(chunked, 400);
      const multipart = await httpRequest(port, "/photos", {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=x" },
        body: "--x\r\n" + "y".repeat(10 * 1024 * 1024),
      });
      assert.equal(multipart.status, 400);
      // A body nobody reads (no params type, an action that ignores it) is no reason to refuse.
      assert.equal(
        (
          await httpRequest(port, "/photos/1", {
            method: "PATCH",
            headers: { "content-type": "application/octet-stream" },
            body: "z".repeat(10 * 1024 * 1024),
          })
        ).status,
        200,
      );
      assert.equal((await httpRequest(port, "/photos")).status, 200);
    });

    test("_method junk leaves a POST a POST", async () => {
      for (const value of [
        "",
        "junk",
        "TRACE",
        "CONNECT",
        "__proto__",
        "constructor",
        "GET%00",
        "DELETE ",
        "%zz",
        "d%C3%A9lete",
      ]) {
        const got = await httpRequest(port, "/photos", form(`_method=${value}`));
        assert.ok(got.status === 200 || got.status === 400, `_method=${value}: ${got.status}`);
        if (got.status === 200) assert.equal(got.body, "created", `_method=${value}`);
      }
      assert.equal((await httpRequest(port, "/photos", form("_method[__proto__]=delete"))).body, "created");
      assert.equal(
        (
          await httpRequest(port, "/photos", {
            method: "POST",
            headers: { "x-http-method-override": "x".repeat(10000) },
          })
        ).body,
        "created",
      );
    });

    test("__proto__, constructor and prototype keys in the query and every body: ordinary params, no pollution", async () => {
      seen.length = 0;
      await httpRequest(port, "/photos?__proto__[polluted]=1&constructor[prototype][x]=1&a[__proto__][admin]=1");
      await httpRequest(
        port,
        "/photos",
        form("__proto__[polluted]=1&constructor[prototype][evil]=1&p[__proto__][admin]=1"),
      );
      await httpRequest(port, "/photos", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"__proto__":{"polluted":1},"constructor":{"prototype":{"evil":1}},"n":{"__proto__":{"admin":1}}}',
      });
      await httpRequest(port, "/photos", {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=b" },
        body: '--b\r\nContent-Disposition: form-data; name="__proto__[polluted]"\r\n\r\n1\r\n--b--\r\n',
      });
      assert.equal(seen.length, 4);
      unpolluted();
      const [query, body, json, multipart] = seen as Record<string, any>[];
      assert.deepEqual(JSON.parse(JSON.stringify(query!.__proto__)), { polluted: "1" }, "an own key holding a Hash");
      assert.equal(Object.getPrototypeOf(Object.getPrototypeOf(query!)), null);
      assert.equal(body!.constructor.prototype.evil, "1");
      assert.deepEqual(JSON.parse(JSON.stringify(json!.n.__proto__)), { admin: 1 });
      assert.equal(multipart!.__proto__.polluted, "1");
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    });

    test("a thrown error whose message getter throws, a thrown or rejected Proxy whose traps throw: 500, and the next request is served", async () => {
      for (const kind of ["getter", "proxy", "rejected-proxy", "rejected-getter"]) {
        assert.equal((await httpRequest(port, `/throws/${kind}`)).status, 500, kind);
        assert.equal((await httpRequest(port, "/photos/1")).body, "ok", `served after ${kind}`);
      }
    });

    test("JSON nested 10,000 deep (60 KB): 400, the server serves on", async () => {
      const deep = '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000);
      const got = await httpRequest(port, "/photos", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: deep,
      });
      assert.equal(got.status, 400, got.body.slice(0, 200));
      assert.match(got.body, /nesting of 101 is too deep/);
      assert.equal((await httpRequest(port, "/photos/1")).body, "ok");
    });

    test("a malformed Host is 400, never a Location on another host; a blocked host is 403", async () => {
      for (const host of ["evil.com/x?", "a@evil.com", "evil.com x", "evil.com\\x"]) {
        const got = await raw(port, `GET /go HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
        // (A server may refuse the Host itself: any 400 will do; it must never redirect.)
        assert.match(got, /^HTTP\/1\.1 400/, `${host}: ${got}`);
      }
      const good = await raw(port, "GET /go HTTP/1.1\r\nHost: blog.test:8080\r\nConnection: close\r\n\r\n");
      assert.match(good, /^HTTP\/1\.1 302/);
      const guarded = await transport(name, routes, { ...options, env: "production", hosts: ["blog.test"] });
      try {
        assert.equal((await httpRequest(guarded.port!, "/photos/1", { host: "evil.com" })).status, 403);
        assert.equal((await httpRequest(guarded.port!, "/photos/1", { host: "blog.test" })).status, 200);
      } finally {
        await guarded.close();
      }
    });

    test("a dynamic :action or :controller cannot reach what is not an action", async () => {
      for (const path of [
        "/legacy/photos/constructor",
        "/legacy/photos/__proto__",
        "/legacy/photos/toString",
        "/legacy/photos/hasOwnProperty",
        "/legacy/photos/valueOf",
        "/legacy/__proto__/x",
        "/legacy/constructor/x",
        "/legacy/photos%2F..%2Fx/index",
        "/legacy/..%2Fpackage/x",
      ]) {
        const got = await httpRequest(port, path);
        assert.ok(got.status === 404 || got.status === 400, `${path}: ${got.status}`);
      }
      assert.equal((await httpRequest(port, "/legacy/photos/index")).body, "ok");
      unpolluted();
    });
  });
