// `switchyard serve` run as in production (the built package, a process of its own, 127.0.0.1):
// SIGTERM during a slow request lets it finish with 200 and exits 0; `--workers 2` serves from two
// processes, replaces a worker that is killed, and stops gracefully; Rails' health check at /up.
// Every process started is killed in `after`, even when a test fails. Under a loaded machine a
// process takes seconds to load its routes: the waits are long, the timeouts each test sets short.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";
import { CLI, serveArgs } from "./serve-args.js";
import { httpRequest } from "../http/transports.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const app = path.join(root, "test/cli/fixtures/prod-app");
const started = new Set<number>();
const children: ChildProcess[] = [];

after(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const pid of started) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

interface Served {
  child: ChildProcess;
  port: number;
  output: () => string;
  exit: Promise<number | null>;
}

/** Starts `switchyard serve` on the fixture app; resolves once it prints where it listens. */
async function start(...args: string[]): Promise<Served> {
  const child = spawn(process.execPath, [CLI, ...serveArgs(app, "production", ...args)], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, WEB_CONCURRENCY: "" },
  });
  children.push(child);
  started.add(child.pid!);
  let out = "";
  child.stdout!.setEncoding("utf8").on("data", (d: string) => (out += d));
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (out += d));
  const exit = once(child, "exit").then(() => child.exitCode);
  const port = await new Promise<number>((resolve, reject) => {
    const giveUp = Date.now() + 120_000;
    const timer = setInterval(() => {
      if (Date.now() > giveUp) {
        clearInterval(timer);
        reject(new Error(`switchyard serve did not listen within 120 s:\n${out}`));
      }
      const m = /on http:\/\/127\.0\.0\.1:(\d+) \(4 routes/.exec(out);
      if (m) {
        clearInterval(timer);
        resolve(Number(m[1]));
      }
    }, 20);
    void exit.then((code) => {
      clearInterval(timer);
      reject(new Error(`switchyard serve exited (${code}):\n${out}`));
    });
  });
  return { child, port, output: () => out, exit };
}

/** GET /pid: the answering process, or null when no answer came within 5 s (see the workers test). */
async function pid(port: number): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), 5000)));
  try {
    const got = await Promise.race([httpRequest(port, "/pid"), late]);
    if (got === null) return null;
    assert.equal(got.status, 200);
    return Number(got.body);
  } finally {
    clearTimeout(timer);
  }
}
const alive = (p: number) => {
  try {
    process.kill(p, 0);
    return true;
  } catch {
    return false;
  }
};

/** Polls `probe` every 50 ms until it returns true, for at most `limit` ms. */
async function until(probe: () => Promise<boolean> | boolean, limit: number, what: string): Promise<void> {
  const deadline = Date.now() + limit;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting ${limit} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test("SIGTERM during a slow request: the request completes with 200, the process exits 0", {
  timeout: 180_000,
}, async () => {
  const served = await start("--shutdown-timeout", "10");
  const up = await httpRequest(served.port, "/up");
  assert.deepEqual(
    [up.status, up.body],
    [200, `<!DOCTYPE html><html><body style="background-color: green"></body></html>`],
  );
  const slow = httpRequest(served.port, "/slow");
  await new Promise((r) => setTimeout(r, 300)); // the request is in its action, which awaits 1 s
  served.child.kill("SIGTERM");
  const answer = await slow;
  assert.deepEqual([answer.status, answer.body], [200, "slow done"]);
  assert.equal(await served.exit, 0);
  assert.match(served.output(), /SIGTERM: finishing the requests in flight \(up to 10000 ms\), then stopping/);
});

test("--workers 2 serves from two processes, replaces a killed worker, and stops gracefully on SIGTERM", {
  timeout: 400_000,
}, async (t) => {
  const t0 = Date.now();
  const served = await start("--workers", "2", "--shutdown-timeout", "10");
  t.diagnostic(`listening after ${Date.now() - t0} ms`);
  assert.match(served.output(), /\(4 routes, 2 workers\)/);
  const workers = new Set<number>();
  await until(
    async () => {
      const p = await pid(served.port);
      if (p !== null) workers.add(p);
      return workers.size === 2;
    },
    120_000,
    "both workers to answer",
  );
  for (const w of workers) started.add(w);
  t.diagnostic(`both workers answered after ${Date.now() - t0} ms`);
  assert.ok(!workers.has(served.child.pid!), "the workers are not the primary");

  const [killed] = workers;
  process.kill(killed!, "SIGKILL");
  // The other worker answers while the killed one is replaced, then a new process takes over. A
  // connection node's cluster had handed to the worker as it was killed gets no answer (node's
  // round-robin primary loses it; a client's timeout ends it): such losses are counted, not failed.
  const seen = new Set<number>();
  let lost = 0;
  await until(
    async () => {
      const p = await pid(served.port);
      if (p === null) return (lost++, false);
      seen.add(p);
      started.add(p);
      return !workers.has(p);
    },
    120_000,
    "a new worker to answer",
  );
  t.diagnostic(`requests lost while the worker was replaced: ${lost}`);
  assert.ok(lost <= 2, `${lost} requests lost`);
  for (let i = 0; i < 6; i++)
    assert.notEqual(await pid(served.port), null, "every request is answered once the new worker is up");
  assert.ok(!seen.has(killed!), "the killed worker answers no more");
  assert.match(
    served.output(),
    new RegExp(`worker ${killed} died \\(SIGKILL\\) after \\d+ ms; starting another in 100 ms`),
  );

  t.diagnostic(`a new worker answered after ${Date.now() - t0} ms`);
  const running = [...seen];
  const slow = httpRequest(served.port, "/slow");
  await new Promise((r) => setTimeout(r, 300));
  served.child.kill("SIGTERM");
  const answer = await slow;
  assert.deepEqual([answer.status, answer.body], [200, "slow done"]);
  assert.equal(await served.exit, 0);
  assert.match(served.output(), /SIGTERM: stopping 2 workers/);
  for (const w of running) assert.equal(alive(w), false, `worker ${w} is gone`);
});

test("serve's production options: bad values exit 2 naming the flag; a port taken with --workers exits 1", {
  timeout: 180_000,
}, async () => {
  const { main } = await import("../../src/cli/main.js");
  const run = async (argv: string[], env: Record<string, string> = {}) => {
    const saved = { ...process.env };
    Object.assign(process.env, { WEB_CONCURRENCY: "" }, env);
    let stderr = "";
    try {
      const code = await main(["serve", "--root", app, "--host", "127.0.0.1", ...argv], {
        stdout: { write: () => true },
        stderr: { write: (s: string) => (stderr += s) },
      });
      return { code, stderr };
    } finally {
      process.env = saved;
    }
  };
  const workers = await run(["--workers", "two"]);
  assert.equal(workers.code, 2);
  assert.match(workers.stderr, /--workers must be a number of workers from 0 to 1024, or auto, not "two"/);
  const env = await run([], { WEB_CONCURRENCY: "-1" });
  assert.match(env.stderr, /WEB_CONCURRENCY must be a number of workers from 0 to 1024, or auto, not "-1"/);
  const seconds = await run(["--keep-alive-timeout", "5s"]);
  assert.match(seconds.stderr, /--keep-alive-timeout must be a number of seconds \(0 turns it off\), not "5s"/);
  const order = await run(["--headers-timeout", "90"]);
  assert.equal(order.code, 2);
  assert.match(
    order.stderr,
    /--headers-timeout \(90000 ms\) cannot be longer than --request-timeout \(60000 ms\): the headers are part of the request/,
  );

  // A taken port: the workers cannot listen, and the primary stops (exit 1) instead of forking again.
  const taken = await start();
  const busy = spawn(
    process.execPath,
    [
      path.join(root, "bin/switchyard.js"),
      "serve",
      "--root",
      app,
      "--port",
      String(taken.port),
      "--host",
      "127.0.0.1",
      "--env",
      "production",
      "--workers",
      "1",
    ],
    { cwd: root, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, WEB_CONCURRENCY: "" } },
  );
  children.push(busy);
  let err = "";
  busy.stderr!.setEncoding("utf8").on("data", (d: string) => (err += d));
  const [code] = (await once(busy, "exit")) as [number | null];
  assert.equal(code, 1, err);
  assert.match(err, /cannot listen on 127\.0\.0\.1:\d+: EADDRINUSE/);
  assert.match(err, /exited \(exit 1\) before any worker listened: stopping/);
  taken.child.kill("SIGTERM");
  assert.equal(await taken.exit, 0);
});
