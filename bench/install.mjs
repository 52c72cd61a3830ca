// Installs the benchmark package's dependencies (bench/package.json: the peer routers, frameworks
// and load generators; the library itself installs none of them) when bench/node_modules is
// missing or older than bench/package-lock.json. Run by `npm run bench` and `npm run bench:http`.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const mtime = (f) => fs.statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? -Infinity;
// npm ci writes node_modules/.package-lock.json last: its age is the install's.
if (mtime(path.join(here, "node_modules", ".package-lock.json")) < mtime(path.join(here, "package-lock.json"))) {
  console.log("bench: installing its dependencies (npm ci --prefix bench)");
  execFileSync(process.platform === "win32" ? "npm.cmd" : "npm", ["ci", "--prefix", here, "--no-audit", "--no-fund"], {
    stdio: "inherit",
    shell: process.platform === "win32",
  });
}
