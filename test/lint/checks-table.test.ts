// The lint checks are listed once, in LINT_CHECKS (src/lint/index.ts): the CLI's usage renders
// their summaries, and the README and docs/architecture.md, which cannot render them, are held to
// the table here — a check added there and left out of either fails this test.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { USAGE } from "../../src/cli/main.js";
import { LINT_CHECK_KINDS, lintCheckSummary, lintRoutes } from "../../src/lint/index.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

test("the table has each kind once, and lintRoutes selects each by its kind", () => {
  assert.equal(new Set(LINT_CHECK_KINDS).size, LINT_CHECK_KINDS.length);
  assert.ok(LINT_CHECK_KINDS.includes("option-default") && LINT_CHECK_KINDS.includes("unreachable"));
  for (const kind of LINT_CHECK_KINDS) assert.deepEqual(lintRoutes([], { checks: [kind] }), [], kind);
});

test("the summary names every check, in the table's order", () => {
  const summary = lintCheckSummary();
  assert.match(summary, /^resources whose only\/except leave no route, .+ and option keys that became defaults/);
  assert.equal(summary.split(/, | and (?=option keys)/).length, LINT_CHECK_KINDS.length);
});

test("`switchyard --help` prints the summary under --lint", () => {
  const flat = USAGE.replace(/\n {25}/g, " ");
  assert.ok(flat.includes(`--lint             Print ${lintCheckSummary()}, with the fix`), flat);
});

test("the README's --lint row is the summary", () => {
  const row = read("README.md")
    .split("\n")
    .find((line) => line.startsWith("| `--lint` |"));
  assert.ok(row, "README has a --lint row");
  assert.ok(row.includes(`| ${lintCheckSummary()}, each with the fix`), row);
});

test("docs/architecture.md lists every kind in lint/checks/, in the table's order", () => {
  const map = read("docs/architecture.md").replace(/\n {24}/g, " ");
  const listed = /one file each in checks\/ \(([^)]*)\)/.exec(map)?.[1];
  assert.equal(listed, LINT_CHECK_KINDS.join(", "));
});
