// `switchyard serve` in development reloads on the next request: a temporary
// application outside the repository, served by the CLI in a process of its own; its controller,
// a module the controller imports, and its routes file are edited, broken and fixed while one
// keep-alive connection stays open. Each change shows on the next request, the same process
// answers throughout, and the connection is reused.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { CLI, serveArgs } from "./serve-args.js";

const app = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-reload-"));
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(app, file)), { recursive: true });
  fs.writeFileSync(path.join(app, file), text);
};

const ROUTES = (extra: string) => `import { defineRoutes } from "switchyard";

export default defineRoutes((r) => {
  r.get("hello", { to: "pages#hello" });
${extra}});
`;

let child: ChildProcess;
let port: number;
let output = "";
// One socket for every request: maxSockets 1 and keep-alive.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

interface Answer {
  status: number;
  body: string;
  reused: boolean;
}

function get(pathname: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: pathname, agent }, (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (d: string) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, body, reused: req.reusedSocket }));
    });
    req.on("error", reject);
  });
}

before(async () => {
  write("config/routes.ts", ROUTES(""));
  write("lib/greeting.ts", `export const greeting = "Hello";\n`);
  write(
    "app/controllers/pages_controller.ts",
    `import { greeting } from "../../lib/greeting";\n\nexport default class PagesController {\n  hello() {\n    return \`\${greeting} v1\`;\n  }\n}\n`,
  );
  child = spawn(process.execPath, [CLI, ...serveArgs(app, "development")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.setEncoding("utf8");
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (output += d));
  port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on("data", (d: string) => {
      output += d;
      const m = /on http:\/\/127\.0\.0\.1:(\d+) /.exec(output);
      if (m) resolve(Number(m[1]));
    });
    child.once("exit", (code) => reject(new Error(`switchyard serve exited (${code}):\n${output}`)));
  });
});

after(async () => {
  agent.destroy();
  child.kill("SIGTERM");
  if (child.exitCode === null) await once(child, "exit");
  fs.rmSync(app, { recursive: true, force: true });
});

test("edits to a controller, its imports and the routes show on the next request, on the same connection of the same process", async () => {
  const pid = child.pid;
  const first = await get("/hello");
  assert.deepEqual([first.status, first.body], [200, "Hello v1"]);

  write("lib/greeting.ts", `export const greeting = "Good day";\n`);
  const imported = await get("/hello");
  assert.deepEqual(
    [imported.status, imported.body],
    [200, "Good day v1"],
    "a module the controller imports is read again",
  );

  write(
    "app/controllers/pages_controller.ts",
    `import { greeting } from "../../lib/greeting";\n\nexport default class PagesController {\n  hello() {\n    return \`\${greeting} v2\`;\n  }\n  hot() {\n    return "hot off the press";\n  }\n}\n`,
  );
  assert.equal((await get("/hello")).body, "Good day v2", "the edited controller answers");
  assert.equal((await get("/hot")).status, 404, "no route yet");

  write("config/routes.ts", ROUTES(`  r.get("hot", { to: "pages#hot" });\n`));
  const hot = await get("/hot");
  assert.deepEqual([hot.status, hot.body], [200, "hot off the press"], "a route added to config/routes.ts");

  // Line 6 names `hello` a second time.
  write(
    "config/routes.ts",
    ROUTES(`  r.get("hot", { to: "pages#hot" });\n  r.get("again", { to: "pages#hello", as: "hello" });\n`),
  );
  for (const pathname of ["/hello", "/hot"]) {
    const broken = await get(pathname);
    assert.equal(broken.status, 500, "while the routes do not load, every request answers with their error");
    assert.match(broken.body, /ArgumentError/);
    assert.match(broken.body, /Invalid route name, already in use: &#39;hello&#39;/);
    assert.match(broken.body, /\(config\/routes\.ts:6\)/, "the page names the file and line");
  }
  assert.match(
    output,
    /Invalid route name, already in use: 'hello'[\s\S]*\(config\/routes\.ts:6\)/,
    "the console has the error",
  );

  write("config/routes.ts", ROUTES(`  r.get("hot", { to: "pages#hot" });\n  r.get("again", { to: "pages#hello" });\n`));
  assert.equal((await get("/again")).body, "Good day v2", "fixed: the new table serves");
  assert.equal((await get("/hot")).status, 200);

  const last = await get("/hello");
  assert.equal(last.reused, true, "the keep-alive connection opened by the first request is still served");
  assert.equal(
    Object.values(agent.sockets).flat().length + Object.values(agent.freeSockets).flat().length,
    1,
    "one socket all along",
  );
  assert.equal(child.exitCode, null);
  assert.equal(child.pid, pid, "no restart");
});
