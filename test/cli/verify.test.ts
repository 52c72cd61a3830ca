// `switchyard routes --verify`: every p(...) and p`...` of an application's source
// checked against its routes, reported as file:line:col; exit 3 when any fails.
import { test } from "node:test";
import assert from "node:assert/strict";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "./run.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const app = path.join(here, "fixtures", "verify-app");
const blog = path.resolve(here, "../../examples/blog");

test("reports exactly the planted wrong paths, in TypeScript and JavaScript, call and tagged forms, exit 3", async () => {
  const r = await run("routes", "--verify", "--root", app);
  assert.equal(r.stderr, "");
  assert.equal(r.code, 3);
  assert.equal(
    r.stdout,
    [
      "app/controllers/photos_controller.ts:12:7  p(`/photoz/${photo.id}`)  no route matches",
      "app/controllers/photos_controller.ts:13:7  p(`/photos/${photo.id}/edt`)  no route matches",
      "app/controllers/photos_controller.ts:14:7  p`/photos/${photo}/${photo}`  no route matches",
      'app/views/links.js:6:34  path("/abut")  no route matches',
      "app/views/links.js:8:10  path(where)  not a literal path: give p a string or a template literal to verify it",
      "5 of 13 paths in 4 files failed verification.",
      "",
    ].join("\n"),
  );
});

test("GLOBs choose the files, relative to the current directory", async () => {
  const glob = path.relative(process.cwd(), path.join(app, "app", "views", "*.js"));
  const r = await run("routes", "--verify", glob, "--root", app);
  assert.equal(r.code, 3);
  assert.match(r.stdout, /links\.js:6:34 {2}path\("\/abut"\) {2}no route matches\n/);
  assert.doesNotMatch(r.stdout, /photos_controller/);
  assert.match(r.stdout, /2 of 4 paths in 1 file failed verification\.\n$/);
});

test("examples/blog's paths all match a route: exit 0", async () => {
  const r = await run("routes", "--verify", "--root", blog);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /^Every path matches a route \(\d+ paths in \d+ files\)\.\n$/);
});

test("exit 1 when the routes cannot be loaded, 2 on bad usage", async () => {
  const missing = await run("routes", "--verify", "--root", os.tmpdir());
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /no routes file at /);
  const combined = await run("routes", "--verify", "--lint", "--root", app);
  assert.equal(combined.code, 2);
  assert.match(combined.stderr, /--lint and --verify cannot be combined/);
  const stray = await run("routes", "app/**/*.ts", "--root", app);
  assert.equal(stray.code, 2);
  assert.match(stray.stderr, /unexpected argument "app\/\*\*\/\*\.ts" \(only --verify takes GLOBs\)/);
});
