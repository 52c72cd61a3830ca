// `switchyard routes --html`: the route table as one standalone page, and the `source`
// field `--json` gains once routes record where they were declared.
import { test, describe } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { draw } from "switchyard";
import { run } from "./run.js";
import { routesToJson } from "../../src/cli/json.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const blog = path.join(here, "../../examples/blog");

/** The path cells of the page's table, in order. */
const pathCells = (html: string) =>
  [...html.matchAll(/<th scope="row"><code>([^<]*)<\/code><\/th>/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

describe("switchyard routes --html", () => {
  test("writes one standalone page with every route, in the sheet's order", async () => {
    const r = await run("routes", "--html", "--root", blog);
    assert.equal(r.code, 0);
    assert.equal(r.stderr, "");
    assert.match(r.stdout, /^<!DOCTYPE html>\n/);
    assert.match(r.stdout, /<\/html>\n$/);
    assert.match(r.stdout, /<title>Routes<\/title>/);
    assert.match(r.stdout, /<caption>77 routes, in the order they are matched<\/caption>/);
    const json = JSON.parse((await run("routes", "--json", "--root", blog)).stdout) as Array<{ path: string }>;
    assert.deepEqual(
      pathCells(r.stdout),
      json.map((row) => row.path),
    );
    // standalone: nothing to fetch
    assert.doesNotMatch(r.stdout, /\b(?:src|href)=|https?:\/\//);
  });

  test("honours -c and -g", async () => {
    const c = await run("routes", "--html", "-c", "admin/users", "--root", blog);
    assert.deepEqual(pathCells(c.stdout), [
      "/admin/users(.:format)",
      "/admin/users/:username(.:format)",
      "/admin/users/:username(.:format)",
    ]);
    const none = await run("routes", "--html", "-g", "no-such-route", "--root", blog);
    assert.equal(none.code, 0);
    assert.match(none.stdout, /<caption>No routes, in the order they are matched<\/caption>/);
  });

  test("cannot be combined with another format", async () => {
    for (const other of ["--json", "-E"]) {
      const r = await run("routes", "--html", other, "--root", blog);
      assert.equal(r.code, 2);
      assert.equal(r.stdout, "");
      assert.match(r.stderr, /^switchyard: --[a-z]+ and -?-[A-Za-z/-]+ cannot be combined\n/);
    }
  });

  test("is in the usage", async () => {
    assert.match((await run("--help")).stdout, /\n {6}--html {13}Print the route table as one standalone HTML page/);
  });
});

describe("switchyard routes --json: source locations", () => {
  const plain = draw((r) => r.resources("photos", { only: ["index", "show"] })).routes;

  test("no source field while no route records one", () => {
    for (const row of routesToJson(plain)) assert.equal("source" in row, false);
  });

  test("a source field on every row once some route records one (null where it does not)", () => {
    const sourced = plain.map((r, i) => (i === 0 ? { ...r, source: { file: "config/routes.ts", line: 4 } } : r));
    const rows = routesToJson(sourced);
    assert.deepEqual(
      rows.map((row) => row.source),
      ["config/routes.ts:4", null],
    );
    assert.equal(JSON.parse(JSON.stringify(rows))[1].source, null);
  });

  test("a route from a concern: source is the concerns call, concern names the concern and its body's line", () => {
    const [row] = routesToJson([
      {
        ...plain[0]!,
        source: {
          file: "config/routes.ts",
          line: 9,
          concern: { name: "commentable", file: "config/routes.ts", line: 3 },
        },
      },
    ]);
    assert.equal(row!.source, "config/routes.ts:9");
    assert.deepEqual(row!.concern, { name: "commentable", source: "config/routes.ts:3" });
    assert.equal("concern" in routesToJson([{ ...plain[0]!, source: { file: "a.ts", line: 1 } }])[0]!, false);
  });
});
