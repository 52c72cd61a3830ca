// `switchyard serve` in production loads the whole application before it listens (Rails'
// eager_load): a controller that does not load stops the boot, naming its file and line, with or
// without workers; and in each worker the application is one module graph, so a model two
// controllers import holds one state.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";
import { CLI, serveArgs } from "./serve-args.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const gallery = path.join(here, "..", "support", "fixtures", "gallery");
const temp = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-eager-"));
const children: ChildProcess[] = [];
after(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  fs.rmSync(temp, { recursive: true, force: true });
});

function serve(root: string, ...extra: string[]): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [CLI, ...serveArgs(root, "production", ...extra)], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, WEB_CONCURRENCY: "" },
  });
  children.push(child);
  let out = "";
  child.stdout!.setEncoding("utf8").on("data", (d: string) => (out += d));
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (out += d));
  return { child, output: () => out };
}

/** A copy of the gallery whose photos controller has a syntax error on line 4. */
function broken(): string {
  const root = fs.mkdtempSync(path.join(temp, "broken-"));
  fs.cpSync(gallery, root, { recursive: true });
  fs.writeFileSync(
    path.join(root, "app", "controllers", "photos_controller.ts"),
    `export default class PhotosController {\n  index() {\n    const title =\n      "x" +;\n    return title;\n  }\n}\n`,
  );
  return root;
}

for (const workers of [[], ["--workers", "2"]]) {
  test(`a controller with a syntax error stops the boot before it listens, naming its file and line${workers.length ? " (--workers 2)" : ""}`, async () => {
    const { child, output } = serve(broken(), ...workers);
    const [code] = (await once(child, "exit")) as [number | null];
    assert.equal(code, 1, output());
    assert.match(output(), /could not load the application\n[\s\S]*\(app\/controllers\/photos_controller\.ts:4\)/);
    assert.doesNotMatch(output(), /on http:\/\//, "never listened");
  });
}

test("--workers 2: in a worker, state written through one controller is read through the other; the model evaluated once", async () => {
  const { child, output } = serve(gallery, "--workers", "2");
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /on http:\/\/127\.0\.0\.1:(\d+) /.exec(output());
      if (m) {
        clearInterval(timer);
        resolve(Number(m[1]));
      }
    }, 20);
    void once(child, "exit").then(() => {
      clearInterval(timer);
      reject(new Error(`serve exited:\n${output()}`));
    });
  });
  // One kept-alive connection: one worker answers both requests.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const request = (method: string, pathname: string, body?: string) =>
    new Promise<{ photos: string[]; evaluations: number }>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          method,
          path: pathname,
          agent,
          headers: body === undefined ? {} : { "content-type": "application/x-www-form-urlencoded" },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8").on("data", (d: string) => (text += d));
          res.on("end", () => (res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(text))));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  await request("POST", "/photos", "title=Sunset");
  const listed = await request("GET", "/comments");
  assert.deepEqual(listed.photos, ["Sunset"]);
  assert.equal(listed.evaluations, 1);
  agent.destroy();
  child.kill("SIGTERM");
  await once(child, "exit");
});
