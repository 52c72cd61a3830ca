// The development reloader's cost per request: examples/blog served by the
// fetch handler in development with reloading on and off (alternating bursts, one process), and
// the check alone (one stat per file read). From src/ (it reads internals, and the build is
// bundled): node --import tsx bench/reload.mjs
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadRoutes } from "../src/index.ts";
import { createHandler } from "../src/http/index.ts";
import { applicationGraph } from "../src/support/user-files.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../examples/blog");
const routes = await loadRoutes({ root });
const on = createHandler(routes, { root, env: "development" });
const off = createHandler(routes, { root, env: "development", reload: false });
const paths = ["/", "/posts", "/posts/1", "/admin/posts"];
for (const h of [on, off]) for (const p of paths) await h(new Request(`http://localhost${p}`)); // load the controllers

async function burst(handler, n) {
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await handler(new Request(`http://localhost${paths[i & 3]}`));
  return Number(process.hrtime.bigint() - t) / n / 1000;
}
const times = { on: [], off: [] };
for (let round = 0; round < 6; round++) {
  times.on.push(await burst(on, 500));
  times.off.push(await burst(off, 500));
}
const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
// (The application's files, route files and controllers alike, are stamped as they load: one check
// of them all before a request, in development.)
const stamps = applicationGraph.files;
const files = [...stamps.files].length;
const t = process.hrtime.bigint();
for (let i = 0; i < 2000; i++) stamps.changed();
const perCheck = Number(process.hrtime.bigint() - t) / 2000 / 1000;
console.log(`files watched: ${files}`);
console.log(
  `request, reloading on: ${median(times.on).toFixed(1)} us; off: ${median(times.off).toFixed(1)} us (medians of 6 bursts of 500)`,
);
console.log(
  `check of the application's files alone: ${perCheck.toFixed(1)} us (${(perCheck / files).toFixed(2)} us a file)`,
);
