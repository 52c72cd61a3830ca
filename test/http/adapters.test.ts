// Each adapter within its host framework: how it falls through to the framework's own
// routes and not-found handling, where it takes its script name from (Express' mount path,
// Fastify's plugin prefix, Hono's `prefix`), and what it shares with the framework (an Express
// body parser's `req.body`). Real frameworks, real sockets on 127.0.0.1.
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { serve as honoServe } from "@hono/node-server";
import express from "express";
import Fastify from "fastify";
import { Hono } from "hono";
import { draw } from "../../src/index.js";
import { createHandler, type ActionContext } from "../../src/http/index.js";
import { toNodeListener } from "../../src/http/adapters/node.js";
import { expressMiddleware } from "../../src/http/adapters/express.js";
import { fastifyPlugin } from "../../src/http/adapters/fastify.js";
import { honoMiddleware } from "../../src/http/adapters/hono.js";
import { close, httpRequest, listen } from "./transports.js";
import { helpersNamed } from "../route-helpers.js";

const routes = draw((r) => {
  r.resources("photos", { only: ["index", "show", "create"] });
});
const handler = createHandler(routes, {
  env: "production",
  controllers: {
    photos: {
      index: (ctx: ActionContext) => {
        const { photo_url, photo_path } = helpersNamed(ctx.helpers, "photo_url", "photo_path");
        return { scriptName: ctx.scriptName, path: ctx.path, url: photo_url(1), link: photo_path(1) };
      },
      show: (ctx: ActionContext) => `photo ${String(ctx.params.id)}`,
      create: (ctx: ActionContext) => ctx.params,
    },
  },
});

test("express: unmatched requests go on to the app's own routes and 404; mounted, the mount path is the script name; req.body is used", async () => {
  const app = express();
  app.use("/blog", express.urlencoded({ extended: false }), expressMiddleware(handler));
  app.use(expressMiddleware(handler));
  app.get("/elsewhere", (_req, res) => void res.send("express route"));
  const server = http.createServer(app);
  const port = await listen(server);
  try {
    assert.equal((await httpRequest(port, "/photos/2")).body, "photo 2");
    assert.equal((await httpRequest(port, "/elsewhere")).body, "express route");
    const missing = await httpRequest(port, "/nope");
    assert.equal(missing.status, 404);
    assert.match(missing.body, /Cannot GET \/nope/, "Express' own 404");
    assert.deepEqual(JSON.parse((await httpRequest(port, "/blog/photos")).body), {
      scriptName: "/blog",
      path: "/photos",
      url: "http://blog.test/blog/photos/1",
      link: "/blog/photos/1",
    });
    const posted = await httpRequest(port, "/blog/photos", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "title=parsed+by+express",
    });
    assert.deepEqual(JSON.parse(posted.body), { title: "parsed by express", controller: "photos", action: "create" });
  } finally {
    await close(server);
  }
});

test("express: fallthrough false answers 404 itself", async () => {
  const app = express();
  app.use(expressMiddleware(handler, { fallthrough: false }));
  app.get("/elsewhere", (_req, res) => void res.send("never"));
  const server = http.createServer(app);
  const port = await listen(server);
  try {
    assert.deepEqual(
      [(await httpRequest(port, "/elsewhere")).status, (await httpRequest(port, "/elsewhere")).body],
      [404, "Not Found\n"],
    );
  } finally {
    await close(server);
  }
});

test("fastify: its own routes win, unmatched requests reach its not-found handler, the plugin prefix is the script name", async () => {
  const app = Fastify({ logger: false });
  app.get("/photos/own", async () => "fastify route");
  await app.register(fastifyPlugin, { handler });
  await app.register(fastifyPlugin, { handler, prefix: "/blog" });
  app.setNotFoundHandler((request, reply) => void reply.code(404).send(`fastify 404 ${request.url}`));
  await app.listen({ port: 0, host: "127.0.0.1" });
  const port = (app.server.address() as AddressInfo).port;
  try {
    assert.equal((await httpRequest(port, "/photos/2")).body, "photo 2");
    assert.equal((await httpRequest(port, "/photos/own")).body, "fastify route");
    assert.deepEqual(
      [(await httpRequest(port, "/nope")).status, (await httpRequest(port, "/nope")).body],
      [404, "fastify 404 /nope"],
    );
    assert.deepEqual(JSON.parse((await httpRequest(port, "/blog/photos")).body), {
      scriptName: "/blog",
      path: "/photos",
      url: "http://blog.test/blog/photos/1",
      link: "/blog/photos/1",
    });
    const posted = await httpRequest(port, "/photos", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"a":{"b":1}}',
    });
    assert.deepEqual(
      JSON.parse(posted.body),
      { a: { b: 1 }, controller: "photos", action: "create" },
      "the body is left to switchyard",
    );
  } finally {
    await app.close();
  }
});

test("hono: unmatched requests go on to the app's routes; a prefix is taken off the path and made the script name", async () => {
  const app = new Hono();
  app.use("/blog/*", honoMiddleware(handler, { prefix: "/blog" }));
  app.use(honoMiddleware(handler));
  app.get("/elsewhere", (c) => c.text("hono route"));
  // As the only handler of a catch-all route too (Hono's synchronous path): unmatched, next() is Hono's 404.
  const alone = new Hono();
  alone.all("*", honoMiddleware(handler));
  const direct = await alone.fetch(new Request("http://x/photos/5"));
  assert.equal(await direct.text(), "photo 5");
  assert.equal((await alone.fetch(new Request("http://x/nope"))).status, 404);
  const server = await new Promise<http.Server>((resolve) => {
    const s = honoServe({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s as http.Server));
  });
  const port = (server.address() as AddressInfo).port;
  try {
    assert.equal((await httpRequest(port, "/photos/2")).body, "photo 2");
    assert.equal((await httpRequest(port, "/elsewhere")).body, "hono route");
    assert.equal((await httpRequest(port, "/nope")).status, 404);
    assert.deepEqual(JSON.parse((await httpRequest(port, "/blog/photos")).body), {
      scriptName: "/blog",
      path: "/photos",
      url: "http://blog.test/blog/photos/1",
      link: "/blog/photos/1",
    });
  } finally {
    await close(server);
  }
});

test("node: toNodeListener serves any fetch handler too, through Request and Response", async () => {
  const server = http.createServer(
    toNodeListener(
      async (request) =>
        new Response(`${request.method} ${new URL(request.url).pathname} ${await request.text()}`, {
          headers: { "set-cookie": "a=1" },
        }),
    ),
  );
  const port = await listen(server);
  try {
    const got = await httpRequest(port, "/x/y", { method: "POST", body: "hello" });
    assert.equal(got.body, "POST /x/y hello");
    assert.equal(got.headers["set-cookie"], "a=1");
  } finally {
    await close(server);
  }
});

test("adapters refuse a handler that createHandler did not make, saying so", () => {
  const plain = async () => new Response("x");
  assert.throws(() => expressMiddleware(plain), /switchyard\/express serves a handler made by createHandler/);
  assert.throws(() => honoMiddleware(plain), /switchyard\/hono serves a handler made by createHandler/);
});
