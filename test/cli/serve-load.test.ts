// Load and faults: `switchyard serve` (the built package, on 127.0.0.1) under keep-alive load —
// 20 clients, each looping on a 300 ms action over its own kept-alive connection — is sent
// SIGTERM (one process), then, with --workers 2, SIGUSR1 (a phased restart), a worker's kill -9 and
// SIGTERM. Only the client can count what was lost (the server never sees a request it reset):
// every request sent is counted, answered or lost (sent, then the connection failed, or no answer
// within the client's timeout), in the phase in which it ended; a connection refused sends nothing
// and is counted apart. SIGTERM and SIGUSR1 lose 0, and every answer once the server drains says
// `Connection: close`; what a kill -9 loses is reported, not asserted (its requests in flight die
// with it). Figures: bench/RESULTS.md.
import assert from "node:assert/strict";
import http from "node:http";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { httpRequest } from "../http/transports.js";
import { reap, startServe, until, type Served } from "./serve-process.js";

const app = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "fixtures/drain-app");
const CLIENTS = 20;
/** Milliseconds a client waits for an answer (the action takes 300 ms). */
const CLIENT_TIMEOUT = 3000;

interface Sent {
  readonly at: number;
  /** When the answer (or the failure) came. */
  end: number;
  status?: number;
  /** The answering process (the action answers its pid). */
  pid?: number;
  connection?: string;
  /** The client error: ECONNREFUSED (nothing sent) or a failure after sending (lost). */
  error?: string;
}

/** CLIENTS loops, each with one kept-alive connection, each POSTing /work until stopped or refused after `stopping`. */
class Load {
  readonly requests: Sent[] = [];
  #running = true;
  readonly #loops: Promise<void>[];
  constructor(readonly port: number) {
    this.#loops = Array.from({ length: CLIENTS }, () => this.#loop());
  }

  async #loop(): Promise<void> {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while (this.#running) {
        const sent = await this.#send(agent);
        if (sent.error === "ECONNREFUSED") await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      agent.destroy();
    }
  }

  #send(agent: http.Agent): Promise<Sent> {
    const sent: Sent = { at: Date.now(), end: 0 };
    this.requests.push(sent);
    return new Promise((resolve) => {
      const req = http.request(
        { host: "127.0.0.1", port: this.port, path: "/work", method: "POST", agent, headers: { "content-length": 0 } },
        (res) => {
          let body = "";
          res.setEncoding("utf8").on("data", (d: string) => (body += d));
          res.on("end", () => {
            Object.assign(sent, {
              end: Date.now(),
              status: res.statusCode,
              pid: Number(body),
              connection: res.headers.connection,
            });
            resolve(sent);
          });
          res.on("error", (e: NodeJS.ErrnoException) => {
            Object.assign(sent, { end: Date.now(), error: e.code ?? e.message });
            resolve(sent);
          });
        },
      );
      req.on("error", (e: NodeJS.ErrnoException) => {
        Object.assign(sent, { end: Date.now(), error: e.code ?? e.message });
        resolve(sent);
      });
      // A client's timeout: a connection lost in node's primary as a worker is killed gets no answer at all.
      req.setTimeout(CLIENT_TIMEOUT, () => req.destroy(Object.assign(new Error("no answer"), { code: "TIMEOUT" })));
      req.end();
    });
  }

  async stop(): Promise<void> {
    this.#running = false;
    await Promise.all(this.#loops);
  }

  /**
   * The requests that ended (answered or failed) in [from, to): sent (refused ones apart), answered,
   * lost (sent, no answer) and refused (nothing sent); and how many answers did not say
   * `Connection: close`.
   */
  count(from: number, to = Number.POSITIVE_INFINITY) {
    const ended = this.requests.filter((r) => r.end >= from && r.end < to);
    const refused = ended.filter((r) => r.error === "ECONNREFUSED").length;
    const answered = ended.filter((r) => r.status !== undefined);
    const lost = ended.filter((r) => r.status === undefined && r.error !== "ECONNREFUSED");
    return {
      sent: ended.length - refused,
      answered: answered.length,
      lost: lost.length,
      refused,
      errors: [...new Set(lost.map((r) => r.error))],
      notClose: answered.filter((r) => r.connection !== "close").length,
      failed: answered.filter((r) => r.status !== 200).length,
    };
  }

  /** The processes that answered since `from`. */
  pids(from: number): Set<number> {
    return new Set(this.requests.filter((r) => r.end >= from && r.pid !== undefined).map((r) => r.pid!));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The workers answering new connections: probes GET /pid, each on a connection of its own, until `count` answered (kept-alive load connections stay with their worker). */
async function workers(port: number, count: number, what: string): Promise<Set<number>> {
  const seen = new Set<number>();
  await until(
    async () => {
      seen.add(Number((await httpRequest(port, "/pid")).body));
      return seen.size >= count;
    },
    60_000,
    what,
  );
  for (const pid of seen) reap(pid);
  return seen;
}

/**
 * Sends SIGTERM and waits for the exit (0, within the shutdown timeout and some); resolves to when
 * the server's line saying it drains (`drains`) was seen.
 */
async function terminate(served: Served, drains: RegExp): Promise<number> {
  served.child.kill("SIGTERM");
  let seen = Number.POSITIVE_INFINITY;
  const watch = setInterval(() => {
    if (seen === Number.POSITIVE_INFINITY && drains.test(served.output())) seen = Date.now();
  }, 5);
  try {
    const exit = await Promise.race([served.exit, sleep(20_000).then(() => ({ code: null, signal: "still running" }))]);
    assert.deepEqual(exit, { code: 0, signal: null }, served.output());
  } finally {
    clearInterval(watch);
  }
  assert.ok(seen < Number.POSITIVE_INFINITY, `the server says it drains:\n${served.output()}`);
  return seen;
}

// The answers that end this long after the server says it drains were written after it began to (the
// allowance is for the test's own event loop, which reads the log and the answers in turn).
const READ_ALLOWANCE = 50;

test("one process under keep-alive load: SIGTERM loses no request, and every answer after it says Connection: close", {
  timeout: 180_000,
}, async (t) => {
  const served = await startServe(app, ["--shutdown-timeout", "10"]);
  const load = new Load(served.port);
  try {
    await until(() => load.count(0).answered >= CLIENTS * 2, 30_000, "the load to be answered");
    const term = Date.now();
    const drains = await terminate(served, /SIGTERM: finishing the requests in flight/);
    await load.stop();
    const before = load.count(0, term);
    const after = load.count(term);
    const closing = load.count(drains + READ_ALLOWANCE);
    t.diagnostic(`before SIGTERM ${JSON.stringify(before)}; after ${JSON.stringify(after)}`);
    assert.equal(before.lost + after.lost, 0, `lost: ${JSON.stringify([before.errors, after.errors])}`);
    assert.equal(before.failed + after.failed, 0);
    assert.ok(closing.answered > 0, "requests in flight at SIGTERM are answered");
    assert.equal(closing.notClose, 0, "every answer once it drains says Connection: close");
    assert.ok(after.refused > 0, "once stopped, a new connection is refused (nothing sent)");
  } finally {
    await load.stop();
  }
});

test("--workers 2 under keep-alive load: SIGUSR1 replaces both workers and loses nothing; kill -9 of a worker is counted; SIGTERM loses nothing", {
  timeout: 300_000,
}, async (t) => {
  const served = await startServe(app, ["--workers", "2", "--shutdown-timeout", "10"]);
  // Both workers listen before the load connects, so its kept-alive connections go to both.
  const first = await workers(served.port, 2, "both workers to answer");
  const load = new Load(served.port);
  try {
    await until(() => load.pids(0).size === 2, 30_000, "the load to reach both workers");

    const usr1 = Date.now();
    served.child.kill("SIGUSR1");
    await until(() => (served.output().match(/replaced by \d+/g) ?? []).length === 2, 120_000, "the phased restart");
    const restarted = Date.now();
    t.diagnostic(`phased restart took ${restarted - usr1} ms`);
    const fresh = new Set([...served.output().matchAll(/replaced by (\d+)/g)].map((m) => Number(m[1])));
    for (const pid of fresh) reap(pid);
    assert.deepEqual(await workers(served.port, 2, "both new workers to answer"), fresh, served.output());
    await until(() => load.pids(restarted).size > 0, 10_000, "the load to be answered again");
    assert.deepEqual(
      [...load.pids(restarted)].filter((p) => !fresh.has(p)),
      [],
      `only the new workers answer:\n${served.output()}`,
    );

    const [victim] = fresh;
    const kill = Date.now();
    process.kill(victim!, "SIGKILL");
    await until(
      () => new RegExp(`worker ${victim} died \\(SIGKILL\\)`).test(served.output()),
      10_000,
      "the death seen",
    );
    const after = await workers(served.port, 2, "its replacement to answer");
    assert.ok(!after.has(victim!), "the killed worker answers no more");
    // What the kill loses has ended (failed, or timed out) before SIGTERM.
    await sleep(Math.max(500, kill + CLIENT_TIMEOUT + 500 - Date.now()));
    const term = Date.now();
    const drains = await terminate(served, /every worker stopped accepting: draining/);
    await load.stop();

    const counts = {
      "before SIGUSR1": load.count(0, usr1),
      "SIGUSR1 (phased restart)": load.count(usr1, kill),
      "kill -9 of a worker": load.count(kill, term),
      SIGTERM: load.count(term),
    };
    for (const [phase, c] of Object.entries(counts)) t.diagnostic(`${phase}: ${JSON.stringify(c)}`);
    assert.equal(counts["before SIGUSR1"].lost, 0);
    assert.equal(counts["SIGUSR1 (phased restart)"].lost, 0, `lost: ${counts["SIGUSR1 (phased restart)"].errors}`);
    assert.equal(counts["SIGUSR1 (phased restart)"].refused, 0, "a phased restart refuses no connection");
    assert.equal(counts.SIGTERM.lost, 0, `lost: ${counts.SIGTERM.errors}`);
    const closing = load.count(drains + READ_ALLOWANCE);
    t.diagnostic(`answered once the workers drain: ${JSON.stringify(closing)}`);
    assert.ok(closing.answered > 0, "requests in flight at SIGTERM are answered");
    assert.equal(closing.notClose, 0, "every answer once the workers drain says Connection: close");
    for (const c of Object.values(counts)) assert.equal(c.failed, 0, "every answer is a 200");
  } finally {
    await load.stop();
  }
});
