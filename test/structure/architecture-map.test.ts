// The map of src/ in docs/architecture.md drifted (cli/ without `types` and `js`, generate/
// without browser/, no testing/): it is held to the tree here. Every folder and file at the top of
// src/ is an entry of the map, every sub-folder is named in its folder's entry, and every command
// of the CLI's usage is named in cli/'s.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { USAGE } from "../../src/cli/main.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const src = path.join(root, "src");
const doc = fs.readFileSync(path.join(root, "docs", "architecture.md"), "utf8");
const map = /^# How the code is laid out[\s\S]*?^```\n([\s\S]*?)^```/m.exec(doc)?.[1] ?? "";

/** The map's entries: the left column's names (`support/`, `draw.ts`), each with its text. */
const entries = new Map<string, string>();
let current: string[] = [];
for (const line of map.split("\n")) {
  if (line.startsWith("──") || line.trim() === "") continue;
  const left = line.slice(0, 24).trim();
  if (left !== "") current = left.split(/,\s*/);
  for (const name of current) entries.set(name, `${entries.get(name) ?? ""} ${line.slice(24).trim()}`);
}

test("the map is found and read", () => {
  assert.ok(entries.size > 10, `${entries.size} entries`);
  assert.ok(entries.has("dsl/") && entries.has("index.ts"));
});

test("every folder and file at the top of src/ is an entry, and nothing else", () => {
  const top = fs
    .readdirSync(src, { withFileTypes: true })
    .filter((e) => e.isDirectory() || e.name.endsWith(".ts"))
    .map((e) => (e.isDirectory() ? `${e.name}/` : e.name))
    .sort();
  assert.deepEqual([...entries.keys()].sort(), top);
});

test("every sub-folder is named in its folder's entry", () => {
  const missing = fs
    .readdirSync(src, { withFileTypes: true, recursive: true })
    .filter((e) => e.isDirectory() && path.relative(src, e.parentPath) !== "")
    .map((e) => ({ folder: `${path.relative(src, e.parentPath).split(path.sep)[0]}/`, sub: `${e.name}/` }))
    .filter(({ folder, sub }) => !entries.get(folder)?.includes(sub));
  assert.deepEqual(missing, []);
});

test("every command of the CLI is named in cli/'s entry", () => {
  const commands = /Commands:\n((?: {2}\w+ .*\n)+)/
    .exec(USAGE)?.[1]
    ?.match(/^ {2}(\w+)/gm)
    ?.map((c) => c.trim());
  assert.ok(commands && commands.length >= 4, `commands: ${commands}`);
  for (const command of commands) assert.match(entries.get("cli/") ?? "", new RegExp(`\`${command}\``), command);
});
