// The table every server of bench/http serves: rails-app (430 routes, from
// bench/data/rails-app.spec.json by bench/tables.mjs), and the helpers the server modules share to
// register it.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { loadTable as loadBenchTable } from "../tables.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const benchDir = path.join(here, "..");
/** The switchyard checkout the servers load: this one, or SWITCHYARD_ROOT's (to measure another build). */
const rootDir = process.env.SWITCHYARD_ROOT ? path.resolve(process.env.SWITCHYARD_ROOT) : path.join(benchDir, "..");

/** The rails-app table: `routes` ({ method, path, key } in Rails' order), `formatRequests`, `spec`. */
export function loadTable() {
  return loadBenchTable("rails-app");
}

/**
 * A route's paths in the `:param` syntax most routers share: Rails' `/photos/:id(.:format)` is
 * `/photos/:id` plus `/photos/:id.:format`, registered in that order; `fmt` rewrites the format
 * variant for a router with another syntax for it.
 */
export function peerPaths(route, fmt = (base) => `${base}.:format`) {
  const base = route.path.replace("(.:format)", "");
  return route.path.endsWith("(.:format)") ? [base, fmt(base)] : [base];
}

/** The content-type of every 200 here: switchyard's for an action's string, which each peer is told to send. */
export const HTML = "text/html; charset=utf-8";

/**
 * The routes grouped as an app written resource by resource mounts them (Express' Router per
 * resource): a route's prefix is the longest run of its leading static segments that is itself a
 * collection path (`/photos` for `/photos/:id/edit(.:format)` and `/photos/search(.:format)`,
 * `/admin/users` for `/admin/users/:id(.:format)`, `/magazines` for its nested
 * `/magazines/:magazine_id/ads(.:format)`), or "" (the app itself) for the collection paths, the
 * root and one-segment routes. Groups in the order of their first route; in each, its paths (made
 * relative to the prefix) in the order of their first route, each with its routes' methods and keys.
 * @returns {{ prefix: string, paths: { path: string, routes: { method: string, key: string }[] }[] }[]}
 */
export function resourceGroups(routes) {
  const collections = new Set(
    routes.filter((r) => r.path.endsWith("(.:format)")).map((r) => r.path.slice(0, -"(.:format)".length)),
  );
  const prefixOf = (path) => {
    const segs = path.split("/").slice(1);
    let prefix = "";
    for (let i = 0, at = ""; i < segs.length - 1 && !/[:*(]/.test(segs[i]); i++) {
      at += `/${segs[i]}`;
      if (collections.has(at)) prefix = at;
    }
    return prefix;
  };
  const groups = new Map();
  for (const { method, path, key } of routes) {
    const prefix = prefixOf(path);
    const group = groups.get(prefix) ?? groups.set(prefix, new Map()).get(prefix);
    const rest = path.slice(prefix.length);
    (group.get(rest) ?? group.set(rest, []).get(rest)).push({ method, key });
  }
  return [...groups].map(([prefix, paths]) => ({
    prefix,
    paths: [...paths].map(([path, routes]) => ({ path, routes })),
  }));
}

export class Skip extends Error {}

/**
 * Imports a subpath export of the switchyard package built at the repository's root (`"./node"`
 * for `switchyard/node`), reading the root package.json's `exports` as Node would. Throws Skip,
 * saying why, when the package does not export it yet or it has not been built.
 */
export async function importSwitchyard(subpath) {
  const pkg = JSON.parse(fs.readFileSync(path.join(rootDir, "package.json"), "utf8"));
  let target = pkg.exports?.[subpath];
  while (target !== null && typeof target === "object") target = target.import ?? target.default;
  if (typeof target !== "string") throw new Skip(`switchyard has no "${subpath}" export yet (package.json exports)`);
  const file = path.join(rootDir, target);
  if (!fs.existsSync(file)) throw new Skip(`${path.relative(rootDir, file)} is missing: run npm run build`);
  return import(pathToFileURL(file).href);
}

/** A module's default export, else its only exported function (the adapters' names are not settled). */
export function soleExport(mod, what) {
  if (typeof mod.default === "function") return mod.default;
  const fns = Object.entries(mod).filter(([, v]) => typeof v === "function");
  if (fns.length === 1) return fns[0][1];
  throw new Error(
    `${what}: expected a default export or one exported function, found ${fns.map(([k]) => k).join(", ") || "none"}`,
  );
}

/**
 * The switchyard app every switchyard server serves: the table drawn with the DSL (as
 * bench/routers.mjs replays it) and one controller action per controller#action answering the
 * matched route's table key as a string (switchyard's 200 text/html).
 */
export async function switchyardApp(table) {
  const { draw } = await importSwitchyard(".");
  const { createHandler } = await importSwitchyard("./http");
  const { drawTable } = await import("../routers.mjs");
  const routes = drawTable(draw, table);
  const keys = new Map(routes.routes.map((r, i) => [r, table.routes[i].key]));
  routes.routes.forEach((r, i) => {
    if (`${r.verb} ${r.path}` !== table.routes[i].key)
      throw new Error(`switchyard drew ${r.verb} ${r.path} where the table has ${table.routes[i].key}`);
  });
  // ctx.route is the matched Route (docs/contract.md §6), or a { route, name } pair holding it.
  const action = (ctx) => keys.get(ctx.route.route ?? ctx.route);
  const controllers = {};
  for (const r of routes.routes) (controllers[r.controller] ??= {})[r.action] = action;
  // No request log (`--quiet`): the peers log nothing either (Fastify's logger is off by default),
  // so every server does the same work. The log's own cost is measured by request-log.mjs.
  return { routes, handler: createHandler(routes, { controllers, env: "production", logger: false }) };
}
