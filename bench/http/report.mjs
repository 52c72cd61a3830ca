// bench/http's report: a run's figures as a markdown table with the issue-25 goal ratios under
// it (markdown), and that text appended to bench/RESULTS.md with the run's circumstances (record).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ADAPTERS, HOST as ADAPTER_HOST } from "./adapters.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

/** Whose CPU a request each server's is set against: an adapter its framework's own routing, switchyard-node the ceiling. */
export const HOST = { ...ADAPTER_HOST, "switchyard-fetch": "switchyard-node" };

/** The median of numbers (the mean of the middle two for an even count). */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** "3% less than fastify" / "5% more than fastify" for CPU `a` against `b`. */
function against(a, b, name) {
  const pct = Math.round((a / b - 1) * 100);
  return pct === 0 ? `same as ${name}` : `${Math.abs(pct)}% ${pct < 0 ? "less" : "more"} than ${name}`;
}

/** Per server: medians and ranges of its rounds. */
function figures(s) {
  const rps = s.rounds.map((r) => r.rps);
  const cpu = s.rounds.map((r) => r.cpuPerRequest);
  const statuses = {};
  for (const r of s.rounds) for (const [c, n] of Object.entries(r.statuses)) statuses[c] = (statuses[c] ?? 0) + n;
  const total = Object.values(statuses).reduce((a, b) => a + b, 0);
  const other = total - (statuses["200"] ?? 0) - (statuses["404"] ?? 0);
  return {
    rps: median(rps),
    rpsMin: Math.min(...rps),
    rpsMax: Math.max(...rps),
    cpu: median(cpu),
    cpuMin: Math.min(...cpu),
    cpuMax: Math.max(...cpu),
    p99: median(s.rounds.map((r) => r.p99)),
    errors: s.rounds.reduce((a, r) => a + r.errors + r.timeouts, 0) + other,
    notFoundShare: total ? (statuses["404"] ?? 0) / total : NaN,
  };
}

const int = (n) => Math.round(n).toLocaleString("en-US");

/** The run as markdown: the table, the goal ratios, the load averages and notes. */
export function markdown(run) {
  const measured = run.servers.filter((s) => s.rounds?.length);
  const f = Object.fromEntries(measured.map((s) => [s.name, figures(s)]));
  const lines = [
    `| server | req/s median | range (min-max) | req/s vs Fastify | server CPU µs/request (range) | CPU vs its host's | p99 ms | errors |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|`,
  ];
  for (const s of measured) {
    const x = f[s.name];
    const host = HOST[s.name];
    lines.push(
      `| ${s.name} | ${int(x.rps)} | ${int(x.rpsMin)}-${int(x.rpsMax)} | ${f.fastify ? `${(x.rps / f.fastify.rps).toFixed(2)}x` : "—"} | ` +
        `${x.cpu.toFixed(1)} (${x.cpuMin.toFixed(1)}-${x.cpuMax.toFixed(1)}) | ${host && f[host] ? against(x.cpu, f[host].cpu, host) : "—"} | ${x.p99.toFixed(2)} | ${x.errors} |`,
    );
  }
  const goals = [];
  const cpuRatio = (a, b) => (f[a] && f[b] ? `${(f[a].cpu / f[b].cpu).toFixed(3)}x` : "not measured");
  goals.push(
    `- switchyard-node CPU/request / the ceiling's (node): ${cpuRatio("switchyard-node", "node")} (the goal: at most 1.05x)`,
  );
  goals.push(`- switchyard-node CPU/request / fastify's: ${cpuRatio("switchyard-node", "fastify")}`);
  for (const host of ADAPTERS.filter((name) => name !== "node"))
    goals.push(
      `- switchyard-${host} CPU/request / ${host}'s: ${cpuRatio(`switchyard-${host}`, host)} (goal: at most 1.00x)`,
    );
  const loads = run.rounds.flatMap((r) => [r.loadStart, r.loadEnd]);
  const notes = [
    `${run.opts.rounds} interleaved rounds of ${run.opts.duration} s a server after a ${run.opts.warmup} s warm-up, ${run.opts.connections} connections` +
      `${run.opts.pipelining > 1 ? `, pipelining ${run.opts.pipelining}` : ", unpipelined"}; medians of the rounds (p99: the median of the rounds' p99s); ` +
      `errors: socket errors, timeouts and statuses other than 200/404, all rounds.`,
    `Load average (1 min) at the start and end of each round: ${run.rounds.map((r) => `${r.loadStart.toFixed(2)}-${r.loadEnd.toFixed(2)}`).join(", ")} ` +
      `(lowest ${Math.min(...loads).toFixed(2)}, highest ${Math.max(...loads).toFixed(2)}).`,
    `Answers checked identical before timing: a 200's status, body and headers (${run.headers.hit.join(", ")}; date checked valid, its value not compared) on every server; ` +
      `a 404's status everywhere, its body and headers within each pair sharing a 404.`,
  ];
  if (run.warnings.length)
    notes.push(
      `Not identical, and let through as diagnostics (check.mjs' LOOSE_HEADERS): ${run.warnings.length} header differences, e.g. ${run.warnings[0]}.`,
    );
  for (const s of measured) {
    if (s.note) notes.push(`${s.name}: ${s.note}.`);
    if (Math.abs(f[s.name].notFoundShare - 0.25) > 0.02)
      notes.push(
        `${s.name}: 404s were ${(f[s.name].notFoundShare * 100).toFixed(1)}% of its answers under load (the mix has 25%).`,
      );
  }
  for (const s of run.servers)
    if (s.skipped || s.failed) notes.push(`${s.name}: ${s.skipped ? `skipped (${s.skipped})` : "failed to start"}.`);
  return `${lines.join("\n")}\n\n${goals.join("\n")}\n\n${notes.map((n) => `- ${n}`).join("\n")}\n`;
}

const MARKER = "<!-- bench:http --write appends its runs above this line -->";

/** What a run's record says of its circumstances: the commit and the peers' versions. */
function circumstances() {
  const root = path.join(here, "..", "..");
  let commit;
  try {
    commit = execFileSync("git", ["-C", root, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    if (execFileSync("git", ["-C", root, "status", "--porcelain", "--untracked-files=no"], { encoding: "utf8" }).trim())
      commit += " (with uncommitted changes)";
  } catch {
    commit = "unknown (not a git checkout)";
  }
  const version = (pkg) => {
    try {
      return JSON.parse(fs.readFileSync(path.join(here, "..", "node_modules", pkg, "package.json"), "utf8")).version;
    } catch {
      return "?";
    }
  };
  const peers = ["fastify", "hono", "@hono/node-server", "express", "autocannon"]
    .map((p) => `${p} ${version(p)}`)
    .join(", ");
  return { commit, peers };
}

/**
 * Appends the run to bench/RESULTS.md above its marker line (at the file's end when the marker is
 * missing), headed by its date, machine, node version, commit, peers and load. Returns the file.
 */
export function record(run, text) {
  const file = path.join(here, "..", "RESULTS.md");
  const { commit, peers } = circumstances();
  const heading =
    `### ${run.date.slice(0, 16).replace("T", " ")} UTC, commit ${commit}${run.opts.quick ? " (--quick: a smoke test, not figures to quote)" : ""}\n\n` +
    `\`node bench/http/run.mjs ${process.argv.slice(2).join(" ")}\`; ${run.machine}; node ${run.node}; ${peers}; whole run ${Math.round(run.seconds)} s.\n\n`;
  const old = fs.readFileSync(file, "utf8");
  const at = old.indexOf(MARKER);
  fs.writeFileSync(
    file,
    at === -1 ? `${old.trimEnd()}\n\n${heading}${text}` : `${old.slice(0, at)}${heading}${text}\n${old.slice(at)}`,
  );
  return file;
}
