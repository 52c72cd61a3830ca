// Start-up cost on Node: the CPU time (user + system) of a fresh process that imports
// the packages, and of one that draws N routes in code and answers its first request, switchyard
// (dist/) against Hono with @hono/node-server and against Fastify — runs interleaved, medians of RUNS, the load average
// printed beside them. "switchyard-built" loads the same table from the module `switchyard build`
// writes (config/routes.built.js: here written to a temporary directory, importing dist/) instead
// of drawing it. Each first-response row also gives the resident set size after the response.
// Run after `npm run build`: node bench/startup.mjs [runs] [--base DIR]
// --base DIR: also switchyard drawn and built from DIR's build (another checkout, built), as
// "switchyard@base" and "switchyard-built@base", interleaved with the rest: before and after a change.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Number(process.argv[2]?.startsWith("--") ? 11 : (process.argv[2] ?? 11));
const base = process.argv.includes("--base") ? path.resolve(process.argv[process.argv.indexOf("--base") + 1]) : null;
const distOf = (dir) => (file) => JSON.stringify(path.join(dir, "dist", file));
const dist = distOf(root);

/** The CPU this process has used and its resident set size (MB), printed as its last act. */
const CPU = `const u = process.cpuUsage(); console.log((u.user + u.system) / 1000, process.memoryUsage().rss / 2 ** 20);`;

// The table written as `switchyard build` writes it: from the per-file build, whose internals
// (built.js) the bundle does not export; one build for both, as the translations are per copy.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-startup-"));
process.on("exit", () => fs.rmSync(tmp, { recursive: true, force: true }));

/** The built module of the n-route table (as `switchyard build` writes it, importing DIR's dist/). */
async function builtModule(n, dir = root) {
  const { draw } = await import(path.join(dir, "dist", "files", "index.js"));
  const { builtTableData } = await import(path.join(dir, "dist", "files", "built.js"));
  const routes = draw((r) => {
    for (let i = 0; i < n / 5; i++) r.resources("r" + i, { only: ["index", "show", "create", "update", "destroy"] });
  });
  const file = path.join(tmp, `routes-${n}-${dir === root ? "this" : "base"}.built.js`);
  fs.writeFileSync(
    file,
    `import { builtRoutes } from ${distOf(dir)("index.js")};\nexport default builtRoutes(JSON.parse(${JSON.stringify(JSON.stringify(builtTableData(routes)))}), import.meta.url);\n`,
  );
  return JSON.stringify(file);
}

const IMPORTS = {
  switchyard: `await import(${dist("index.js")}); await import(${dist("http/index.js")}); await import(${dist("http/adapters/node.js")});`,
  hono: `await import("hono"); await import("@hono/node-server");`,
  fastify: `await import("fastify");`,
};

/** Serves `routes` (n/5 resources of five actions) and answers one request, in process. */
const serveFirst = (n, d = dist) => `const { createHandler } = await import(${d("http/index.js")});
const ok = () => "ok";
const controllers = {};
for (let i = 0; i < ${n / 5}; i++) controllers["r" + i] = { index: ok, show: ok, create: ok, update: ok, destroy: ok };
const handler = createHandler(routes, { env: "production", logger: false, controllers });
const res = await handler(new Request("http://localhost/r${n / 5 - 1}/42"));
if (res.status !== 200) throw new Error("status " + res.status);`;

/** Draws `n` routes (n/5 resources of five actions each) with DIR's build and answers one request, in process. */
const drawFirst = (n, d) => `const { draw } = await import(${d("index.js")});
const routes = draw((r) => { for (let i = 0; i < ${n / 5}; i++) r.resources("r" + i, { only: ["index", "show", "create", "update", "destroy"] }); });
${serveFirst(n, d)}`;

/** Draws `n` routes (n/5 resources of five actions each) and answers one request, in process. */
const firstResponse = async (n) => ({
  switchyard: drawFirst(n, dist),
  "switchyard-built": `const { default: routes } = await import(${await builtModule(n)});
${serveFirst(n)}`,
  ...(base === null
    ? {}
    : {
        "switchyard@base": drawFirst(n, distOf(base)),
        "switchyard-built@base": `const { default: routes } = await import(${await builtModule(n, base)});
${serveFirst(n, distOf(base))}`,
      }),
  hono: `const { Hono } = await import("hono");
const app = new Hono();
const ok = (c) => c.text("ok");
for (let i = 0; i < ${n / 5}; i++) {
  app.get("/r" + i, ok); app.post("/r" + i, ok);
  app.get("/r" + i + "/:id", ok); app.patch("/r" + i + "/:id", ok); app.put("/r" + i + "/:id", ok); app.delete("/r" + i + "/:id", ok);
}
const res = await app.fetch(new Request("http://localhost/r${n / 5 - 1}/42"));
if (res.status !== 200) throw new Error("status " + res.status);`,
  fastify: `const { default: Fastify } = await import("fastify");
const app = Fastify();
const ok = async () => "ok";
for (let i = 0; i < ${n / 5}; i++) {
  app.get("/r" + i, ok); app.post("/r" + i, ok);
  app.get("/r" + i + "/:id", ok); app.patch("/r" + i + "/:id", ok); app.put("/r" + i + "/:id", ok); app.delete("/r" + i + "/:id", ok);
}
const res = await app.inject({ method: "GET", url: "/r${n / 5 - 1}/42" });
if (res.statusCode !== 200) throw new Error("status " + res.statusCode);`,
});

/** CPU ms and RSS MB of a fresh process running `code`. */
function cpuOf(code) {
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", `${code}\n${CPU}`], {
    cwd: root,
    encoding: "utf8",
  });
  const [cpu, rss] = out.trim().split("\n").at(-1).split(" ").map(Number);
  return { cpu, rss };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

function measure(label, programs, rss = false) {
  const runs = Object.fromEntries(Object.keys(programs).map((k) => [k, []]));
  const load = os.loadavg()[0];
  for (let run = 0; run < RUNS; run++)
    for (const [name, code] of Object.entries(programs)) runs[name].push(cpuOf(code));
  const ms = Object.fromEntries(Object.keys(programs).map((k) => [k, median(runs[k].map((r) => r.cpu))]));
  const mb = Object.fromEntries(Object.keys(programs).map((k) => [k, median(runs[k].map((r) => r.rss))]));
  const shown = Object.keys(programs).map(
    (k) =>
      `${k} ${ms[k].toFixed(0).padStart(5)} ms${k === "switchyard" ? "" : ` (x${(ms.switchyard / ms[k]).toFixed(2)})`}` +
      (rss ? ` ${mb[k].toFixed(0)} MB` : ""),
  );
  console.log(`${label.padEnd(30)} ${shown.join("   ")}   (load ${load.toFixed(2)} -> ${os.loadavg()[0].toFixed(2)})`);
}

console.log(
  `node ${process.version}, ${os.cpus().length} cores, CPU ms (user + system), median of ${RUNS} fresh processes, interleaved`,
);
console.log("(x: switchyard drawing at start over each; first-response rows: then the RSS after the response)");
measure("import (+ /http + /node)", IMPORTS);
for (const n of [100, 1000, 10000]) measure(`first response, ${n} routes`, await firstResponse(n), true);
