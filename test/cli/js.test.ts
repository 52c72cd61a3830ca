// `switchyard js --out FILE`: the browser helpers module and its .d.ts. The
// module must equal the server helpers (test/generate/browser.test.ts runs the fixtures' probes);
// here: the command and `_url` helpers from defaultUrlOptions (the declarations' call checking, under
// each supported compiler: test/types/browser-module.test.ts).
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "./run.js";
import { loadRoutes } from "switchyard";

const blog = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../examples/blog");

async function written() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-js-"));
  const out = path.join(dir, "assets", "routes.js");
  const r = await run("js", "--root", blog, "--out", out);
  return { dir, out, r };
}

test("writes the module and its .d.ts, imports nothing, and marks every export pure", async () => {
  const { out, r } = await written();
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /^switchyard js: wrote .*routes\.js \(\d+ helpers\) and .*routes\.d\.ts\n$/);
  const js = fs.readFileSync(out, "utf8");
  assert.doesNotMatch(js, /^\s*import\b|\brequire\(/m);
  const exports = js.match(/^export const \w+/gm) ?? [];
  assert.ok(exports.length > 20);
  assert.equal((js.match(/^export const \w+ = \/\*#__PURE__\*\/ \$r\(/gm) ?? []).length, exports.length);
  assert.ok(fs.existsSync(out.replace(/\.js$/, ".d.ts")));
});

test("its _path and _url helpers give what the server's give (defaultUrlOptions' host and protocol)", async () => {
  const { out } = await written();
  const browser = (await import(out)) as Record<string, (...args: unknown[]) => string>;
  const server = (await loadRoutes({ root: blog })).helpers as unknown as Record<
    string,
    (...args: unknown[]) => string
  >;
  const calls: [string, unknown[]][] = [
    ["root_path", []],
    ["root_url", []],
    ["post_comments_path", [3]],
    ["post_comments_path", ["nl", 3]],
    ["gallery_comments_path", [3, { format: "json" }]],
    ["archive_path", [{ year: "2024", month: "1" }]],
    ["archive_path", [{ year: "2024", month: "01" }]],
    ["post_comments_url", [3, { page: 2, anchor: "c" }]],
    ["api_v1_author_url", [{ id: "ann", format: "json" }]],
    ["api_v1_author_path", []],
    ["post_comments_url", [3, { onlyPath: true }]],
    ["post_comments_url", [3, { host: "x.test", protocol: "http", port: 8080 }]],
  ];
  for (const [name, args] of calls) {
    const outcome = (fn: () => string) => {
      try {
        return fn();
      } catch (e) {
        return `${(e as Error).name}: ${(e as Error).message}`;
      }
    };
    assert.equal(
      outcome(() => browser[name]!(...args)),
      outcome(() => server[name]!(...args)),
      `${name}(${JSON.stringify(args)})`,
    );
  }
  assert.equal(browser.root_url!(), "https://blog.example.com/");
});

test("--out is required", async () => {
  const r = await run("js", "--root", blog);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /js needs --out FILE/);
});
