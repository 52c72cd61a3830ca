// `switchyard routes --verify`: every p(...) and p`...` of an application's source
// checked against its routes, reported as file:line:col; exit 3 when any fails.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { run } from "./run.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const app = path.join(here, "fixtures", "verify-app");
const blog = path.join(root, "examples", "blog");

/** A copy of verify-app in a temporary directory, with `files` (relative path -> source) added. */
function appWith(files: Readonly<Record<string, string>>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-verify-"));
  fs.cpSync(app, dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

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

test("TypeScript 7 as the application's compiler (a package without the compiler API): the same report", async () => {
  const dir = appWith({});
  fs.mkdirSync(path.join(dir, "node_modules"));
  fs.symlinkSync(path.join(root, "node_modules", "typescript7"), path.join(dir, "node_modules", "typescript"), "dir");
  const r = await run("routes", "--verify", "--root", dir);
  assert.equal(r.stderr, "");
  assert.equal(r.code, 3);
  assert.match(
    r.stdout,
    /^app\/controllers\/photos_controller\.ts:12:7 {2}p\(`\/photoz\/\$\{photo\.id\}`\) {2}no route matches\n/,
  );
  assert.match(r.stdout, /\n5 of 13 paths in 4 files failed verification\.\n$/);
});

test("no TypeScript at all: --verify never loads it", async () => {
  // A resolve hook that refuses any module of the typescript package, in a child process running the CLI.
  const hook = `data:text/javascript,${encodeURIComponent(
    'export async function resolve(s, c, next) { const r = await next(s, c); if (/\\/node_modules\\/typescript\\//.test(r.url)) throw new Error("typescript is not installed"); return r; }',
  )}`;
  const register = `data:text/javascript,${encodeURIComponent(`import { register } from "node:module"; register(${JSON.stringify(hook)});`)}`;
  const r = await promisify(execFile)(
    process.execPath,
    ["--import", register, path.join(root, "bin", "switchyard.js"), "routes", "--verify", "--root", blog],
    { encoding: "utf8" },
  );
  assert.match(r.stdout, /^Every path matches a route \(\d+ paths in \d+ files\)\.\n$/);
});

test("TSX and JSX, generics and non-ASCII text before a call: each call found where it is written", async () => {
  const dir = appWith({
    "app/views/card.tsx": [
      'import { p } from "switchyard";',
      "export const id = <T,>(x: T): T => x;",
      'export const Card = () => <a title="café ☕" href={p("/photoz")}>{p("/about")}</a>;',
      "",
    ].join("\n"),
    "app/views/list.jsx": [
      'import { p } from "switchyard";',
      "export const List = () => <ul>{[1].map((n) => <li key={n}>{p(`/photos/${n}/comment`)}</li>)}</ul>;",
      "",
    ].join("\n"),
  });
  const views = path.relative(process.cwd(), path.join(dir, "app", "views"));
  const r = await run("routes", "--verify", `${views}/*.{tsx,jsx}`, "--root", dir);
  assert.equal(r.code, 3);
  assert.deepEqual(r.stdout.split("\n").slice(0, 2), [
    `${views}/card.tsx:3:51  p("/photoz")  no route matches`,
    `${views}/list.jsx:2:60  p(\`/photos/\${n}/comment\`)  no route matches`,
  ]);
  assert.match(r.stdout, /2 of 3 paths in 2 files failed verification\.\n$/);
});

test("a file that does not parse is reported, never passed over", async () => {
  const dir = appWith({
    "app/views/broken.ts": 'import { p } from "switchyard";\nexport const x = ;\np("/nowhere");\n',
  });
  const r = await run("routes", "--verify", "--root", dir);
  assert.equal(r.code, 3);
  assert.match(
    r.stdout,
    /\napp\/views\/broken\.ts:2:18 {2}does not parse \(Unexpected token\): its paths cannot be verified\n/,
  );
  assert.match(r.stdout, /\n5 of 13 paths in 5 files failed verification; 1 file does not parse\.\n$/);
});
