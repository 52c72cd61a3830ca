// `switchyard serve --root examples/blog`: the example application, served by the CLI as a user
// runs it (the built package, a process of its own, a socket on 127.0.0.1), driven through its
// forms (the public posts and the admin's): create, edit with `_method=patch`, delete with
// `_method=delete`, the redirects each answers, a redirect route, both mounts, the api subdomain
// and the development pages.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { CLI, serveArgs } from "./serve-args.js";
import { httpRequest } from "../http/transports.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
let child: ChildProcess;
let port: number;

before(async () => {
  child = spawn(process.execPath, [CLI, ...serveArgs("examples/blog", "development")], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    // (development guards its hosts as Rails' config.hosts: the requests below name blog.test)
    env: { ...process.env, SWITCHYARD_HOSTS: ".blog.test" },
  });
  let out = "";
  child.stdout!.setEncoding("utf8");
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (out += d));
  port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on("data", (d: string) => {
      out += d;
      const m = /on http:\/\/127\.0\.0\.1:(\d+) \((\d+) routes\)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once("exit", (code) => reject(new Error(`switchyard serve exited (${code}):\n${out}`)));
  });
});

after(async () => {
  child.kill("SIGTERM");
  if (child.exitCode === null) await once(child, "exit");
  assert.equal(child.exitCode, 0, "SIGTERM stops the server cleanly");
});

const form = (body: string) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body,
});

test("the home page links to the blog through the route helpers", async () => {
  const home = await httpRequest(port, "/");
  assert.equal(home.status, 200);
  assert.match(home.body, /<a href="\/posts">Posts<\/a>/);
});

test("a post's life through HTML forms: create, update with _method=patch, delete with _method=delete", async () => {
  const created = await httpRequest(port, "/posts", form("post[title]=From+a+form&post[body]=Hello"));
  assert.equal(created.status, 302);
  const location = created.headers.location!;
  assert.match(location, /^http:\/\/blog\.test\/posts\/\d+$/, "redirect_to an absolute URL on the request's host");
  const postPath = new URL(location).pathname;
  const shown = await httpRequest(port, postPath);
  assert.match(shown.body, /<h1>From a form<\/h1>/);
  assert.match(
    shown.body,
    /<input type="hidden" name="_method" value="delete">/,
    "the delete button is a POST form with _method",
  );

  const edit = await httpRequest(port, `${postPath}/edit`);
  assert.match(edit.body, /name="_method" value="patch"/);
  const updated = await httpRequest(port, postPath, form("_method=patch&post[title]=Renamed&post[body]=x"));
  assert.equal(updated.status, 302);
  assert.match((await httpRequest(port, postPath)).body, /<h1>Renamed<\/h1>/);

  const published = await httpRequest(port, `${postPath}/publish`, form(""));
  assert.equal(published.status, 302);
  assert.match((await httpRequest(port, `/en${postPath}`)).body, /Unpublish/, "the optional locale scope");

  const deleted = await httpRequest(port, postPath, form("_method=delete"));
  assert.deepEqual([deleted.status, deleted.headers.location], [303, "http://blog.test/posts"]);
  assert.equal((await httpRequest(port, postPath)).status, 404);
});

test("the admin's posts through forms: new, create, edit with _method=patch, PUT, delete, each redirecting to the table", async () => {
  const blank = await httpRequest(port, "/admin/posts/new");
  assert.match(blank.body, /<form action="\/admin\/posts" method="post">/);
  const created = await httpRequest(port, "/admin/posts", form("post[title]=Admin+made&post[body]=b"));
  assert.deepEqual([created.status, created.headers.location], [302, "http://blog.test/admin/posts"]);
  const table = (await httpRequest(port, "/admin/posts")).body;
  const id = new RegExp(`<td>Admin made</td><td><a href="/admin/posts/(\\d+)/edit">Edit</a>`).exec(table)?.[1];
  assert.ok(id, "the table links to the new post's edit form");
  const edit = await httpRequest(port, `/admin/posts/${id}/edit`);
  assert.match(
    edit.body,
    new RegExp(`<form action="/admin/posts/${id}" method="post"><input type="hidden" name="_method" value="patch">`),
  );
  const patched = await httpRequest(
    port,
    `/admin/posts/${id}`,
    form("_method=patch&post[title]=Admin+renamed&post[body]=b"),
  );
  assert.deepEqual([patched.status, patched.headers.location], [302, "http://blog.test/admin/posts"]);
  assert.match((await httpRequest(port, "/admin/posts")).body, /<td>Admin renamed<\/td>/);
  const put = await httpRequest(port, `/admin/posts/${id}`, {
    method: "PUT",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "post[title]=Admin+put",
  });
  assert.equal(put.status, 302);
  assert.match((await httpRequest(port, "/admin/posts")).body, /<td>Admin put<\/td>/);
  const deleted = await httpRequest(port, `/admin/posts/${id}`, form("_method=delete"));
  assert.deepEqual([deleted.status, deleted.headers.location], [303, "http://blog.test/admin/posts"]);
  assert.doesNotMatch((await httpRequest(port, "/admin/posts")).body, /Admin put/);
});

test("a redirect route, the mounts, the api subdomain", async () => {
  const old = await httpRequest(port, "/articles/1");
  assert.deepEqual([old.status, old.headers.location], [301, "http://blog.test/posts/1"]);
  assert.equal((await httpRequest(port, "/blog")).status, 302);
  const up = await httpRequest(port, "/up");
  assert.deepEqual([up.status, up.body], [200, "ok"]);
  assert.equal((await httpRequest(port, "/admin/jobs", { headers: { "x-role": "staff" } })).status, 200);
  assert.equal((await httpRequest(port, "/admin/jobs")).status, 404, "the staff-only constraint");
  const api = await httpRequest(port, "/api/v1/stats", { headers: { host: "api.blog.test" } });
  assert.equal(api.headers["content-type"], "application/json; charset=utf-8");
  assert.equal(typeof JSON.parse(api.body).posts, "number");
  assert.equal((await httpRequest(port, "/api/v1/stats")).status, 404, "not on the main host");
});

test("the development pages: a routing error lists the routes, /rails/info/routes shows them", async () => {
  const nope = await httpRequest(port, "/nope");
  assert.equal(nope.status, 404);
  assert.match(nope.body, /No route matches \[GET\] &quot;\/nope&quot;/);
  assert.match(nope.body, /posts#index/);
  const routes = (await httpRequest(port, "/rails/info/routes")).body;
  assert.match(routes, /admin\/reports#export/);
  // In development, serve draws with source locations: the pages' Source column.
  assert.match(routes, /<th scope="col" class="sy-source">Source<\/th>/);
  assert.match(routes, /<td><code>config\/routes\/admin\/reports\.ts:\d+<\/code><\/td>/);
  assert.match(nope.body, /<td><code>config\/routes\.ts:26<\/code><\/td>/, "root, declared on line 26");
});

test("serve's usage errors exit 2 saying what is wrong; an unusable port exits 1; an aborted server exits 0", async () => {
  const { main } = await import("../../src/cli/main.js");
  const io = () => {
    const out = { stdout: "", stderr: "" };
    return {
      out,
      io: { stdout: { write: (s: string) => (out.stdout += s) }, stderr: { write: (s: string) => (out.stderr += s) } },
    };
  };
  const bad = io();
  assert.equal(await main(["serve", "--port", "http"], bad.io), 2);
  assert.match(bad.out.stderr, /--port must be a number from 0 to 65535, not "http"/);
  const taken = io();
  assert.equal(
    await main(["serve", "--root", "examples/blog", "--port", String(port), "--host", "127.0.0.1"], taken.io),
    1,
  );
  assert.match(taken.out.stderr, /cannot listen on 127\.0\.0\.1:\d+: EADDRINUSE/);
  const stopper = new AbortController();
  const run = io();
  const nodeEnv = process.env.NODE_ENV;
  delete process.env.NODE_ENV;
  const served = main(["serve", "--root", "examples/blog", "--port", "0", "--host", "127.0.0.1"], {
    ...run.io,
    signal: stopper.signal,
  });
  while (!run.out.stdout.includes("on http://")) await new Promise((r) => setTimeout(r, 20));
  if (nodeEnv !== undefined) process.env.NODE_ENV = nodeEnv;
  const inProcess = Number(/:(\d+) \(/.exec(run.out.stdout)![1]);
  assert.equal((await httpRequest(inProcess, "/up", { host: `127.0.0.1:${inProcess}` })).body, "ok");
  // (No --env and no NODE_ENV is development: Rails 6.1's host check, as --env development has.)
  assert.equal((await httpRequest(inProcess, "/up", { host: "blog.test" })).status, 403);
  stopper.abort();
  assert.equal(await served, 0);
});

test("serve logs each request as Rails does (development), and --quiet logs none", async () => {
  const { main } = await import("../../src/cli/main.js");
  for (const quiet of [false, true]) {
    const out = { stdout: "", stderr: "" };
    const stopper = new AbortController();
    const args = serveArgs("examples/blog", "development", ...(quiet ? ["--quiet"] : []));
    const served = main(args, {
      stdout: { write: (s: string) => (out.stdout += s) },
      stderr: { write: (s: string) => (out.stderr += s) },
      signal: stopper.signal,
    });
    while (!out.stdout.includes("on http://")) await new Promise((r) => setTimeout(r, 20));
    const at = Number(/:(\d+) \(/.exec(out.stdout)![1]);
    try {
      // (Development allows the local host names and IPs only: Rails 6.1's config.hosts.)
      assert.equal((await httpRequest(at, "/posts?password=x", { host: `127.0.0.1:${at}` })).status, 200);
    } finally {
      stopper.abort();
    }
    assert.equal(await served, 0);
    const log = out.stdout.split("\n").slice(1).join("\n");
    if (quiet) assert.equal(log, "");
    else {
      assert.match(
        log,
        /^Started GET "\/posts\?password=\[FILTERED\]" for 127\.0\.0\.1 at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4}$/m,
      );
      assert.match(
        log,
        /^Processing by PostsController#index as HTML\n {2}Parameters: \{"password"=>"\[FILTERED\]"\}\nCompleted 200 OK in \d+ms$/m,
      );
    }
  }
});
