// Writing a WHATWG Response to node's ServerResponse (writeResponse): a body already whole goes out
// with its Content-Length, as Rails' servers send it; a stream still producing is streamed chunked,
// its first chunk sent at once.
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { draw } from "../../../src/index.js";
import { createHandler, type ActionContext } from "../../../src/http/index.js";
import { toNodeListener } from "../../../src/http/adapters/node.js";

/** Resolves the stream's second chunk (the test releases it once the client has the first). */
let release: () => void = () => {};

const fetchHandler = (request: Request): Response => {
  const path = new URL(request.url).pathname;
  if (path === "/text") return new Response("héllo", { headers: { "content-type": "text/plain" } });
  if (path === "/bytes") return new Response(new Uint8Array([1, 2, 3]));
  if (path === "/empty") return new Response("");
  if (path === "/declared") return new Response("abc", { headers: { "content-length": "3" } });
  if (path === "/stream") {
    return new Response(
      new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode("first;"));
          await new Promise<void>((resolve) => (release = resolve));
          controller.enqueue(new TextEncoder().encode("second"));
          controller.close();
        },
      }),
    );
  }
  return new Response("nope", { status: 404 });
};

const app = createHandler(
  draw((r) => r.get("go", { to: "pages#go" })),
  { env: "production", controllers: { pages: { go: (ctx: ActionContext) => ctx.redirectTo("/there") } } },
);

const servers: http.Server[] = [];
const base: string[] = [];
before(async () => {
  for (const listener of [toNodeListener(fetchHandler), toNodeListener(app)]) {
    const server = http.createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
    base.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }
});
after(() => {
  for (const s of servers) s.close();
});

/** Status, headers and body as node's client reads them (framing headers included, which fetch hides). */
function get(
  url: string,
  onFirstData?: (text: string) => void,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => {
          if (chunks.length === 0) onFirstData?.(c.toString());
          chunks.push(c);
        });
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

describe("writeResponse", () => {
  it("a body already whole is sent with its Content-Length, not chunked", async () => {
    for (const [path, length, body] of [
      ["/text", "6", "héllo"],
      ["/bytes", "3", "\u0001\u0002\u0003"],
      ["/empty", "0", ""],
      ["/declared", "3", "abc"],
    ] as const) {
      const res = await get(`${base[0]}${path}`);
      assert.equal(res.headers["content-length"], length, path);
      assert.equal(res.headers["transfer-encoding"], undefined, path);
      assert.equal(res.body.toString(), body, path);
    }
  });

  it("a stream still producing is chunked, its first chunk sent before the stream ends", async () => {
    const res = await get(`${base[0]}/stream`, (first) => {
      assert.equal(first, "first;");
      release();
    });
    assert.equal(res.headers["transfer-encoding"], "chunked");
    assert.equal(res.headers["content-length"], undefined);
    assert.equal(res.body.toString(), "first;second");
  });

  it("an action's redirectTo goes out with its Content-Length, as Rails sends it", async () => {
    const res = await get(`${base[1]}/go`);
    assert.equal(res.headers.location, `${base[1]}/there`);
    assert.equal(res.headers["transfer-encoding"], undefined);
    assert.equal(Number(res.headers["content-length"]), res.body.byteLength);
    assert.match(res.body.toString(), /You are being <a href=".*\/there">redirected<\/a>/);
  });
});
