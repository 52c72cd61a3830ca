// `switchyard types`: the helper declarations of an application, on stdout or in a file.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "./run.js";
import { loadRoutes, renderHelperTypes } from "switchyard";

const blog = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../examples/blog");

test("prints the declarations of the application's helpers", async () => {
  const r = await run("types", "--root", blog);
  assert.equal(r.stderr, "");
  assert.equal(r.code, 0);
  assert.equal(r.stdout, renderHelperTypes(await loadRoutes({ root: blog })));
  assert.match(r.stdout, /from "switchyard"/);
  for (const name of ["root", "post_comments", "api_v1_author", "admin_jobs", "new_registration"]) {
    assert.ok(r.stdout.includes(`RouteHelper_${name} `), `declares ${name}`);
  }
});

test("--out writes the file (creating its directory) and says so on stderr", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-types-"));
  const out = path.join(dir, "types", "routes.d.ts");
  const r = await run("types", "--root", blog, "--out", out);
  assert.equal(r.code, 0);
  assert.equal(r.stdout, "");
  assert.match(r.stderr, /^switchyard types: wrote .*routes\.d\.ts\n$/);
  assert.equal(fs.readFileSync(out, "utf8"), (await run("types", "--root", blog)).stdout);
});

test("exits 1 when the application has no routes file, 2 on an unknown flag", async () => {
  const missing = await run("types", "--root", os.tmpdir());
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /no routes file at /);
  const bad = await run("types", "--json", "--root", blog);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /Unknown option '--json'/);
});

test("--watch writes the declarations again when a route file changes, until stopped; without --out it is a usage error", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-types-watch-"));
  try {
    const routesFile = path.join(dir, "config", "routes.ts");
    fs.mkdirSync(path.dirname(routesFile), { recursive: true });
    const routes = (names: string[]) =>
      `import { defineRoutes } from "switchyard";\nexport default defineRoutes((r) => {\n${names.map((n) => `  r.get("${n}", { to: "pages#${n}" });\n`).join("")}});\n`;
    fs.writeFileSync(routesFile, routes(["about"]));
    const out = path.join(dir, "routes.d.ts");
    const stop = new AbortController();
    let stderr = "";
    const io = { stdout: { write: () => true }, stderr: { write: (s: string) => (stderr += s) }, signal: stop.signal };
    const { main } = await import("switchyard/cli");
    const exited = main(["types", "--root", dir, "--out", out, "--watch"], io);
    const until = async (what: () => boolean) => {
      for (let i = 0; i < 600 && !what(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      assert.ok(what());
    };
    await until(() => fs.existsSync(out) && /watching/.test(stderr));
    assert.match(fs.readFileSync(out, "utf8"), /RouteHelper_about /);
    assert.doesNotMatch(fs.readFileSync(out, "utf8"), /RouteHelper_contact /);
    fs.writeFileSync(routesFile, routes(["about", "contact"]));
    await until(() => /RouteHelper_contact /.test(fs.readFileSync(out, "utf8")));
    fs.writeFileSync(routesFile, routes(["about", "contact"]).replace('contact", {', 'contact", { as: "about",'));
    await until(() => /already in use: 'about'[\s\S]*\(config\/routes\.ts:4\)/.test(stderr));
    fs.writeFileSync(routesFile, routes(["about", "contact", "faq"]));
    await until(() => /RouteHelper_faq /.test(fs.readFileSync(out, "utf8")));
    stop.abort();
    assert.equal(await exited, 0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const bad = await run("types", "--watch", "--root", blog);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--watch needs --out FILE/);
});
