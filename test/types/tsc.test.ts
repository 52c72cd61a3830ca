// Type tests: `switchyard types` writes examples/blog's declarations, and one `tsc
// --noEmit` compiles them with the fixtures in test/types/fixtures/ (typed action params, verified
// paths) and the blog's own app/ and config/ files. Each fixture line either compiles or carries a
// `@ts-expect-error` that tsc must use: an unused one is itself an error, so a type that turned
// loose fails here as surely as one that turned wrong.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { loadRoutes, renderHelperTypes } from "../../src/index.js";
import { COMPILERS, typecheck } from "./tsc.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const blog = path.join(root, "examples", "blog");
const fixtures = path.join(root, "test", "types", "fixtures");

function tsFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts"))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

for (const compiler of COMPILERS) {
  test(`${compiler.name}: the fixtures and examples/blog compile against the blog's generated declarations, every @ts-expect-error used`, async () => {
    const files = [...tsFiles(fixtures), ...tsFiles(path.join(blog, "app")), ...tsFiles(path.join(blog, "config"))];
    assert.ok(
      files.some((f) => f.endsWith("params.ts")) && files.some((f) => f.endsWith("paths.ts")),
      "the fixtures are found",
    );
    const declarations = renderHelperTypes(await loadRoutes({ root: blog }));
    const out = typecheck(compiler, path.join(root, "test", "types"), declarations, files);
    assert.equal(out, "", out);
  });
}
