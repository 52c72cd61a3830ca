// test: a process of its own: its write-timeout test gives a client in this process 300 ms to read,
// and a process that has run the other files collects a larger heap, for longer at a time.
// The production server (src/http/server.ts): connections are bounded in time (slow headers, a
// body dripped a byte at a time, idle keep-alive), each closed by its timeout; a stop lets the
// requests in flight finish, closes idle connections, and ends the ones still running at the
// shutdown deadline. Timeouts are short here (hundreds of ms), on 127.0.0.1, so every test ends in
// a few seconds; each test closes its sockets and stops its server even when it fails.
import assert from "node:assert/strict";
import { once } from "node:events";
import net from "node:net";
import { test } from "node:test";
import { draw } from "../../src/index.js";
import { createHandler } from "../../src/http/index.js";
import { toNodeListener } from "../../src/http/adapters/node.js";
import {
  DEFAULT_TIMEOUTS,
  resolveTimeouts,
  runServer,
  serverTimeoutOptions,
  socketTimeout,
  type ServerOptions,
} from "../../src/http/server.js";

const routes = draw((r) => {
  r.post("upload", { to: "work#upload" });
  r.get("slow", { to: "work#slow" });
  r.get("never", { to: "work#never" });
  r.get("fast", { to: "work#fast" });
  r.get("big", { to: "work#big" });
});
const BIG = 20 * 1024 * 1024;
const controllers = {
  work: {
    upload: (ctx: { params: Record<string, unknown> }) => `got ${String(ctx.params.a ?? "")}`,
    slow: () => new Promise((resolve) => setTimeout(() => resolve("slow done"), 600)),
    never: () => new Promise(() => {}),
    fast: () => "fast",
    big: () => "x".repeat(BIG),
  },
};
const listener = toNodeListener(createHandler(routes, { env: "production", controllers }));

/** Runs a server on 127.0.0.1 for `body`, then stops it (even when `body` fails) and checks it resolved 0. */
async function withServer(
  options: Partial<ServerOptions>,
  body: (port: number, stop: () => Promise<number>, log: string[]) => Promise<void>,
): Promise<void> {
  const stopper = new AbortController();
  const log: string[] = [];
  let listening!: (port: number) => void;
  const port = new Promise<number>((resolve) => (listening = resolve));
  const done = runServer(listener, {
    port: 0,
    host: "127.0.0.1",
    signals: [],
    signal: stopper.signal,
    log: (l) => log.push(l),
    onListening: (a) => listening(a.port),
    ...options,
  });
  const stop = () => (stopper.abort(), done);
  try {
    await body(await port, stop, log);
  } finally {
    assert.equal(await stop(), 0);
  }
}

interface Held {
  /** Everything the server sent. */
  received: string;
  /** Milliseconds from opening to the server closing the connection. */
  closedAfter: Promise<number>;
  socket: net.Socket;
}

/** A raw connection: sends `first`, then `drip` every `every` ms until the server closes it. */
function hold(port: number, first: string, drip?: string, every = 50): Held {
  const started = Date.now();
  const socket = net.connect(port, "127.0.0.1");
  const held: Held = { received: "", socket, closedAfter: Promise.resolve(0) };
  socket.setEncoding("utf8").on("data", (d: string) => (held.received += d));
  socket.on("error", () => {}); // a reset while dripping is the server closing
  socket.write(first);
  const timer = drip === undefined ? undefined : setInterval(() => socket.writable && socket.write(drip), every);
  held.closedAfter = once(socket, "close").then(() => {
    clearInterval(timer);
    return Date.now() - started;
  });
  return held;
}

/** Closes the sockets (a failing test leaves none open) once `closed` settles or `limit` ms pass. */
async function closedWithin(held: Held[], limit: number): Promise<number[]> {
  const timer = setTimeout(() => held.forEach((h) => h.socket.destroy()), limit);
  try {
    return await Promise.all(held.map((h) => h.closedAfter));
  } finally {
    clearTimeout(timer);
  }
}

test("the defaults are a production server's: headers 30 s, the whole request 60 s, keep-alive 20 s, write 10 s, checked every second", () => {
  assert.deepEqual(DEFAULT_TIMEOUTS, { headers: 30_000, request: 60_000, keepAlive: 20_000, write: 10_000 });
  assert.deepEqual(serverTimeoutOptions(DEFAULT_TIMEOUTS), {
    headersTimeout: 30_000,
    requestTimeout: 60_000,
    keepAliveTimeout: 20_000,
    connectionsCheckingInterval: 1000,
  });
  assert.equal(
    serverTimeoutOptions({ headers: 400, request: 800, keepAlive: 0, write: 0 }).connectionsCheckingInterval,
    100,
    "a quarter of the shortest bound",
  );
  assert.match(
    String(resolveTimeouts({ headers: 5000, request: 1000 })),
    /the headers timeout \(5000 ms\) cannot be longer than the request timeout \(1000 ms\)/,
  );
  assert.match(
    String(resolveTimeouts({ keepAlive: -1 })),
    /the keepAlive timeout must be a number of milliseconds, 0 or more, not -1/,
  );
  assert.deepEqual(
    resolveTimeouts({ headers: 0, request: 0 }),
    { headers: 0, request: 0, keepAlive: 20_000, write: 10_000 },
    "0 turns a bound off",
  );
});

test("slow headers and a body dripped a byte at a time are answered 408 and closed by the timeouts", async () => {
  await withServer({ timeouts: { headers: 400, request: 800, keepAlive: 300 } }, async (port) => {
    const headers = Array.from({ length: 20 }, () => hold(port, "GET /fast HTTP/1.1\r\nHost: x\r\n", "X-Slow: 1\r\n"));
    const bodies = Array.from({ length: 20 }, () =>
      hold(
        port,
        "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\na=",
        "a",
      ),
    );
    const times = await closedWithin([...headers, ...bodies], 10_000);
    for (const h of [...headers, ...bodies]) assert.match(h.received, /^HTTP\/1\.1 408 Request Timeout\r\n/);
    const [headerTimes, bodyTimes] = [times.slice(0, 20), times.slice(20)];
    // Node checks every 100 ms here; a loaded machine adds its own delay, so the upper bound is loose.
    for (const t of headerTimes) assert.ok(t >= 350 && t < 5000, `slow headers closed after ${t} ms (bound 400 ms)`);
    for (const t of bodyTimes) assert.ok(t >= 750 && t < 5000, `slow body closed after ${t} ms (bound 800 ms)`);
  });
});

test("a request inside the bounds is served; its idle keep-alive connection is closed after the keep-alive timeout", async () => {
  await withServer({ timeouts: { headers: 2000, request: 4000, keepAlive: 300 } }, async (port) => {
    const conn = hold(
      port,
      "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5\r\n\r\na=xyz",
    );
    const [t] = await closedWithin([conn], 10_000);
    assert.match(conn.received, /^HTTP\/1\.1 200 OK\r\n[\s\S]*Keep-Alive: timeout=0?\.?\d*[\s\S]*\r\n\r\ngot xyz$/i);
    assert.ok(t! >= 250 && t! < 5000, `idle connection closed after ${t} ms (keep-alive 300 ms)`);
  });
});

test("a stop lets the request in flight finish (200), closes idle keep-alive connections, and resolves 0", async () => {
  await withServer({ timeouts: { headers: 5000, request: 10_000, keepAlive: 10_000 } }, async (port, stop) => {
    const idle = hold(port, "GET /fast HTTP/1.1\r\nHost: x\r\n\r\n");
    while (!idle.received.includes("fast")) await new Promise((r) => setTimeout(r, 10));
    const slow = hold(port, "GET /slow HTTP/1.1\r\nHost: x\r\n\r\n");
    await new Promise((r) => setTimeout(r, 150)); // the slow request is in its action
    const started = Date.now();
    const stopped = stop();
    await closedWithin([idle], 5000);
    assert.equal(slow.received, "", "the idle connection is closed while the slow request is still in flight");
    assert.equal(await stopped, 0);
    await closedWithin([slow], 5000);
    assert.match(slow.received, /^HTTP\/1\.1 200 OK\r\n[\s\S]*slow done$/);
    assert.ok(Date.now() - started < 5000, "stopped once the slow request was done, not at a timeout");
    // No more connections are accepted.
    const refused = net.connect(port, "127.0.0.1");
    const [error] = (await once(refused, "error")) as [NodeJS.ErrnoException];
    assert.equal(error.code, "ECONNREFUSED");
  });
});

test("a request still running at the shutdown timeout has its connection closed, and the stop resolves 0", async () => {
  await withServer({ shutdownTimeout: 300 }, async (port, stop, log) => {
    const stuck = hold(port, "GET /never HTTP/1.1\r\nHost: x\r\n\r\n");
    await new Promise((r) => setTimeout(r, 150));
    const started = Date.now();
    assert.equal(await stop(), 0);
    const elapsed = Date.now() - started;
    await closedWithin([stuck], 5000);
    assert.ok(elapsed >= 250 && elapsed < 5000, `stopped after ${elapsed} ms (shutdown timeout 300 ms)`);
    assert.equal(stuck.received, "", "closed without an answer");
    assert.match(
      log.join("\n"),
      /requests still running after the shutdown timeout \(300 ms\): closing their connections/,
    );
  });
});

test("draining: a request sent on an idle keep-alive connection just after the stop is answered with Connection: close, and so is the one in flight", async () => {
  await withServer({ timeouts: { headers: 5000, request: 10_000, keepAlive: 10_000 } }, async (port, stop) => {
    const idle = hold(port, "GET /fast HTTP/1.1\r\nHost: x\r\n\r\n");
    while (!idle.received.endsWith("fast")) await new Promise((r) => setTimeout(r, 10));
    assert.match(idle.received, /\r\nConnection: keep-alive\r\n/i);
    idle.received = "";
    const slow = hold(port, "GET /slow HTTP/1.1\r\nHost: x\r\n\r\n");
    await new Promise((r) => setTimeout(r, 150)); // the slow request is in its action
    const stopped = stop();
    // The client reuses its idle connection as the stop begins (a grace of DRAIN_IDLE_GRACE ms).
    await new Promise((r) => setTimeout(r, 20));
    idle.socket.write("GET /fast HTTP/1.1\r\nHost: x\r\n\r\n");
    await closedWithin([idle, slow], 5000);
    assert.match(idle.received, /^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\nConnection: close\r\n[\s\S]*fast$/i);
    assert.match(slow.received, /^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\nConnection: close\r\n[\s\S]*slow done$/i);
    assert.equal(await stopped, 0);
  });
});

test("the write bound is kept by a socket timeout of half of it: node lets one expiry after a partial write pass", () => {
  assert.equal(socketTimeout(DEFAULT_TIMEOUTS), 5000);
  assert.equal(socketTimeout({ ...DEFAULT_TIMEOUTS, write: 301 }), 151);
  assert.equal(socketTimeout({ ...DEFAULT_TIMEOUTS, write: 0 }), 0, "off");
});

test("the write timeout cuts a client that stops reading a response; an action slower than it is still answered", async () => {
  await withServer({ timeouts: { headers: 5000, request: 10_000, keepAlive: 10_000, write: 300 } }, async (port) => {
    const slow = hold(port, "GET /slow HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    const reader = hold(port, "GET /big HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    const stalled = hold(port, "GET /big HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    // Reads the answer's first chunk, then nothing: the server's writes stall once the buffers are full.
    await once(stalled.socket, "data");
    stalled.socket.pause();
    await new Promise((r) => setTimeout(r, 2500)); // the bound 300 ms; node checks for progress at each expiry
    stalled.socket.resume(); // what the buffers held, then the end the server sent when it cut it
    await closedWithin([slow, reader, stalled], 10_000);
    const body = (got: string) => got.length - got.indexOf("\r\n\r\n") - 4;
    assert.match(slow.received, /^HTTP\/1\.1 200 OK\r\n[\s\S]*slow done$/);
    assert.equal(body(reader.received), BIG, "a client that reads gets the whole answer");
    assert.ok(body(stalled.received) < BIG, `the stalled client was cut (${body(stalled.received)} of ${BIG} bytes)`);
  });
});
