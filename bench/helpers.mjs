// URL helper benchmark: switchyard's helpers against a template literal producing
// the same string (the physical limit) and against Rails 6.1's own helpers, measured in the
// same run with bench/rails_helpers.rb when `ruby` (with ruby-actionpack) is available.
//   npm run build && node bench/install.mjs && node bench/helpers.mjs
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bench, do_not_optimize, run, summary } from "mitata";
import { draw } from "../dist/index.js";

const here = path.dirname(fileURLToPath(import.meta.url));

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

const routes = draw((r) => {
  r.resources("photos");
  r.resources("magazines", () => {
    r.resources("ads");
  });
});
const h = routes.helpers;
const magazine = new Magazine(1);
const ad = new Ad(2);
// Inputs live in mutable bindings so neither side can be constant-folded.
const id = 1,
  host = "example.com",
  format = "json",
  anchor = "top",
  page = 2;

const cases = [
  {
    name: "photo_path(1)",
    helper: () => h.photo_path(id),
    literal: () => `/photos/${id}`,
  },
  {
    name: "magazine_ad_path(magazine, ad)",
    helper: () => h.magazine_ad_path(magazine, ad),
    literal: () => `/magazines/${magazine.toParam()}/ads/${ad.toParam()}`,
  },
  {
    name: "photo_url(1, {host, format, anchor, params})",
    helper: () => h.photo_url(id, { host, format, anchor, params: { page } }),
    literal: () => `http://${host}/photos/${id}.${format}?page=${page}#${anchor}`,
  },
  {
    name: "url_for({controller, action, id, only_path})",
    helper: () => h.url_for({ controller: "photos", action: "show", id, onlyPath: true }),
    literal: () => `/photos/${id}`,
  },
  {
    name: "polymorphic_path([magazine, ad])",
    helper: () => h.polymorphic_path([magazine, ad]),
    literal: () => `/magazines/${magazine.toParam()}/ads/${ad.toParam()}`,
  },
];

for (const c of cases) {
  const a = c.helper(),
    b = c.literal();
  if (a !== b) throw new Error(`${c.name}: helper gave ${a}, literal ${b}`);
}

// Warm every helper up as bench/rails_helpers.rb warms Rails' up (2,000 calls each) before timing.
// Without it mitata times a helper whose first calls ran cold (> 65 µs each, in the interpreter)
// one call per sample instead of in batches, adding timer overhead and noise to its mean.
for (const c of cases)
  for (let i = 0; i < 2_000; i++) {
    c.helper();
    c.literal();
  }

let rails = null;
try {
  rails = JSON.parse(
    execFileSync("ruby", [path.join(here, "rails_helpers.rb")], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
} catch (e) {
  console.log(`Rails helpers: skipped (${e.code === "ENOENT" ? "ruby not found" : String(e.message).split("\n")[0]})`);
}

for (const c of cases) {
  summary(() => {
    bench(`${c.name} — switchyard`, () => do_not_optimize(c.helper()));
    bench(`${c.name} — template literal`, () => do_not_optimize(c.literal()));
  });
}

const { benchmarks } = await run({ format: process.argv.includes("--quiet") ? "quiet" : "mitata" });
const avg = new Map(benchmarks.map((t) => [t.alias, t.runs[0]?.stats?.avg ?? NaN]));

const rows = cases.map((c) => {
  const mine = avg.get(`${c.name} — switchyard`);
  const lit = avg.get(`${c.name} — template literal`);
  const r = rails?.[c.name];
  return {
    helper: c.name,
    "switchyard ns": mine.toFixed(1),
    "template ns": lit.toFixed(1),
    "vs template": `${(mine / lit).toFixed(2)}x`,
    "Rails 6.1 ns": r ? r.toFixed(0) : "skipped",
    "faster than Rails": r ? `${(r / mine).toFixed(0)}x` : "-",
  };
});
console.log(
  `\nURL helpers (node ${process.version}${rails ? `, ${rails._ruby}, actionpack ${rails._actionpack}` : ""})`,
);
console.table(rows);
const photo = rows[0];
const ok3x = parseFloat(photo["vs template"]) <= 3;
const ok50 = rails ? rows.every((r) => parseFloat(r["faster than Rails"]) >= 50) : null;
console.log(
  `targets: photo_path(1) within 3x of the template literal: ${ok3x ? "met" : "MISSED"}; every helper >= 50x faster than Rails: ${ok50 === null ? "not measured" : ok50 ? "met" : "MISSED"}`,
);
