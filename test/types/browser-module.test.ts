// The browser helpers module's .d.ts (`switchyard js --out`), checked by each supported compiler
// with its own declarations checked too (skipLibCheck off): right calls compile, and each line
// marked @ts-expect-error is an error, which it must stay once the directives are gone.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { run } from "../cli/run.js";
import { COMPILERS, checkProject } from "./tsc.js";

const blog = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../examples/blog");

const USE = [
  'import { gallery_comments_path, post_comments_path, root_path, root_url } from "./routes.js";',
  "export const ok: string[] = [",
  '  root_path(), root_url({ anchor: "top" }), gallery_comments_path(3), gallery_comments_path({ gallery_id: 3 }),',
  '  gallery_comments_path(3, { page: 2 }), post_comments_path("en", 3), post_comments_path({ post_id: 3 }),',
  "  // a row written out: a record, as the runtime reads it (/galleries/1/comments#top)",
  '  gallery_comments_path({ id: 1, title: "Sunset", createdAt: new Date() }, { anchor: "top" }),',
  "];",
  "// @ts-expect-error -- gallery_comments_path needs the gallery",
  "gallery_comments_path();",
  "// @ts-expect-error -- root_path takes no segment",
  "root_path(1, 2);",
  "// @ts-expect-error -- no such helper",
  'import { nope_path } from "./routes.js";',
  "",
].join("\n");

for (const compiler of COMPILERS) {
  test(`${compiler.name}: the browser module's .d.ts accepts right calls and rejects wrong ones`, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-js-types-"));
    try {
      const r = await run("js", "--root", blog, "--out", path.join(dir, "routes.js"));
      assert.equal(r.code, 0, r.stderr);
      fs.writeFileSync(path.join(dir, "use.ts"), USE);
      fs.writeFileSync(
        path.join(dir, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            target: "ES2022",
            module: "NodeNext",
            moduleResolution: "NodeNext",
            skipLibCheck: false,
            skipDefaultLibCheck: true,
            types: [],
          },
          files: ["use.ts"],
        }),
      );

      assert.equal(checkProject(compiler, dir), "");
      fs.writeFileSync(path.join(dir, "use.ts"), USE.replace(/^\/\/ @ts-expect-error.*\n/gm, ""));
      const out = checkProject(compiler, dir);
      const errors = [...out.matchAll(/use\.ts\((\d+),\d+\): error TS\d+/g)].map((m) => Number(m[1]));
      assert.deepEqual(errors, [8, 9, 10], out);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
}
