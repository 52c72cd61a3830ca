// The transports one behaviour suite runs through (to prove they answer identically): the fetch
// handler called with a WHATWG Request, and each adapter serving over a real socket on 127.0.0.1
// (node:http, Express 5, Fastify 5, Hono on @hono/node-server). Every request names the host
// `blog.test`, so answers built from the request (redirect locations, `_url` helpers) agree.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { serve as honoServe } from "@hono/node-server";
import express from "express";
import Fastify from "fastify";
import { Hono } from "hono";
import type { RouteSet } from "../../src/index.js";
import { createHandler, type HandlerOptions } from "../../src/http/index.js";
import { toNodeListener } from "../../src/http/adapters/node.js";
import { expressMiddleware } from "../../src/http/adapters/express.js";
import { fastifyPlugin } from "../../src/http/adapters/fastify.js";
import { honoMiddleware } from "../../src/http/adapters/hono.js";

export const HOST = "blog.test";

export interface Sent {
  method?: string;
  /** The host (with a port, if any) the request is sent to: the Host header, the fetch Request's URL. Default HOST. */
  host?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export interface Got {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface Transport {
  readonly name: string;
  /** The port on 127.0.0.1 a socket transport listens on (undefined for the fetch handler). */
  readonly port?: number;
  request(path: string, init?: Sent): Promise<Got>;
  close(): Promise<void>;
}

/** "fetch" (the handler itself) or an adapter's subpath: "node", "express", ... */
export type TransportName = string;

/**
 * The fetch handler, then every adapter package.json exports from dist/http/adapters/: an adapter
 * added there runs the behaviour suite once `transport` below knows how to serve it in its host.
 */
export const TRANSPORTS: readonly TransportName[] = [
  "fetch",
  ...Object.entries(
    (
      JSON.parse(fs.readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
        exports: Record<string, { import?: string }>;
      }
    ).exports,
  )
    .filter(([, entry]) => entry.import?.startsWith("./dist/http/adapters/"))
    .map(([subpath]) => subpath.slice(2)),
];

/** Listens on 127.0.0.1 and a free port; resolves to the port. */
export async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** Closes a server and every connection it holds. */
export async function close(server: http.Server): Promise<void> {
  await new Promise((resolve) => {
    server.close(resolve);
    server.closeAllConnections();
  });
}

/** A raw HTTP/1.1 request over a socket (node's client: any header, HEAD read as HEAD). */
export function httpRequest(port: number, path: string, init: Sent = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: init.host ?? HOST, ...init.headers };
    if (init.body !== undefined) headers["content-length"] = String(Buffer.byteLength(init.body));
    const req = http.request(
      { host: "127.0.0.1", port, path, method: init.method ?? "GET", headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const out: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers))
            if (v !== undefined) out[k] = Array.isArray(v) ? v.join(", ") : v;
          resolve({ status: res.statusCode!, headers: out, body: Buffer.concat(chunks).toString("utf8") });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (init.body !== undefined) req.end(init.body);
    else req.end();
  });
}

function listening(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

function closing(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function overSocket(name: string, server: http.Server, port: number): Transport {
  return { name, port, request: (path, init) => httpRequest(port, path, init), close: () => closing(server) };
}

/** Serves `routes` with `options` through the named transport (adapters with fallthrough off: they answer 404 themselves). */
export async function transport(name: TransportName, routes: RouteSet, options: HandlerOptions): Promise<Transport> {
  const handler = createHandler(routes, options);
  switch (name) {
    case "fetch":
      return {
        name,
        async request(path, init = {}) {
          // (Bytes, not a string: a string body would get a text/plain Content-Type the socket transports do not send.)
          const body = typeof init.body === "string" ? new TextEncoder().encode(init.body) : init.body;
          const res = await handler(
            new Request(`http://${init.host ?? HOST}${path}`, {
              method: init.method ?? "GET",
              headers: init.headers,
              body,
              redirect: "manual",
            }),
          );
          const headers: Record<string, string> = {};
          res.headers.forEach((v, k) => (headers[k] = v));
          return { status: res.status, headers, body: await res.text() };
        },
        close: async () => {},
      };
    case "node": {
      const server = http.createServer(toNodeListener(handler));
      return overSocket(name, server, await listening(server));
    }
    case "express": {
      const app = express();
      app.use(expressMiddleware(handler, { fallthrough: false }));
      const server = http.createServer(app);
      return overSocket(name, server, await listening(server));
    }
    case "fastify": {
      const app = Fastify({ logger: false });
      await app.register(fastifyPlugin, { handler, fallthrough: false });
      await app.listen({ port: 0, host: "127.0.0.1" });
      const port = (app.server.address() as AddressInfo).port;
      return { name, port, request: (path, init) => httpRequest(port, path, init), close: () => app.close() };
    }
    case "hono": {
      const app = new Hono();
      app.use(honoMiddleware(handler, { fallthrough: false }));
      const server = await new Promise<http.Server>((resolve) => {
        const s = honoServe({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s as http.Server));
      });
      return overSocket(name, server, (server.address() as AddressInfo).port);
    }
    default:
      throw new Error(
        `package.json exports the adapter switchyard/${name}: serve it in its host in test/http/transports.ts so the behaviour suite runs through it`,
      );
  }
}
