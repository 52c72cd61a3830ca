// `switchyard build`: the route table as a module of data (config/routes.built.js) and its .d.ts.
// The module loads as the drawn table (test/built.test.ts compares the two on every fixture; here:
// the command, the files it hashes, `--check`, the refusal of a table holding functions, and the
// module of a table whose recognizer is compiled at load).
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { loadRoutes, type RouteSet } from "switchyard";
import { run } from "./run.js";
import { builtTableData } from "../../src/built.js";
import { builtModuleSource } from "../../src/cli/build.js";
import { draw, type Mapper } from "../../src/index.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = pathToFileURL(path.join(here, "..", "..", "dist", "index.js")).href;
const blog = path.join(here, "..", "..", "examples", "blog");

/** An application whose routes.ts draws config/routes/admin.ts. */
function app(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-build-"));
  fs.mkdirSync(path.join(root, "config", "routes"), { recursive: true });
  fs.writeFileSync(
    path.join(root, "config", "routes.ts"),
    `export default (r) => {\n  r.resources("photos", { constraints: { id: /\\d+/ } });\n  r.get("old/:id", { to: r.redirect("/photos/%{id}") });\n  r.draw("admin");\n};\n`,
  );
  fs.writeFileSync(
    path.join(root, "config", "routes", "admin.ts"),
    `export default (r) => r.namespace("admin", () => r.resources("users"));\n`,
  );
  return root;
}

/** The built module imported as an app would (its `switchyard` import pointed at this build's dist/, as a copy beside it). */
async function importBuilt(out: string): Promise<RouteSet> {
  const copy = out.replace(/\.js$/, `.${Math.random().toString(36).slice(2)}.mjs`);
  fs.writeFileSync(copy, fs.readFileSync(out, "utf8").replace(`from "switchyard"`, `from ${JSON.stringify(dist)}`));
  return ((await import(pathToFileURL(copy).href)) as { default: RouteSet }).default;
}

test("writes config/routes.built.js and its .d.ts, which load as the drawn table, hashing each route file", async () => {
  const root = app();
  const r = await run("build", "--root", root);
  assert.equal(r.code, 0, r.stderr);
  assert.match(
    r.stderr,
    /^switchyard build: wrote .*config\/routes\.built\.js \(17 routes\) and .*routes\.built\.d\.ts\n$/,
  );
  const out = path.join(root, "config", "routes.built.js");
  const js = fs.readFileSync(out, "utf8");
  assert.match(js, /^\/\/ Written by `switchyard build` from routes\.ts, routes\/admin\.ts:/);
  assert.match(js, /^import \{ builtRoutes \} from "switchyard";$/m);
  assert.match(
    fs.readFileSync(path.join(root, "config", "routes.built.d.ts"), "utf8"),
    /declare const routes: RouteSet;/,
  );
  const built = await importBuilt(out);
  const drawn = await loadRoutes({ root });
  assert.deepStrictEqual(built.routes, drawn.routes);
  assert.equal(built.inspect(), drawn.inspect());
  assert.deepEqual(built.recognize("GET", "/admin/users/3"), drawn.recognize("GET", "/admin/users/3"));
  assert.equal(built.recognize("GET", "/photos/x"), null);
});

test("--check: status 0 while the module is current, 3 once a route file changed; importing it then throws", async () => {
  const root = app();
  assert.equal((await run("build", "--root", root)).code, 0);
  assert.equal((await run("build", "--root", root, "--check")).code, 0);
  fs.appendFileSync(path.join(root, "config", "routes", "admin.ts"), `// a comment is a change too\n`);
  const r = await run("build", "--root", root, "--check");
  assert.equal(r.code, 3);
  assert.match(r.stderr, /routes\.built\.js is out of date with the route files: run `switchyard build`/);
  await assert.rejects(
    importBuilt(path.join(root, "config", "routes.built.js")),
    /is out of date: routes\/admin\.ts changed since it was built\. Run `switchyard build` again/,
  );
});

test("--check without a module: status 3, saying it does not exist; --out writes elsewhere", async () => {
  const root = app();
  const r = await run("build", "--root", root, "--check");
  assert.equal(r.code, 3);
  assert.match(r.stderr, /does not exist/);
  const out = path.join(root, "dist", "routes.mjs");
  assert.equal((await run("build", "--root", root, "--out", out)).code, 0);
  assert.ok(fs.existsSync(out) && fs.existsSync(path.join(root, "dist", "routes.d.mts")));
  assert.match(fs.readFileSync(out, "utf8"), /from \.\.\/config\/routes\.ts\b/);
});

test("refuses a table holding functions (a mount, a constraint object), naming the route and its line", async () => {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-build-")), "routes.built.js");
  const r = await run("build", "--root", blog, "--out", out);
  assert.equal(r.code, 1);
  assert.match(
    r.stderr,
    /switchyard build: could not build the route table of .*blog\nArgumentError: Cannot build the route table: it holds functions[\s\S]*\n {2}route \d+ \(GET \/editor\(\.:format\), config\/routes\.ts:\d+\): its constraint is a function[\s\S]*\n {2}route \d+ \(\/up, config\/routes\.ts:\d+\): it routes to a handler \(healthCheck\), a function\n {2}`direct :source_code`: a function\n {2}`resolve "Profile"`: a function\nDraw this table at start/,
  );
  assert.ok(!fs.existsSync(out));
});

test("a table whose recognizer could not be written is a module that passes the compiler, and says so", async () => {
  const declare = (r: Mapper) => r.resources("photos", { only: ["show"] });
  const written = builtTableData(draw(declare));
  assert.notEqual(written.recognizer, null);
  assert.match(builtModuleSource(written), /^import \{ builtRoutes \} from "switchyard";$/m);
  const js = builtModuleSource({ ...written, recognizer: null });
  assert.match(js, /^import \{ builtRoutes, compileRecognizer \} from "switchyard";$/m);
  assert.match(
    js,
    /^\/\/ \(Its recognizer could not be written as data: it is compiled at load, by compileRecognizer\.\)$/m,
  );
  assert.match(js, /, import\.meta\.url, \{ compileRecognizer \}\);\n$/);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-build-"));
  try {
    const out = path.join(dir, "routes.built.js");
    fs.writeFileSync(out, js);
    const built = await importBuilt(out);
    assert.deepEqual(
      JSON.parse(JSON.stringify(built.recognize("GET", "/photos/4"))),
      JSON.parse(JSON.stringify(draw(declare).recognize("GET", "/photos/4"))),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
