// `switchyard serve` and public/: served before routing in development, and in production only
// when asked — `--static`, or SWITCHYARD_SERVE_STATIC_FILES (Rails' RAILS_SERVE_STATIC_FILES) —
// as Rails' config.public_file_server.enabled. Runs the built CLI (npm run build first).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { CLI, serveArgs } from "./serve-args.js";
import { httpRequest } from "../http/transports.js";

const app = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-serve-static-"));
after(() => fs.rmSync(app, { recursive: true, force: true }));
fs.mkdirSync(path.join(app, "config"));
fs.mkdirSync(path.join(app, "public"));
fs.writeFileSync(
  path.join(app, "config", "routes.ts"),
  'export default (r: any) => { r.get("about", { to: () => new Response("the about route") }); };\n',
);
fs.writeFileSync(path.join(app, "public", "index.html"), "<h1>public home</h1>");
fs.writeFileSync(path.join(app, "public", "about.html"), "<h1>public about</h1>");

/** Starts `switchyard serve` on the app, runs `body` with its port, then stops it. */
async function serving(
  env: string,
  extra: string[],
  vars: Record<string, string>,
  body: (port: number) => Promise<void>,
) {
  const child = spawn(process.execPath, [CLI, ...serveArgs(app, env, "--quiet", ...extra)], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, SWITCHYARD_SERVE_STATIC_FILES: "", ...vars },
  });
  try {
    let out = "";
    child.stderr!.setEncoding("utf8").on("data", (d: string) => (out += d));
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout!.setEncoding("utf8").on("data", (d: string) => {
        out += d;
        const m = /on http:\/\/127\.0\.0\.1:(\d+) /.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.once("exit", (code) => reject(new Error(`switchyard serve exited (${code}):\n${out}`)));
    });
    await body(port);
  } finally {
    child.kill("SIGTERM");
    if (child.exitCode === null) await once(child, "exit");
  }
}

test("development serves public/ before the routes: / is index.html, a file wins over a route", async () => {
  await serving("development", [], {}, async (port) => {
    const home = await httpRequest(port, "/", { host: "localhost" });
    assert.equal(home.status, 200);
    assert.equal(home.body, "<h1>public home</h1>");
    assert.equal(home.headers["content-type"], "text/html; charset=utf-8");
    assert.ok(home.headers.etag);
    const revalidated = await httpRequest(port, "/", {
      host: "localhost",
      headers: { "if-none-match": home.headers.etag! },
    });
    assert.equal(revalidated.status, 304);
    assert.equal((await httpRequest(port, "/about", { host: "localhost" })).body, "<h1>public about</h1>");
    assert.equal((await httpRequest(port, "/nope", { host: "localhost" })).status, 404);
  });
});

test("production serves no files unless asked: the route answers", async () => {
  await serving("production", [], {}, async (port) => {
    assert.equal((await httpRequest(port, "/about")).body, "the about route");
    assert.equal((await httpRequest(port, "/index.html")).status, 404);
  });
});

test("production with --static, or with SWITCHYARD_SERVE_STATIC_FILES, serves them", async () => {
  await serving("production", ["--static"], {}, async (port) => {
    assert.equal((await httpRequest(port, "/about")).body, "<h1>public about</h1>");
  });
  await serving("production", [], { SWITCHYARD_SERVE_STATIC_FILES: "1" }, async (port) => {
    assert.equal((await httpRequest(port, "/")).body, "<h1>public home</h1>");
  });
});
