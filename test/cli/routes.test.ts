// `switchyard routes`: the sheet, filters, expanded form and JSON for the example application,
// and the CLI's errors. Runs against the built package (`npm test` builds first), through the
// package's own `exports`, so the example's `import ... from "switchyard"` and the CLI share one copy.
import { test, describe } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "./run.js";
import { draw, ruby } from "../../src/index.js";
import { routeToJson } from "../../src/cli/json.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const projectRoot = path.resolve(here, "../..");
const blog = path.join(projectRoot, "examples/blog");
const bin = path.join(projectRoot, "bin/switchyard.js");

/** A throwaway application directory holding the given files. */
function tempApp(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-cli-"));
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  return dir;
}

/** The sheet Rails 6.1 prints for the same routes (see fixtures/blog.oracle.yml). */
const railsSheet = fs.readFileSync(path.join(here, "fixtures/blog-routes.txt"), "utf8");
const sheetRows = railsSheet.trimEnd().split("\n").slice(1);

describe("switchyard routes: the sheet", () => {
  test("prints exactly the sheet Rails prints for the example application", async () => {
    const r = await run("routes", "--root", blog);
    assert.equal(r.stderr, "");
    assert.equal(r.code, 0);
    assert.equal(r.stdout, railsSheet);
  });

  test("starts with the header line and right-aligns names", async () => {
    const { stdout } = await run("routes", "--root", blog);
    const lines = stdout.split("\n");
    assert.match(lines[0]!, /^ +Prefix Verb +URI Pattern +Controller#Action$/);
    assert.ok(
      lines.includes(
        "                       root GET      /                                                 home#index",
      ),
    );
    assert.ok(
      lines.some((l) =>
        /^ +api_v1_author GET +\/api\/v1\/authors\/:slug\(\.:format\) +api\/v1\/authors#show \{ subdomain: 'api', format: 'json' \}$/.test(
          l,
        ),
      ),
    );
  });

  test("has every route of the example (77)", async () => {
    const { stdout } = await run("routes", "--root", blog);
    assert.equal(stdout.trimEnd().split("\n").length - 1, 77);
    assert.equal(sheetRows.length, 77);
  });

  test("honours the draw options that config/routes.ts exports", async () => {
    const dir = tempApp({
      "config/routes.ts": `import { defineRoutes } from "switchyard";\nexport const options = { apiOnly: true };\nexport default defineRoutes((r) => {\n  r.resources("photos", { except: ["create", "update", "destroy"] });\n});\n`,
    });
    const r = await run("routes", "--root", dir);
    assert.equal(r.code, 0);
    // As Rails with config.api_only: no new/edit routes.
    assert.equal(
      r.stdout,
      "Prefix Verb URI Pattern           Controller#Action\nphotos GET  /photos(.:format)     photos#index\n photo GET  /photos/:id(.:format) photos#show\n",
    );
  });

  test("runs from the application's directory when --root is not given", () => {
    const r = spawnSync(process.execPath, [bin, "routes"], { cwd: blog, encoding: "utf8" });
    assert.equal(r.stderr, "");
    assert.equal(r.status, 0);
    assert.equal(r.stdout, railsSheet);
  });
});

describe("switchyard routes: filters", () => {
  test("-c keeps one controller's routes", async () => {
    const r = await run("routes", "-c", "admin/users", "--root", blog);
    assert.equal(r.code, 0);
    const rows = r.stdout.trimEnd().split("\n").slice(1);
    assert.equal(rows.length, 3);
    assert.ok(rows.every((l) => l.includes("admin/users#")));
    assert.match(rows[1]!, /^ admin_user GET +\/admin\/users\/:username\(\.:format\) admin\/users#show$/);
  });

  test("-c accepts a Rails controller class name", async () => {
    const a = await run("routes", "-c", "Account::NotificationsController", "--root", blog);
    const b = await run("routes", "--controller", "account/notifications", "--root", blog);
    assert.equal(a.code, 0);
    assert.equal(a.stdout, b.stdout);
    assert.equal(a.stdout.trimEnd().split("\n").length - 1, 4);
  });

  test("-g matches names, verbs, paths and controller#action", async () => {
    const r = await run("routes", "-g", "comments", "--root", blog);
    assert.equal(r.code, 0);
    const rows = r.stdout.trimEnd().split("\n").slice(1);
    assert.deepEqual(
      rows.map((l) => l.trim().split(/ +/)[0]),
      ["post_comments", "POST", "gallery_comments", "POST", "api_v1_post_comments"],
    );
  });

  test("-g takes a regular expression", async () => {
    const r = await run("routes", "--grep", "^/admin/(users|reports)", "--root", blog);
    assert.equal(r.stdout.trimEnd().split("\n").length - 1, 6);
  });

  test("a filter that matches nothing says so", async () => {
    const c = await run("routes", "-c", "nonesuch", "--root", blog);
    assert.equal(c.code, 0);
    assert.match(c.stdout, /^No routes were found for this controller\./);
    const g = await run("routes", "-g", "nonesuch", "--root", blog);
    assert.match(g.stdout, /^No routes were found for this grep pattern\./);
  });
});

describe("switchyard routes: -E", () => {
  // Rails: `"--[ Route #{index} ]".ljust(width, "-")`, width 80 when not on a terminal.
  const header = (n: number) => `--[ Route ${n} ]` + "-".repeat(80 - `--[ Route ${n} ]`.length);
  test("prints one block per route, with Rails 7.1's Source Location row", async () => {
    const r = await run("routes", "-E", "-c", "profiles", "--root", blog);
    assert.equal(r.code, 0);
    assert.equal(
      r.stdout,
      [
        header(1),
        "Prefix            | avatar_profile",
        "Verb              | PUT",
        "URI               | /profile/avatar(.:format)",
        "Controller#Action | profiles#avatar",
        "Source Location   | config/routes.ts:70",
        header(2),
        "Prefix            | edit_profile",
        "Verb              | GET",
        "URI               | /profile/edit(.:format)",
        "Controller#Action | profiles#edit",
        "Source Location   | config/routes.ts:69",
        header(3),
        "Prefix            | profile",
        "Verb              | GET",
        "URI               | /profile(.:format)",
        "Controller#Action | profiles#show",
        "Source Location   | config/routes.ts:69",
        header(4),
        "Prefix            | ",
        "Verb              | PATCH",
        "URI               | /profile(.:format)",
        "Controller#Action | profiles#update",
        "Source Location   | config/routes.ts:69",
        header(5),
        "Prefix            | ",
        "Verb              | PUT",
        "URI               | /profile(.:format)",
        "Controller#Action | profiles#update",
        "Source Location   | config/routes.ts:69",
        "",
      ].join("\n"),
    );
  });

  test("covers the whole table", async () => {
    const r = await run("routes", "--expanded", "--root", blog);
    assert.equal(r.stdout.match(/^--\[ Route \d+ \]-+$/gm)?.length, 77);
  });
});

describe("switchyard routes --json", () => {
  test("is the table as JSON, one object per route", async () => {
    const r = await run("routes", "--json", "--root", blog);
    assert.equal(r.code, 0);
    const rows = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    assert.equal(rows.length, 77);
    for (const row of rows) {
      const keys = ["action", "constraints", "controller", "defaults", "name", "path", "reqs", "source", "verb"];
      assert.deepEqual(
        Object.keys(row)
          .filter((k) => k !== "concern")
          .sort(),
        keys,
      );
      assert.match(row.source as string, /^config\/routes(?:\.ts|\/[a-z/]+\.ts):\d+$/);
    }
    // The same rows as the sheet, in the same order.
    assert.deepEqual(
      rows.map((row) => row.path),
      sheetRows.map((l) => /(?:^| )((?:\(\/:locale\))?\/\S*)/.exec(l)![1]),
    );
  });

  test("writes RegExps as their sources and keeps defaults", async () => {
    const rows = JSON.parse((await run("routes", "--json", "--root", blog)).stdout) as Array<Record<string, any>>;
    const archive = rows.find((row) => row.name === "archive")!;
    assert.equal(archive.verb, "GET");
    assert.equal(archive.path, "(/:locale)/archive/:year(/:month)(.:format)");
    assert.equal(archive.controller, "archives");
    assert.equal(archive.action, "show");
    assert.deepEqual(archive.constraints, { locale: "en|nl", year: "\\d{4}", month: "\\d{2}" });
    assert.equal(archive.reqs, "archives#show { locale: /en|nl/, year: /\\d{4}/, month: /\\d{2}/ }");
    const feed = rows.find((row) => row.name === "feed")!;
    assert.equal(feed.defaults.format, "atom");
    const search = rows.find((row) => row.name === "search")!;
    assert.equal(search.verb, "GET|POST");
  });

  test("writes a constraint translated from Ruby as declared, and lists as lists", () => {
    const [route] = draw((r) =>
      r.get("tags/:tag", { to: "tags#show", constraints: { tag: /[[:alpha:]]+/, format: ["json", ruby`/x m l/x`] } }),
    ).routes;
    assert.deepEqual(routeToJson(route!).constraints, { tag: "[[:alpha:]]+", format: ["json", "x m l"] });
  });

  test("honours -c and -g", async () => {
    const c = JSON.parse((await run("routes", "--json", "-c", "admin/users", "--root", blog)).stdout) as unknown[];
    assert.equal(c.length, 3);
    const g = JSON.parse((await run("routes", "--json", "-g", "comments", "--root", blog)).stdout) as Array<{
      name: string | null;
    }>;
    assert.deepEqual(
      g.map((row) => row.name),
      ["post_comments", null, "gallery_comments", null, "api_v1_post_comments"],
    );
  });
});

describe("switchyard routes: errors", () => {
  test("a directory without config/routes.ts exits 1 with a clear message", async () => {
    const dir = tempApp({ "README.md": "not an app\n" });
    const r = await run("routes", "--root", dir);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, "");
    assert.ok(r.stderr.includes(path.join(dir, "config", "routes.ts")), r.stderr);
    assert.match(r.stderr, /^switchyard: no routes file at /);
  });

  test("a --root that does not exist exits 1", async () => {
    const r = await run("routes", "--root", path.join(os.tmpdir(), "switchyard-no-such-dir-" + process.pid));
    assert.equal(r.code, 1);
    assert.match(r.stderr, /is not a directory/);
  });

  test("a declaration error exits 1 and shows Rails' message", async () => {
    const dir = tempApp({
      "config/routes.ts": `import { defineRoutes } from "switchyard";\nexport default defineRoutes((r) => {\n  r.collection(() => { r.get("search"); });\n});\n`,
    });
    const r = await run("routes", "--root", dir);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, "");
    const [first, second] = r.stderr.split("\n");
    assert.equal(first, `switchyard: could not load the routes in ${path.join(dir, "config", "routes.ts")}`);
    assert.equal(
      second,
      "ArgumentError: can't use collection outside resource(s) scope (config/routes.ts:3)",
      "Rails' message, and the line that caused it",
    );
  });

  test("a missing route file for r.draw exits 1 and lists the directories searched", async () => {
    const dir = tempApp({
      "config/routes.ts": `import { defineRoutes } from "switchyard";\nexport default defineRoutes((r) => {\n  r.draw("api");\n});\n`,
    });
    const r = await run("routes", "--root", dir);
    assert.equal(r.code, 1);
    assert.match(
      r.stderr,
      /Your router tried to #draw the external file api\.ts,\nbut the file was not found in:\n\n \* .*config[\\/]routes \(config\/routes\.ts:3\)\n/,
    );
  });

  test("an unknown flag prints the usage and exits 2", async () => {
    const r = await run("routes", "--frobnicate", "--root", blog);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, "");
    assert.match(r.stderr, /--frobnicate/);
    assert.match(r.stderr, /Usage: switchyard <command>/);
  });

  test("a flag without its value, or a stray argument, exits 2", async () => {
    assert.equal((await run("routes", "-c")).code, 2);
    assert.equal((await run("routes", "photos", "--root", blog)).code, 2);
  });

  test("an unknown command, or none, exits 2", async () => {
    const r = await run("paths");
    assert.equal(r.code, 2);
    assert.match(r.stderr, /unknown command "paths"/);
    assert.equal((await run()).code, 2);
  });

  test("--help prints the usage on stdout and exits 0", async () => {
    for (const argv of [["--help"], ["-h"], ["routes", "--help"], ["types", "-h"]]) {
      const r = await run(...argv);
      assert.equal(r.code, 0, argv.join(" "));
      assert.match(
        r.stdout,
        /switchyard routes \[-c CONTROLLER\] \[-g PATTERN\] \[-E\] \[--json\] \[--html\] \[--unused\] \[--lint\] \[--root DIR\]/,
      );
      assert.equal(r.stderr, "");
    }
  });

  test("the bin script sets the exit code", () => {
    const ok = spawnSync(process.execPath, [bin, "routes", "-g", "^root$", "--root", blog], { encoding: "utf8" });
    assert.equal(ok.status, 0);
    assert.match(ok.stdout, /root GET +\/ +home#index/);
    const bad = spawnSync(process.execPath, [bin, "routes", "--nope"], { encoding: "utf8" });
    assert.equal(bad.status, 2);
    const missing = spawnSync(process.execPath, [bin, "routes", "--root", here], { encoding: "utf8" });
    assert.equal(missing.status, 1);
  });
});
