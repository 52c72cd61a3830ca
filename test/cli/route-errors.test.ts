// `switchyard routes` on a routes file with a planted mistake: the message and
// the file and line that caused it (`config/routes.ts:LINE`, or the drawn file's, or the
// controller file), exit status 1, and none of switchyard's own stack frames. loadRoutes' error
// keeps its class and carries `source`.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { ArgumentError, loadRoutes } from "switchyard";
import { run } from "./run.js";

const temp = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-route-errors-"));
after(() => fs.rmSync(temp, { recursive: true, force: true }));

let apps = 0;
/** A temporary application: `files` by path relative to its root; `body` lines become config/routes.ts from line 4 on. */
function app(body: string[], files: Record<string, string> = {}): string {
  const root = path.join(temp, `app${apps++}`);
  const all: Record<string, string> = {
    "config/routes.ts": `import { defineRoutes } from "switchyard";\n\nexport default defineRoutes((r) => {\n${body.map((l) => `  ${l}\n`).join("")}});\n`,
    ...files,
  };
  for (const [file, text] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

const drawn = (body: string[]) =>
  `import { defineRoutes } from "switchyard";\nexport default defineRoutes((r) => {\n${body.map((l) => `  ${l}\n`).join("")}});\n`;

/** The CLI's report: exit 1, the message with its location, no stack frame. */
async function fails(root: string, message: RegExp, ...argv: string[]): Promise<string> {
  const r = await run("routes", "--root", root, ...argv);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, message);
  assert.doesNotMatch(r.stderr, /^\s+at /m, "no stack frames");
  assert.doesNotMatch(r.stderr, /\b(?:dist|src)\/(?:dsl|http|cli)\//, "no file of switchyard's own");
  return r.stderr;
}

describe("switchyard routes on a routes file with a mistake", () => {
  test("a duplicate route name: Rails' ArgumentError and the line of the second route", async () => {
    const root = app([
      `r.get("about", { to: "pages#about" });`,
      `r.get("about_us", { to: "pages#about", as: "about" });`,
    ]);
    await fails(root, /ArgumentError: Invalid route name, already in use: 'about' [\s\S]*\(config\/routes\.ts:5\)\n/);
  });

  test("a `too:` typo: Missing :controller key, at its line", async () => {
    await fails(
      app([`r.root({ to: "pages#home" });`, ``, `r.get("about", { too: "pages#about" });`]),
      /ArgumentError: Missing :controller key on routes definition, please check your routes\. GET \/about\(\.:format\) gives too: 'pages#about', which became a default; did you mean to:\? \(config\/routes\.ts:6\)/,
    );
  });

  test("an exception thrown by the file, and one thrown by a module it imports", async () => {
    await fails(
      app([`r.get("a", { to: "pages#a" });`, `throw new TypeError("no such setting");`]),
      /TypeError: no such setting \(config\/routes\.ts:5\)/,
    );
    const root = app([`settings();`], {
      "config/routes.ts": `import { defineRoutes } from "switchyard";\nimport { settings } from "../lib/settings";\n\nexport default defineRoutes((r) => {\n  r.get(settings(), { to: "pages#a" });\n});\n`,
      "lib/settings.ts": `export function settings(): string {\n  throw new RangeError("settings are missing");\n}\n`,
    });
    await fails(root, /RangeError: settings are missing \(lib\/settings\.ts:2\)/);
  });

  test("a thrown non-Error: what was thrown, and the line that threw it", async () => {
    await fails(
      app([`r.get("a", { to: "pages#a" });`, ``, `throw Object.create(null);`]),
      /config\/routes\.ts threw \[Object: null prototype\] \{\}, which is not an Error[^\n]*\(config\/routes\.ts:6\)/,
    );
    await fails(
      app([`throw "x";`]),
      /config\/routes\.ts threw 'x', which is not an Error[^\n]*\(config\/routes\.ts:4\)/,
    );
  });

  test("a syntax error: its line", async () => {
    await fails(app([`r.get("a", { to: "pages#a" }`, `r.get("b", { to: "pages#b" });`]), /\(config\/routes\.ts:5\)/);
  });

  test("r.draw cycles: an ArgumentError naming the chain, at once", async () => {
    const root = app([`r.draw("admin");`], {
      "config/routes/admin.ts": drawn([`r.draw("users");`]),
      "config/routes/users.ts": drawn([`r.get("users", { to: "users#index" });`, `r.draw("admin");`]),
    });
    const stderr = await fails(
      root,
      /ArgumentError: Your router tried to #draw "admin" while drawing it: admin -> users -> admin\.[^\n]*\(config\/routes\/users\.ts:4\)/,
    );
    assert.doesNotMatch(stderr, /Maximum call stack/, "found on the second visit, not by overflowing the stack");
  });

  test("an error in a drawn file names that file", async () => {
    const root = app([`r.draw("api");`], {
      "config/routes/api.ts": drawn([`r.resources("photos", { only: "index", bogus: 1 });`]),
    });
    await fails(root, /ArgumentError: [^\n]*\(config\/routes\/api\.ts:3\)/);
  });

  test("--unused with a controller file that has no default export: says so, naming the file", async () => {
    const root = app([`r.get("a", { to: "pages#a" });`], {
      "app/controllers/pages_controller.ts": `export function a() {\n  return "a";\n}\n`,
    });
    await fails(root, /pages_controller\.ts has no default export \(it exports a\)/, "--unused");
  });
});

test("loadRoutes: the error keeps its class and carries source { file, line }", async () => {
  const root = app([
    `r.get("about", { to: "pages#about" });`,
    `r.get("about_us", { to: "pages#about", as: "about" });`,
  ]);
  await assert.rejects(loadRoutes({ root }), (error: unknown) => {
    assert.ok(error instanceof ArgumentError);
    assert.deepEqual((error as { source?: unknown }).source, { file: "config/routes.ts", line: 5 });
    assert.match(error.message, /\(config\/routes\.ts:5\)$/);
    assert.match(
      String(error.stack),
      /^ArgumentError: Invalid route name[\s\S]*\(config\/routes\.ts:5\)\n\s+at /,
      "the stack says the message as the error does",
    );
    return true;
  });
});
