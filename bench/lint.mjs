// How long `routes --lint`'s analysis takes on the benchmark tables (and on synth-10000 drawn under
// an optional `(:locale)` scope, where no route has a literal prefix beyond "/"): the adapter
// (regexps of the table), then the whole lint (unreachable proof, repeats, constraint regexps).
//
//   node --import tsx bench/lint.mjs   (from src/: `reachRoutes` is not public, and the build is bundled)
import { drawTable } from "./routers.mjs";
import { loadTable } from "./tables.mjs";

const { draw } = await import("../src/index.ts");
const { lintRoutes, reachRoutes } = await import("../src/lint/index.ts");

const TABLES = ["synth-100", "synth-1000", "synth-10000", "rails-app", "github"];
const load = loadTable;

const cases = TABLES.map((name) => [name, () => drawTable(draw, load(name)).routes]);
cases.push([
  "synth-10000 under (:locale)",
  () => {
    const table = load("synth-10000");
    return draw((r) => r.scope("(:locale)", () => drawTable((fn) => (fn(r), null), table))).routes;
  },
]);

for (const [name, routesOf] of cases) {
  const routes = routesOf();
  let t = performance.now();
  reachRoutes(routes);
  const adapter = performance.now() - t;
  const stats = {};
  t = performance.now();
  const cpu = process.cpuUsage();
  const findings = lintRoutes(routes, { stats });
  const lint = performance.now() - t;
  const used = process.cpuUsage(cpu);
  // CPU time as well as wall time: on a shared machine the wall clock counts other processes' turns.
  console.log(
    `${name.padEnd(28)} ${String(routes.length).padStart(6)} routes  adapter ${adapter.toFixed(0).padStart(5)} ms  ` +
      `lint ${lint.toFixed(0).padStart(6)} ms (cpu ${((used.user + used.system) / 1000).toFixed(0)} ms)  ` +
      `${findings.length} findings  (${stats.pairsAsked} pairs to automata, ${stats.undecided} undecided)`,
  );
}
