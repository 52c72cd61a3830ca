// The benchmark tables' routers, shared by bench/recognize.mjs (time) and bench/instructions.mjs
// (instruction counts): switchyard drawing a table with full Rails semantics through the DSL, and
// the peers registering the same routes.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

// ------------------------------------------------------------------ switchyard

/** Replays a Rails-shaped table's `draw` tree with the DSL (bench/tables.mjs lists the routes Rails draws for it). */
function replay(r, entries) {
  for (const e of entries) {
    if (e.root) r.root(e.root);
    else if (e.namespace) r.namespace(e.namespace, () => replay(r, e.draw));
    else if (e.resources) {
      const opts = e.only ? { only: e.only } : {};
      r.resources(e.resources, opts, () => {
        if (e.collection)
          r.collection(() => {
            for (const [verb, name] of e.collection) r[verb](name);
          });
        if (e.member)
          r.member(() => {
            for (const [verb, name] of e.member) r[verb](name);
          });
        if (e.nested) replay(r, e.nested);
      });
    } else {
      const verb = ["get", "post", "put", "patch", "delete"].find((v) => v in e);
      r[verb](e[verb], e.to ? { to: e.to } : {});
    }
  }
}

/** The GitHub table: plain `METHOD path` routes whose parameters match `[^/]+` and take no format. */
function drawGithub(draw, table) {
  return draw((r) => {
    table.routes.forEach((route, i) => {
      const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const constraints = Object.fromEntries(names.map((n) => [n, /[^\/]+/]));
      r.match(route.path, { to: `github#r${i}`, via: route.method.toLowerCase(), format: false, constraints });
    });
  });
}

/** Draws a table with `draw` (the package's, or another build's). */
export function drawTable(draw, table) {
  return table.spec ? draw((r) => replay(r, table.spec.draw)) : drawGithub(draw, table);
}

// ------------------------------------------------------------------ peers

export const strip = (p) => p.replace("(.:format)", "");
const peerPaths = (route, withFormat) => {
  const base = strip(route.path);
  return withFormat && route.path.endsWith("(.:format)") ? [base, `${base}.:format`] : [base];
};

export const PEERS = {
  "find-my-way": (table, withFormat) => {
    const r = require("find-my-way")();
    for (const route of table.routes)
      for (const p of peerPaths(route, withFormat)) r.on(route.method, p, () => {}, { key: route.key });
    return { find: (m, p) => r.find(m, p), key: (x) => x?.store.key ?? null };
  },
  memoirist: async (table, withFormat) => {
    const { Memoirist } = await import("memoirist");
    const r = new Memoirist();
    for (const route of table.routes) for (const p of peerPaths(route, withFormat)) r.add(route.method, p, route.key);
    return { find: (m, p) => r.find(m, p), key: (x) => x?.store ?? null };
  },
  "@medley/router": (table, withFormat) => {
    const Router = require("@medley/router");
    const r = new Router();
    for (const route of table.routes)
      for (const p of peerPaths(route, withFormat)) r.register(p)[route.method] = route.key;
    return { find: (m, p) => r.find(p), key: (x, m) => x?.store[m] ?? null };
  },
  rou3: async (table, withFormat) => {
    const { createRouter, addRoute, findRoute } = await import("rou3");
    const r = createRouter();
    for (const route of table.routes)
      for (const p of peerPaths(route, withFormat)) addRoute(r, route.method, p, route.key);
    return { find: (m, p) => findRoute(r, m, p), key: (x) => x?.data ?? null };
  },
  "rou3 compileRouter": async (table, withFormat) => {
    const { createRouter, addRoute } = await import("rou3");
    const { compileRouter } = await import("rou3/compiler");
    const r = createRouter();
    for (const route of table.routes)
      for (const p of peerPaths(route, withFormat)) addRoute(r, route.method, p, route.key);
    const find = compileRouter(r);
    return { find: (m, p) => find(m, p), key: (x) => x?.data ?? null };
  },
  "hono RegExpRouter": async (table, withFormat) => {
    const { RegExpRouter } = await import("hono/router/reg-exp-router");
    const r = new RegExpRouter();
    for (const route of table.routes) for (const p of peerPaths(route, withFormat)) r.add(route.method, p, route.key);
    return { find: (m, p) => r.match(m, p), key: (x) => x?.[0]?.[0]?.[0] ?? null };
  },
  "hono TrieRouter": async (table, withFormat) => {
    const { TrieRouter } = await import("hono/router/trie-router");
    const r = new TrieRouter();
    for (const route of table.routes) for (const p of peerPaths(route, withFormat)) r.add(route.method, p, route.key);
    return { find: (m, p) => r.match(m, p), key: (x) => x?.[0]?.[0]?.[0] ?? null };
  },
  "hono SmartRouter": async (table, withFormat) => {
    const { SmartRouter } = await import("hono/router/smart-router");
    const { RegExpRouter } = await import("hono/router/reg-exp-router");
    const { TrieRouter } = await import("hono/router/trie-router");
    const r = new SmartRouter({ routers: [new RegExpRouter(), new TrieRouter()] });
    for (const route of table.routes) for (const p of peerPaths(route, withFormat)) r.add(route.method, p, route.key);
    return { find: (m, p) => r.match(m, p), key: (x) => x?.[0]?.[0]?.[0] ?? null };
  },
  "koa-tree-router": (table, withFormat) => {
    const Router = require("koa-tree-router");
    const r = new Router();
    for (const route of table.routes)
      for (const p of peerPaths(route, withFormat)) r.on(route.method, p, () => route.key);
    return { find: (m, p) => r.find(m, p), key: (x) => (x?.handle ? x.handle[0]() : null) };
  },
};
