// A new adapter is one file written against the transport kit's contract (src/http/transport/index.ts).
// This file is such an adapter, for a made-up host whose handlers get `(req, res, fallback)`: it turns
// the request into an exchange, dispatches it, and writes the outcome, falling back to the host on
// an unmatched request. It imports the kit and nothing else of switchyard's serving internals.
import assert from "node:assert/strict";
import fs from "node:fs";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { draw } from "../../src/index.js";
import { createHandler } from "../../src/http/index.js";
import {
  dispatcherOf,
  NodeExchange,
  Unmatched,
  writeFailed,
  writeOutcome,
  writeReply,
} from "../../src/http/transport/index.js";
import { httpRequest } from "./transports.js";

type HostHandler = (req: IncomingMessage, res: ServerResponse, fallback: () => void) => void;

/** The throwaway adapter: the whole of it. */
function throwawayAdapter(handler: (request: Request) => Promise<Response>): HostHandler {
  const dispatcher = dispatcherOf(handler);
  if (dispatcher === undefined) throw new TypeError("serves a handler made by createHandler");
  return (req, res, fallback) => {
    let ex: NodeExchange;
    try {
      ex = NodeExchange.of(req, res);
    } catch (e) {
      const bad = new NodeExchange(req, res, "", "/", "");
      writeReply(res, dispatcher.failure(bad, e), bad);
      return;
    }
    Promise.resolve(dispatcher.dispatch(ex))
      .then((outcome) => (outcome instanceof Unmatched ? fallback() : writeOutcome(dispatcher, res, outcome, ex)))
      .catch((e: unknown) => writeFailed(res, e));
  };
}

const routes = draw((r) => {
  r.resources("photos", { only: ["show"] });
  r.get("boom", { to: "photos#boom" });
});
const adapter = throwawayAdapter(
  createHandler(routes, {
    env: "production",
    controllers: {
      photos: {
        show: (ctx: { params: Record<string, unknown> }) => `photo ${String(ctx.params.id)}`,
        boom: () => {
          throw new Error("boom");
        },
      },
    },
  }),
);

test("an adapter written against the transport kit alone serves, falls back, and fails as every adapter does", async () => {
  const server = http.createServer((req, res) =>
    adapter(req, res, () => res.writeHead(418).end("the host's own answer")),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  try {
    const shown = await httpRequest(port, "/photos/7");
    assert.equal(shown.status, 200);
    assert.equal(shown.body, "photo 7");
    assert.equal(shown.headers["content-type"], "text/html; charset=utf-8");
    assert.deepEqual(
      [(await httpRequest(port, "/nope")).status, (await httpRequest(port, "/nope")).body],
      [418, "the host's own answer"],
    );
    const head = await httpRequest(port, "/photos/7", { method: "HEAD" });
    assert.deepEqual([head.status, head.body], [200, ""]);
    const failed = await httpRequest(port, "/boom");
    assert.equal(failed.status, 500);
    assert.equal((await httpRequest(port, "/photos/%")).status, 400);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test("the adapter above imports switchyard's serving code only through the transport kit", () => {
  const source = fs.readFileSync(fileURLToPath(import.meta.url), "utf8");
  const serving = [...source.matchAll(/from "(\.\.\/\.\.\/src\/http\/[^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(serving.sort(), ["../../src/http/index.js", "../../src/http/transport/index.js"]);
});
