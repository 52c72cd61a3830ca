// `switchyard routes --lint` (docs/contract.md §7): the example application has no problem; a
// fixture application with the classic mistakes (fixtures/lint-app/config/routes.ts) has exactly
// those, and none of the decoys placed after each. Runs against the built package, as the CLI's
// other tests do.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { run } from "./run.js";
import { capturingWarnings } from "../warnings.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const blog = path.join(here, "../../examples/blog");
const app = path.join(here, "fixtures/lint-app");
const routesFile = fs.readFileSync(path.join(app, "config/routes.ts"), "utf8").split("\n");

/** The line of the fixture's routes file that declares `declaration` (quoted as written there). */
function line(declaration: string): number {
  const hits = routesFile.flatMap((l, i) => (l.includes(declaration) ? [i + 1] : []));
  assert.equal(hits.length, 1, declaration);
  return hits[0]!;
}

/** A finding's heading and its message's start: `N) kind: Route A (see Route B)`. */
const heading = (text: string) => [...text.matchAll(/^(\d+)\) (.+)$/gm)].map((m) => `${m[1]}) ${m[2]}`);

describe("switchyard routes --lint", () => {
  test("finds nothing in the example application, and exits 0", async () => {
    const r = await run("routes", "--lint", "--root", blog);
    assert.equal(r.stderr, "");
    assert.equal(r.stdout, "No problems found.\n");
    assert.equal(r.code, 0);
  });

  test("finds each classic mistake and nothing else, and exits 3", async () => {
    const r = await run("routes", "--lint", "--root", app);
    assert.equal(r.stderr, "");
    assert.equal(r.code, 3);
    assert.match(r.stdout, /^Found 11 problems:\n\n1\) /);
    assert.deepEqual(heading(r.stdout), [
      "1) unreachable: Route 2 (see Route 1)",
      "2) unreachable: Route 6 (see Route 5)",
      "3) unreachable: Route 8 (see Route 7)",
      "4) unreachable: Route 10 (see Route 9)",
      "5) duplicate: Route 12 (see Route 11)",
      "6) backtracking: Route 19",
      "7) backtracking: Route 20",
      "8) backtracking: Route 21",
      "9) backtracking: Route 22",
      // A declaration that drew no route: no route to name.
      "10) empty-resource",
      "11) empty-resource",
    ]);
    // Route numbers are -E's: the routes they name are those.
    // Without --lint, the CLI warns of the 4 catastrophic regexps as process warnings: captured here.
    const drawn = capturingWarnings(() => run("routes", "-E", "--root", app));
    const expanded = (await drawn.value).stdout;
    assert.deepEqual(
      drawn.warnings.map((w) => w.code),
      Array(4).fill("SWITCHYARD_BACKTRACKING_REGEXP"),
    );
    const uri = (n: number) =>
      new RegExp(`--\\[ Route ${n} \\]-+\\nPrefix +\\| .*\\nVerb +\\| .*\\nURI +\\| (.*)\\n`).exec(expanded)![1];
    assert.deepEqual([1, 2, 5, 6, 7, 8, 9, 10, 11, 12, 19, 22].map(uri), [
      "/photos/:id(.:format)",
      "/photos/new(.:format)",
      "/files/*path(.:format)",
      "/files/readme(.:format)",
      "/archive(/:year)(.:format)",
      "/archive/:year(.:format)",
      "/items/:slug(.:format)",
      "/items/latest(.:format)",
      "/about(.:format)",
      "/about(.:format)",
      "/nested/:v(.:format)",
      "/dots/:v(.:format)",
    ]);
  });

  test("each finding names both declarations' source locations and says the fix", async () => {
    const { stdout } = await run("routes", "--lint", "--root", app);
    const blocks = stdout.split("\n\n").slice(1);
    const at = (declaration: string) => `at config/routes.ts:${line(declaration)}`;
    assert.equal(
      blocks[0],
      "1) unreachable: Route 2 (see Route 1)\n" +
        `   GET /photos/new(.:format) (photos#new) ${at(`r.get("photos/new"`)} can never be reached: ` +
        `GET /photos/:id(.:format) (photos#show) ${at(`r.get("photos/:id"`)}, declared earlier, answers every request it matches (e.g. GET /photos/new). ` +
        "Declare it before GET /photos/:id(.:format), or constrain :id of that route so that it no longer matches /photos/new.",
    );
    assert.match(
      blocks[1]!,
      new RegExp(
        `files#readme\\) ${at(`r.get("files/readme"`)} can never be reached: GET /files/\\*path\\(\\.:format\\) \\(files#show\\) ${at(`r.get("files/*path"`)},`,
      ),
    );
    assert.match(
      blocks[2]!,
      new RegExp(
        `archive#year\\) ${at(`r.get("archive/:year"`)} can never be reached: .*\\(archive#index\\) ${at(`r.get("archive(/:year)"`)},`,
      ),
    );
    assert.match(
      blocks[3]!,
      new RegExp(
        `items#latest\\) ${at(`r.get("items/latest"`)} can never be reached: .*\\(items#show \\{ slug: /\\[a-z\\]\\+/ \\}\\) ${at(`r.get("items/:slug"`)},`,
      ),
    );
    assert.match(
      blocks[4]!,
      new RegExp(
        `\\(pages#about_us\\) ${at(`"pages#about_us"`)} repeats GET /about\\(\\.:format\\) \\(pages#about\\) ${at(`"pages#about" }`)}: .* Remove one of them\\.$`,
      ),
    );
    const regexps: [string, RegExp][] = [
      ["(a+)+", /exponential time.* Use \/\(a\+\)\/ instead/],
      ["(a|a)+", /exponential time.* Use \/\(a\)\+\/ instead/],
      ["(a|aa)+", /exponential time.* Use \/\(a\)\+\/ instead/],
      ["(.*a){12}", /polynomial time \(about n\^12 steps.* Let only one of them repeat/],
    ];
    regexps.forEach(([source, fix], i) => {
      assert.ok(
        blocks[5 + i]!.includes(`{ v: /${source}/ }) at config/routes.ts:${line(`/${source}/`)}: /${source}/ can take`),
        source,
      );
      assert.match(blocks[5 + i]!, fix);
    });
    assert.equal(
      blocks[9],
      "10) empty-resource\n" +
        `   resources "tags" (${at(`r.resources("tags"`)}), only: [] draws no route: it leaves none of the actions (index, create, new, show, update, destroy, edit). ` +
        "Remove the declaration, or list the actions it should have in only:.",
    );
    assert.match(
      blocks[10]!,
      new RegExp(
        `^11\\) empty-resource\\n   resource "settings" \\(${at(`r.resource("settings"`)}\\), except: \\[.*\\] draws no route`,
      ),
    );
  });

  test("-c and -g show the findings about, or naming, a route they select; the whole table is linted", async () => {
    const c = await run("routes", "--lint", "-c", "PhotosController", "--root", app);
    assert.deepEqual(heading(c.stdout), ["1) unreachable: Route 2 (see Route 1)"]);
    assert.match(c.stdout, /^Found 1 problem:\n/);
    assert.equal(c.code, 3);
    // The glob route answers first: the finding about files/readme names it.
    assert.deepEqual(heading((await run("routes", "--lint", "-g", "^/files/\\*path", "--root", app)).stdout), [
      "1) unreachable: Route 6 (see Route 5)",
    ]);
    assert.deepEqual(heading((await run("routes", "--lint", "-g", "regexps", "--root", app)).stdout).length, 4);
    const none = await run("routes", "--lint", "-c", "albums", "--root", app);
    assert.deepEqual([none.stdout, none.code], ["No problems found for this controller.\n", 0]);
    const grep = await run("routes", "--lint", "-g", "^/beta", "--root", app);
    assert.deepEqual([grep.stdout, grep.code], ["No problems found for this grep pattern.\n", 0]);
  });

  test("cannot be combined with another output", async () => {
    for (const other of ["--json", "--html", "-E", "--unused"]) {
      const r = await run("routes", "--lint", other, "--root", app);
      assert.equal(r.code, 2, other);
      assert.match(r.stderr, /cannot be combined/);
    }
  });

  test("a routes file that does not load exits 1, not 3", async () => {
    const r = await run("routes", "--lint", "--root", path.join(app, "config"));
    assert.equal(r.code, 1);
  });
});
