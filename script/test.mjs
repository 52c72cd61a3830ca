// Runs the test files with little start-up: `node --test` (Node 20) starts a process per file, and
// each pays node, tsx and the source's modules again (about 0.6 s of CPU a file). Here the files
// share one `node --import tsx` process that imports them in turn, each inside a suite named by
// its path, so that its top-level hooks (`before`, `after`) and tests stay its own; node:test runs
// them one after another and reports as `--test` does (the spec reporter; exit status 1 when a
// test fails). A file whose header says `// test: a process of its own` (and why) keeps one, as
// `node --test` runs it: what it checks is the process itself.
//
//   node script/test.mjs [--unit] [--isolated] [--times] [FILE_OR_FOLDER...]
//
//   --unit       the quick inner loop: the files under test/ less the folders whose tests start
//                servers, processes, browsers or the compiler (SLOW), the conformance suite and
//                the property tests
//   --isolated   a process per file for every file (to rule out one file's state reaching
//                another's tests)
//   --times      after the run, each file's CPU time (user + system, its children's included, in
//                seconds) on stderr, the costliest first
//   FILE...      these files, or the test files under these folders (default: every *.test.ts
//                under test/ and examples/)
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { childrenCpu } from "./cpu-time.mjs";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
/**
 * Folders under test/ that `--unit` leaves out: their tests start servers, CLIs, browsers or
 * compilers, or (conformance) read every recorded Rails fixture.
 */
const SLOW = ["browser", "cli", "conformance", "http", "support", "types"];
/** The header line of a file that keeps a process of its own. */
const OWN_PROCESS = /^\/\/ test: a process of its own\b/m;

/** The `*.test.ts` files under `dir`, sorted, node_modules left out. */
function testFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".test.ts"))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((f) => !f.split(path.sep).includes("node_modules"))
    .sort();
}

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const named = [
  ...new Set(
    argv
      .filter((a) => !a.startsWith("--"))
      .map((f) => path.resolve(f))
      .flatMap((f) => (fs.statSync(f, { throwIfNoEntry: false })?.isDirectory() ? testFiles(f) : [f])),
  ),
];
let all = named.length > 0 ? named : [...testFiles(path.join(root, "test")), ...testFiles(path.join(root, "examples"))];
if (flag("--unit")) {
  const test = path.join(root, "test") + path.sep;
  const slow = SLOW.map((d) => test + d + path.sep);
  all = all.filter(
    (f) =>
      f.startsWith(test) &&
      path.dirname(f) + path.sep !== test &&
      !slow.some((d) => f.startsWith(d)) &&
      !f.endsWith(".property.test.ts"),
  );
}
if (all.length === 0) {
  console.error(`no test file to run${named.length > 0 ? ` in ${argv.join(" ")}` : ""}`);
  process.exit(2);
}
const ownProcess = (f) => flag("--isolated") || OWN_PROCESS.test(fs.readFileSync(f, "utf8").slice(0, 4096));
const shared = all.filter((f) => !ownProcess(f));
const isolated = all.filter(ownProcess);
const relative = (f) => path.relative(root, f).split(path.sep).join("/");

/** [CPU seconds, name] of each file, for --times; `processes` the seconds of each whole process. */
const times = [];
const processes = [];
function run(args) {
  const before = childrenCpu();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: "inherit" });
    child.on("exit", (code, signal) => {
      processes.push(childrenCpu() - before);
      resolve(signal ? 1 : (code ?? 1));
    });
  });
}

const reporter = "--test-reporter=spec";
const TIMES = path.join(root, "node_modules", ".cache", "switchyard-test-times.json");
const codes = [];
if (shared.length > 0) {
  const timed = flag("--times") ? ["--times", TIMES] : [];
  if (flag("--times")) fs.mkdirSync(path.dirname(TIMES), { recursive: true });
  codes.push(
    await run(["--import", "tsx", reporter, path.join(root, "script", "test-shared.mjs"), ...timed, ...shared]),
  );
  if (flag("--times") && fs.existsSync(TIMES)) {
    const suites = JSON.parse(fs.readFileSync(TIMES, "utf8"));
    fs.rmSync(TIMES);
    times.push(...suites, [
      processes[0] - suites.reduce((sum, [s]) => sum + s, 0),
      "(the shared process: start-up, imports)",
    ]);
  }
}
if (flag("--times")) {
  for (const f of isolated) {
    codes.push(await run(["--import", "tsx", "--test", reporter, f]));
    times.push([processes.at(-1), `${relative(f)} (a process of its own)`]);
  }
  console.error(
    `\nCPU seconds (user + system, children included), ${shared.length} files sharing a process, ${isolated.length} on their own:`,
  );
  for (const [s, name] of times.sort((a, b) => b[0] - a[0])) console.error(`${s.toFixed(2).padStart(8)}  ${name}`);
  console.error(
    `${processes
      .reduce((sum, s) => sum + s, 0)
      .toFixed(2)
      .padStart(8)}  in all`,
  );
} else if (isolated.length > 0) {
  codes.push(await run(["--import", "tsx", "--test", reporter, ...isolated]));
}
process.exit(codes.some((c) => c !== 0) ? 1 : 0);
