// The repository stands alone: a clone runs everything the README describes. No file reaches for
// the workspace beside it (a `shared/` checkout of fixtures, scripts or notes), the contract the
// code cites is its own (docs/contract.md, each cited section present), and comments and tests
// say what they are about instead of pointing at a tracker's numbers.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
/** Generated, installed or outside the project's own text. */
const SKIPPED = new Set(["node_modules", "dist", "dist-check", ".git", "tables"]);
const TEXT = /\.(?:ts|mts|js|mjs|cjs|json|md|yml|yaml|rb|sh|html)$/;

function files(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? SKIPPED.has(e.name) || e.name.startsWith(".tsc-")
          ? []
          : files(path.join(dir, e.name))
        : TEXT.test(e.name) && e.name !== "package-lock.json"
          ? [path.join(dir, e.name)]
          : [],
    );
}

const texts = files(root).map((file) => ({
  name: path.relative(root, file).split(path.sep).join("/"),
  text: fs.readFileSync(file, "utf8"),
}));

/** Lines of the repository's text that match `pattern`, as "file:line: text". */
function lines(pattern: RegExp): string[] {
  return texts.flatMap(({ name, text }) =>
    text.split("\n").flatMap((line, i) => (pattern.test(line) ? [`${name}:${i + 1}: ${line.trim()}`] : [])),
  );
}

test("the files read are the repository's own text", () => {
  const names = new Set(texts.map((t) => t.name));
  for (const expected of [
    "README.md",
    "docs/contract.md",
    "src/index.ts",
    "script/rails-oracle.rb",
    "bench/tables.mjs",
  ])
    assert.ok(names.has(expected), `${expected} is read`);
  assert.ok(!texts.some((t) => t.name.includes("node_modules/")), "no installed package is read");
});

test("nothing refers to a shared/ directory outside the repository", () => {
  // Written in two pieces so that this file does not match itself.
  const outside = new RegExp(["\\.\\./", "shared\\b|\\bshared/(?:conformance|bench|STYLE|SPEC)"].join(""));
  assert.deepEqual(lines(outside), []);
});

test("the contract the code cites is docs/contract.md, and every cited section exists", () => {
  assert.deepEqual(lines(new RegExp(["SPEC", "(?: §|\\.md)"].join(""))), [], "cite docs/contract.md §N");
  const contract = texts.find((t) => t.name === "docs/contract.md")!.text;
  const sections = new Set([...contract.matchAll(/^## (\d+)\. /gm)].map((m) => m[1]));
  const cited = lines(/docs\/contract\.md §\d+/).flatMap((line) =>
    [...line.matchAll(/docs\/contract\.md §(\d+)/g)].map((m) => ({ line, section: m[1]! })),
  );
  assert.ok(cited.length > 20, `${cited.length} citations found`);
  assert.deepEqual(
    cited.filter((c) => !sections.has(c.section)).map((c) => c.line),
    [],
    "a citation names a section docs/contract.md does not have",
  );
});

test("no comment, test or document points at an issue number", () => {
  assert.deepEqual(lines(new RegExp(["\\bissues?", " #?\\d"].join(""), "i")), []);
});
