// The development reloader's cost per request: examples/blog served by the
// fetch handler in development with reloading on and off (alternating bursts, one process), and
// the check alone (one stat per file read). From src/ (it reads internals, and the build is
// bundled): node --import tsx bench/reload.mjs
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadRoutes } from "../src/index.ts";
import { createHandler } from "../src/http/index.ts";
import { loadedRoutes } from "../src/draw.ts";
import { dispatcherOf } from "../src/http/transport/serve.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../examples/blog");
const routes = await loadRoutes({ root });
const on = createHandler(routes, { root, env: "development" });
const off = createHandler(routes, { root, env: "development", reload: false });
const paths = ["/", "/posts", "/posts/1", "/admin/posts"];
for (const h of [on, off]) for (const p of paths) await h(new Request(`http://blog.test${p}`)); // load the controllers

async function burst(handler, n) {
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await handler(new Request(`http://blog.test${paths[i & 3]}`));
  return Number(process.hrtime.bigint() - t) / n / 1000;
}
const times = { on: [], off: [] };
for (let round = 0; round < 6; round++) {
  times.on.push(await burst(on, 500));
  times.off.push(await burst(off, 500));
}
const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
const files = [...loadedRoutes(routes).stamps.files].length + [...dispatcherOf(on).registry.stamps.files].length;
const stamps = loadedRoutes(routes).stamps;
const t = process.hrtime.bigint();
for (let i = 0; i < 2000; i++) stamps.changed();
const perCheck = Number(process.hrtime.bigint() - t) / 2000 / 1000;
console.log(`files watched: ${files} (route files ${[...stamps.files].length})`);
console.log(
  `request, reloading on: ${median(times.on).toFixed(1)} us; off: ${median(times.off).toFixed(1)} us (medians of 6 bursts of 500)`,
);
console.log(
  `check of the route files alone: ${perCheck.toFixed(1)} us (${(perCheck / [...stamps.files].length).toFixed(2)} us a file)`,
);
