// What recording source locations costs (`draw(..., { sourceLocations: true })`, which the CLI and
// `switchyard serve` in development use): drawing and compiling synth-10000 with and without,
// paired in one process — the two alternate, each pair in the other order than the last, after two
// warm-up draws of each — so that the machine's load falls on both alike. Prints the medians of the
// CPU time each draw took (on a shared machine, wall time also counts the time spent waiting for a
// core), and of the wall time.
//
//   npm run build && node --expose-gc bench/sources.mjs [--pairs N]
import { drawTable } from "./routers.mjs";
import { loadTable } from "./tables.mjs";

const { draw } = await import(process.env.SWITCHYARD_ENTRY ?? "../dist/index.js");

const table = loadTable("synth-10000");
const at = process.argv.indexOf("--pairs");
const pairs = at > 0 ? Number(process.argv[at + 1]) : 15;

const variants = {
  without: () => drawTable(draw, table),
  with: () => drawTable((fn) => draw(fn, { sourceLocations: true, root: process.cwd() }), table),
};
const located = variants.with().routes.filter((r) => r.source !== null).length;
if (located !== variants.with().routes.length) throw new Error(`only ${located} routes have a source location`);

const times = { without: [], with: [] };
const cpu = { without: [], with: [] };
const time = (name) => {
  global.gc?.();
  const c = process.cpuUsage();
  const t = performance.now();
  variants[name]();
  times[name].push(performance.now() - t);
  const used = process.cpuUsage(c);
  cpu[name].push((used.user + used.system) / 1000);
};
for (let i = 0; i < 2; i++) for (const name of ["without", "with"]) variants[name]();
for (let i = 0; i < pairs; i++) for (const name of i % 2 === 0 ? ["without", "with"] : ["with", "without"]) time(name);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const line = (what, ms) => {
  const [without, withSources] = [median(ms.without), median(ms.with)];
  const added = withSources - without;
  return `${what}: ${without.toFixed(1)} ms without source locations, ${withSources.toFixed(1)} ms with (+${added.toFixed(1)} ms, +${((added / without) * 100).toFixed(0)}%; ${((added * 1000) / 10000).toFixed(1)} µs per route)`;
};
console.log(`draw + compile synth-10000, median of ${pairs} pairs`);
console.log(`  ${line("CPU time", cpu)}`);
console.log(`  ${line("wall time", times)}`);
