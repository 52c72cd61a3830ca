// The application's files and their one module graph (src/support/user-files.ts): route files and
// controllers load alike, default imports of CommonJS packages and node builtins are the modules
// themselves, and `switchyard` in a user file is the copy the process runs. That is checked in a
// child process running the built package with plain node, as an application does (under this
// test's TypeScript runner, src/ is a copy of its own).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { draw, loadRoutes } from "../../src/index.js";
import { createHandler } from "../../src/http/index.js";
import { defaultExport, exportNames } from "../../src/support/user-files.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.join(here, "..", "..");
const app = path.join(here, "fixtures", "interop-app");

test("a routes file's default imports of express and node:path work", async () => {
  const routes = await loadRoutes({ root: app });
  assert.deepEqual(
    routes.routes.map((r) => r.path),
    ["/docs/guide(.:format)", "/legacy"],
  );
});

test("a controller's default imports of express and node:path work, and a mounted Express app serves", async () => {
  const handler = createHandler(await loadRoutes({ root: app }), { root: app, env: "production" });
  assert.equal(await (await handler(new Request("http://x.test/docs/guide"))).text(), "guide function");
  assert.equal(await (await handler(new Request("http://x.test/legacy"))).text(), "legacy");
});

test("in an application run by plain node, a route file's and a controller's switchyard is the installed one", () => {
  // The package installed as an application has it: the build under node_modules/switchyard (its
  // own dependencies resolve further up, from this repository's node_modules).
  const install = fs.mkdtempSync(path.join(here, ".install-"));
  try {
    const pkg = path.join(install, "node_modules", "switchyard");
    fs.cpSync(path.join(repo, "dist"), path.join(pkg, "dist"), { recursive: true });
    fs.copyFileSync(path.join(repo, "package.json"), path.join(pkg, "package.json"));
    // (A package of its own: inside this repository, `switchyard` would otherwise name the repository itself.)
    fs.writeFileSync(
      path.join(install, "package.json"),
      JSON.stringify({ name: "app", private: true, type: "module" }),
    );
    fs.cpSync(app, path.join(install, "app"), { recursive: true });
    fs.copyFileSync(path.join(here, "user-files.child.mjs"), path.join(install, "child.mjs"));
    const out = execFileSync(process.execPath, [path.join(install, "child.mjs"), path.join(install, "app")], {
      encoding: "utf8",
    });
    assert.deepEqual(JSON.parse(out), {
      paths: ["/docs/guide(.:format)", "/legacy"],
      sameInflections: true,
      sameController: true,
    });
  } finally {
    fs.rmSync(install, { recursive: true, force: true });
  }
});

test("a controller file without a default export says so and what it exports", async () => {
  const routes = draw((r) => r.get("bare", { to: "bare#index" }));
  const handler = createHandler(routes, { root: app, env: "development" });
  const res = await handler(new Request("http://localhost/bare"));
  assert.equal(res.status, 500);
  const body = await res.text();
  assert.match(
    body,
    /bare_controller\.ts has no default export \(it exports index, show\): a controller file must default-export its controller/,
  );
});

test("defaultExport and exportNames read ESM and CommonJS shapes", () => {
  const fn = () => 1;
  assert.equal(defaultExport(fn), fn);
  assert.equal(defaultExport({ default: fn, other: 1 }), fn);
  assert.equal(defaultExport({ other: 1 }), undefined);
  assert.equal(defaultExport(null), undefined);
  assert.equal(exportNames({ __esModule: true, a: 1, b: 2 }), "a, b");
  assert.equal(exportNames({}), "nothing");
  assert.equal(exportNames(undefined), "nothing");
});
