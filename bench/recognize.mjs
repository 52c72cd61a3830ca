// Recognition benchmark: switchyard's compiled recognizer against the fastest JavaScript
// routers, on the tables of bench/tables.mjs (written into bench/tables/).
//   npm run build && node bench/install.mjs && node --expose-gc bench/recognize.mjs [--only TABLE | --scale ROUTER | --draw]
//
// Every router registers the same table (switchyard with full Rails semantics, through `draw`),
// every router's answer to every request is checked against the table's `expect` before timing,
// and only routers that answer every request correctly are compared. Timed: the whole request
// list (hits and misses mixed), reported per request as the median pass (mitata's p50: a GC
// pause or a neighbour's burst on this shared machine moves the mean, not the median), best of
// three rounds (see `timeAll`); then switchyard against the fastest correct peer in pairs of
// alternating bursts (see `paired`), the figures the targets are judged by. `--scale ROUTER` times
// one router on 10,000 routes against 100 the same way, in one process.
//
// Each table runs in a process of its own, as an app has one route table: in one process, each
// router's code would be compiled for five tables at once and the later tables would run in a
// heap holding all the earlier routers. The draw of 10,000 routes is timed in a fresh process too.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bench, do_not_optimize, run } from "mitata";
import { PEERS, drawTable as drawWith, strip } from "./routers.mjs";
import { loadTable } from "./tables.mjs";
// SWITCHYARD_ENTRY: benchmark another build of the package (default: this package's dist/).
const { draw } = await import(process.env.SWITCHYARD_ENTRY ?? "../dist/index.js");

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : null;
const drawOnly = args.includes("--draw");
const scaleOf = args.includes("--scale") ? args[args.indexOf("--scale") + 1] : null;
const tablesDir = path.join(here, "tables");
const TABLES = ["github", "rails-app", "synth-100", "synth-1000", "synth-10000"];
/** Routers whose growth from 100 to 10,000 routes is measured (`--scale`). */
const SCALED = ["switchyard", "memoirist", "Map"];

const drawTable = (table) => drawWith(draw, table);
const load = loadTable;

/** Maps switchyard's answers back to table keys: the table's routes are switchyard's routes, in order. */
function switchyardKeys(table, routes) {
  const got = routes.routes.map((r) => `${r.verb} ${r.path}`);
  const want = table.routes.map((r) => `${r.method} ${table.spec ? r.path : r.path}`);
  if (got.length !== want.length || got.some((k, i) => k !== want[i])) {
    const i = got.findIndex((k, j) => k !== want[j]);
    throw new Error(
      `${table.name}: switchyard drew ${got.length} routes, table has ${want.length}; first difference at ${i}: ${got[i]} vs ${want[i]}`,
    );
  }
  return (method, res) => {
    if (res === null) return null;
    const cands = routes.routes.filter(
      (r) =>
        r.name === res.name &&
        r.defaults.controller === res.params.controller &&
        r.defaults.action === res.params.action &&
        (r.verbs.length === 0 || r.verbs.includes(method === "HEAD" ? "GET" : method)) &&
        r.pattern.requiredNames.every((n) => n in res.params) &&
        Object.keys(res.params).every((k) => k in r.defaults || r.pattern.names.includes(k)),
    );
    if (cands.length !== 1) return `ambiguous:${cands.length}`;
    const r = cands[0];
    const names = r.pattern.names.filter((n) => res.params[n] !== undefined);
    return names.every((n) => typeof res.params[n] === "string")
      ? table.routes[routes.routes.indexOf(r)].key
      : "bad-params";
  };
}

// ------------------------------------------------------------------ run

/** `Map<method, Map<path, key>>` of a table's static routes: the baseline for static hits. */
function staticMap(table) {
  const statics = new Map();
  for (const r of table.routes)
    if (!strip(r.path).includes(":"))
      (statics.get(r.method) ?? statics.set(r.method, new Map()).get(r.method)).set(strip(r.path), r.key);
  return statics;
}

function verify(requests, find, key) {
  let wrong = 0,
    first = null;
  for (const q of requests) {
    let got;
    try {
      got = key(find(q.method, q.path), q.method);
    } catch (e) {
      got = `threw ${e.message}`;
    }
    if (got !== q.expect) {
      wrong++;
      first ??= `${q.method} ${q.path}: want ${q.expect}, got ${got}`;
    }
  }
  return wrong === 0 ? null : `${wrong}/${requests.length} wrong (${first})`;
}

/**
 * Times every entry's whole request list with mitata, in ROUNDS runs, each starting at a different
 * entry; an entry's figure is its best median over the rounds. On this shared 2-core machine a
 * neighbour's burst can slow one mitata run for seconds: spreading each router's measurement over
 * the whole benchmark keeps such a burst from landing on one router only.
 */
const ROUNDS = 3;
async function timeAll(entries) {
  const out = new Map();
  for (let round = 0; round < ROUNDS; round++) {
    const start = Math.floor((round * entries.length) / ROUNDS);
    for (const e of [...entries.slice(start), ...entries.slice(0, start)]) {
      const reqs = e.requests;
      const find = e.find;
      bench(e.label, () => {
        for (let i = 0; i < reqs.length; i++) do_not_optimize(find(reqs[i].method, reqs[i].path));
      });
    }
    const { benchmarks } = await run({ format: "quiet", throw: true });
    for (const b of benchmarks) {
      const e = entries.find((x) => x.label === b.alias);
      const ns = b.runs[0].stats.p50 / e.requests.length;
      out.set(b.alias, Math.min(out.get(b.alias) ?? Infinity, ns));
    }
  }
  return out;
}

/**
 * Two entries' time ratio measured in pairs: A and B each answer the request list for a burst of
 * ~5 ms, one right after the other (the order alternating), PAIRS times; the figure is the median
 * of the pairs' ratios, with its quartiles. A neighbour's burst that slows one mitata run for a
 * second moves a single-run ratio by up to 2x on this machine; within a pair, A and B share the
 * machine's state, and the median discards the pairs such a burst splits.
 */
const PAIRS = 41;
const BURST_NS = 5e6;
function burst(requests, find, passes) {
  const t0 = process.hrtime.bigint();
  for (let k = 0; k < passes; k++)
    for (let i = 0; i < requests.length; i++) do_not_optimize(find(requests[i].method, requests[i].path));
  return Number(process.hrtime.bigint() - t0) / (passes * requests.length);
}
function paired(a, b, estimateNs) {
  const passes = Math.max(1, Math.round(BURST_NS / (estimateNs * Math.max(a.requests.length, b.requests.length))));
  const ratios = [];
  for (let i = 0; i < PAIRS; i++) {
    let ta, tb;
    if (i % 2 === 0) {
      ta = burst(a.requests, a.find, passes);
      tb = burst(b.requests, b.find, passes);
    } else {
      tb = burst(b.requests, b.find, passes);
      ta = burst(a.requests, a.find, passes);
    }
    ratios.push(ta / tb);
  }
  ratios.sort((x, y) => x - y);
  return { median: ratios[PAIRS >> 1], p25: ratios[Math.floor(PAIRS / 4)], p75: ratios[Math.floor((3 * PAIRS) / 4)] };
}
const fmtPair = (r) => `${r.median.toFixed(2)}x (quartiles ${r.p25.toFixed(2)}-${r.p75.toFixed(2)})`;

const fmt = (ns) => `${ns.toFixed(0).padStart(6)} ns`;
const results = {};
const resultFile = (name) => path.join(tablesDir, `run-${name}.json`);

// The parent: one child process per table, then one for the draw.
if (!only && !drawOnly && !scaleOf) {
  const self = fileURLToPath(import.meta.url);
  const runs = [
    ...TABLES.map((t) => [t, ["--only", t]]),
    ...SCALED.map((r) => [`scale-${r}`, ["--scale", r]]),
    ["draw", ["--draw"]],
  ];
  for (const [name, flags] of runs) {
    fs.rmSync(resultFile(name), { force: true });
    const r = spawnSync(process.execPath, ["--expose-gc", self, ...flags], { stdio: "inherit", env: process.env });
    if (r.status !== 0) process.exit(r.status ?? 1);
    results[name] = JSON.parse(fs.readFileSync(resultFile(name), "utf8"));
  }
  const a = results["synth-100"].times["switchyard plain"],
    b = results["synth-10000"].times["switchyard plain"];
  console.log(
    `\n10,000 routes cost ${(b / a).toFixed(2)}x what 100 routes cost (from the two tables' runs; paired in one process: ${fmtPair(results["scale-switchyard"])})`,
  );
  console.log("\ntargets, from the paired ratios:");
  for (const t of TABLES) {
    for (const [list, p] of Object.entries(results[t].pairs)) {
      const target = list === "static" ? 3 : 0.9;
      console.log(
        `  ${t.padEnd(12)} ${list.padEnd(7)} switchyard/${p.peer.padEnd(20)} ${fmtPair(p)}  ${p.median <= target ? "met" : "missed"} (<= ${target}x)`,
      );
    }
  }
  const scale = results["scale-switchyard"].median;
  console.log(
    `  10,000 vs 100 routes: ${fmtPair(results["scale-switchyard"])}  ${scale <= 1.5 ? "met" : "missed"} (<= 1.5x; memoirist ${fmtPair(results["scale-memoirist"])}; a Map's static hits ${fmtPair(results["scale-Map"])})`,
  );
  console.log(
    `  draw + compile 10,000 routes: ${results.draw.ms.toFixed(1)} ms  ${results.draw.ms < 100 ? "met" : "missed"} (< 100 ms)`,
  );
  fs.writeFileSync(path.join(tablesDir, "last-run.json"), JSON.stringify(results, null, 1));
  process.exit(0);
}

for (const name of TABLES) {
  if (name !== only) continue;
  const table = load(name);
  const lists = { plain: table.requests, ...(table.formatRequests ? { format: table.formatRequests } : {}) };
  const routes = drawTable(table);
  const keyOf = switchyardKeys(table, routes);
  const entries = [];
  const notes = [];
  for (const [list, requests] of Object.entries(lists)) {
    const sy = (m, p) => routes.recognize(m, p);
    const bad = verify(requests, sy, (res, m) => keyOf(m, res));
    if (bad) throw new Error(`switchyard answers ${name}/${list} wrongly: ${bad}`);
    entries.push({ label: `switchyard ${list}`, list, router: "switchyard", requests, find: sy });
    for (const [peer, make] of Object.entries(PEERS)) {
      let adapter;
      try {
        adapter = await make(table, list === "format");
      } catch (e) {
        notes.push(`${peer} (${list}): cannot register the table: ${e.message.split("\n")[0]}`);
        continue;
      }
      const wrong = verify(requests, adapter.find, adapter.key);
      if (wrong) {
        notes.push(`${peer} (${list}): ${wrong}`);
        continue;
      }
      entries.push({ label: `${peer} ${list}`, list, router: peer, requests, find: adapter.find });
    }
  }
  // Static hits against a Map<method, Map<path>> of the static routes (the limit).
  const statics = staticMap(table);
  const staticHits = table.requests.filter((q) => q.kind === "static");
  entries.push({
    label: "Map baseline static",
    list: "static",
    router: "Map",
    requests: staticHits,
    find: (m, p) => statics.get(m)?.get(p),
  });
  entries.push({
    label: "switchyard static",
    list: "static",
    router: "switchyard",
    requests: staticHits,
    find: (m, p) => routes.recognize(m, p),
  });

  const times = await timeAll(entries);
  // Then switchyard against the fastest correct peer of each list (the Map baseline for static
  // hits), measured in pairs.
  const pairs = {};
  for (const list of ["plain", "format", "static"]) {
    const own = entries.find((e) => e.list === list && e.router === "switchyard");
    const rivals = entries
      .filter((e) => e.list === list && e.router !== "switchyard")
      .sort((a, b) => times.get(a.label) - times.get(b.label));
    if (own === undefined || rivals.length === 0) continue;
    pairs[list] = { peer: rivals[0].router, ...paired(own, rivals[0], times.get(own.label)) };
  }
  fs.writeFileSync(
    resultFile(name),
    JSON.stringify({ routes: table.routes.length, times: Object.fromEntries(times), pairs, notes }),
  );
  console.log(`\n${name} (${table.routes.length} routes, ${table.requests.length} requests)`);
  for (const list of ["plain", "format", "static"]) {
    const rows = entries
      .filter((e) => e.list === list)
      .map((e) => [e.router, times.get(e.label)])
      .sort((a, b) => a[1] - b[1]);
    if (rows.length === 0) continue;
    const sy = rows.find((r) => r[0] === "switchyard")[1];
    console.log(`  ${list}:`);
    for (const [router, ns] of rows)
      console.log(
        `    ${router.padEnd(22)} ${fmt(ns)}  ${router === "switchyard" ? "" : `switchyard/this = ${(sy / ns).toFixed(2)}x`}`,
      );
    if (pairs[list])
      console.log(`    paired, ${PAIRS} bursts each: switchyard/${pairs[list].peer} = ${fmtPair(pairs[list])}`);
  }
  for (const n of notes) console.log(`  not compared: ${n}`);
}

// How a router's time grows with its table: 10,000 routes against 100, in one process, paired.
// (Both tables' request lists are 1,333 requests of the same mix.)
if (scaleOf) {
  const entryFor = async (tableName) => {
    const table = load(tableName);
    if (scaleOf === "switchyard") {
      const routes = drawTable(table);
      return { requests: table.requests, find: (m, p) => routes.recognize(m, p) };
    }
    if (scaleOf === "Map") {
      // The limit: the static hits of the table's list, looked up in a Map of its static paths.
      const statics = staticMap(table);
      return { requests: table.requests.filter((q) => q.kind === "static"), find: (m, p) => statics.get(m)?.get(p) };
    }
    const adapter = await PEERS[scaleOf](table, false);
    return { requests: table.requests, find: adapter.find };
  };
  const small = await entryFor("synth-100");
  const large = await entryFor("synth-10000");
  for (let i = 0; i < 200; i++) {
    burst(small.requests, small.find, 1);
    burst(large.requests, large.find, 1);
  }
  const r = paired(large, small, 1000);
  console.log(`\n${scaleOf}: 10,000 routes against 100, paired: ${fmtPair(r)}`);
  fs.writeFileSync(resultFile(`scale-${scaleOf}`), JSON.stringify(r));
}

// Drawing and compiling 10,000 routes, and the heap they hold. The first draw of a process pays
// for V8 compiling the DSL itself; what an app redrawing its routes (a reload) or a second route
// set pays is what later draws cost: two warm-up draws, then the median of five. The heap held is
// measured apart, around one more draw between forced collections: a draw that follows a forced
// full collection waits on the collector's sweeping and measured ~2x slower than one that does not.
// Memory held counts the JS heap and array buffers (the compiled trie is typed arrays, outside the heap).
// (Array buffers are freed after the collection that finds them dead: collect, then yield, a few times.)
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};
const held = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
if (drawOnly) {
  const table = load("synth-10000");
  const t0 = performance.now();
  drawTable(table);
  const cold = performance.now() - t0;
  drawTable(table);
  const times = [];
  for (let i = 0; i < 5; i++) {
    const t1 = performance.now();
    do_not_optimize(drawTable(table));
    times.push(performance.now() - t1);
  }
  times.sort((a, b) => a - b);
  const ms = times[2];
  await settle();
  const before = held();
  const routes = drawTable(table);
  await settle();
  const heap = held() - before;
  do_not_optimize(routes);
  const small = load("synth-100");
  const t2 = performance.now();
  for (let i = 0; i < 20; i++) drawTable(small);
  console.log(
    `\ndraw + compile synth-10000: ${ms.toFixed(1)} ms (median of 5; fastest ${times[0].toFixed(1)}, first draw of the process ${cold.toFixed(1)}), memory held (heap and array buffers) ${(heap / 1048576).toFixed(1)} MB${global.gc ? "" : " (run with --expose-gc for an exact figure)"}; synth-100: ${((performance.now() - t2) / 20).toFixed(2)} ms`,
  );
  fs.writeFileSync(resultFile("draw"), JSON.stringify({ ms, fastest: times[0], cold, heapMB: heap / 1048576 }));
}
