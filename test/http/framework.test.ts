// `ctx.framework` (src/http/action-context.ts, given by each adapter's exchange): an action behind
// Express, Fastify or Hono reads what that framework's middleware set on its own objects (a
// passport-style `req.user`, a Fastify hook's `request.user`, Hono's `c.set("user")`), and behind
// node:http or the fetch handler it is undefined. Real frameworks, real sockets on 127.0.0.1.
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

/** Who the host's middleware said the user is, read from the host's own objects. */
function whoIs(ctx: ActionContext): string {
  const fw = ctx.framework;
  if (fw === undefined) return "no framework";
  if ("req" in fw) return `express: ${String((fw.req as { user?: string }).user)}`;
  if ("request" in fw) {
    fw.reply.header("x-set-through", "fastify reply");
    return `fastify: ${String((fw.request as { user?: string }).user)}`;
  }
  return `hono: ${String(fw.c.get("user" as never))}`;
}

const handler = createHandler(
  draw((r) => r.get("me", { to: "accounts#show" })),
  { env: "production", logger: false, controllers: { accounts: { show: whoIs } } },
);

test("express: an action reads the user a passport-style middleware put on req", async () => {
  const app = express();
  app.use((req, _res, next) => {
    (req as { user?: string }).user = "ann";
    next();
  });
  app.use(expressMiddleware(handler));
  const server = http.createServer(app);
  const port = await listen(server);
  try {
    assert.equal((await httpRequest(port, "/me")).body, "express: ann");
  } finally {
    await close(server);
  }
});

test("fastify: an action reads the user an onRequest hook put on request, and sets a header through reply", async () => {
  const app = Fastify();
  app.decorateRequest("user", "");
  app.addHook("onRequest", async (request) => {
    (request as { user?: string }).user = "bob";
  });
  await app.register(fastifyPlugin, { handler });
  await app.listen({ port: 0, host: "127.0.0.1" });
  try {
    const got = await httpRequest((app.server.address() as AddressInfo).port, "/me");
    assert.equal(got.body, "fastify: bob");
    assert.equal(got.headers["x-set-through"], "fastify reply");
  } finally {
    await app.close();
  }
});

test("hono: an action reads what a middleware set with c.set", async () => {
  const app = new Hono();
  app.use(async (c, next) => {
    c.set("user" as never, "cy" as never);
    await next();
  });
  app.use(honoMiddleware(handler));
  const server = honoServe({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as http.Server;
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    assert.equal((await httpRequest((server.address() as AddressInfo).port, "/me")).body, "hono: cy");
  } finally {
    await close(server);
  }
});

test("node:http and the fetch handler: no framework, ctx.framework is undefined", async () => {
  assert.equal(await (await handler(new Request("http://blog.test/me"))).text(), "no framework");
  const server = http.createServer(toNodeListener(handler));
  const port = await listen(server);
  try {
    assert.equal((await httpRequest(port, "/me")).body, "no framework");
  } finally {
    await close(server);
  }
});
