// `switchyard new DIR` and `switchyard generate resource|controller`: the application they write
// passes its own tests, before and after each generator, and the route goes where Rails' `route`
// puts it. The application's node_modules here are links to this checkout (its build: npm run
// build first) and its dev tools, so no install runs; new-package.test.ts does it all from the
// packed tarball.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { addRoutes } from "../../src/cli/generate.js";
import { packageName } from "../../src/cli/new.js";
import { run as cli } from "./run.js";
import { CLI } from "./serve-args.js";
import { COMPILERS, checkProject } from "../types/tsc.js";

const checkout = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-new-"));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The CLI in-process: its exit code, stdout and stderr. */
async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const { code, stdout, stderr } = await cli(...argv);
  return { code, out: stdout, err: stderr };
}

/**
 * The CLI in a process of its own, as a user runs a generator: one application per process, so the
 * routes it loads to type the helpers are the file as the generator left it.
 */
function generateInOwnProcess(...argv: string[]): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, [CLI, "generate", ...argv], { encoding: "utf8", timeout: 120_000 });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

/** Links the application's dependencies to this checkout's, as `npm install` would install them. */
function linkModules(app: string): void {
  const modules = path.join(app, "node_modules");
  fs.mkdirSync(path.join(modules, "@types"), { recursive: true });
  fs.symlinkSync(checkout, path.join(modules, "switchyard"), "dir");
  for (const dep of ["tsx", "typescript", "@types/node"])
    fs.symlinkSync(path.join(checkout, "node_modules", dep), path.join(modules, dep), "dir");
}

/** Runs the application's tests as `npm test` does; the TAP output. */
function appTests(app: string): { status: number | null; output: string } {
  const files = fs
    .readdirSync(path.join(app, "test"))
    .filter((f) => f.endsWith(".test.ts"))
    .map((f) => `test/${f}`);
  const r = spawnSync(process.execPath, ["--import", "tsx", "--test", ...files], {
    cwd: app,
    encoding: "utf8",
    env: { ...process.env, NODE_TEST_CONTEXT: undefined },
    timeout: 120_000,
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

/**
 * `tsc --noEmit` in the application (its `npm run typecheck`), by TypeScript 5.9 through its API in
 * this process (test/types/tsc.ts), as tsc reports it.
 */
function typecheck(app: string): { status: number; output: string } {
  const output = checkProject(COMPILERS[0]!, app);
  return { status: output === "" ? 0 : 2, output };
}

describe("switchyard new, then generate", () => {
  const app = path.join(tmp, "My Photo App");
  /** The application's tests as they ran after both generators. */
  let afterGenerate: ReturnType<typeof appTests> | undefined;

  test("new writes the application and says what to run", async () => {
    const { code, out } = await run("new", app);
    assert.equal(code, 0);
    for (const file of [
      "package.json",
      "tsconfig.json",
      "config/routes.ts",
      "app/controllers/pages_controller.ts",
      "app/models/.keep",
      "app/views/layouts/application.ts",
      "app/routes.d.ts",
      "public/application.css",
      "test/test_helper.ts",
      "test/routes.test.ts",
      "test/pages.test.ts",
    ]) {
      assert.ok(fs.existsSync(path.join(app, file)), file);
      assert.match(out, new RegExp(`create  ${file.replace(/\./g, "\\.")}`));
    }
    assert.match(out, /npm install\n {2}npm run dev/);
    const pkg = JSON.parse(fs.readFileSync(path.join(app, "package.json"), "utf8"));
    assert.equal(pkg.name, "my-photo-app");
    assert.deepEqual(Object.keys(pkg.scripts), ["dev", "start", "test", "routes", "types", "typecheck"]);
    const own = JSON.parse(fs.readFileSync(path.join(checkout, "package.json"), "utf8"));
    assert.equal(pkg.dependencies.switchyard, `^${own.version}`);
    assert.match(fs.readFileSync(path.join(app, "app/routes.d.ts"), "utf8"), /root_path/);
  });

  test("new refuses a directory that is not empty", async () => {
    const { code, err } = await run("new", app);
    assert.equal(code, 1);
    assert.match(err, /already exists and is not an empty directory/);
    assert.equal((await run("new")).code, 2);
  });

  test("the new application's tests pass, and it typechecks", () => {
    linkModules(app);
    const tests = appTests(app);
    assert.equal(tests.status, 0, tests.output);
    assert.match(tests.output, /# pass 2\n/);
    const tsc = typecheck(app);
    assert.equal(tsc.status, 0, tsc.output);
  });

  test("generate resource adds the route first in the block, the files, and typed helpers", async () => {
    const { code, out, err } = generateInOwnProcess(
      "resource",
      "photo",
      "title:string",
      "views:integer",
      "published:boolean",
      "notes:text",
      "--root",
      app,
    );
    assert.equal(code, 0, err);
    assert.match(out, /route {2}r\.resources\("photos"\);/);
    const routes = fs.readFileSync(path.join(app, "config/routes.ts"), "utf8");
    assert.match(
      routes,
      /defineRoutes\(\(r\) => \{\n {2}r\.resources\("photos"\);\n {2}r\.root\("pages#home"\);\n\}\);/,
    );
    for (const file of ["app/models/photo.ts", "app/controllers/photos_controller.ts", "test/photos.test.ts"])
      assert.ok(fs.existsSync(path.join(app, file)), file);
    assert.match(fs.readFileSync(path.join(app, "app/routes.d.ts"), "utf8"), /edit_photo_path/);
  });

  test("generate controller adds a get route per action, before the others", async () => {
    const { code, err } = generateInOwnProcess("controller", "Greetings", "hello", "goodbye", "--root", app);
    assert.equal(code, 0, err);
    const routes = fs.readFileSync(path.join(app, "config/routes.ts"), "utf8");
    assert.match(
      routes,
      /\{\n {2}r\.get\("greetings\/hello"\);\n {2}r\.get\("greetings\/goodbye"\);\n {2}r\.resources\("photos"\);/,
    );
    assert.match(
      fs.readFileSync(path.join(app, "app/controllers/greetings_controller.ts"), "utf8"),
      /goodbye\(\): string/,
    );
  });

  test("the application still typechecks and serves the generated pages", () => {
    const tsc = typecheck(app);
    assert.equal(tsc.status, 0, tsc.output);
    const tests = (afterGenerate = appTests(app));
    // The requests alone (index, new, missing, the controller's actions) pass wherever the app runs.
    for (const name of [
      "index",
      "new",
      "a photo that is not there is missing",
      "a form posted from another site is refused; from this site it is taken",
      "hello",
      "goodbye",
      "the home page",
    ])
      assert.match(tests.output, new RegExp(`^ok \\d+ - ${name}$`, "m"), tests.output);
  });

  test("the generated resource test, which seeds and reads the model the controller uses, passes", () => {
    // (one module graph per process: the test's import of app/models/photo.ts is the controller's)
    assert.ok(afterGenerate, "the tests ran after the generators");
    assert.equal(afterGenerate.status, 0, afterGenerate.output);
  });

  test("a generator writes nothing over existing files, and the route is not added twice", async () => {
    const before = fs.readFileSync(path.join(app, "config/routes.ts"), "utf8");
    const { code, err } = await run("generate", "resource", "photos", "--root", app);
    assert.equal(code, 1);
    assert.match(
      err,
      /app\/models\/photo\.ts, app\/controllers\/photos_controller\.ts, test\/photos\.test\.ts already exist: nothing was written/,
    );
    assert.equal(fs.readFileSync(path.join(app, "config/routes.ts"), "utf8"), before);
  });
});

describe("generator input is checked, with the fix", () => {
  const app = path.join(tmp, "checked");
  test("bad fields, types, names and a missing routes file", async () => {
    assert.equal((await run("new", app)).code, 0);
    const cases: [string[], RegExp][] = [
      [["resource", "photos", "title:str"], /unknown type "str" in "title:str": use one of string, text, integer/],
      [["resource", "photos", "Title:string"], /bad field "Title:string": write NAME:TYPE, the name in snake_case/],
      [["resource", "photos", "id:integer"], /the field "id" is the record's own/],
      [["resource", "photos!"], /bad name "photos!"/],
      [["resource", "__proto__"], /bad name "__proto__"/],
      [["controller", "greetings", "say-hi"], /bad action "say-hi"/],
    ];
    for (const [args, message] of cases) {
      const { code, err } = await run("generate", ...args, "--root", app);
      assert.equal(code, 1, args.join(" "));
      assert.match(err, message);
    }
    assert.match(
      (await run("generate", "scaffold", "photos", "--root", app)).err,
      /generate needs resource or controller, not "scaffold"/,
    );
    const none = await run("generate", "resource", "photos", "--root", tmp);
    assert.equal(none.code, 1);
    assert.match(none.err, /no .*config\/routes\.ts: run in the application's directory, or pass --root DIR/);
  });
});

describe("where a route line goes (Rails' `route`: first in the routes block)", () => {
  test("after the opening of defineRoutes, draw, a default-exported function, with its variable and indentation", () => {
    assert.equal(
      addRoutes(
        'import { defineRoutes } from "switchyard";\n\nexport default defineRoutes((r) => {\n  r.root("a#b");\n});\n',
        ['r.resources("photos");'],
      ),
      'import { defineRoutes } from "switchyard";\n\nexport default defineRoutes((r) => {\n  r.resources("photos");\n  r.root("a#b");\n});\n',
    );
    assert.equal(
      addRoutes("export const routes = draw((map: Mapper) => {\n});\n", ['r.get("a/b");']),
      'export const routes = draw((map: Mapper) => {\n  map.get("a/b");\n});\n',
    );
    assert.equal(
      addRoutes("export default function routes(m) {\n}\n", ['r.resources("x");']),
      'export default function routes(m) {\n  m.resources("x");\n}\n',
    );
    assert.equal(
      addRoutes("  const routes = draw((r) => {\r\n  });\r\n", ['r.resources("x");']),
      '  const routes = draw((r) => {\r\n    r.resources("x");\n  });\r\n',
    );
  });

  test("a line already there is not added again; no opening is an error that says what to add", () => {
    const source = 'export default defineRoutes((r) => {\n  r.resources("photos");\n});\n';
    assert.equal(addRoutes(source, ['r.resources("photos");']), source);
    assert.throws(
      () => addRoutes("export default [];\n", ['r.resources("photos");']),
      /could not find where config\/routes\.ts opens its routes .*add r\.resources\("photos"\); yourself/,
    );
  });

  test("a package name from any directory name", () => {
    assert.equal(packageName("/tmp/My Photo App"), "my-photo-app");
    assert.equal(packageName("/tmp/.hidden"), "hidden");
    assert.equal(packageName("/tmp/ünï"), "n");
    assert.equal(packageName("/tmp/---"), "app");
  });
});
