// draw: declarations to a route set, and the warnings it gives about the table it drew.
import assert from "node:assert/strict";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { draw, type RouteLintFinding } from "../src/index.js";
import { capturingWarnings } from "./warnings.js";

test("draw({ warn }) reports each lint finding: an unreachable route, a repeat, a catastrophic regexp", () => {
  const findings: RouteLintFinding[] = [];
  draw(
    (r) => {
      r.get("photos/:id", { to: "photos#show" });
      r.get("photos/new", { to: "photos#new" });
      r.get("about", { to: "pages#about" });
      r.get("about", { to: "pages#about" });
      r.get("tags/:tag", { to: "tags#show", constraints: { tag: /(a|aa)+/ } });
    },
    { warn: (f) => findings.push(f) },
  );
  assert.deepEqual(
    findings.map((f) => [f.kind, f.route, f.related]),
    [
      ["unreachable", 1, [0]],
      ["duplicate", 3, [2]],
      ["backtracking", 4, []],
    ],
  );
  assert.match(
    findings[0]!.message,
    /GET \/photos\/new\(\.:format\) \(photos#new\) can never be reached: GET \/photos\/:id\(\.:format\) \(photos#show\)/,
  );
  assert.match(findings[2]!.message, /\/\(a\|aa\)\+\/ can take exponential time/);
});

test("draw without warn: a catastrophic constraint regexp is never silently accepted (process warning); a clean table warns nothing", () => {
  const { warnings } = capturingWarnings(() => {
    draw((r) => {
      r.get("x/:id", { to: "x#show", constraints: { id: /(\d+)+x/ } });
      r.get("y/:id", { to: "y#show", constraints: { id: /\d+/ } });
    });
    draw((r) => {
      r.resources("photos");
      r.get("z/:slug", { to: "z#show", constraints: { slug: /[a-z]+(-[a-z]+)*/ } });
    });
  });
  assert.equal(warnings.length, 1);
  assert.equal(warnings[0]!.code, "SWITCHYARD_BACKTRACKING_REGEXP");
  assert.match(
    warnings[0]!.message,
    /segment constraint id: of GET \/x\/:id\(\.:format\) \(x#show \{ id: \/\(\\d\+\)\+x\/ \}\)/,
  );
});

test("draw({ warn }) reports resources whose only/except leave no route, where they stand in the table", () => {
  const findings: RouteLintFinding[] = [];
  const set = draw(
    (r) => {
      r.resources("photos", { only: [] });
      r.resources("users", { only: [] }, () => {
        r.resources("posts", { only: "index" });
        r.resource("avatar", { except: ["show", "create", "update", "destroy", "new", "edit"] });
      });
      r.scope({ only: ["index"] }, () => {
        r.resource("profile");
      });
      r.resources("tags", { only: [] }, () => {});
      r.get("about", { to: "pages#about" });
    },
    { warn: (f) => findings.push(f) },
  );
  // Rails' idiom `resources :users, only: [] do ... end` draws its nested routes: no finding for users.
  // A finding about no route: route -1, and the declaration's place in the table (routes before it).
  assert.deepEqual(
    findings.map((f) => [f.kind, f.route, f.resource?.name, f.resource?.position]),
    [
      ["empty-resource", -1, "photos", 0],
      ["empty-resource", -1, "avatar", 1],
      ["empty-resource", -1, "profile", 1],
      ["empty-resource", -1, "tags", 1],
    ],
  );
  assert.equal(
    findings[0]!.message,
    'resources "photos", only: [] draws no route: it leaves none of the actions (index, create, new, show, update, destroy, edit). ' +
      "Remove the declaration, or list the actions it should have in only:.",
  );
  assert.match(findings[1]!.message, /^resource "avatar" in \/users\/:user_id, except: \["show",.*\] draws no route/);
  assert.match(findings[2]!.message, /^resource "profile", only: \[\] \(from its scope\) draws no route/);
  assert.match(findings[3]!.message, /^resources "tags", only: \[\] draws no route: .* and its block declares none\./);
  assert.deepEqual(
    set.emptyResources.map((d) => d.name),
    ["photos", "avatar", "profile", "tags"],
  );
  assert.equal(set.routes.length, 2);
});

test("lintRoutes reports a route set's empty resources when given them, and the check can be left out", async () => {
  const { lintRoutes } = await import("../src/index.js");
  const set = draw((r) => {
    r.resources("photos", { only: "index" });
    r.resources("users", { except: ["index", "create", "new", "show", "update", "destroy", "edit"] });
  });
  assert.deepEqual(
    lintRoutes(set.routes).map((f) => f.kind),
    [],
  );
  const found = lintRoutes(set.routes, { emptyResources: set.emptyResources });
  assert.deepEqual(
    found.map((f) => [f.kind, f.route, f.resource?.position]),
    [["empty-resource", -1, 1]],
  );
  assert.deepEqual(lintRoutes(set.routes, { emptyResources: set.emptyResources, checks: ["duplicate"] }), []);
  // apiOnly: except naming the five API actions leaves none.
  const api = draw((r) => r.resources("photos", { except: ["index", "create", "show", "update", "destroy"] }), {
    apiOnly: true,
  });
  assert.match(
    lintRoutes(api.routes, { emptyResources: api.emptyResources })[0]!.message,
    /none of the actions \(index, create, show, update, destroy\)/,
  );
});

test("an empty resource comes in table order among the other findings, and names where it was declared when sources are recorded", () => {
  const findings: RouteLintFinding[] = [];
  draw(
    (r) => {
      r.get("about", { to: "pages#about" });
      r.get("about", { to: "pages#about" });
      r.resources("photos", { only: [] }); // (the declaration located)
      r.get("photos/:id", { to: "photos#show" });
      r.get("photos/new", { to: "photos#new" });
    },
    { warn: (f) => findings.push(f), sourceLocations: true, root: import.meta.dirname },
  );
  assert.deepEqual(
    findings.map((f) => f.kind),
    ["duplicate", "empty-resource", "unreachable"],
  );
  const line =
    fs
      .readFileSync(fileURLToPath(import.meta.url), "utf8")
      .split("\n")
      .findIndex((l) => l.endsWith("// (the declaration located)")) + 1;
  assert.deepEqual(findings[1]!.resource!.source, { file: "draw.test.ts", line });
  assert.match(
    findings[1]!.message,
    new RegExp(`^resources "photos" \\(at draw\\.test\\.ts:${line}\\), only: \\[\\] draws no route`),
  );
});

test("draw loads the backtracking check's libraries only for a table with a constraint regexp", async () => {
  const { spawnSync } = await import("node:child_process");
  const drawModule = JSON.stringify(fileURLToPath(new URL("../src/index.ts", import.meta.url)));
  const loaded = (routes: string) => {
    const code = `import { createRequire } from "node:module";
import { draw } from ${drawModule};
draw((r) => { ${routes} });
console.log(Object.keys(createRequire(import.meta.url).cache).filter((f) => /[\\\\/]node_modules[\\\\/](refa|scslre)[\\\\/]/.test(f)).length > 0);`;
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
      encoding: "utf8",
    });
    assert.equal(run.status, 0, run.stderr);
    return run.stdout.trim();
  };
  assert.equal(loaded(`r.resources("photos");`), "false");
  assert.equal(loaded(`r.get("tags/:tag", { to: "tags#show", constraints: { tag: /[a-z]+/ } });`), "true");
});

test("where the check's libraries cannot load (no synchronous require), a table with constraint regexps is reported once as unchecked", async () => {
  const { spawnSync } = await import("node:child_process");
  const index = JSON.stringify(fileURLToPath(new URL("../src/index.ts", import.meta.url)));
  // As on workerd: no process.getBuiltinModule, so no createRequire for refa and scslre.
  const code = `process.getBuiltinModule = undefined;
const codes = [];
process.emitWarning = (message, options) => codes.push(options.code);
const { draw } = await import(${index});
draw((r) => { r.resources("photos"); });
draw((r) => { r.get("a/:x", { to: "a#b", constraints: { x: /(a|aa)+/ } }); });
draw((r) => { r.get("b/:x", { to: "b#c", constraints: { x: /(b|bb)+/ } }); });
console.log(JSON.stringify(codes));`;
  const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(JSON.parse(run.stdout.trim()), ["SWITCHYARD_BACKTRACKING_UNCHECKED"]);
});
