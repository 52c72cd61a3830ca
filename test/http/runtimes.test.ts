// The same app (runtimes/app.ts: routes drawn in code, served by `createHandler`) on each runtime
// the core supports: Node through node:http, Bun through `Bun.serve`, Deno through `Deno.serve`
// with `--allow-net` alone, and Cloudflare's workerd through miniflare, bundled by esbuild for the
// neutral platform without `nodejs_compat`. Each answers the same requests as Node — a hit, a
// miss, `_method` from a form, a `%`-escaped UTF-8 parameter, a constraint, a redirect, a mount.
// The runtimes come from npm (devDependencies: `bun`, `deno`, `miniflare`); the app imports dist/.
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { Miniflare } from "miniflare";
import { toNodeListener } from "../../dist/http/adapters/node.js";
import { type Answer, answers, handler } from "./runtimes/app.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, "..", "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const SERVE = path.join(here, "runtimes", "serve.mjs");
/** How long a runtime may take to start listening. */
const READY_MS = 20_000;

let node: Record<string, Answer>;

before(async () => {
  const server = http.createServer(toNodeListener(handler));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    node = await answers(fetch, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

test("Node answers each request as Rails routes it", () => {
  const json = (name: string) => JSON.parse(node[name]!.body) as { method: string; params: Record<string, string> };
  assert.equal(node.hit!.status, 200);
  assert.deepEqual(json("hit").params, { controller: "photos", action: "index" });
  assert.equal(node.miss!.status, 404);
  assert.equal(json("method override from a form").method, "DELETE");
  assert.deepEqual(json("method override from a form").params, {
    _method: "delete",
    caption: "a b",
    controller: "photos",
    action: "destroy",
    id: "7",
  });
  assert.equal(json("escaped UTF-8 parameter").params.name, "café 日");
  assert.equal(json("constraint met").params.year, "2024");
  assert.equal(node["constraint unmet"]!.status, 404);
  assert.equal(node.redirect!.status, 301);
  assert.equal(node.redirect!.location, "ORIGIN/photos/5");
  assert.equal(node.mount!.body, "mounted /ping");
});

/** Starts `serve.mjs` under a runtime, waits for the port it prints, and stops it when done. */
async function served(command: string, args: readonly string[]): Promise<Record<string, Answer>> {
  const child: ChildProcess = spawn(command, [...args, SERVE], {
    cwd: root,
    env: { ...process.env, DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let out = "";
      let err = "";
      const timer = setTimeout(
        () => reject(new Error(`${command} did not listen in ${READY_MS} ms: ${err}`)),
        READY_MS,
      );
      child.stdout!.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        const line = /^\{"port":(\d+)\}$/m.exec(out);
        if (line !== null) {
          clearTimeout(timer);
          resolve(Number(line[1]));
        }
      });
      child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
      child.on("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`${command} exited (${code}) before listening: ${err}`));
      });
    });
    return await answers(fetch, `http://127.0.0.1:${port}`);
  } finally {
    child.kill("SIGKILL");
  }
}

test("Bun (Bun.serve) answers as Node does", async () => {
  assert.deepEqual(await served(bin("bun"), ["run", "--no-install"]), node);
});

test("Deno (Deno.serve, --allow-net only) answers as Node does", async () => {
  assert.deepEqual(await served(bin("deno"), ["run", "--allow-net", "--no-lock", "--quiet"]), node);
});

let worker: Miniflare | undefined;
after(() => worker?.dispose());

/**
 * A Worker running `source` (a module in test/http/runtimes/, exporting `{ fetch }`): bundled by
 * esbuild for the neutral platform and given to miniflare as its one module, as wrangler gives it
 * (with `script`, miniflare would scan it for the modules it imports and refuse the loader's
 * `import(url)` of an application file, which a Worker never reaches: it has no files).
 */
async function workerd(source: string, loader: "ts" | "js"): Promise<Miniflare> {
  const bundle = await esbuild.build({
    stdin: { contents: source, resolveDir: path.join(here, "runtimes"), loader },
    bundle: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    write: false,
    logLevel: "silent",
  });
  return new Miniflare({
    modules: [{ type: "ESModule", path: "worker.mjs", contents: bundle.outputFiles[0]!.text }],
    compatibilityDate: "2026-04-01",
  });
}

test("workerd (miniflare, a neutral esbuild bundle, no nodejs_compat) answers as Node does", async () => {
  worker = await workerd(
    `import { handler } from "./app.ts"; export default { fetch: (request) => handler(request) };`,
    "ts",
  );
  const fetcher = async (request: Request) =>
    (await worker!.dispatchFetch(request.url, {
      method: request.method,
      headers: [...request.headers],
      body: request.method === "GET" ? undefined : await request.text(),
      redirect: "manual",
    })) as unknown as Response;
  assert.deepEqual(await answers(fetcher), node);
});

test("workerd: with no env given, a handler serves production (no process, no NODE_ENV): a miss is a plain Not Found", async () => {
  const bare = await workerd(
    `import { draw } from "../../../dist/index.js";
import { createHandler } from "../../../dist/http/index.js";
const handler = createHandler(draw((r) => r.get("here", { to: "pages#here" })), { logger: false });
export default { fetch: (request) => handler(request) };`,
    "js",
  );
  try {
    const res = await bare.dispatchFetch("http://localhost/nowhere");
    assert.equal(res.status, 404);
    assert.equal(await res.text(), "Not Found\n");
  } finally {
    await bare.dispose();
  }
});
