// Two builds of switchyard timed against each other in one process, in pairs: recognition of the
// benchmark tables' request lists, and bench/helpers.mjs's helper calls. For a change that must not
// cost speed ("within noise of before"): build the old commit in another checkout, then
//   npm run build && node bench/compare.mjs ../old-checkout/dist [dist]
// Each pair is a ~5 ms burst of one build, then of the other (the order alternating), PAIRS times;
// a figure is the median of the pairs' ratios (new time / old time: below 1, the new build is
// faster), with quartiles. A neighbour's burst on the shared machine lands on both halves of a pair
// or is discarded by the median. Instruction counts (bench/instructions.mjs --entry A --entry B)
// are the steadier measure of the same question; this one is in time.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { drawTable } from "./routers.mjs";

const PAIRS = 41;
const BURST_NS = 5e6;
const here = path.dirname(fileURLToPath(import.meta.url));
const [oldDir, newDir = path.join(here, "..", "dist")] = process.argv.slice(2);
if (!oldDir) {
  console.error("usage: node bench/compare.mjs OLD_DIST [NEW_DIST]   (NEW_DIST: this checkout's dist)");
  process.exit(2);
}
const load = async (dir) => (await import(pathToFileURL(path.resolve(dir, "index.js")).href)).draw;
const builds = [await load(oldDir), await load(newDir)];

/**
 * A timed loop around `body` (which reads the names in `scope`), compiled anew for each build: a
 * loop shared by both builds would call two builds' functions from one call site, and the inline
 * caches it then needs (polymorphic) would time the harness, not the builds (photo_path read
 * 169 ns that way against 39 ns alone). Returns nanoseconds per run of `body` over `n` runs.
 */
function timer(scope, body) {
  const names = Object.keys(scope);
  const make = new Function(
    ...names,
    `let sink = 0;
    return (n) => {
      const t = process.hrtime.bigint();
      for (let i = 0; i < n; i++) { ${body} }
      const ns = Number(process.hrtime.bigint() - t) / n;
      return sink === -1 ? 0 : ns;
    };`,
  );
  return make(...names.map((k) => scope[k]));
}

/** The median ratio new/old of PAIRS paired bursts, after a warm-up of each. */
function paired(oldT, newT) {
  // Warm both up to their optimized code (a few hundred ms each), then size the bursts.
  for (let i = 0; i < 20; i++) {
    oldT(2000);
    newT(2000);
  }
  const estimate = oldT(2000);
  // (Bounded: an estimate taken during a stall elsewhere must not size a burst of minutes.)
  const n = Math.min(1e6, Math.max(1, Math.round(BURST_NS / Math.max(estimate, 5))));
  const ratios = [],
    olds = [];
  for (let i = 0; i < PAIRS; i++) {
    let o, m;
    if (i % 2 === 0) {
      o = oldT(n);
      m = newT(n);
    } else {
      m = newT(n);
      o = oldT(n);
    }
    ratios.push(m / o);
    olds.push(o);
  }
  ratios.sort((x, y) => x - y);
  olds.sort((x, y) => x - y);
  return {
    median: ratios[PAIRS >> 1],
    p25: ratios[Math.floor(PAIRS / 4)],
    p75: ratios[Math.floor((3 * PAIRS) / 4)],
    oldNs: olds[PAIRS >> 1],
  };
}
const show = (label, r, unit) =>
  console.log(
    `  ${label.padEnd(50)} ${r.median.toFixed(2)}x (quartiles ${r.p25.toFixed(2)}-${r.p75.toFixed(2)}; old ${r.oldNs.toFixed(0)} ns ${unit})`,
  );

console.log(
  `new/old time, median of ${PAIRS} pairs: old ${path.relative(process.cwd(), oldDir)}, new ${path.relative(process.cwd(), newDir) || "."}`,
);
console.log("recognition (a pass over the request list; ns per request):");
for (const table of ["rails-app", "github", "synth-10000"]) {
  const file = path.join(here, "tables", `${table}.json`);
  if (!fs.existsSync(file)) {
    console.log(`  ${table}: no table (run npm run bench once to generate bench/tables/)`);
    continue;
  }
  const data = JSON.parse(fs.readFileSync(file, "utf8"));
  for (const [list, requests] of [
    ["requests", data.requests],
    ["formats", data.formatRequests],
  ]) {
    if (!requests) continue;
    const [oldPass, newPass] = builds.map((draw) =>
      timer(
        { routes: drawTable(draw, data), requests },
        "for (let k = 0; k < requests.length; k++) if (routes.recognize(requests[k].method, requests[k].path) !== null) sink++;",
      ),
    );
    const r = paired(oldPass, newPass);
    r.oldNs /= requests.length;
    show(`${table} ${list}`, r, "a request");
  }
}

console.log("URL helpers (ns per call):");
class Photo {
  constructor(id) {
    this.id = id;
  }
  toParam() {
    return this.id == null ? null : String(this.id);
  }
}
class Magazine extends Photo {}
class Ad extends Photo {}
const [oldH, newH] = builds.map(
  (draw) =>
    draw((r) => {
      r.resources("photos");
      r.resources("magazines", () => {
        r.resources("ads");
      });
    }).helpers,
);
const calls = {
  "photo_path(1)": "h.photo_path(v.id)",
  "magazine_ad_path(magazine, ad)": "h.magazine_ad_path(v.magazine, v.ad)",
  "photo_url(1, {host, format, anchor, params})":
    "h.photo_url(v.id, { host: v.host, format: v.format, anchor: v.anchor, params: { page: v.page } })",
  "url_for({controller, action, id, onlyPath})":
    'h.url_for({ controller: "photos", action: "show", id: v.id, onlyPath: true })',
  "polymorphic_path([magazine, ad])": "h.polymorphic_path([v.magazine, v.ad])",
};
// The inputs are read from a mutable object, so that V8 folds no call into a constant.
const v = {
  id: 1,
  magazine: new Magazine(1),
  ad: new Ad(2),
  host: "example.com",
  format: "json",
  anchor: "top",
  page: 2,
};
for (const [label, call] of Object.entries(calls)) {
  const [oldT, newT] = [oldH, newH].map((h) => timer({ h, v }, `sink += ${call}.length;`));
  show(label, paired(oldT, newT), "a call");
}
