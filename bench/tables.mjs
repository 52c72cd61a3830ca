// The benchmark tables: routes and the requests timed against them, written once into
// bench/tables/<name>.json (not kept in git; deterministic, so every run times the same lists).
//
//   github       the GitHub REST API (bench/data/github-routes.json): 203 routes, no formats
//   rails-app    a Rails-style application (bench/data/rails-app.spec.json): 430 routes
//   synth-N      synthetic Rails-shaped tables of exactly N routes (100, 1,000, 10,000)
//
// A table: { name, description, paramChars, routes: [{ method, path, key }] in Rails' drawing
// order (key = "METHOD path"), requests: [{ method, path, expect, kind }] (expect: the key of the
// route Rails answers with, or null for a 404; kind: static, dynamic, nested or miss), and for the
// Rails-shaped ones `spec` (the declarations, replayed with the DSL by routers.mjs) and
// `formatRequests` (the same list, every third hit on a route with `(.:format)` given an extension).
// Every list has 1,000 hits and 333 misses (25%), so a request's time compares across tables.
//
//   node bench/tables.mjs [OUT_DIR]    writes every table (the bench scripts call loadTable)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const TABLES_DIR = path.join(here, "tables");
const HITS = 1000;
const MISSES = 333;
const VERBS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** The table `name`, written first (with all the others) when bench/tables/ does not hold it. */
export function loadTable(name) {
  const file = path.join(TABLES_DIR, `${name}.json`);
  if (!fs.existsSync(file)) writeTables(TABLES_DIR);
  if (!fs.existsSync(file)) throw new Error(`no benchmark table "${name}": the tables are ${tableNames().join(", ")}`);
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

const SYNTH_SIZES = [100, 1000, 10000];
const tableNames = () => ["github", "rails-app", ...SYNTH_SIZES.map((n) => `synth-${n}`)];

// ------------------------------------------------------------------ randomness

/** A seeded generator (SplitMix32): the same seed gives the same tables on every machine. */
function random(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return ((z ^ (z >>> 16)) >>> 0) / 2 ** 32;
  };
  const below = (n) => Math.floor(next() * n);
  return {
    next,
    below,
    between: (lo, hi) => lo + below(hi - lo + 1),
    pick: (list) => list[below(list.length)],
    shuffled(list) {
      const out = list.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = below(i + 1);
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
}

// ------------------------------------------------------------------ what Rails draws

/** Rails' singular of the plural nouns these tables use (ActiveSupport's rules for them). */
function singular(noun) {
  if (noun.endsWith("ies")) return `${noun.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x)es$/.test(noun)) return noun.slice(0, -2);
  return noun.endsWith("s") && !noun.endsWith("ss") ? noun.slice(0, -1) : noun;
}

/**
 * The routes a `draw` tree gives, in the order Rails adds them: a resource's block (collection,
 * member, nested resources) before its seven actions, which come index, create, new, edit, show,
 * update (PATCH, then PUT), destroy.
 */
function railsRoutes(entries, prefix = "") {
  const out = [];
  for (const e of entries) {
    if (e.root) out.push(["GET", prefix || "/"]);
    else if (e.namespace) out.push(...railsRoutes(e.draw, `${prefix}/${e.namespace}`));
    else if (e.resources) out.push(...resourceRoutes(e, prefix));
    else {
      const verb = VERBS.find((v) => v.toLowerCase() in e);
      out.push([verb, `${prefix}/${e[verb.toLowerCase()]}(.:format)`]);
    }
  }
  return out;
}

function resourceRoutes(e, prefix) {
  const base = `${prefix}/${e.resources}`;
  const member = `${base}/:id`;
  const f = "(.:format)";
  const has = (action) => !e.only || e.only.includes(action);
  return [
    ...(e.collection ?? []).map(([verb, name]) => [verb.toUpperCase(), `${base}/${name}${f}`]),
    ...(e.member ?? []).map(([verb, name]) => [verb.toUpperCase(), `${member}/${name}${f}`]),
    ...railsRoutes(e.nested ?? [], `${base}/:${singular(e.resources)}_id`),
    ...(has("index") ? [["GET", base + f]] : []),
    ...(has("create") ? [["POST", base + f]] : []),
    ...(has("new") ? [["GET", `${base}/new${f}`]] : []),
    ...(has("edit") ? [["GET", `${member}/edit${f}`]] : []),
    ...(has("show") ? [["GET", member + f]] : []),
    ...(has("update")
      ? [
          ["PATCH", member + f],
          ["PUT", member + f],
        ]
      : []),
    ...(has("destroy") ? [["DELETE", member + f]] : []),
  ];
}

function keyed(pairs) {
  const keys = new Set();
  return pairs.map(([method, p]) => {
    const key = `${method} ${p}`;
    if (keys.has(key)) throw new Error(`the table declares ${key} twice`);
    keys.add(key);
    return { method, path: p, key };
  });
}

/**
 * Journey's answer, written independently of switchyard: routes tried in order, the first whose
 * verb and pattern match wins; a `:param` matches `segment`, a `*glob` anything, `( )` is optional.
 */
function referenceRecognizer(routes, segment) {
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const matchers = routes.map((r) => {
    const source = r.path
      .split(/([:*]\w+|[()])/)
      .map((t) =>
        t === "(" ? "(?:" : t === ")" ? ")?" : t[0] === ":" ? `(${segment})` : t[0] === "*" ? "(.+)" : escape(t),
      )
      .join("");
    return { route: r, re: new RegExp(`^${source}$`) };
  });
  return (method, p) => matchers.find((m) => m.route.method === method && m.re.test(p))?.route.key ?? null;
}

const kindOf = (route) => {
  const params = route.path.replace("(.:format)", "").match(/[:*]\w/g)?.length ?? 0;
  return params === 0 ? "static" : params === 1 ? "dynamic" : "nested";
};

// ------------------------------------------------------------------ requests

/**
 * HITS requests that each name the route Rails answers them with (every route at least once when
 * the table has fewer routes than HITS, else HITS distinct routes), and MISSES that no route
 * answers, made by `miss(route, attempt)` until enough distinct ones are found.
 */
function requestList(routes, rnd, recognize, fill, miss) {
  const chosen =
    routes.length >= HITS
      ? rnd.shuffled(routes).slice(0, HITS)
      : [...routes, ...Array.from({ length: HITS - routes.length }, () => rnd.pick(routes))];
  const hits = chosen.map((route) => {
    const p = fill(route.path);
    const expect = recognize(route.method, p);
    if (expect !== route.key) throw new Error(`${p} should reach ${route.key}, reaches ${expect}`);
    return { method: route.method, path: p, expect, kind: kindOf(route) };
  });
  const misses = new Map();
  for (let attempt = 0; misses.size < MISSES; attempt++) {
    if (attempt > MISSES * 100) throw new Error(`only ${misses.size} misses found`);
    const request = miss(rnd.pick(routes), attempt);
    if (!request || recognize(request.method, request.path) !== null) continue;
    misses.set(`${request.method} ${request.path}`, { ...request, expect: null, kind: "miss" });
  }
  return rnd.shuffled([...hits, ...misses.values()]);
}

/** The verbs a path's routes are not declared with. */
function otherVerbs(routes) {
  const verbs = new Map();
  for (const r of routes) verbs.set(r.path, [...(verbs.get(r.path) ?? []), r.method]);
  return (route) => VERBS.filter((v) => !verbs.get(route.path).includes(v));
}

/** A miss made from a route's request: a wrong verb, a misspelt word, a wrong prefix, extra segments. */
function missFrom(route, concrete, attempt, rnd, others, { misspell, prefixes, deeper }) {
  switch (attempt % 4) {
    case 0: {
      const verbs = others(route);
      return verbs.length > 0 ? { method: rnd.pick(verbs), path: concrete } : null;
    }
    case 1: {
      const parts = concrete.split("/");
      const words = parts.flatMap((s, i) =>
        i > 0 && /^[a-z_]+$/.test(s) && !route.path.split("/")[i]?.startsWith(":") ? [i] : [],
      );
      if (words.length === 0) return null;
      const i = rnd.pick(words);
      parts[i] = misspell(parts[i]);
      return { method: route.method, path: parts.join("/") };
    }
    case 2:
      return { method: "GET", path: `/${rnd.pick(prefixes)}${concrete === "/" ? "" : concrete}` };
    default:
      return { method: "GET", path: `${concrete === "/" ? "" : concrete}/${deeper()}` };
  }
}

// ------------------------------------------------------------------ the tables

function railsTable(name, description, spec, seed) {
  const rnd = random(seed);
  const routes = keyed(railsRoutes(spec.draw));
  const recognize = referenceRecognizer(routes, "[^/.?]+");
  const fill = (p) => p.replace("(.:format)", "").replace(/:\w+/g, () => String(rnd.between(1, 999_999)));
  const others = otherVerbs(routes);
  const style = {
    misspell: (word) => `${word}x`,
    prefixes: ["wp-admin", "cgi-bin", "static", "v0"],
    deeper: () => `${rnd.between(1, 999)}/more`,
  };
  const requests = requestList(routes, rnd, recognize, fill, (route, attempt) =>
    missFrom(route, fill(route.path), attempt, rnd, others, style),
  );
  const formatted = new Set(routes.filter((r) => r.path.endsWith("(.:format)")).map((r) => r.key));
  let nth = 0;
  const formatRequests = requests.map((q) => {
    if (q.expect === null || !formatted.has(q.expect) || nth++ % 3 !== 0) return q;
    const p = `${q.path}.${rnd.pick(["json", "json", "xml", "csv"])}`;
    if (recognize(q.method, p) !== q.expect) throw new Error(`${p} should reach ${q.expect}`);
    return { ...q, path: p, kind: `${q.kind}+format` };
  });
  return { name, description, paramChars: "[^/.?]+", spec, routes, requests, formatRequests };
}

function githubTable(data) {
  const rnd = random(0x6769);
  const routes = keyed(data.routes.map((line) => line.split(" ")));
  const recognize = referenceRecognizer(routes, "[^/]+");
  const values = {
    owner: ["rails", "nodejs", "honojs"],
    repo: ["rails", "node", "hono", "switchyard"],
    user: ["octocat", "dhh", "matz"],
    org: ["github", "rails"],
    sha: ["3f786850e387550fdab836ed7e6dc881de23001b"],
    ref: ["3f786850e387550fdab836ed7e6dc881de23001b"],
    name: ["bug", "docs"],
  };
  const fill = (p) =>
    p.replace(/:(\w+)/g, (_, name) => (values[name] ? rnd.pick(values[name]) : String(rnd.between(1, 99_999))));
  const others = otherVerbs(routes);
  const style = {
    misspell: (word) => word.slice(0, -1),
    prefixes: ["v3", "api", "graphql"],
    deeper: () => "unknown",
  };
  const requests = requestList(routes, rnd, recognize, fill, (route, attempt) =>
    missFrom(route, fill(route.path), attempt, rnd, others, style),
  );
  return { name: "github", description: data.description, source: data.source, paramChars: "[^/]+", routes, requests };
}

const NOUNS = `accounts albums alerts articles assets audits badges bills books bookings briefs budgets
campaigns cards carts cases categories channels charts claims clients comments contacts contracts coupons
courses credits deals devices documents domains drafts emails employees entries events exports feeds files
folders forms goals grants groups guides images imports invoices issues items jobs journals keys labels leads
lessons licenses links lists locations logs macros maps meetings members menus messages metrics notes offers
orders pages panels parcels partners passes payments people permits photos plans policies polls posts
prices products profiles projects quotes rates receipts records regions releases reports requests reviews
roles rooms rules sales scores sessions shifts shipments skills slots sources stages stores stories surveys
tags tasks teams tickets tokens topics tracks trips units uploads users vendors versions videos votes
widgets`.split(/\s+/);
const QUALIFIERS = `archived daily external global hidden internal legacy local mobile monthly open partner
pending primary private public recent regional remote shared staged team trial weekly`.split(/\s+/);
const MEMBER = [
  ["post", "archive"],
  ["get", "preview"],
  ["post", "approve"],
  ["patch", "restore"],
  ["get", "audit"],
];
const COLLECTION = [
  ["get", "search"],
  ["get", "export"],
  ["post", "bulk"],
];
const NAMESPACES = [["admin"], ["api", "v1"], ["api", "v2"], ["internal"]];

/**
 * A draw tree of exactly `size` routes: resources of 8 routes (some with member and collection
 * routes), about a quarter nested one level (some two), about a tenth under namespaces, and static
 * pages filling what is left.
 */
function synthSpec(size, seed) {
  const rnd = random(seed);
  const names = [...NOUNS, ...rnd.shuffled(QUALIFIERS.flatMap((q) => NOUNS.map((n) => `${q}_${n}`)))];
  let nextName = 0;
  const top = [];
  const parents = []; // { entry, depth, children: Set }
  const namespaces = new Map(); // "api/v1" -> { taken: Set, entries: [] }
  const cost = (e) => 8 + (e.member?.length ?? 0) + (e.collection?.length ?? 0);
  const resource = (name) => {
    const e = { resources: name };
    if (rnd.next() < 0.25) e.member = rnd.shuffled(MEMBER).slice(0, rnd.between(1, 2));
    if (rnd.next() < 0.2) e.collection = [rnd.pick(COLLECTION)];
    return e;
  };
  const freeNoun = (taken, except) => {
    const start = rnd.below(NOUNS.length);
    for (let i = 0; i < NOUNS.length; i++) {
      const noun = NOUNS[(start + i) % NOUNS.length];
      if (!taken.has(noun) && noun !== except) return noun;
    }
    return null;
  };
  let count = 1; // the root
  while (count + 8 <= size) {
    const roll = rnd.next();
    let e;
    if (roll < 0.6 || parents.length === 0) {
      e = resource(names[nextName++]);
      top.push(e);
      parents.push({ entry: e, depth: 0, children: new Set() });
    } else if (roll < 0.9) {
      const deep = parents.filter((p) => p.depth === (roll < 0.85 ? 0 : 1));
      const parent = rnd.pick(deep.length > 0 ? deep : parents);
      const noun = freeNoun(parent.children, parent.entry.resources);
      if (noun === null) continue;
      parent.children.add(noun);
      e = resource(noun);
      parent.entry.nested = [...(parent.entry.nested ?? []), e];
      if (parent.depth === 0) parents.push({ entry: e, depth: 1, children: new Set() });
    } else {
      const key = rnd.pick(NAMESPACES).join("/");
      const ns = namespaces.get(key) ?? namespaces.set(key, { taken: new Set(), entries: [] }).get(key);
      const noun = freeNoun(ns.taken, null);
      if (noun === null) continue;
      ns.taken.add(noun);
      e = resource(noun);
      ns.entries.push(e);
    }
    if (count + cost(e) > size) {
      delete e.member;
      delete e.collection;
    }
    count += cost(e);
  }
  const draw = [{ root: "home#index" }];
  for (let i = 0; count < size; i++, count++) draw.push({ get: `pages/page_${i}`, to: `pages#page_${i}` });
  draw.push(...top);
  const tree = [];
  for (const [key, ns] of [...namespaces].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const parts = key.split("/");
    let level = tree;
    for (const part of parts.slice(0, -1)) {
      let node = level.find((n) => n.namespace === part);
      if (!node) level.push((node = { namespace: part, draw: [] }));
      level = node.draw;
    }
    level.push({ namespace: parts.at(-1), draw: ns.entries });
  }
  draw.push(...tree);
  return { name: `synth-${size}`, draw };
}

/** Writes every table into `dir`, printing a line per table. */
export function writeTables(dir) {
  fs.mkdirSync(dir, { recursive: true });
  const data = (file) => JSON.parse(fs.readFileSync(path.join(here, "data", file), "utf8"));
  const app = data("rails-app.spec.json");
  const tables = [
    githubTable(data("github-routes.json")),
    railsTable("rails-app", app.description, { draw: app.draw }, 0x7261696c),
    ...SYNTH_SIZES.map((n) =>
      railsTable(
        `synth-${n}`,
        `A synthetic Rails-shaped table of exactly ${n} routes: resources of 8 routes, about a quarter nested (some two deep), about a tenth in namespaces (admin, api/v1, api/v2, internal), member and collection routes, static pages filling the rest.`,
        synthSpec(n, n),
        0x5000 + n,
      ),
    ),
  ];
  for (const table of tables) {
    const size = /^synth-(\d+)$/.exec(table.name)?.[1];
    if (size && table.routes.length !== Number(size))
      throw new Error(`${table.name} has ${table.routes.length} routes`);
    const file = path.join(dir, `${table.name}.json`);
    fs.writeFileSync(file, `${JSON.stringify(table, null, 1)}\n`);
    const kinds = {};
    for (const q of table.requests) kinds[q.kind] = (kinds[q.kind] ?? 0) + 1;
    console.error(
      `${table.name}: ${table.routes.length} routes, ${table.requests.length} requests ${JSON.stringify(kinds)}`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeTables(process.argv[2] ? path.resolve(process.argv[2]) : TABLES_DIR);
}
