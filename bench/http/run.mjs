// `npm run bench:http`: HTTP servers under load, all serving the same route table.
//   npm run bench:http [-- --quick] [--only a,b,...] [--rounds N] [--duration S] [--connections N]
//                      [--pipelining N] [--heap 100000,1000000] [--heap-seconds S] [--heap-pipelining N]
//
// What each server serves. The rails-app table (430 routes: 50 resources, 8 of them nested, 8 in an
// admin namespace, 19 member/collection routes, root and 10 custom routes; bench/tables/rails-app.json,
// made by ../shared/bench/generate.mjs from rails-app.spec.json), with one trivial action for every
// route: answer the matched route's table key ("GET /photos/:id(.:format)") as the body, through the
// framework's own way of sending a string (servers/NAME.mjs says which). The request mix is the
// table's `formatRequests` list: 1,333 requests, 237 static, 371 dynamic, 60 nested, 332 more with a
// .json/.xml/.csv format, and 333 that no route matches (25%: a method not routed, a typo, an
// unknown prefix, extra segments), which must get 404.
//
// The servers, each in a process of its own (server.mjs loading servers/NAME.mjs, under
// --expose-gc) so that heaps and JITs don't mix, listening on 127.0.0.1:
//   node                  bare node:http, a Map of the static paths and a segment trie for the
//                         rest: the limit (servers/node.mjs says what it does and what it skips)
//   fastify, hono, express   Fastify 5, Hono on @hono/node-server, Express 5, each routing with
//                         its own router
//   switchyard-node       toNodeListener(createHandler(routes, { controllers })) from
//                         switchyard/node and switchyard/http on node:http
//   switchyard-fastify, switchyard-hono, switchyard-express   switchyard's adapters, each the only
//                         plugin/middleware of an app of its host framework
// A server whose module is missing (a switchyard server, when SWITCHYARD_ROOT names a build
// without switchyard/http and its adapters) is skipped, with the reason printed; one that fails
// to start is reported and the run goes on.
//
// How. (1) Each server in turn is started, its heap read, and every distinct request of the list
// (1,196) sent once and its answer compared with the table's expectation (200 and the route key as
// the body, or 404); a server that answers any wrongly is still timed, its row marked. Then load
// from autocannon (load.mjs, a process of its own; every connection walks the list in order, round
// and round, each from its own offset) up to the first heap checkpoint (100k requests served, which warms the JIT up too),
// and its heap again. (2) Timed rounds, all servers up and idle but the one under load: each round
// loads every server for --duration seconds over --connections keep-alive connections, unpipelined
// by default, each round starting one server further on; a server's req/s is the median of its
// rounds (autocannon's mean of its per-second counts), its p50/p99 latency that round's, from every
// response's time (404s included; load.mjs keeps them, autocannon's own histogram holds whole
// milliseconds of 2xx answers only). Status counts add all rounds: 2xx, 404 (against the list's
// 25% share), any other status (an error), socket errors and timeouts. (3) Each server in turn is
// loaded on to the second checkpoint (1M requests served) and its heap read a last time. A heap
// figure is heapUsed after four full collections a tick apart (gc(), asked for over IPC). A
// load-up stops at --heap-seconds: a checkpoint not reached in time is read where the load
// stopped and shown so ("at 412k").
//
// Each timed round also reads the server's CPU time (process.cpuUsage over IPC) before and after:
// CPU time per request served, a figure a busy shared machine moves less than req/s (neighbours
// slow the clock more than the work). It still grows with contention (shared caches, sibling
// hyperthreads): the best round's is the least disturbed, and the one the CPU ratios compare
// (the median is shown beside it).
//
// SWITCHYARD_ROOT=DIR loads switchyard from another checkout's package.json and dist/.
// Printed: the table of figures, then the ratios of req/s and of CPU per request: switchyard-node / fastify, each adapter
// / its host framework with its own router, and every server / node (the limit). The whole run goes
// to bench/tables/http-last-run.json.
//
// Bounds, on the 2-core benchmark machine: the timed rounds take rounds x duration x servers (2 min
// for 8 servers by default), the load-ups at most 2 x --heap-seconds a server; a full run of 8
// servers is bounded by ~20 min and takes ~10 on a quiet machine, where most of it is the slow
// servers' way to 1M requests (--heap 100000,300000 for a shorter one); --quick (1 round of 2 s, 16
// connections, checkpoints 10k and 50k) takes a minute or two. The load generator and the server
// under load share the two cores (with whatever else runs): the figures compare servers measured
// the same way in the same run; they are not a server's capacity.
import { fork } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadTable } from "./table.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

// ------------------------------------------------------------------ flags

const SERVERS = ["node", "fastify", "hono", "express", "switchyard-node", "switchyard-fastify", "switchyard-hono", "switchyard-express"];
const args = process.argv.slice(2);
const flag = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const quick = args.includes("--quick");
const opts = {
  duration: Number(flag("--duration", quick ? 2 : 3)),
  rounds: Number(flag("--rounds", quick ? 1 : 5)),
  heapSeconds: Number(flag("--heap-seconds", quick ? 30 : 60)),
  connections: Number(flag("--connections", quick ? 16 : 32)),
  pipelining: Number(flag("--pipelining", 1)),
  heapPipelining: Number(flag("--heap-pipelining", 1)),
  checkpoints: flag("--heap", quick ? "10000,50000" : "100000,1000000").split(",").map(Number),
  only: flag("--only", null)?.split(",") ?? SERVERS,
};
const known = ["--quick", "--only", "--rounds", "--duration", "--connections", "--pipelining", "--heap", "--heap-seconds", "--heap-pipelining"];
for (const a of args) if (a.startsWith("--") && !known.includes(a)) throw new Error(`unknown flag ${a}; the flags: ${known.join(" ")}`);
for (const [k, v] of Object.entries(opts)) if (typeof v === "number" && !(v > 0)) throw new Error(`${k} must be a positive number, got ${v}`);
// Servers run only when named with --only: switchyard-fetch (the fetch handler through Request/Response).
const OPT_IN = ["switchyard-fetch"];
for (const name of opts.only) if (!SERVERS.includes(name) && !OPT_IN.includes(name)) throw new Error(`--only: unknown server ${name}; the servers: ${[...SERVERS, ...OPT_IN].join(", ")}`);
if (opts.checkpoints.length !== 2 || !(opts.checkpoints[0] < opts.checkpoints[1])) throw new Error("--heap takes two growing request counts, e.g. 100000,1000000");

// ------------------------------------------------------------------ children

/** The next IPC message of a child, or a rejection when it exits first or takes longer than `ms`. */
function nextMessage(child, ms, what) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(reject, new Error(`${what}: no answer in ${ms / 1000} s`)), ms);
    const onMessage = (m) => done(resolve, m);
    const onExit = (code, signal) => done(reject, new Error(`${what}: exited (${signal ?? code}) before answering`));
    function done(settle, v) {
      clearTimeout(timer);
      child.off("message", onMessage).off("exit", onExit);
      settle(v);
    }
    child.on("message", onMessage).on("exit", onExit);
  });
}

/** Runs one autocannon job in a fresh load.mjs process. */
async function load(port, requests, job) {
  const child = fork(path.join(here, "load.mjs"), [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  child.send({ url: `http://127.0.0.1:${port}`, requests, connections: opts.connections, ...job });
  // load.mjs ends a job after its duration, or stops it at maxSeconds.
  const limit = ((job.duration ?? job.maxSeconds) + 30) * 1000;
  const result = await nextMessage(child, limit, "load generator");
  if (child.exitCode === null) await once(child, "exit");
  return result;
}

/** Sends every distinct request once; returns the wrong answers. */
async function verify(port, requests) {
  const seen = new Set();
  const wrong = [];
  let sent = 0;
  for (const q of requests) {
    const id = `${q.method} ${q.path}`;
    if (seen.has(id)) continue;
    seen.add(id);
    sent++;
    let got;
    try {
      const res = await fetch(`http://127.0.0.1:${port}${q.path}`, { method: q.method });
      const body = await res.text();
      got = res.status === 200 ? body : res.status === 404 ? null : `status ${res.status}: ${body.slice(0, 80)}`;
    } catch (e) {
      got = `threw ${e.message}`;
    }
    if (got !== q.expect) wrong.push(`${id}: want ${q.expect ?? "404"}, got ${got ?? "404"}`);
  }
  return { sent, wrong };
}

/** A server process: started, its port known, or skipped/failed with the reason. */
async function start(name) {
  const child = fork(path.join(here, "server.mjs"), [name], { execArgv: ["--expose-gc"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const s = { name, child, served: 0 };
  try {
    const hello = await nextMessage(child, 60_000, name);
    if (hello.skip) s.skipped = hello.skip;
    else if (hello.failed) s.failed = hello.failed;
    else s.port = hello.ready;
  } catch (e) {
    s.failed = e.stack;
  }
  if (s.port === undefined) await stop(s);
  return s;
}

async function stop(s) {
  if (s.child.connected) s.child.send({ exit: true });
  const exited = s.child.exitCode !== null || s.child.signalCode !== null ||
    (await Promise.race([once(s.child, "exit").then(() => true), new Promise((r) => setTimeout(r, 5000, false))]));
  if (!exited) s.child.kill();
}

/** heapUsed of a server process after its collections. */
/** The server process's CPU time so far, µs. */
async function cpuTime(s) {
  s.child.send({ cpu: true });
  return (await nextMessage(s.child, 60_000, `${s.name} cpu`)).cpu;
}

async function heap(s) {
  s.child.send({ heap: true });
  return (await nextMessage(s.child, 60_000, `${s.name} heap`)).heap.heapUsed;
}

/**
 * Loads a server, untimed (pipelined by --heap-pipelining), until it has served `n` requests or
 * `maxSeconds` have passed; then reads its heap. autocannon's `amount` stops up to a batch
 * (connections x pipelining) short, and waits forever when asked for less than a batch: the rest
 * goes over one connection.
 */
async function upTo(s, requests, n, maxSeconds) {
  const t0 = Date.now();
  const left = () => maxSeconds - (Date.now() - t0) / 1000;
  const batch = opts.connections * opts.heapPipelining;
  while (s.served < n && left() > 1) {
    const rest = n - s.served;
    const job = rest > batch ? { pipelining: opts.heapPipelining } : { connections: 1, pipelining: 1 };
    const { total } = await load(s.port, requests, { ...job, amount: rest, maxSeconds: left() });
    s.served += total;
    if (total === 0) break;
  }
  return { requests: s.served, heapUsed: await heap(s), seconds: (Date.now() - t0) / 1000 };
}

// ------------------------------------------------------------------ run

const table = loadTable();
const requests = table.formatRequests.map(({ method, path, expect }) => ({ method, path, expect }));
const missShare = requests.filter((q) => q.expect === null).length / requests.length;
const cpu = os.cpus()[0]?.model ?? "unknown CPU";
console.log(`bench:http: ${table.routes.length} routes, ${requests.length} requests a round (${(missShare * 100).toFixed(1)}% 404s); ` +
  `${opts.connections} connections, ${opts.rounds} rounds of ${opts.duration} s a server (pipelining ${opts.pipelining}), heap at ${opts.checkpoints.join(" and ")} requests ` +
  `(pipelining ${opts.heapPipelining}); node ${process.version}, ${os.cpus().length} x ${cpu}`);

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;

// 1. Start every server, check its answers, load it up to the first checkpoint (which warms its
// JIT up) and read its heap. All stay up for the timed rounds: idle, a server takes no CPU.
const servers = [];
for (const name of opts.only) {
  const s = await start(name);
  servers.push(s);
  if (s.skipped) { console.log(`  ${name}: skipped (${s.skipped})`); continue; }
  if (s.failed) { console.log(`  ${name}: FAILED\n${s.failed.replace(/^/gm, "    ")}`); continue; }
  try {
    s.heapStart = await heap(s);
    const { sent, wrong } = await verify(s.port, requests);
    s.served = sent;
    s.wrong = wrong;
    s.first = await upTo(s, requests, opts.checkpoints[0], opts.heapSeconds);
    s.rounds = [];
    console.log(`  ${name}: ${wrong.length ? `${wrong.length} WRONG answers` : `all ${sent} distinct requests answered as the table expects`}; ` +
      `${s.first.requests} requests served in ${s.first.seconds.toFixed(0)} s (${elapsed()})`);
  } catch (e) {
    s.failed = e.stack;
    console.log(`  ${name}: FAILED\n${s.failed.replace(/^/gm, "    ")}`);
    await stop(s);
  }
}
const live = servers.filter((s) => s.rounds);

// 2. Timed rounds: every server once a round, each round starting one server further on, so that
// a neighbour's burst on this shared machine does not fall on one server's figures only.
for (let round = 0; round < opts.rounds; round++) {
  const at = round % Math.max(live.length, 1);
  for (const s of [...live.slice(at), ...live.slice(0, at)]) {
    const cpu0 = await cpuTime(s);
    const r = await load(s.port, requests, { duration: opts.duration, pipelining: opts.pipelining, latency: true });
    r.cpuPerRequest = r.total > 0 ? (await cpuTime(s) - cpu0) / r.total : NaN;
    s.served += r.total;
    s.rounds.push(r);
  }
  console.log(`  round ${round + 1}/${opts.rounds}: ${live.map((s) => `${s.name} ${Math.round(s.rounds.at(-1).rps)}`).join(", ")} req/s (${elapsed()})`);
}

// 3. On to the second checkpoint, one server at a time, then its heap; then the server stops.
for (const s of live) {
  s.second = await upTo(s, requests, opts.checkpoints[1], opts.heapSeconds);
  await stop(s);
  console.log(`  ${s.name}: ${s.second.requests} requests served (${elapsed()})`);
}

// ------------------------------------------------------------------ report

const mb = (b) => (b / 1048576).toFixed(1);
const median = (xs) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1];
const k = (n) => (n >= 1e6 ? `${n / 1e6}M` : `${n / 1000}k`);
const rows = live.map((s) => {
  const byRps = [...s.rounds].sort((a, b) => a.rps - b.rps);
  const mid = byRps[(byRps.length - 1) >> 1];
  s.rps = mid.rps;
  const statuses = {};
  for (const r of s.rounds) for (const [c, n] of Object.entries(r.statuses)) statuses[c] = (statuses[c] ?? 0) + n;
  s.statuses = statuses;
  const total = Object.values(statuses).reduce((a, b) => a + b, 0);
  const ok = Object.entries(statuses).filter(([c]) => c.startsWith("2")).reduce((a, [, n]) => a + n, 0);
  const notFound = statuses["404"] ?? 0;
  // A checkpoint not reached in --heap-seconds is read where the load stopped.
  const short = (c, n) => (c.requests < n ? ` (at ${k(Math.floor(c.requests / 1000) * 1000)})` : "");
  return {
    server: s.name,
    "req/s": Math.round(mid.rps),
    "rounds' range": `${Math.round(byRps[0].rps)}-${Math.round(byRps.at(-1).rps)}`,
    "CPU µs/req best (median)": `${(s.cpu = Math.min(...s.rounds.map((r) => r.cpuPerRequest))).toFixed(1)} (${median(s.rounds.map((r) => r.cpuPerRequest)).toFixed(1)})`,
    "p50 ms": mid.p50.toFixed(2),
    "p99 ms": mid.p99.toFixed(2),
    "2xx": ok,
    "404 (share)": `${notFound} (${((notFound / total) * 100).toFixed(1)}%)`,
    "other non-2xx": total - ok - notFound,
    "errors": s.rounds.reduce((a, r) => a + r.errors + r.timeouts, 0),
    wrong: s.wrong.length,
    "heap MB start": mb(s.heapStart),
    [`heap MB ${k(opts.checkpoints[0])}`]: mb(s.first.heapUsed) + short(s.first, opts.checkpoints[0]),
    [`heap MB ${k(opts.checkpoints[1])}`]: mb(s.second.heapUsed) + short(s.second, opts.checkpoints[1]),
  };
});
console.log(`\nreq/s: the median of ${opts.rounds} rounds of ${opts.duration} s; p50/p99: that round's (every response, 404s too); status counts: all rounds. ` +
  `404 share expected: ${(missShare * 100).toFixed(1)}% (connections stopping mid-list move it a little). heap: heapUsed after gc().`);
console.table(rows);
for (const s of live) {
  if (s.wrong.length) console.log(`${s.name} answered ${s.wrong.length} of the distinct requests wrongly, e.g.\n${s.wrong.slice(0, 5).map((w) => `    ${w}`).join("\n")}`);
  const share = (s.statuses["404"] ?? 0) / Object.values(s.statuses).reduce((a, b) => a + b, 0);
  if (Math.abs(share - missShare) > 0.02) console.log(`${s.name}: 404s were ${(share * 100).toFixed(1)}% of the answers under load, where the list has ${(missShare * 100).toFixed(1)}%`);
  const other = Object.entries(s.statuses).filter(([c]) => !c.startsWith("2") && c !== "404");
  if (other.length) console.log(`${s.name}: answers neither 2xx nor 404 under load: ${JSON.stringify(Object.fromEntries(other))}`);
}

const rps = Object.fromEntries(live.map((s) => [s.name, s.rps]));
const ratio = (a, b) => (rps[a] && rps[b] ? `${(rps[a] / rps[b]).toFixed(2)}x` : `not measured (${[a, b].filter((n) => !rps[n]).join(", ")})`);
console.log("\nratios of requests/s:");
console.log(`  ${"switchyard-node / fastify".padEnd(36)} ${ratio("switchyard-node", "fastify")}`);
for (const host of ["express", "fastify", "hono"]) console.log(`  ${`switchyard-${host} / ${host}`.padEnd(36)} ${ratio(`switchyard-${host}`, host)}`);
for (const s of live) if (s.name !== "node") console.log(`  ${`${s.name} / node (the limit)`.padEnd(36)} ${ratio(s.name, "node")}`);
// Server CPU time per request, as a speed ratio (less CPU a request is faster): steadier than
// requests/s on a shared machine, since a neighbour's load slows the clock, not the work.
const cpuOf = Object.fromEntries(live.map((s) => [s.name, s.cpu]));
const cpuRatio = (a, b) => (cpuOf[a] && cpuOf[b] ? `${(cpuOf[b] / cpuOf[a]).toFixed(2)}x` : "not measured");
console.log("\nratios of server CPU time per request, best rounds (b's µs / a's: above 1, a does a request with less CPU):");
console.log(`  ${"switchyard-node vs fastify".padEnd(36)} ${cpuRatio("switchyard-node", "fastify")}`);
for (const host of ["express", "fastify", "hono"]) console.log(`  ${`switchyard-${host} vs ${host}`.padEnd(36)} ${cpuRatio(`switchyard-${host}`, host)}`);
if (cpuOf["switchyard-fetch"]) console.log(`  ${"switchyard-node vs switchyard-fetch".padEnd(36)} ${cpuRatio("switchyard-node", "switchyard-fetch")}`);
console.log(`\nwhole run: ${elapsed()}`);

const out = path.join(here, "..", "tables", "http-last-run.json");
fs.mkdirSync(path.dirname(out), { recursive: true });
const strip = ({ child, ...rest }) => rest;
fs.writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), node: process.version, cpu, opts, servers: servers.map(strip) }, null, 1));
