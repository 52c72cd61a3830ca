// `npm run bench:http`: HTTP servers under load, all serving the same route table, each written
// the way its own documentation writes it, every answer checked identical before timing.
//   npm run bench:http [-- --quick] [--only a,b,...] [--rounds N] [--duration S] [--warmup S]
//                      [--connections N] [--pipelining N] [--check] [--write]
//
// What each server serves. The rails-app table (430 routes: 50 resources, 8 of them nested, 8 in an
// admin namespace, 19 member/collection routes, root and 10 custom routes; bench/tables/rails-app.json,
// made by bench/tables.mjs from bench/data/rails-app.spec.json), with one trivial action for every
// route: answer the matched route's table key ("GET /photos/:id(.:format)") as a 200 text/html body.
// The request mix is the table's `formatRequests` list: 1,333 requests, 1,000 of them hits (about a
// third with a .json/.xml/.csv format) and 333 that no route matches (25%), which get 404.
//
// The servers, each in a process of its own (server.mjs loading servers/NAME.mjs) on 127.0.0.1;
// each module's header says how it is written and why:
//   node                  the ceiling: bare node:http and a hand-written lookup over the table
//   fastify               Fastify 5, its router, routes as its docs write them
//   hono                  Hono's default app (new Hono(), SmartRouter) on @hono/node-server, each
//                         route registered once (the optional format inside the last parameter)
//   express               Express 5, an express.Router() per resource, ETag and X-Powered-By off
//   switchyard-node       toNodeListener(createHandler(routes, { controllers })) on node:http
//   switchyard-fastify, switchyard-hono, switchyard-express   switchyard's adapters, each the only
//                         plugin/middleware of an app of its host framework
//   switchyard-fetch      (only when named with --only) the fetch handler through Request/Response
//
// How. (1) Every server is started and sent each distinct request of the mix once; status, body and
// headers are compared (check.mjs says which and why) and any mismatch stops the run, listing it.
// (2) Each server in turn is loaded for --warmup seconds (the JIT's warm-up; not counted).
// (3) Timed rounds: each round loads every server for --duration seconds, one at a time (the others
// idle), starting one server further on each round, so that a neighbour's burst on a shared machine
// does not land on one server's figures only. The load: autocannon in a process of its own
// (load.mjs), --connections keep-alive connections (unpipelined unless --pipelining), each walking
// the mix from its own offset. Per server and round: req/s (requests / the run's time), p99 latency
// (every response, 404s included), the server process's CPU time (process.cpuUsage(), read over
// IPC before and after) per request served, statuses and socket errors. The machine's 1-minute load
// average is read at the start and end of every round.
// Reported: per server the median round and the range of req/s, req/s against Fastify's median,
// the median CPU µs a request, that CPU against its host's (each adapter against its framework's
// own routing, switchyard-node against the ceiling), the median round's p99 and the errors (socket
// errors, timeouts and statuses other than 200 and 404, all rounds). CPU per request is the steadier
// figure on a shared machine (a neighbour slows the clock more than the work); read req/s only from
// a run whose load averages stayed low (below ~1.5 on 2 cores: the load generator and the server
// under load already make ~1-2).
//
// Output: the markdown table and the goal ratios on stdout; the whole run as JSON to
// bench/tables/http-last-run.json; with --write, the table appended to bench/RESULTS.md (with the
// date, machine, node version, commit, peers' versions and load averages), above the marker line
// there. --check only checks the answers. --quick: 3 rounds of 1 s, 1 s warm-ups (a smoke test;
// its figures are not to be quoted). SWITCHYARD_ROOT=DIR loads switchyard from another checkout.
// Time: servers x (warmup + rounds x (duration + ~1 s to start a load process)) plus ~20 s; the
// default run (8 servers, 5 rounds of 8 s) takes ~7 minutes; --quick about a minute.
import { fork } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ADAPTERS } from "./adapters.mjs";
import { answers, compare, distinct } from "./check.mjs";
import { markdown, record } from "./report.mjs";
import { loadTable } from "./table.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

// ------------------------------------------------------------------ flags

const SERVERS = [...ADAPTERS, ...ADAPTERS.map((name) => `switchyard-${name}`)];
const OPT_IN = ["switchyard-fetch"];
const args = process.argv.slice(2);
const BOOLEAN = ["--quick", "--check", "--write"];
const VALUED = ["--only", "--rounds", "--duration", "--warmup", "--connections", "--pipelining"];
for (let i = 0; i < args.length; i++) {
  if (VALUED.includes(args[i])) i++;
  else if (!BOOLEAN.includes(args[i]))
    throw new Error(`bench:http: unknown argument ${args[i]}; the flags: ${[...BOOLEAN, ...VALUED].join(" ")}`);
}
const flag = (name, fallback) => {
  if (!args.includes(name)) return fallback;
  const v = args[args.indexOf(name) + 1];
  if (v === undefined) throw new Error(`bench:http: ${name} takes a value`);
  return v;
};
const quick = args.includes("--quick");
const opts = {
  rounds: Number(flag("--rounds", quick ? 3 : 5)),
  duration: Number(flag("--duration", quick ? 1 : 8)),
  warmup: Number(flag("--warmup", quick ? 1 : 3)),
  connections: Number(flag("--connections", 50)),
  pipelining: Number(flag("--pipelining", 1)),
  only: flag("--only", SERVERS.join(",")).split(","),
  check: args.includes("--check"),
  write: args.includes("--write"),
  quick,
};
for (const k of ["rounds", "duration", "warmup", "connections", "pipelining"]) {
  if (!(opts[k] > 0)) throw new Error(`bench:http: --${k} must be a positive number, got ${opts[k]}`);
}
for (const name of opts.only) {
  if (!SERVERS.includes(name) && !OPT_IN.includes(name))
    throw new Error(`bench:http: --only: unknown server ${name}; the servers: ${[...SERVERS, ...OPT_IN].join(", ")}`);
}

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

/** Runs one autocannon job of `seconds` in a fresh load.mjs process. */
async function load(port, requests, seconds, latency) {
  const child = fork(path.join(here, "load.mjs"), [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  child.send({
    url: `http://127.0.0.1:${port}`,
    requests,
    connections: opts.connections,
    pipelining: opts.pipelining,
    duration: seconds,
    latency,
  });
  const result = await nextMessage(child, (seconds + 60) * 1000, "load generator");
  if (child.exitCode === null) await once(child, "exit");
  return result;
}

/** A server process: started, its port known, or skipped/failed with the reason. */
async function start(name) {
  const child = fork(path.join(here, "server.mjs"), [name], {
    execArgv: ["--expose-gc"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const s = { name, child, rounds: [] };
  try {
    const hello = await nextMessage(child, 60_000, name);
    if (hello.skip) s.skipped = hello.skip;
    else if (hello.failed) s.failed = hello.failed;
    else Object.assign(s, { port: hello.ready, note: hello.note });
  } catch (e) {
    s.failed = e.stack;
  }
  if (s.port === undefined) await stop(s);
  return s;
}

async function stop(s) {
  if (s.child.connected) s.child.send({ exit: true });
  const exited =
    s.child.exitCode !== null ||
    s.child.signalCode !== null ||
    (await Promise.race([once(s.child, "exit").then(() => true), new Promise((r) => setTimeout(r, 5000, false))]));
  if (!exited) s.child.kill();
}

/** Asks a server process for `what` (cpu: its CPU time so far, µs; heap: heapUsed after full collections). */
async function ask(s, what) {
  s.child.send({ [what]: true });
  return (await nextMessage(s.child, 60_000, `${s.name} ${what}`))[what];
}

// ------------------------------------------------------------------ run

const table = loadTable();
const requests = table.formatRequests.map(({ method, path, expect }) => ({ method, path, expect }));
const unique = distinct(requests);
const cpuModel = os.cpus()[0]?.model ?? "unknown CPU";
const live = opts.only.length;
const estimate = live * (opts.warmup + 1 + opts.rounds * (opts.duration + 1)) + 20;
console.log(
  `bench:http: ${table.routes.length} routes, a mix of ${requests.length} requests (${unique.length} distinct, ` +
    `${((requests.filter((q) => q.expect === null).length / requests.length) * 100).toFixed(0)}% 404s); ${opts.connections} connections` +
    `${opts.pipelining > 1 ? `, pipelining ${opts.pipelining}` : ""}; ${opts.rounds} rounds of ${opts.duration} s a server after a ${opts.warmup} s warm-up; ` +
    `node ${process.version}, ${os.cpus().length} x ${cpuModel}; load average ${os.loadavg()[0].toFixed(2)}; about ${Math.ceil(estimate / 60)} min` +
    (opts.quick ? " (--quick: a smoke test, not figures to quote)" : ""),
);

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const servers = [];
const stopAll = () => Promise.all(servers.filter((s) => s.port !== undefined).map(stop));

// 1. Start every server and check its answers.
for (const name of opts.only) {
  const s = await start(name);
  servers.push(s);
  if (s.skipped) console.log(`  ${name}: skipped (${s.skipped})`);
  else if (s.failed) console.log(`  ${name}: FAILED to start\n${s.failed.replace(/^/gm, "    ")}`);
}
const up = servers.filter((s) => s.port !== undefined);
const byServer = {};
for (const s of up) {
  s.heapStart = (await ask(s, "heap")).heapUsed;
  byServer[s.name] = await answers(s.port, unique);
}
const { wrong, warnings, headers } = compare(unique, byServer);
console.log(
  `  answers: ${unique.length} distinct requests to each of ${up.map((s) => s.name + (s.note ? ` (${s.note})` : "")).join(", ")}`,
);
console.log(
  `  headers of a 200: ${headers.hit.join(", ")}; of a 404: ${headers.miss.join(", ")} (and a valid date, its value not compared)`,
);
const list = (lines) =>
  lines
    .slice(0, 40)
    .map((w) => `  ${w}`)
    .join("\n") + (lines.length > 40 ? `\n  ... and ${lines.length - 40} more` : "");
if (warnings.length)
  console.log(
    `  ${warnings.length} header differences of diagnostic servers (not baselines; see check.mjs):\n${list(warnings.slice(0, 6))}`,
  );
if (wrong.length) {
  console.error(
    `\nbench:http: ${wrong.length} answers differ; no timing of servers that do different work:\n${list(wrong)}`,
  );
  await stopAll();
  process.exit(1);
}
console.log(
  `  every answer as expected: 200s identical on every server (status, body, headers), 404s identical within each pair` +
    `${warnings.length ? " (the diagnostics' headers aside)" : ""} (${elapsed()})`,
);
if (opts.check || up.length === 0) {
  await stopAll();
  process.exit(up.length === servers.length ? 0 : 1);
}

// 2. Warm-ups, one server at a time.
for (const s of up) await load(s.port, requests, opts.warmup, false);
console.log(`  warmed up (${elapsed()})`);

// 3. Timed rounds.
const rounds = [];
for (let round = 0; round < opts.rounds; round++) {
  const at = round % up.length;
  const order = [...up.slice(at), ...up.slice(0, at)];
  const loadStart = os.loadavg()[0];
  for (const s of order) {
    const cpu0 = await ask(s, "cpu");
    const r = await load(s.port, requests, opts.duration, true);
    r.cpuPerRequest = r.total > 0 ? ((await ask(s, "cpu")) - cpu0) / r.total : NaN;
    s.rounds.push(r);
  }
  rounds.push({ order: order.map((s) => s.name), loadStart, loadEnd: os.loadavg()[0] });
  console.log(
    `  round ${round + 1}/${opts.rounds}, load ${loadStart.toFixed(2)} -> ${os.loadavg()[0].toFixed(2)}: ` +
      `${up.map((s) => `${s.name} ${Math.round(s.rounds.at(-1).rps)}/s ${s.rounds.at(-1).cpuPerRequest.toFixed(1)} µs`).join(", ")} (${elapsed()})`,
  );
}
for (const s of up) s.heapEnd = (await ask(s, "heap")).heapUsed;
await stopAll();

// ------------------------------------------------------------------ report

const run = {
  date: new Date().toISOString(),
  node: process.version,
  machine: `${os.cpus().length} x ${cpuModel}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`,
  opts,
  rounds,
  headers,
  warnings,
  seconds: (Date.now() - started) / 1000,
  servers: servers.map(({ child, ...rest }) => rest),
};
const text = markdown(run);
console.log(`\n${text}\nwhole run: ${elapsed()}`);
const out = path.join(here, "..", "tables", "http-last-run.json");
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify(run, null, 1));
if (opts.write) console.log(`appended to ${path.relative(process.cwd(), record(run, text))}`);
