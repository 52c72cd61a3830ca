// `npm run bench`: every benchmark of the package, one after the other, each in its own process
// (so that one's JIT state and heap cannot colour another's figures). The peers they measure
// against are the dependencies of bench/package.json, installed apart from the library's
// (bench/install.mjs: npm ci --prefix bench); `npm run bench:http` (bench/http/run.mjs) is the
// HTTP load benchmark.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const suites = ["recognize.mjs", "helpers.mjs", "sources.mjs"].filter((f) => fs.existsSync(path.join(here, f)));
let failed = false;
for (const suite of suites) {
  console.log(`\n=== bench/${suite}`);
  const r = spawnSync(process.execPath, ["--expose-gc", path.join(here, suite), ...process.argv.slice(2)], {
    stdio: "inherit",
  });
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
