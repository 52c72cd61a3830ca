// A built route table (src/built.ts: what `switchyard build` writes, read back by `builtRoutes`)
// is the drawn table: the same routes, recognition, helpers and sheet, on a table of every kind
// of data a route holds and on each public conformance fixture (test/conformance/fixtures, whose
// drawn answers Rails recorded). A table holding functions is refused, naming the route. The
// recognizer is the one the data holds, read back rather than compiled; a malformed module is
// refused as one error, whatever its numbers.
import assert from "node:assert/strict";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type BuiltTableData, builtTableData } from "../src/built.js";
import { restoreStrategy, type StrategyData, strategyData } from "../src/recognize/compiled/data.js";
import { prepareRoutes } from "../src/recognize/recognizer.js";
import { createHandler } from "../src/http/index.js";
import { builtRoutes, compileRecognizer, draw, type Mapper, type RouteSet, ruby } from "../src/index.js";
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

describe("a built table recognizes with the compiled recognizer its data holds", () => {
  const declare = (r: Mapper) => {
    r.resources("photos", { only: ["index", "show"] });
    r.get("a", { to: "pages#a" });
    r.get("b", { to: "pages#b" });
  };
  const data = () => JSON.parse(JSON.stringify(builtTableData(draw(declare)))) as BuiltTableData;
  const action = (set: RouteSet, path: string) =>
    (set.recognize("GET", path) as unknown as { params: Record<string, string> }).params;

  test("read back, not compiled: the data of a table with /a and /b swapped answers /a with the route of /b", () => {
    const swapped = data();
    const other = builtTableData(
      draw((r) => {
        r.resources("photos", { only: ["index", "show"] });
        r.get("b", { to: "pages#b" });
        r.get("a", { to: "pages#a" });
      }),
    );
    const built = builtRoutes({ ...swapped, recognizer: other.recognizer });
    assert.equal(action(built, "/a").action, "b");
    assert.equal(action(built, "/b").action, "a");
    assert.equal(action(built, "/photos/1").action, "show");
    // (and its own data answers as drawn)
    assert.equal(action(builtRoutes(data()), "/a").action, "a");
  });

  test("where the data holds no recognizer, the one passed compiles it at load", () => {
    const calls: number[] = [];
    const built = builtRoutes({ ...data(), recognizer: null }, undefined, {
      compileRecognizer: (routes) => {
        calls.push(routes.length);
        return compileRecognizer(routes);
      },
    });
    assert.deepEqual(calls, [4]);
    assert.equal(action(built, "/a").action, "a");
    assert.equal(action(built, "/photos/7.json").format, "json");
  });

  /** Built data as JSON gives it, any part of it writable. */
  type Loose = { recognizer: { buckets: unknown[][]; verbs: unknown } } & Record<string, unknown>;
  /** The error `builtRoutes` throws for `change(data)`, or null if it loaded and answered a few requests without throwing. */
  const refusal = (change: (d: Loose) => void) => {
    const d = data() as unknown as Loose;
    change(d);
    try {
      const built = builtRoutes(d as unknown as BuiltTableData);
      for (const path of ["/", "/a", "/b", "/photos", "/photos/1", "/photos/1.json", "/photos/1/x", "/zz"])
        for (const method of ["GET", "POST", "HEAD", "PUT"]) built.recognize(method, path);
      return null;
    } catch (error) {
      return error as Error;
    }
  };
  const MALFORMED = /^This built route table is malformed \(.+\): run `switchyard build` again$/;

  test("a malformed module is refused as one ArgumentError naming what, and the command that writes it anew", () => {
    const trie = (d: Loose) => d.recognizer.buckets[0]![0] as number[];
    const cases: [string, (d: Loose) => void, RegExp][] = [
      ["no data", (d) => Object.assign(d, { routes: null }), /TypeError/],
      ["a trie that is not an array", (d) => (d.recognizer.buckets[0]![0] = 7), /a trie's length/],
      ["a trie one value short", (d) => trie(d).pop(), /a trie's values/],
      ["a root outside the array", (d) => (d.recognizer.buckets[0]![1] = 1e9), /a trie's node at 1000000000/],
      ["a root that is no integer", (d) => (d.recognizer.buckets[0]![1] = "__proto__"), /a trie's node at __proto__/],
      [
        "a terminal of a route that does not exist",
        (d) => ((d.recognizer.buckets[0]![2] as number[])[0] = 99 * 128),
        /a route index \(99\)/,
      ],
      [
        "a slot list spelled __proto__",
        (d) => ((d.recognizer.buckets[0]![2] as unknown[])[1] = "__proto__"),
        /a terminal's slot list \(__proto__\)/,
      ],
      [
        "a static path of a route that does not exist",
        (d) => ((d.recognizer.buckets[0]![5] as unknown[])[1] = -1),
        /a route index \(-1\)/,
      ],
      ["a named route that does not exist", (d) => Object.assign(d, { named: [["x", 40]] }), /the route of x \(40\)/],
      ["no GET bucket", (d) => Object.assign(d.recognizer, { verbs: ["HEAD"] }), /its verbs/],
    ];
    for (const [what, change, named] of cases) {
      const error = refusal(change);
      assert.ok(error !== null, `${what}: loaded`);
      assert.equal(error.name, "ArgumentError", `${what}: ${error.message}`);
      assert.match(error.message, MALFORMED, what);
      assert.match(error.message, named, what);
    }
  });

  test("a trie whose nodes would be shared is refused, and one that loops cannot be written: a walk on any data ends", () => {
    // (`/:x` and `/:x/:y`: the root's slash group leads by its parameter to the node of `:x`.)
    const params = draw((r) => {
      r.get(":x", { to: "x#x" });
      r.get(":x/:y", { to: "x#y" });
    });
    /** The GET trie of the table's recognizer, restored, with `edit` made to its array (offsets as the walk reads them). */
    const edited = (edit: (T: Int32Array, root: number) => void) => {
      const d = JSON.parse(JSON.stringify(builtTableData(params))) as BuiltTableData;
      const strategy = restoreStrategy(prepareRoutes(params.routes), d.recognizer!);
      const [verb, { trie }] = strategy.bucketsByVerb()[0]!;
      assert.equal(verb, "GET");
      edit(trie.T, trie.root);
      return { ...d, recognizer: JSON.parse(JSON.stringify(strategyData(strategy))) as StrategyData };
    };
    // (A node's record: its slash group's empty word at 3 + 2, its parameter at 3 + 3; see recognize/compiled/flat.ts.)
    const shared = edited((T, root) => (T[root + 5] = T[root + 6]!));
    assert.throws(
      () => builtRoutes(shared),
      (error: Error) =>
        error.name === "ArgumentError" && MALFORMED.test(error.message) && /a trie's node at \d+/.test(error.message),
    );
    // The node of `:x` given its own parent as its parameter: an offset back, which the format cannot hold.
    assert.throws(
      () =>
        edited((T, root) => {
          const x = T[root + 6]!;
          T[x + 6] = root;
        }),
      /a value of its trie read relative/,
    );
    assert.equal(edited(() => {}).recognizer.buckets.length, builtTableData(params).recognizer!.buckets.length);
    assert.equal(action(builtRoutes(edited(() => {})), "/1/2").action, "y");
  });

  test("whatever numbers a trie holds, a table either is refused or answers without throwing", () => {
    // (A seeded generator: the same trials every run.)
    let seed = 7;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    let refused = 0;
    for (let trial = 0; trial < 300; trial++) {
      const error = refusal((d) => {
        const bucket = d.recognizer.buckets[Math.floor(next() * d.recognizer.buckets.length)]!;
        const runs = bucket[0] as number[];
        for (let k = 0; k < 3; k++) {
          const i = 1 + Math.floor(next() * (runs.length - 1));
          runs[i] = runs[i]! < 0 ? runs[i]! : Math.floor(next() * (runs[0]! + 4)) - 2;
        }
      });
      if (error !== null) {
        assert.equal(error.name, "ArgumentError", error.stack);
        assert.match(error.message, MALFORMED);
        refused++;
      }
    }
    assert.ok(refused > 30 && refused < 300, `${refused} of 300 refused`);
  });
});
