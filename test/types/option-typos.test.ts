// A misspelled resource option is named in the compile error whether `resources`/`resource` is given
// one name or several, under each supported compiler. (docs/dsl.md shows the one-name messages,
// checked by docs-errors.test.ts; with several names the message runs longer and its code differs
// between the compilers, so it is checked here by the lines that name the key.)
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { COMPILERS, typecheck } from "./tsc.js";

const here = path.dirname(fileURLToPath(import.meta.url));

const SOURCE = [
  'import { draw } from "switchyard";',
  "draw((r) => {",
  '  r.resources("photos", "books", { onyl: ["index"] });',
  '  r.resources("photos", "books", "tags", { only: ["index", "shwo"] });',
  '  r.resource("profile", "account", { onyl: ["show"] });',
  '  r.resources("photos", "books", { only: ["index"], bucket_type: "post" });',
  // Right calls with several names still compile.
  '  r.resources("photos", "books", { only: ["index"] });',
  '  r.resources("photos", "books", { only: ["index"] }, () => {});',
  '  r.resource("profile", "account", { only: ["show"] });',
  "});",
  "",
].join("\n");

for (const compiler of COMPILERS) {
  test(`${compiler.name}: a misspelled option among several names is named, as with one`, () => {
    const out = typecheck(compiler, here, "export {};\n", [], { "typos.ts": SOURCE });
    const errors = new Map<number, string>();
    for (const block of out.split(/\n(?=\S)/)) {
      const m = /typos\.ts\((\d+),\d+\): error/.exec(block);
      if (m) errors.set(Number(m[1]), block);
    }
    assert.deepEqual([...errors.keys()], [3, 4, 5, 6], out);
    assert.match(errors.get(3)!, /'onyl' does not exist in type 'ResourceOptions'/);
    assert.match(errors.get(4)!, /Type '"shwo"' is not assignable to type 'ResourceAction'/);
    assert.match(errors.get(5)!, /'onyl' does not exist in type 'SingularResourceOptions'/);
    assert.match(errors.get(6)!, /'bucket_type' does not exist in type 'ResourceOptions'/);
  });
}
