// `switchyard serve --env production`: from spawn to the first answered request, for a generated
// application whose config/routes.ts declares 100, 1,000 or 10,000 routes (resources, each to one
// controller). Linux only (it reads /proc). Two builds can be compared in one run: the one this script sits in, and another
// checkout given as SWITCHYARD_BEFORE=/path/to/checkout (built: its dist/). Rounds are interleaved
// (each size, each build, in turn), and the medians reported with the load average: CPU is the
// server's user + system time when the first answer arrived (10 ms ticks), wall the spawn-to-200 time.
//
//   node bench/cold-start.mjs [rounds=7]
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const builds = [["after", path.join(here, "..")]];
if (process.env.SWITCHYARD_BEFORE) builds.unshift(["before", path.resolve(process.env.SWITCHYARD_BEFORE)]);
/** Clock ticks a second (`getconf CLK_TCK`: 100 on Linux). */
const TICKS = 100;
const rounds = Number(process.argv[2] ?? 7);
const SIZES = [100, 1000, 10000];

/** An application with `routes` routes: `resources` of seven routes each (the last one trimmed by `only`), all to items#... */
function app(routes) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `cold-start-${routes}-`));
  const actions = ["index", "create", "new", "edit", "show", "update", "destroy"];
  const lines = [];
  // (update is two routes, PATCH and PUT: eight a resource.)
  for (let left = routes, i = 0; left > 0; i++) {
    const take = Math.min(left, 8);
    const only = take === 8 ? "" : `, only: ${JSON.stringify(actions.slice(0, take))}`;
    lines.push(`  r.resources("items_${i}", { controller: "items"${only} });`);
    left -= take;
  }
  fs.mkdirSync(path.join(root, "config"), { recursive: true });
  fs.mkdirSync(path.join(root, "app", "controllers"), { recursive: true });
  fs.writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "cold-start", type: "module" }));
  fs.writeFileSync(path.join(root, "config", "routes.ts"), `export default (r: any) => {\n${lines.join("\n")}\n};\n`);
  fs.writeFileSync(
    path.join(root, "app", "controllers", "items_controller.ts"),
    `export default class ItemsController {\n  index(): string {\n    return "items";\n  }\n}\n`,
  );
  return root;
}

function get(port) {
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/items_0" }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode));
    });
    req.on("error", () => resolve(0));
  });
}

/** One cold start: resolves to { wall, cpu } in ms. */
function once(checkout, root) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(
      process.execPath,
      [
        path.join(checkout, "bin", "switchyard.js"),
        "serve",
        "--root",
        root,
        "--env",
        "production",
        "--port",
        "0",
        "--host",
        "127.0.0.1",
        "--quiet",
      ],
      { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, WEB_CONCURRENCY: "" } },
    );
    let out = "";
    let err = "";
    let wall;
    let cpu;
    child.stdout.setEncoding("utf8").on("data", async (d) => {
      out += d;
      const m = /on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m && wall === undefined) {
        wall = -1;
        const status = await get(Number(m[1]));
        if (status !== 200) reject(new Error(`status ${status}`));
        wall = performance.now() - start;
        // utime + stime of the server process so far, in clock ticks (fields 14 and 15 of /proc/PID/stat).
        const fields = fs
          .readFileSync(`/proc/${child.pid}/stat`, "utf8")
          .replace(/^.*\) /, "")
          .split(" ");
        cpu = ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
        child.kill("SIGTERM");
      }
    });
    child.stderr.setEncoding("utf8").on("data", (d) => (err += d));
    child.on("exit", () => {
      if (cpu === undefined) return reject(new Error(`no answer:\n${out}\n${err}`));
      resolve({ wall, cpu });
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const roots = Object.fromEntries(SIZES.map((n) => [n, app(n)]));
const samples = {};
const load = [os.loadavg()[0]];
for (let round = 0; round < rounds; round++) {
  for (const n of SIZES)
    for (const [name, checkout] of builds) {
      const s = await once(checkout, roots[n]);
      (samples[`${name} ${n}`] ??= { wall: [], cpu: [] }).wall.push(s.wall), samples[`${name} ${n}`].cpu.push(s.cpu);
    }
  load.push(os.loadavg()[0]);
}
for (const root of Object.values(roots)) fs.rmSync(root, { recursive: true, force: true });
console.log(`cold start of switchyard serve --env production to the first 200, ${rounds} interleaved rounds, medians`);
console.log(`load average (1 min) during the run: ${Math.min(...load).toFixed(1)}-${Math.max(...load).toFixed(1)}`);
console.log("| routes | build | CPU ms | wall ms |");
console.log("|---:|---|---:|---:|");
for (const n of SIZES)
  for (const [name] of builds) {
    const s = samples[`${name} ${n}`];
    console.log(`| ${n} | ${name} | ${median(s.cpu).toFixed(0)} | ${median(s.wall).toFixed(0)} |`);
  }
