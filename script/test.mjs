// Runs the test files with little start-up: `node --test` (Node 20) starts a process per file, and
// each pays node, tsx and the source's modules again (about 0.6 s of CPU, a fifth of the suite).
// The files of SHARED folders instead share one `node --import tsx` process that imports them in
// turn; node:test runs every test they declare and reports as `--test` does (the spec reporter;
// exit status 1 when a test fails). The other folders' tests start servers, CLIs, browsers or the
// compiler, or replace process-wide functions (console.error) while they run: each of their files
// keeps a process of its own, as `node --test` runs them.
//
//   node script/test.mjs [--unit] [--isolated] [FILE_OR_FOLDER...]
//
//   --unit       the quick inner loop: only the SHARED folders' files, less the conformance suite
//                and the property tests
//   --isolated   a process per file for every file (to rule out one file's state reaching
//                another's tests)
//   FILE...      these files, or the test files under these folders (default: every *.test.ts
//                under test/ and examples/)
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
/**
 * Folders under test/ whose files share a process: their tests run in-process and leave no state
 * behind (each folder checked by running it both ways, with the same results).
 */
const SHARED = [
  "conformance",
  "dsl",
  "generate",
  "inspect",
  "lint",
  "pattern",
  "recognize",
  "structure",
  "table",
  "testing",
  "uri",
];

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

function run(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: "inherit" });
    child.on("exit", (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const named = argv
  .filter((a) => !a.startsWith("--"))
  .map((f) => path.resolve(f))
  .flatMap((f) => (fs.statSync(f, { throwIfNoEntry: false })?.isDirectory() ? testFiles(f) : [f]));
const all =
  named.length > 0 ? named : [...testFiles(path.join(root, "test")), ...testFiles(path.join(root, "examples"))];
const sharedDirs = SHARED.map((d) => path.join(root, "test", d) + path.sep);
const isShared = (f) => !flag("--isolated") && sharedDirs.some((d) => f.startsWith(d));
let shared = all.filter(isShared);
let isolated = all.filter((f) => !isShared(f));
if (flag("--unit")) {
  const conformance = path.join(root, "test", "conformance") + path.sep;
  shared = shared.filter((f) => !f.startsWith(conformance) && !f.endsWith(".property.test.ts"));
  isolated = [];
}
if (shared.length + isolated.length === 0) {
  console.error(`no test file to run${named.length > 0 ? ` in ${argv.join(" ")}` : ""}`);
  process.exit(2);
}

const reporter = "--test-reporter=spec";
// The shared process imports the files in turn; node:test runs their tests as they are declared.
// (As under `node --test`, a test that leaves a handle open keeps its process from ending.)
const importAll = (files) =>
  `for (const f of ${JSON.stringify(files.map((f) => pathToFileURL(f).href))}) await import(f);`;
const codes = [];
if (shared.length > 0)
  codes.push(await run(["--import", "tsx", reporter, "--input-type=module", "--eval", importAll(shared)]));
if (isolated.length > 0) codes.push(await run(["--import", "tsx", "--test", reporter, ...isolated]));
process.exit(codes.some((c) => c !== 0) ? 1 : 0);
