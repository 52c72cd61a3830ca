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

// A bundler for a Worker or a browser reads the per-file build (its unused files drop out); Node,
// Bun and Deno read the bundled one. An application must never get one export from each: two
// copies of the route set, the registries and the classes.
test("every export resolves to the per-file build under the edge conditions and to the bundle otherwise, and both exist", async () => {
  const pkg = (await import("../package.json", { with: { type: "json" } })).default as {
    exports: Record<string, string | Record<string, string>>;
  };
  const fs = await import("node:fs");
  for (const [name, target] of Object.entries(pkg.exports)) {
    if (typeof target === "string") continue;
    const edge = target.workerd;
    assert.ok(edge?.startsWith("./dist/files/"), `${name}: workerd resolves to ${edge}`);
    assert.equal(target.worker, edge, `${name}: worker is workerd's`);
    assert.equal(target.browser, edge, `${name}: browser is workerd's`);
    assert.ok(!target.import!.startsWith("./dist/files/"), `${name}: import resolves to the bundle`);
    assert.equal(target.default, target.import, `${name}: default is import's`);
    for (const file of [edge!, target.import!, target.types!])
      assert.ok(fs.existsSync(path.join(root, file)), `${name}: ${file} is built`);
  }
});
