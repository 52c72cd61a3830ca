// A new adapter is one file written against the transport kit's contract (src/http/transport/index.ts).
// This file is such an adapter, for a made-up host shaped as Koa is: middleware `async (ctx, next)`
// awaited in a chain, the host answering after the chain unless `ctx.respond` is false. The adapter
// awaits the kit's node dispatch (`serveNode`), which settles once the answer is written, and hands a
// request no route matches to `next`. It imports the kit and nothing else of switchyard's serving internals.
import assert from "node:assert/strict";
import fs from "node:fs";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { draw } from "../../src/index.js";
import { createHandler } from "../../src/http/index.js";
import { dispatcherOf, serveNode, Unmatched } from "../../src/http/transport/index.js";
import { httpRequest } from "./transports.js";

/** The host's context and middleware, as Koa's. */
interface HostContext {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  respond: boolean;
  status: number;
  body: string;
}
type Middleware = (ctx: HostContext, next: () => Promise<void>) => Promise<void>;

/** The host: runs the chain, awaiting each `next`, then answers from the context unless told not to. */
function host(chain: readonly Middleware[]): http.RequestListener {
  return async (req, res) => {
    const ctx: HostContext = { req, res, respond: true, status: 404, body: "Not Found" };
    const run = (i: number): Promise<void> => (i < chain.length ? chain[i]!(ctx, () => run(i + 1)) : Promise.resolve());
    await run(0);
    if (ctx.respond) res.writeHead(ctx.status).end(ctx.body);
  };
}

/** The throwaway adapter: the whole of it. */
function throwawayAdapter(handler: (request: Request) => Promise<Response>): Middleware {
  const dispatcher = dispatcherOf(handler);
  if (dispatcher === undefined) throw new TypeError("serves a handler made by createHandler");
  return async (ctx, next) => {
    const outcome = await serveNode(dispatcher, ctx.req, ctx.res, { unmatched: next });
    if (!(outcome instanceof Unmatched)) ctx.respond = false;
  };
}

const routes = draw((r) => {
  r.resources("photos", { only: ["show"] });
  r.get("boom", { to: "photos#boom" });
  r.get("stream", { to: "photos#stream" });
});
const adapter = throwawayAdapter(
  createHandler(routes, {
    env: "production",
    onError: () => {},
    controllers: {
      photos: {
        show: (ctx: { params: Record<string, unknown> }) => `photo ${String(ctx.params.id)}`,
        boom: () => {
          throw new Error("boom");
        },
        // A body that comes over several turns of the event loop: the dispatch settles only after its last chunk.
        stream: () => {
          let n = 0;
          const body = new ReadableStream<Uint8Array>({
            async pull(controller) {
              await new Promise((resolve) => setTimeout(resolve, 5));
              if (n === 3) controller.close();
              else controller.enqueue(new TextEncoder().encode(`chunk ${n++};`));
            },
          });
          return new Response(body);
        },
      },
    },
  }),
);

test("an awaiting adapter written against the transport kit alone serves, passes on, and fails as every adapter does", async () => {
  /** What the middleware before the adapter saw once its `await next()` returned: whether the answer was written. */
  const seen: string[] = [];
  const recorder: Middleware = async (ctx, next) => {
    await next();
    seen.push(`${ctx.req.url} ended=${ctx.res.writableEnded} respond=${ctx.respond}`);
  };
  const fallback: Middleware = async (ctx) => {
    ctx.status = 418;
    ctx.body = "the host's own answer";
  };
  const server = http.createServer(host([recorder, adapter, fallback]));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  try {
    const shown = await httpRequest(port, "/photos/7");
    assert.deepEqual(
      [shown.status, shown.body, shown.headers["content-type"]],
      [200, "photo 7", "text/html; charset=utf-8"],
    );
    const streamed = await httpRequest(port, "/stream");
    assert.deepEqual([streamed.status, streamed.body], [200, "chunk 0;chunk 1;chunk 2;"]);
    const passed = await httpRequest(port, "/nope");
    assert.deepEqual([passed.status, passed.body], [418, "the host's own answer"]);
    const head = await httpRequest(port, "/photos/7", { method: "HEAD" });
    assert.deepEqual([head.status, head.body], [200, ""]);
    assert.equal((await httpRequest(port, "/boom")).status, 500);
    assert.equal((await httpRequest(port, "/photos/%")).status, 400);
    assert.deepEqual(seen, [
      "/photos/7 ended=true respond=false",
      "/stream ended=true respond=false",
      "/nope ended=false respond=true",
      "/photos/7 ended=true respond=false",
      "/boom ended=true respond=false",
      "/photos/% ended=true respond=false",
    ]);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test("the adapter above imports switchyard's serving code only through the transport kit", () => {
  const source = fs.readFileSync(fileURLToPath(import.meta.url), "utf8");
  const serving = [...source.matchAll(/from "(\.\.\/\.\.\/src\/http\/[^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(serving.sort(), ["../../src/http/index.js", "../../src/http/transport/index.js"]);
});
