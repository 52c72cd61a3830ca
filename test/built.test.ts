// A built route table (src/built.ts: what `switchyard build` writes, read back by `builtRoutes`)
// is the drawn table: the same routes, recognition, helpers and sheet, on a table of every kind
// of data a route holds and on each public conformance fixture (test/conformance/fixtures, whose
// drawn answers Rails recorded). A table holding functions is refused, naming the route.
import assert from "node:assert/strict";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { builtTableData } from "../src/built.js";
import { createHandler } from "../src/http/index.js";
import { builtRoutes, draw, type Mapper, type RouteSet, ruby } from "../src/index.js";
import { type Case, caseDeclaration, drawQuietly, writeRouteFiles } from "./conformance/declaration.js";
import { materialize, urlOptions } from "./conformance/values.js";

/** `set` written as `switchyard build` writes it (JSON text) and read back. */
const rebuilt = (set: RouteSet): RouteSet => builtRoutes(JSON.parse(JSON.stringify(builtTableData(set))));

/** What a route set answers: `recognize` as data, or the error's name. */
function recognized(set: RouteSet, method: string, path: string, host = "example.com"): unknown {
  try {
    const r = set.recognize(method, path, { host });
    return r === null ? null : JSON.parse(JSON.stringify(r));
  } catch (error) {
    return { error: (error as Error).name, message: (error as Error).message };
  }
}

/** A helper's answer, or the error's name and message. */
function generated(set: RouteSet, name: string, args: unknown[]): unknown {
  const helper = (set.helpers as unknown as Record<string, unknown>)[name];
  if (typeof helper !== "function") return { missing: name };
  try {
    return helper(...args);
  } catch (error) {
    return { error: (error as Error).name, message: (error as Error).message };
  }
}

const everyKind = (r: Mapper) => {
  r.defaultUrlOptions({ host: "example.org", protocol: "https" });
  r.root("pages#home");
  r.resources("photos", { constraints: { id: /\d+/ } }, () => {
    r.resources("comments", { only: ["index", "show"] });
    r.member(() => r.get("preview"));
  });
  r.resource("profile", { except: ["destroy"] });
  r.namespace("admin", () => r.resources("users", { as: "people", path: "folk" }));
  r.get("files/*path", { to: "files#show", format: false });
  r.get("posts(/:year(/:month))", { to: "posts#archive", as: "archive", defaults: { year: "2024" } });
  r.get("tags/:name", { to: "tags#show", constraints: { name: ruby`/[[:alpha:]]+/` } });
  r.get("old/:id", { to: r.redirect("/photos/%{id}") });
  r.get("moved", { to: r.redirect({ path: "/photos", status: 302 }) });
  r.get("hosted", { to: "pages#hosted", constraints: { subdomain: "api", host: /example/ } });
  r.get("kinds/:kind", { to: "kinds#show", constraints: { kind: ["big", "small"] } });
  r.match("anything", { to: "pages#any", via: "all" });
  r.get("unnamed", { to: "pages#unnamed", as: false });
  r.scope({ format: true }, () => r.get("reports", { to: "reports#index" }));
  r.resources("empties", { only: [] });
};

const PROBES: [string, string][] = [
  ["GET", "/"],
  ["GET", "/photos"],
  ["GET", "/photos/12"],
  ["GET", "/photos/abc"],
  ["PATCH", "/photos/12"],
  ["GET", "/photos/12/comments/3.json"],
  ["GET", "/photos/12/preview"],
  ["GET", "/profile/edit"],
  ["DELETE", "/profile"],
  ["GET", "/admin/folk/7"],
  ["GET", "/files/a/b/c.txt"],
  ["GET", "/posts/2020/05"],
  ["GET", "/posts"],
  ["GET", "/tags/caf%C3%A9"],
  ["GET", "/tags/123"],
  ["GET", "/old/5"],
  ["GET", "/moved"],
  ["GET", "/hosted"],
  ["GET", "/kinds/big"],
  ["GET", "/kinds/huge"],
  ["PUT", "/anything"],
  ["GET", "/reports.csv"],
  ["GET", "/reports"],
  ["GET", "/nowhere"],
];

describe("a built table is the drawn table", () => {
  const drawn = draw(everyKind);
  const built = rebuilt(drawn);

  test("the same routes, field by field (patterns, RegExps, redirects, defaults, named routes)", () => {
    assert.equal(built.routes.length, drawn.routes.length);
    assert.deepStrictEqual(built.routes, drawn.routes);
    assert.deepStrictEqual([...built.namedRoutes.keys()], [...drawn.namedRoutes.keys()]);
    assert.ok(!built.namedRoutes.has("false") && built.routes.some((r) => r.path === "/unnamed(.:format)"));
    assert.deepStrictEqual(built.defaultUrlOptions, drawn.defaultUrlOptions);
    assert.deepStrictEqual(built.emptyResources, drawn.emptyResources);
  });

  test("the same sheet, and a translated Ruby regexp shown as declared", () => {
    assert.equal(built.inspect(), drawn.inspect());
    assert.match(built.inspect(), /\[\[:alpha:\]\]\+/);
  });

  test("the same recognition, on hosts that pass and fail the conditions", () => {
    for (const [method, path] of PROBES)
      for (const host of ["api.example.com", "www.other.org"])
        assert.deepEqual(
          recognized(built, method, path, host),
          recognized(drawn, method, path, host),
          `${method} ${path} on ${host}`,
        );
    assert.equal((built.recognize("GET", "/photos/12") as { params: Record<string, string> }).params.id, "12");
  });

  test("the same helpers, and the same errors from them", () => {
    const calls: [string, unknown[]][] = [
      ["root_path", []],
      ["photo_url", [12]],
      ["photo_comments_path", [3, { format: "json" }]],
      ["preview_photo_path", ["x"]],
      ["admin_person_path", [7]],
      ["archive_path", [{ year: "2021", month: "02" }]],
      ["archive_path", []],
      ["file_path", ["a/b"]],
      ["tag_path", ["café"]],
      ["tag_path", ["123"]],
      ["kind_path", ["small"]],
      ["reports_path", [{ format: "csv" }]],
      ["reports_path", []],
      ["url_for", [{ controller: "photos", action: "show", id: 4 }]],
      ["url_for", [{ controller: "nothing", action: "here" }]],
    ];
    for (const [name, args] of calls)
      assert.deepEqual(generated(built, name, args), generated(drawn, name, args), `${name}(${JSON.stringify(args)})`);
    assert.equal(generated(built, "photo_url", [12]), "https://example.org/photos/12");
  });
});

test("a handler serves the same answers from the built table as from the drawn one", async () => {
  const echo = (ctx: { params: Record<string, unknown> }) => ({ params: ctx.params });
  const actions = { index: echo, show: echo, create: echo, update: echo, destroy: echo, preview: echo, home: echo };
  const controllers = Object.fromEntries(
    ["pages", "photos", "comments", "profiles", "admin/users", "files", "posts", "tags", "kinds", "reports"].map(
      (c) => [c, actions],
    ),
  );
  const serve = (routes: RouteSet) =>
    createHandler(routes, {
      env: "production",
      logger: false,
      onError: () => {},
      controllers,
      forgeryProtection: false,
    });
  const drawn = serve(draw(everyKind));
  const built = serve(rebuilt(draw(everyKind)));
  const requests = [
    new Request("http://api.example.com/photos/12"),
    new Request("http://api.example.com/photos/abc"),
    new Request("http://api.example.com/tags/caf%C3%A9.json"),
    new Request("http://api.example.com/old/5"),
    new Request("http://api.example.com/moved"),
    new Request("http://api.example.com/nowhere"),
    new Request("http://api.example.com/photos/12", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "_method=delete&x=1",
    }),
    new Request("http://api.example.com/files/a/b/c.txt"),
  ];
  for (const request of requests) {
    const [a, b] = await Promise.all([drawn(request.clone()), built(request.clone())]);
    const answer = async (r: Response) => [r.status, r.headers.get("location"), await r.text()];
    assert.deepEqual(await answer(b), await answer(a), `${request.method} ${request.url}`);
  }
  const hit = await built(new Request("http://api.example.com/photos/12"));
  assert.equal(hit.status, 200);
  assert.equal(((await hit.json()) as { params: { id: string } }).params.id, "12");
  assert.equal(
    (await built(new Request("http://api.example.com/old/5"))).headers.get("location"),
    "http://api.example.com/photos/5",
  );
});

describe("building refuses a table that holds functions, naming the route and what to do", () => {
  const refused = (declare: (r: Mapper) => void, named: RegExp) =>
    assert.throws(
      () => builtTableData(draw(declare)),
      (error: Error) =>
        error.name === "ArgumentError" &&
        named.test(error.message) &&
        /^Cannot build the route table: it holds functions, and a built table holds data only:\n {2}/.test(
          error.message,
        ) &&
        /\nDraw this table at start instead of building it/.test(error.message),
    );

  test("a lambda constraint", () =>
    refused(
      (r) => r.get("a", { to: "a#b", constraints: () => true }),
      /\n {2}route 0 \(GET \/a\(\.:format\)\): its constraint is a function/,
    ));
  test("a redirect block", () =>
    refused(
      (r) => r.get("a", { to: r.redirect(() => "/b") }),
      /route 0 \(GET \/a\(\.:format\)\): its redirect is a block/,
    ));
  test("a mounted handler", () =>
    refused(
      (r) => r.mount((_req: Request) => new Response("x"), { at: "/x" }),
      /route 0 \(\/x\): it routes to a handler/,
    ));
  test("every one of them, not only the first", () =>
    refused((r) => {
      r.get("a", { to: "a#b", constraints: () => true });
      r.get("b", { to: "a#b" });
      r.get("c", { to: r.redirect(() => "/b") });
    }, /\n {2}route 0 [^\n]*\n {2}route 2 \(GET \/c\(\.:format\)\): its redirect is a block/));
  test("a direct", () => refused((r) => r.direct("home", () => "/"), /\n {2}`direct :home`: a function/));
  test("a function in a route's defaults", () =>
    refused((r) => r.get("a", { to: "a#b", defaults: { f: () => 1 } }), /route 0 .*'s defaults\.f: a function/));
});

describe("a built module out of date with its route files", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-built-"));
  const file = path.join(dir, "routes.ts");
  fs.writeFileSync(file, "r.resources('photos')\n");
  const moduleUrl = pathToFileURL(path.join(dir, "routes.built.js")).href;
  const sha256 = crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
  const data = builtTableData(
    draw((r) => r.resources("photos")),
    [{ file: "routes.ts", sha256 }],
  );

  test("loads while the route file is as it was built", () => {
    assert.equal(builtRoutes(data, moduleUrl).routes.length, 8);
  });

  test("throws outside production once a route file changed, saying to build again; production, or a file it cannot read, does not", () => {
    fs.writeFileSync(file, "r.resources('photos'); r.resources('albums')\n");
    try {
      assert.throws(
        () => builtRoutes(data, moduleUrl),
        /routes\.built\.js is out of date: routes\.ts changed since it was built\. Run `switchyard build` again/,
      );
      const env = process.env.NODE_ENV;
      process.env.NODE_ENV = "production";
      try {
        assert.equal(builtRoutes(data, moduleUrl).routes.length, 8);
      } finally {
        if (env === undefined) delete process.env.NODE_ENV;
        else process.env.NODE_ENV = env;
      }
      // (A file it cannot read, as a bundle away from its sources, is not compared.)
      fs.rmSync(file);
      assert.equal(builtRoutes(data, moduleUrl).routes.length, 8);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a table of another format is refused with the command that writes it anew", () => {
    assert.throws(
      () => builtRoutes({ ...data, version: 0 }),
      new RegExp(`format 0, and this switchyard reads format ${data.version}: run \`switchyard build\` again`),
    );
  });
});

// Every public conformance fixture whose table holds no function: built and read back, it answers
// each of the fixture's probes and helper calls as the drawn table does (which the conformance
// suite holds to Rails' recorded answers).
const fixtureDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "conformance", "fixtures");

test("each public conformance fixture, built and read back, answers as drawn", (t) => {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-built-fixtures-"));
  t.after(() => fs.rmSync(filesDir, { recursive: true, force: true }));
  let cases = 0;
  let compared = 0;
  let refused = 0;
  for (const name of fs.readdirSync(fixtureDir).filter((f) => f.endsWith(".json"))) {
    for (const c of JSON.parse(fs.readFileSync(path.join(fixtureDir, name), "utf8")) as Case[]) {
      if (c.error !== undefined) continue;
      // (The route files a case's `r.draw` reads, written as the conformance suite writes them.)
      const routesDir = path.join(filesDir, String(cases++));
      writeRouteFiles(routesDir, c.ts_files);
      let drawn: RouteSet;
      try {
        drawn = drawQuietly(caseDeclaration(c.ts), {
          apiOnly: c.api_only,
          drawPaths: [routesDir],
          defaultUrlOptions: urlOptions(c.default_url_options),
        });
      } catch {
        continue; // (the conformance suite says what this case should do)
      }
      let data;
      try {
        data = builtTableData(drawn);
      } catch (error) {
        assert.match((error as Error).message, /^Cannot build the route table: it holds functions/, c.id);
        refused++;
        continue;
      }
      const built = builtRoutes(JSON.parse(JSON.stringify(data)));
      const where = `${name} ${c.id}`;
      assert.deepStrictEqual(built.routes, drawn.routes, where);
      assert.equal(built.inspect(), drawn.inspect(), where);
      for (const p of c.recognize ?? [])
        assert.deepEqual(
          recognized(built, p.method, p.path, c.host),
          recognized(drawn, p.method, p.path, c.host),
          `${where}: ${p.method} ${p.path}`,
        );
      for (const g of c.generate ?? []) {
        const args = materialize(g.args) as unknown[];
        assert.deepEqual(generated(built, g.call, args), generated(drawn, g.call, args), `${where}: ${g.call}`);
      }
      compared++;
    }
  }
  // Most fixtures hold data only; the rest (lambdas, mounts, redirect blocks, directs) are refused.
  assert.ok(compared > 800, `${compared} fixtures compared`);
  assert.ok(refused > 0 && refused < compared / 4, `${refused} refused`);
});

test("a key spelled __proto__ in a route's defaults is written and read back as a key, not as a prototype", () => {
  const defaults = JSON.parse('{"__proto__": "x", "kind": "y"}') as Record<string, string>;
  const drawn = draw((r) => r.get("a", { to: "a#b", defaults }));
  const built = builtRoutes(JSON.parse(JSON.stringify(builtTableData(drawn))));
  assert.deepEqual(Object.keys(built.routes[0]!.defaults), Object.keys(drawn.routes[0]!.defaults));
  assert.equal(Object.getOwnPropertyDescriptor(built.routes[0]!.defaults, "__proto__")?.value, "x");
  assert.equal(Object.getPrototypeOf(built.routes[0]!.defaults), Object.prototype);
});
