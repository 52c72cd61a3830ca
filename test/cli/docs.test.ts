// The DSL reference (docs/dsl.md) shows, for each declaration, the sheet Rails prints for it.
// Every such example is drawn here and its sheet compared, so the docs cannot drift from the code.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { draw, type Mapper } from "switchyard";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const doc = fs.readFileSync(path.join(projectRoot, "docs/dsl.md"), "utf8");

/** Each ```ts block directly followed by a plain ``` block (the sheet it produces). */
const examples = [...doc.matchAll(/```ts\n((?:(?!```)[\s\S])*)```\n\n```\n((?:(?!```)[\s\S])*)```/g)].map((m) => ({
  code: m[1]!,
  sheet: m[2]!.trimEnd(),
  line: doc.slice(0, m.index).split("\n").length,
}));

// The route file that the `r.draw("admin")` example loads (shown just above it in the doc).
const drawDir = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-docs-"));
fs.writeFileSync(
  path.join(drawDir, "admin.ts"),
  `import { defineRoutes } from "switchyard";\nexport default defineRoutes((r) => {\n  r.namespace("admin", () => {\n    r.resources("comments", { only: "index" });\n  });\n});\n`,
);

test("docs/dsl.md has an example for every declaration", () => {
  assert.ok(examples.length >= 50, `found ${examples.length} examples`);
  const code = examples.map((e) => e.code).join("\n");
  for (const method of [
    "resources", "resource", "namespace", "scope", "controller", "constraints", "defaults", "collection", "member",
    "new", "nested", "shallow", "match", "get", "post", "patch", "put", "delete", "options", "root", "concern",
    "concerns", "redirect", "mount", "draw",
  ]) {
    assert.ok(code.includes(`r.${method}(`), `an example uses r.${method}`);
  }
  for (const option of ["only:", "except:", "path:", "as:", "controller:", "module:", "param:", "pathNames:", "format:", "concerns:", "shallow:", "shallowPath:", "shallowPrefix:", "constraints:", "defaults:", "via:", "on:", "anchor:"]) {
    assert.ok(code.includes(option), `an example uses ${option}`);
  }
});

for (const example of examples) {
  test(`docs/dsl.md:${example.line} prints the sheet shown`, () => {
    const js = ts.transpileModule(example.code, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
    const declare = new Function("r", js) as (r: Mapper) => void;
    const apiOnly = example.code.includes("apiOnly: true");
    const routes = draw((r) => declare(r), { apiOnly, drawPaths: [drawDir] });
    assert.equal(routes.inspect(), example.sheet);
  });
}
