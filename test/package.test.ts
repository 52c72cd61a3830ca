// The package as an application installs it: what `npm pack` ships, and how it loads.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { helpersNamed } from "./route-helpers.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

test("the tarball holds the built code with its declarations, the bin, README and LICENSE", () => {
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const files = new Set((JSON.parse(out) as [{ files: { path: string }[] }])[0].files.map((f) => f.path));
  for (const f of [
    "LICENSE",
    "README.md",
    "package.json",
    "bin/switchyard.js",
    "dist/index.js",
    "dist/index.d.ts",
    "dist/cli/main.js",
    "dist/cli/main.d.ts",
  ]) {
    assert.ok(files.has(f), `${f} is packed`);
  }
  assert.ok(![...files].some((f) => f.startsWith("src/") || f.startsWith("test/")), "no sources or tests");
});

// Node 20.19+ and 22.12+ load an ES module through require() when the exports map lets them
// (a `default` condition); without one a CommonJS caller gets ERR_PACKAGE_PATH_NOT_EXPORTED.
test("CommonJS callers can require() the package where Node supports require(esm)", {
  skip: !(process.features as { require_module?: boolean }).require_module,
}, () => {
  const require = createRequire(import.meta.url);
  const { draw } = require("switchyard") as typeof import("switchyard");
  assert.equal(helpersNamed(draw((r) => r.resources("photos")).helpers, "photo_path").photo_path(1), "/photos/1");
  assert.equal(typeof (require("switchyard/cli") as typeof import("switchyard/cli")).main, "function");
});
