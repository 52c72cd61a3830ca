// Calling a node listener from a fetch request: the listener gets an unmodified ServerResponse,
// and its answer is read back from the bytes node writes to the socket, whatever the listener
// does to the response object (Express 5 swaps its prototype).
import assert from "node:assert/strict";
import type { IncomingMessage, ServerResponse } from "node:http";
import { test } from "node:test";
import { callNodeListener } from "../../../src/http/transport/node-bridge.js";

type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

function call(
  listener: Listener,
  method = "GET",
  body: Uint8Array | ReadableStream<Uint8Array> | null = null,
  headers = new Headers(),
): Promise<Response> {
  return callNodeListener(listener, {
    method,
    url: "/x?y=1",
    baseUrl: "/m",
    originalUrl: "/m/x?y=1",
    headers,
    body,
    encrypted: false,
  });
}

const headerList = (r: Response) => [...r.headers];

test("status, reason, headers (each Set-Cookie kept) and body, from writeHead and end", async () => {
  const r = await call((_req, res) => {
    res.writeHead(201, "Made It", { "set-cookie": ["a=1", "b=2"], "x-a": "y" });
    res.end("ok");
  });
  assert.deepEqual([r.status, r.statusText], [201, "Made It"]);
  assert.deepEqual(headerList(r), [
    ["set-cookie", "a=1"],
    ["set-cookie", "b=2"],
    ["x-a", "y"],
  ]);
  assert.equal(await r.text(), "ok");
});

test("a response whose prototype the listener replaced (as Express 5 does) is still read", async () => {
  const r = await call((_req, res) => {
    Object.setPrototypeOf(res, Object.create(Object.getPrototypeOf(res) as object));
    res.setHeader("content-type", "text/plain");
    res.end("swapped");
  });
  assert.deepEqual([r.status, r.headers.get("content-type"), await r.text()], [200, "text/plain", "swapped"]);
});

test("a body written over time is streamed, chunked framing taken off, no hop-by-hop headers", async () => {
  const r = await call((_req, res) => {
    res.write("a");
    setTimeout(() => {
      res.write("b".repeat(5000));
      res.end("c");
    }, 5);
  });
  assert.equal(r.headers.get("transfer-encoding"), null);
  assert.equal(r.headers.get("connection"), null);
  assert.equal(await r.text(), `a${"b".repeat(5000)}c`);
});

test("headers flushed before the body; informational answers (100, 103) skipped", async () => {
  const flushed = await call((_req, res) => {
    res.setHeader("x-early", "1");
    res.flushHeaders();
    setTimeout(() => res.end("late"), 5);
  });
  assert.deepEqual([flushed.headers.get("x-early"), await flushed.text()], ["1", "late"]);
  const hinted = await call((_req, res) => {
    res.writeContinue();
    res.writeEarlyHints({ link: "</a.css>; rel=preload" });
    res.end("after");
  });
  assert.deepEqual([hinted.status, hinted.headers.get("link"), await hinted.text()], [200, null, "after"]);
});

test("no body for HEAD, 204 and 304", async () => {
  const head = await call((_req, res) => {
    res.setHeader("content-length", "5");
    res.end("hello");
  }, "HEAD");
  assert.deepEqual([head.status, head.headers.get("content-length"), head.body], [200, "5", null]);
  const none = await call((_req, res) => {
    res.statusCode = 204;
    res.end();
  });
  assert.deepEqual([none.status, none.body], [204, null]);
});

test("backpressure: a listener that waits for drain writes only as fast as the body is read", async () => {
  let writes = 0;
  const r = await call((_req, res) => {
    const go = () => {
      while (writes < 400) {
        writes++;
        if (!res.write(Buffer.alloc(16 * 1024, 97))) return void res.once("drain", go);
      }
      res.end();
    };
    go();
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.ok(writes < 20, `${writes} writes of 16 KiB before anything was read`);
  assert.equal((await r.arrayBuffer()).byteLength, 400 * 16 * 1024);
});

test("cancelling the body closes the response the listener holds", async () => {
  let closed = false;
  const r = await call((_req, res) => {
    res.on("close", () => (closed = true));
    res.write("x");
  });
  const reader = r.body!.getReader();
  await reader.read();
  await reader.cancel();
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.equal(closed, true);
});

test("a listener that closes without answering, or throws, rejects", async () => {
  await assert.rejects(
    call((_req, res) => void res.destroy()),
    /closed the connection without answering/,
  );
  await assert.rejects(
    call(() => {
      throw new Error("listener failed");
    }),
    /listener failed/,
  );
});

test("the request: method, url, baseUrl, the body with the Content-Length a server would have seen", async () => {
  const seen = await call(
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const r = req as IncomingMessage & { baseUrl: string; originalUrl: string };
        res.end(
          JSON.stringify({
            method: req.method,
            url: req.url,
            baseUrl: r.baseUrl,
            originalUrl: r.originalUrl,
            length: req.headers["content-length"] ?? null,
            te: req.headers["transfer-encoding"] ?? null,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      });
    },
    "POST",
    new TextEncoder().encode("a=1"),
    new Headers({ "content-type": "application/x-www-form-urlencoded" }),
  );
  assert.deepEqual(await seen.json(), {
    method: "POST",
    url: "/x?y=1",
    baseUrl: "/m",
    originalUrl: "/m/x?y=1",
    length: "3",
    te: null,
    body: "a=1",
  });
  const streamed = await call(
    (req, res) =>
      res.end(JSON.stringify([req.headers["content-length"] ?? null, req.headers["transfer-encoding"] ?? null])),
    "PUT",
    new Response("streamed").body!,
  );
  assert.deepEqual(await streamed.json(), [null, "chunked"]);
});
