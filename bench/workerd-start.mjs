// A Worker's start in workerd (through miniflare, as test/http/runtimes.test.ts runs it): the wall
// time from `new Miniflare` to the first response of a 10,000-route app (n/5 resources of five
// actions), bundled by esbuild as wrangler bundles it (neutral platform, wrangler's conditions,
// minified): switchyard drawing its table at start, switchyard loading the table `switchyard build`
// wrote, and Hono with the same verbs and paths. Runs interleaved, medians, the load average
// printed beside them. Wall time includes starting the workerd process, the same for each.
// Run after `npm run build`: node bench/workerd-start.mjs [runs] [routes]
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { bundleAsWrangler } from "./worker-bundle.mjs";
import { Miniflare } from "miniflare";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Number(process.argv[2] ?? 7);
const N = Number(process.argv[3] ?? 10000);
// The table written as `switchyard build` writes it: from the per-file build, whose internals
// (built.js) the bundle does not export; one build for both, as the translations are per copy.
const { draw } = await import(path.join(root, "dist", "files", "index.js"));
const { builtTableData } = await import(path.join(root, "dist", "files", "built.js"));

const declare = `(r) => { for (let i = 0; i < ${N / 5}; i++) r.resources("r" + i, { only: ["index", "show", "create", "update", "destroy"] }); }`;
const SERVE = `
import { createHandler } from "switchyard/http";
const ok = () => "ok";
const controllers = {};
for (let i = 0; i < ${N / 5}; i++) controllers["r" + i] = { index: ok, show: ok, create: ok, update: ok, destroy: ok };
const handler = createHandler(routes, { env: "production", logger: false, controllers });
export default { fetch: (request) => handler(request) };`;
const APPS = {
  "switchyard, drawn at start": `import { draw } from "switchyard";\nconst routes = draw(${declare});\n${SERVE}`,
  "switchyard, built table": `import { builtRoutes } from "switchyard";\nconst routes = builtRoutes(JSON.parse(${JSON.stringify(
    JSON.stringify(builtTableData(draw(new Function(`return ${declare}`)()))),
  )}));\n${SERVE}`,
  hono: `import { Hono } from "hono";
const app = new Hono();
const ok = (c) => c.text("ok");
for (let i = 0; i < ${N / 5}; i++) {
  app.get("/r" + i, ok); app.post("/r" + i, ok);
  app.get("/r" + i + "/:id", ok); app.patch("/r" + i + "/:id", ok); app.put("/r" + i + "/:id", ok); app.delete("/r" + i + "/:id", ok);
}
export default app;`,
};

const bundles = {};
for (const [name, contents] of Object.entries(APPS)) {
  const result = await bundleAsWrangler(contents);
  bundles[name] = result.outputFiles[0].text;
}

async function start(code) {
  const t0 = performance.now();
  const mf = new Miniflare({
    modules: [{ type: "ESModule", path: "worker.mjs", contents: code }],
    compatibilityDate: "2026-04-01",
  });
  try {
    const res = await mf.dispatchFetch(`http://localhost/r${N / 5 - 1}/42`);
    const body = await res.text();
    if (res.status !== 200 || body !== "ok") throw new Error(`status ${res.status}: ${body.slice(0, 200)}`);
    return performance.now() - t0;
  } finally {
    await mf.dispose();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const times = Object.fromEntries(Object.keys(bundles).map((k) => [k, []]));
const load = os.loadavg()[0];
for (let run = 0; run < RUNS; run++)
  for (const [name, code] of Object.entries(bundles)) times[name].push(await start(code));
console.log(
  `workerd (miniflare) ready + first response, ${N} routes, wall ms, median of ${RUNS}, interleaved (load ${load.toFixed(2)} -> ${os.loadavg()[0].toFixed(2)})`,
);
for (const [name, code] of Object.entries(bundles))
  console.log(
    `  ${name.padEnd(28)} ${median(times[name]).toFixed(0).padStart(6)} ms   (bundle ${(zlib.gzipSync(code, { level: 9 }).length / 1024).toFixed(1)} KB gzipped)`,
  );
