// `switchyard js --out FILE --watch`: the browser helpers written again after each change to the
// routes, a change that breaks them reported while the last good module stays, until stopped.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

test("--watch writes the module and its .d.ts again when a route file changes, until stopped", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-js-watch-"));
  try {
    const routesFile = path.join(dir, "config", "routes.ts");
    fs.mkdirSync(path.dirname(routesFile), { recursive: true });
    const routes = (body: string) =>
      `import { defineRoutes } from "switchyard";\nexport default defineRoutes((r) => {\n${body}\n});\n`;
    fs.writeFileSync(routesFile, routes('  r.get("about", { to: "pages#about" });'));
    const out = path.join(dir, "assets", "routes.js");
    const dts = path.join(dir, "assets", "routes.d.ts");
    const stop = new AbortController();
    let stderr = "";
    const io = { stdout: { write: () => true }, stderr: { write: (s: string) => (stderr += s) }, signal: stop.signal };
    const { main } = await import("switchyard/cli");
    const exited = main(["js", "--root", dir, "--out", out, "--watch"], io);
    const until = async (what: () => boolean, label: string) => {
      for (let i = 0; i < 600 && !what(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      assert.ok(what(), label);
    };
    const has = (file: string, name: string) => fs.existsSync(file) && fs.readFileSync(file, "utf8").includes(name);
    await until(() => has(out, "about_path") && /watching/.test(stderr), "the first write, then the watch");
    assert.ok(has(dts, "about_path") && !has(out, "faq_path"));
    fs.writeFileSync(
      routesFile,
      routes('  r.get("about", { to: "pages#about" });\n  r.get("faq", { to: "pages#faq" });'),
    );
    await until(() => has(out, "faq_path") && has(dts, "faq_path"), "written again after the change");
    fs.writeFileSync(routesFile, routes('  r.collection(() => {});\n  r.get("faq", { to: "pages#faq" });'));
    await until(() => /can't use collection outside resource\(s\) scope/.test(stderr), "the broken routes reported");
    assert.ok(has(out, "faq_path"), "the last good module stays");
    stop.abort();
    assert.equal(await exited, 0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
