// Instructions per request, counted with valgrind's callgrind: deterministic where time on a shared
// machine is not (single runs on the 2-core benchmark machine swing 2x; these counts repeat within
// ~3%). Compares switchyard (this build, or others) and peers on one table's request list.
//   npm run build && node bench/install.mjs && node bench/instructions.mjs TABLE [--format] [--peer NAME]... [--entry DIR]...
// e.g. node bench/instructions.mjs rails-app --peer memoirist
//      node bench/instructions.mjs github --entry dist --entry ../other-checkout/dist   (two builds)
//      node bench/instructions.mjs synth-10000 --draw --entry dist --entry ../other/dist   (drawing the table)
//      node bench/instructions.mjs helpers --entry dist --entry ../other/dist   (bench/helpers.mjs's calls)
//
// Method: a router answers the whole list WARMUP times (so that its code is optimized), then PASSES
// more; the count of a run with no extra passes is subtracted, and the difference divided by the
// requests answered. Needs `valgrind` (Debian package); each figure takes 1-2 minutes. With
// `--draw`, switchyard draws (and compiles) the table DRAW_WARMUP times, then DRAW_PASSES more: the
// figure is instructions per warm draw (what a second route set or a reload pays). With `helpers`
// as the table, each call of bench/helpers.mjs is made HELPER_WARMUP times, then HELPER_PASSES
// more: the figure is instructions per call.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { countInstructions, requireValgrind } from "./callgrind.mjs";
import { PEERS, drawTable } from "./routers.mjs";
import { loadTable } from "./tables.mjs";

const WARMUP = 400;
const PASSES = 200;
const DRAW_WARMUP = 2;
const DRAW_PASSES = 3;
const HELPER_WARMUP = 20000;
const HELPER_PASSES = 20000;
const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const values = (flag) => args.flatMap((a, i) => (args[i - 1] === flag ? [a] : []));
const table = args[0];
const format = args.includes("--format");
const drawing = args.includes("--draw");
const helpers = table === "helpers";

/** bench/helpers.mjs's calls, by name, on its table (photos, magazines with ads). */
function helperCalls(draw) {
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
  const h = draw((r) => {
    r.resources("photos");
    r.resources("magazines", () => {
      r.resources("ads");
    });
  }).helpers;
  const magazine = new Magazine(1),
    ad = new Ad(2);
  const id = 1,
    host = "example.com",
    format = "json",
    anchor = "top",
    page = 2;
  return {
    "photo_path(1)": () => h.photo_path(id),
    "magazine_ad_path(magazine, ad)": () => h.magazine_ad_path(magazine, ad),
    "photo_url(1, {host, format, anchor, params})": () => h.photo_url(id, { host, format, anchor, params: { page } }),
    "url_for({controller, action, id, onlyPath})": () =>
      h.url_for({ controller: "photos", action: "show", id, onlyPath: true }),
    "polymorphic_path([magazine, ad])": () => h.polymorphic_path([magazine, ad]),
  };
}
const HELPER_CALLS = Object.keys(helperCalls(() => ({ helpers: {} })));

if (args.includes("--child")) {
  // node instructions.mjs TABLE [--format] --child KIND NAME PASSES
  const [kind, name, passes] = values("--child").concat(args.slice(args.indexOf("--child") + 2));
  if (kind === "helper") {
    const { draw } = await import(pathToFileURL(path.resolve(name, "index.js")).href);
    const call = helperCalls(draw)[values("--call")[0]];
    let length = 0;
    for (let i = 0, n = HELPER_WARMUP + Number(passes); i < n; i++) length += call().length;
    if (length < 0) console.log(length);
    process.exit(0);
  }
  const data = JSON.parse(fs.readFileSync(path.join(here, "tables", `${table}.json`), "utf8"));
  if (kind === "draw") {
    const { draw } = await import(pathToFileURL(path.resolve(name, "index.js")).href);
    let drawn = 0;
    for (let i = 0, n = DRAW_WARMUP + Number(passes); i < n; i++) drawn += drawTable(draw, data).routes.length;
    if (drawn < 0) console.log(drawn);
    process.exit(0);
  }
  const requests = format ? data.formatRequests : data.requests;
  let find;
  if (kind === "switchyard") {
    const { draw } = await import(pathToFileURL(path.resolve(name, "index.js")).href);
    const routes = drawTable(draw, data);
    find = (m, p) => routes.recognize(m, p);
  } else {
    find = (await PEERS[name](data, format)).find;
  }
  let answered = 0;
  const pass = () => {
    for (let i = 0; i < requests.length; i++) if (find(requests[i].method, requests[i].path) != null) answered++;
  };
  for (let i = 0; i < WARMUP; i++) pass();
  for (let i = 0, n = Number(passes); i < n; i++) pass();
  if (answered < 0) console.log(answered);
  process.exit(0);
}

if (!table) {
  console.error("usage: node bench/instructions.mjs TABLE [--format] [--peer NAME]... [--entry DIR]...");
  process.exit(2);
}
requireValgrind();
if (!helpers) loadTable(table); // written into bench/tables/ on first use
if (drawing) {
  const entries = values("--entry").length > 0 ? values("--entry") : [path.join(here, "..", "dist")];
  console.log(`${table}: instructions per draw (${DRAW_PASSES} draws after ${DRAW_WARMUP}), millions`);
  for (const entry of entries) {
    const per = (count("draw", entry, DRAW_PASSES) - count("draw", entry, 0)) / DRAW_PASSES;
    console.log(
      `  switchyard ${(path.relative(process.cwd(), entry) || ".").padEnd(40)} ${(per / 1e6).toFixed(1).padStart(8)}`,
    );
  }
  process.exit(0);
}
if (helpers) {
  const entries = values("--entry").length > 0 ? values("--entry") : [path.join(here, "..", "dist")];
  console.log(
    `URL helpers: instructions per call (${HELPER_PASSES} calls after ${HELPER_WARMUP}), by build: ${entries.map((e) => path.relative(process.cwd(), e) || ".").join(", ")}`,
  );
  for (const call of HELPER_CALLS) {
    const row = entries.map((entry) =>
      Math.round((count("helper", entry, HELPER_PASSES, call) - count("helper", entry, 0, call)) / HELPER_PASSES),
    );
    console.log(`  ${call.padEnd(48)} ${row.map((n) => n.toLocaleString("en-US").padStart(7)).join(" ")}`);
  }
  process.exit(0);
}
const list = JSON.parse(fs.readFileSync(path.join(here, "tables", `${table}.json`), "utf8"))[
  format ? "formatRequests" : "requests"
];
if (!list) {
  console.error(`${table} has no ${format ? "format " : ""}request list`);
  process.exit(2);
}
const requests = list.length;

/** Instructions callgrind counts for one child run. */
function count(kind, name, passes, call) {
  const args = [table, ...(format ? ["--format"] : []), ...(call ? ["--call", call] : [])];
  return countInstructions(
    fileURLToPath(import.meta.url),
    [...args, "--child", kind, name, String(passes)],
    `${kind} ${name}`,
  );
}

const subjects = [
  ...(values("--entry").length > 0 ? values("--entry") : [path.join(here, "..", "dist")]).map((d) => ["switchyard", d]),
  ...values("--peer").map((p) => ["peer", p]),
];
console.log(
  `${table}${format ? " (with formats)" : ""}: instructions per request (${requests} requests, ${PASSES} passes after ${WARMUP})`,
);
for (const [kind, name] of subjects) {
  if (kind === "peer" && !(name in PEERS))
    throw new Error(`unknown peer ${name}: one of ${Object.keys(PEERS).join(", ")}`);
  const per = (count(kind, name, PASSES) - count(kind, name, 0)) / (PASSES * requests);
  console.log(
    `  ${(kind === "switchyard" ? `switchyard ${path.relative(process.cwd(), name) || "."}` : name).padEnd(40)} ${Math.round(per).toLocaleString("en-US").padStart(7)}`,
  );
}
