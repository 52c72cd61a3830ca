// From nothing to a served, tested application, as a user gets there once switchyard is
// published: the packed tarballs of switchyard and create-switchyard (packages/create-switchyard)
// installed in an empty directory, `create-switchyard app` (what `npm create switchyard@latest
// app` runs), `npm install` in the app, then `npm test` passes and `npm run dev` serves `/` and a
// file of public/; and again after `switchyard generate controller` and `generate resource`. It runs npm several times
// (from its cache: --prefer-offline), so it is one test doing it all once; the dist/ it packs is
// the build `npm test` made first (--ignore-scripts: packing does not rebuild it under the other
// tests' feet). SWITCHYARD_SKIP_PACK_TEST=1 skips it.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";

const checkout = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const skip = process.env.SWITCHYARD_SKIP_PACK_TEST === "1" || spawnSync(npm, ["--version"]).status !== 0;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-pack-"));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Runs `command` in `cwd`, failing the test with its output unless it exits 0; its stdout. */
function sh(cwd: string, command: string, args: string[]): string {
  const r = spawnSync(command, args, {
    cwd,
    encoding: "utf8",
    timeout: 300_000,
    env: { ...process.env, NODE_TEST_CONTEXT: undefined, npm_config_audit: "false", npm_config_fund: "false" },
  });
  assert.equal(r.status, 0, `${command} ${args.join(" ")} in ${cwd}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** `npm pack` of the package in `dir` into tmp; the tarball's path. */
function pack(dir: string): string {
  const out = sh(dir, npm, ["pack", "--ignore-scripts", "--json", "--pack-destination", tmp]);
  return path.join(tmp, (JSON.parse(out) as { filename: string }[])[0]!.filename);
}

/** `npm run dev` on a free port of 127.0.0.1: resolves to the port; `stop` ends the process group it started. */
async function dev(app: string): Promise<{ port: number; stop: () => void }> {
  const child = spawn(npm, ["run", "dev", "--", "--port", "0", "--host", "127.0.0.1", "--quiet"], {
    cwd: app,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stop = () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {}
  };
  let out = "";
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (out += d));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm run dev did not listen in 60s:\n${out}`)), 60_000);
    child.stdout!.setEncoding("utf8").on("data", (d: string) => {
      out += d;
      const m = /on http:\/\/127\.0\.0\.1:(\d+) /.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once("exit", (code) => reject(new Error(`npm run dev exited (${code}):\n${out}`)));
  }).catch((e) => {
    stop();
    throw e;
  });
  return { port, stop };
}

test("npm create switchyard, npm install, npm test and npm run dev, from the packed tarballs", {
  skip,
  timeout: 900_000,
}, async () => {
  const switchyard = pack(checkout);
  const create = pack(path.join(checkout, "packages", "create-switchyard"));
  const runner = path.join(tmp, "runner");
  fs.mkdirSync(runner);
  fs.writeFileSync(path.join(runner, "package.json"), '{ "private": true }\n');
  sh(runner, npm, ["install", "--prefer-offline", switchyard, create]);

  sh(runner, process.execPath, [path.join(runner, "node_modules", "create-switchyard", "index.js"), "app"]);
  const app = path.join(runner, "app");
  sh(app, npm, ["install", "--prefer-offline", switchyard]);
  assert.match(sh(app, npm, ["test"]), /# pass 2\n# fail 0/);
  sh(app, npm, ["run", "typecheck"]);

  const { port, stop } = await dev(app);
  try {
    const home = await fetch(`http://127.0.0.1:${port}/`, { headers: { host: "localhost" } });
    assert.equal(home.status, 200);
    assert.match(await home.text(), /<h1>Welcome<\/h1>/);
    const css = await fetch(`http://127.0.0.1:${port}/application.css`);
    assert.equal(css.status, 200);
    assert.equal(css.headers.get("content-type"), "text/css; charset=utf-8");
  } finally {
    stop();
  }

  sh(app, npm, ["exec", "--", "switchyard", "generate", "controller", "greetings", "hello"]);
  sh(app, npm, ["exec", "--", "switchyard", "generate", "resource", "photos", "title:string", "published:boolean"]);
  assert.match(sh(app, npm, ["test"]), /# pass 9\n# fail 0/);
  sh(app, npm, ["run", "typecheck"]);
});
