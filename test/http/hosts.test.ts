// Host authorization against Rails 6.1's own ActionDispatch::HostAuthorization: the answers
// test/http/rails/hosts.rb recorded for a table of configurations, Host headers (missing, empty,
// names, IPv4 and IPv6 forms) and X-Forwarded-Host values, asked of switchyard over a socket on
// 127.0.0.1 through node:http, Express, Fastify and Hono, and of the fetch handler where a URL can
// carry the Host as sent. Two differences are documented (docs/production-params.md, Hosts): a Host
// that is not a host is 400 where Rails blocks it (403); and @hono/node-server answers 400 itself
// for a Host it cannot put in a URL, before any middleware runs.
import assert from "node:assert/strict";
import fs from "node:fs";
import net from "node:net";
import { after, before, describe, test } from "node:test";
import { draw } from "../../src/index.js";
import { createHandler, type ActionContext, type HandlerOptions } from "../../src/http/index.js";
import { checkHost } from "../../src/http/hosts.js";
import { bracketedHost } from "../../src/uri/host.js";
import { TRANSPORTS, transport, type Transport } from "./transports.js";

interface Recorded {
  hosts: { config: string; host: string | null; status: number }[];
  forwarded: { config: string; host: string; forwarded: string; status: number; raises?: boolean }[];
  exclude: { host: string | null; path: string; status: number }[];
}
const rails = JSON.parse(fs.readFileSync(new URL("rails/hosts.json", import.meta.url), "utf8")) as Recorded;

// The configurations of hosts.rb, as switchyard's options write them.
const CONFIGS: Record<string, HandlerOptions> = {
  development: { env: "development" },
  names: { env: "production", hosts: ["example.com", ".example.org", "localhost"] },
  regexp: { env: "production", hosts: [/.*\.example\.net/, /[a-z]+\.test/] },
  ranges: { env: "production", hosts: ["10.0.0.0/8", "127.0.0.0/8", "fd00::/8", "::1/128"] },
};
const EXCLUDING: HandlerOptions = {
  env: "production",
  hosts: ["example.com"],
  hostAuthorization: { exclude: (request) => request.path === "/up" },
};

const routes = draw((r) => {
  r.root("pages#show");
  r.get("up", { to: "pages#show" });
  r.get("upx", { to: "pages#show" });
});
const controllers = { pages: { show: (ctx: ActionContext) => ctx.helpers.root_url!() } };
const options = (o: HandlerOptions): HandlerOptions => ({ controllers, logger: false, onError: () => {}, ...o });

/** A request written on a socket as is: HTTP/1.0 without a Host when `host` is null (HTTP/1.1 requires one). */
function raw(port: number, path: string, host: string | null, forwarded?: string): Promise<number> {
  const lines =
    host === null ? [`GET ${path} HTTP/1.0`] : [`GET ${path} HTTP/1.1`, `Host: ${host}`, "Connection: close"];
  if (forwarded !== undefined) lines.push(`X-Forwarded-Host: ${forwarded}`);
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let data = "";
    socket.on("data", (d) => (data += d.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => {
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(data);
      if (status === null) reject(new Error(`no answer for Host ${JSON.stringify(host)}: ${JSON.stringify(data)}`));
      else resolve(Number(status[1]));
    });
    socket.write(`${lines.join("\r\n")}\r\n\r\n`);
  });
}

/** switchyard's documented 400: a Host that is not a host name, an IPv4 or an [IPv6] address (Rails blocks it). */
function malformed(host: string | null): boolean {
  if (host === null) return false;
  try {
    checkHost(bracketedHost(host));
    return false;
  } catch {
    return true;
  }
}

/** Whether @hono/node-server refuses the Host (400) before the application sees the request. */
function honoRefuses(host: string | null): boolean {
  if (host === null || /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/.test(host)) return false;
  try {
    const url = new URL(`http://${host}/`);
    return url.hostname.length !== host.length && url.hostname !== host.replace(/:\d+$/, "").toLowerCase();
  } catch {
    return true;
  }
}

function agrees(got: number, recorded: number, host: string | null, transport: string): string | null {
  if (got === recorded) return null;
  if (got === 400 && recorded === 403 && malformed(host)) return null;
  if (got === 400 && transport === "hono" && honoRefuses(host)) return null;
  return `switchyard ${got}, Rails ${recorded}`;
}

for (const name of TRANSPORTS.filter((t) => t !== "fetch"))
  describe(`host authorization as Rails 6.1's, through ${name}`, () => {
    const served: Record<string, Transport> = {};
    before(async () => {
      for (const [config, o] of Object.entries({ ...CONFIGS, excluding: EXCLUDING }))
        served[config] = await transport(name, routes, options(o));
    });
    after(async () => {
      for (const t of Object.values(served)) await t.close();
    });

    test("the Host header: missing, empty, names, IPv4 and IPv6 forms", async () => {
      const wrong: string[] = [];
      for (const c of rails.hosts) {
        const got = await raw(served[c.config]!.port!, "/", c.host);
        const why = agrees(got, c.status, c.host, name);
        if (why !== null) wrong.push(`${c.config} ${JSON.stringify(c.host)}: ${why}`);
      }
      assert.deepEqual(wrong, []);
    });

    test("the last X-Forwarded-Host, as Ruby splits the header (empty fields at the end dropped, a blank one not checked)", async () => {
      const wrong: string[] = [];
      for (const c of rails.forwarded) {
        // (HTTP strips the white space around a field's value: no server receives `"a,  "` as is.)
        if (c.forwarded !== c.forwarded.trim()) continue;
        const got = await raw(served[c.config]!.port!, "/", c.host, c.forwarded);
        if (got !== c.status)
          wrong.push(
            `${c.config} ${c.host} X-Forwarded-Host ${JSON.stringify(c.forwarded)}: switchyard ${got}, Rails ${c.status}`,
          );
      }
      assert.deepEqual(wrong, []);
    });

    test("an absolute request target cannot name a host the check did not see", async () => {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(served.names!.port!, "127.0.0.1");
        let data = "";
        socket.on("data", (d) => (data += d.toString("latin1")));
        socket.on("error", reject);
        socket.on("close", () => resolve(data));
        socket.write("GET http://evil.com/ HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n\r\n");
      });
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
      assert.ok(status === 403 || status === 400 || (status === 200 && !answer.includes("evil.com")), answer);
    });

    test("hostAuthorization.exclude lets through what it returns true for (a health check by IP)", async () => {
      const wrong: string[] = [];
      for (const c of rails.exclude) {
        const got = await raw(served.excluding!.port!, c.path, c.host);
        if (got !== c.status) wrong.push(`${JSON.stringify(c.host)} ${c.path}: switchyard ${got}, Rails ${c.status}`);
      }
      assert.deepEqual(wrong, []);
    });
  });

test("the fetch handler agrees with Rails wherever a URL carries the Host as sent", async () => {
  const handlers = Object.fromEntries(
    Object.entries(CONFIGS).map(([config, o]) => [config, createHandler(routes, options(o))]),
  );
  const wrong: string[] = [];
  let asked = 0;
  for (const c of rails.hosts) {
    if (c.host === null || c.host === "") continue;
    let url: URL;
    try {
      url = new URL(`http://${c.host}/`);
    } catch {
      continue;
    }
    if (url.host !== c.host.toLowerCase()) continue;
    asked++;
    const got = (await handlers[c.config]!(new Request(url))).status;
    const why = agrees(got, c.status, c.host, "fetch");
    if (why !== null) wrong.push(`${c.config} ${c.host}: ${why}`);
  }
  assert.ok(asked >= 100, `${asked} hosts asked`);
  assert.deepEqual(wrong, []);
  const excluding = createHandler(routes, options(EXCLUDING));
  assert.equal((await excluding(new Request("http://10.0.0.7/up"))).status, 200);
  assert.equal((await excluding(new Request("http://10.0.0.7/"))).status, 403);
});
