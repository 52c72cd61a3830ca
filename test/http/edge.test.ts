// `switchyard/http`'s edge entry (http/edge.ts: what package.json's workerd, worker and browser
// conditions resolve it to) against its full entry, each bundled by esbuild with a built table as
// wrangler bundles a Worker: the edge bundle holds none of the DSL, the lint, the development pages
// or the reloader, and answers a development request as production does; the full entry, what
// Node, Bun and Deno load, still shows the development pages. Each bundle is its own copy of the
// modules, so what one installs (extensions.ts) cannot leak into the other. Runs dist/.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import type { Mapper, RouteSet } from "../../dist/index.js";

// The per-file build (dist/files/), which the edge conditions give a bundler, has no declarations of
// its own: its modules are typed by the bundle's (the same sources). Not the bundle itself: a
// table drawn by one build's copy and read by the other's would miss the translations it installs.
const files = (file: string): Promise<unknown> => import(`../../dist/files/${file}`);
const { builtTableData } = (await files("built.js")) as typeof import("../../dist/built.js");
const { builtModuleSource, renderBuiltModule } = (await files(
  "cli/build.js",
)) as typeof import("../../dist/cli/build.js");
const { draw } = (await files("index.js")) as typeof import("../../dist/index.js");

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
/** A resource, a string requirement and a list under a glob (their Ruby regexps translated when built). */
const declare = (r: Mapper) => {
  r.resources("photos");
  r.get("kinds/:kind", { to: "kinds#show", as: "kind", constraints: { kind: "big" } });
  r.get("files/*path", { to: "files#show", as: "file", constraints: { path: ["a/b", "c"] } });
};
const APP = `
import { builtRoutes } from "switchyard";
import { createHandler } from "switchyard/http";
export const routes = builtRoutes(JSON.parse(${JSON.stringify(JSON.stringify(builtTableData(draw(declare))))}));
export const handler = createHandler(routes, {
  env: "development",
  hosts: [],
  logger: false,
  onError: () => {},
  controllers: { photos: { show: (ctx) => ({ id: ctx.params.id }), index: () => { throw new Error("boom"); } } },
});
`;

/** The app bundled with `conditions`, its inputs, and its handler (imported from a file of its own). */
/** `app` bundled by esbuild as wrangler bundles a Worker with `conditions` (`minify` as with `--minify`). */
function build(
  conditions: string[],
  app: string,
  { alias, minify = false }: { alias?: Record<string, string>; minify?: boolean } = {},
) {
  return esbuild.build({
    alias,
    minify,
    stdin: { contents: app, resolveDir: root, loader: "js" },
    bundle: true,
    format: "esm",
    platform: "neutral",
    conditions,
    mainFields: ["module", "main"],
    write: false,
    metafile: true,
    logLevel: "silent",
  });
}

async function bundled(conditions: string[], app = APP, alias?: Record<string, string>) {
  const result = await build(conditions, app, { alias });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-edge-")), "worker.mjs");
  fs.writeFileSync(file, result.outputFiles[0]!.text);
  const { handler, routes, drawn, errors, lines } = (await import(pathToFileURL(file).href)) as {
    handler: (r: Request) => Promise<Response>;
    routes: RouteSet;
    drawn: (warn?: () => void) => RouteSet;
    errors?: Error[];
    lines?: string[];
  };
  // (The modules with code in the bundle: esbuild lists a module it tree-shook away with no bytes.)
  const inputs = Object.entries(Object.values(result.metafile.outputs)[0]!.inputs)
    .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
    .map(([f]) => f.replace(/^.*dist\/(?:files\/)?/, ""));
  return { handler, routes, drawn, errors, lines, inputs };
}

const LEFT_OUT =
  /^(?:dsl\/|lint\/|inspect\/html|http\/(?:pages|reloader|development|transport\/node-bridge)\.js|draw\.js|pattern\/(?:ruby-regexp|parse)\.js|support\/inflections\.js)/;

test("the edge entry's bundle leaves out the DSL, the path parser, the inflector's rules, the lint, the development pages and the reloader", async () => {
  const edge = await bundled(["workerd", "worker", "browser"]);
  assert.deepEqual(
    edge.inputs.filter((f) => LEFT_OUT.test(f)),
    [],
  );
  assert.ok(edge.inputs.includes("built.js") && !edge.inputs.includes("http/index.js"));
  // (and the full entry's bundle has them: the test sees what it says it sees; read from the
  // per-file build, since the chunks of the default one do not name their modules)
  const full = await bundled([], APP, {
    switchyard: path.join(root, "dist/files/index.js"),
    "switchyard/http": path.join(root, "dist/files/http/index.js"),
  });
  assert.ok(
    [
      "http/index.js",
      "http/pages.js",
      "inspect/html.js",
      "http/transport/node-bridge.js",
      "support/inflections.js",
    ].every((f) => full.inputs.includes(f)),
  );
});

test("in development, the edge bundle answers as production; the full entry shows the development pages", async () => {
  const edge = (await bundled(["workerd", "worker", "browser"])).handler;
  const full = (await bundled([])).handler;
  const miss = await edge(new Request("http://localhost/nowhere"));
  assert.equal(miss.status, 404);
  assert.equal(await miss.text(), "Not Found\n");
  const failure = await edge(new Request("http://localhost/photos"));
  assert.equal(failure.status, 500);
  assert.equal(await failure.text(), "Internal Server Error\n");
  const hit = await edge(new Request("http://localhost/photos/7"));
  assert.deepEqual(await hit.json(), { id: "7" });
  assert.equal((await edge(new Request("http://localhost/rails/info/routes"))).status, 404);

  const page = await full(new Request("http://localhost/nowhere"));
  assert.equal(page.status, 404);
  assert.match(
    await page.text(),
    /Routing Error[\s\S]*No route matches \[GET\] &quot;\/nowhere&quot;[\s\S]*photos#show/,
  );
  const routes = await full(new Request("http://localhost/rails/info/routes"));
  assert.equal(routes.status, 200);
  assert.match(await routes.text(), /\/photos\/:id\(\.:format\)/);
  assert.equal((await full(new Request("http://localhost/photos"))).status, 500);
});

test("the edge bundle reads a string requirement and a list under a glob as the full one does, with no translator", async () => {
  const edge = (await bundled(["workerd", "worker", "browser"])).routes;
  const full = (await bundled([])).routes;
  const answers = (routes: RouteSet) => {
    const helpers = routes.helpers as unknown as Record<string, (...args: unknown[]) => string>;
    const tried = (fn: () => unknown) => {
      try {
        return fn();
      } catch (error) {
        return (error as Error).name;
      }
    };
    return [
      tried(() => helpers.kind_path!("big")),
      tried(() => helpers.kind_path!("small")),
      tried(() => helpers.file_path!("c")),
      tried(() => helpers.file_path!("d")),
      ...["/kinds/big", "/kinds/small", "/files/c", "/files/a/b", "/files/d"].map((p) =>
        JSON.stringify(routes.recognize("GET", p)),
      ),
    ];
  };
  assert.deepEqual(answers(edge), answers(full));
  assert.deepEqual(answers(edge).slice(0, 4), ["/kinds/big", "UrlGenerationError", "/files/c", "UrlGenerationError"]);
});

test("a Worker drawing its table leaves the lint out: draw says once that its regexps went unchecked, and `warn` how to load the lint", async (t) => {
  const { drawn, inputs } = await bundled(
    ["workerd", "worker", "browser"],
    `import { draw } from "switchyard";
export const drawn = (warn) => draw((r) => r.get("a/:id", { to: "a#b", constraints: { id: /\\d+/ } }), { warn });`,
  );
  assert.deepEqual(
    inputs.filter((f) => f.startsWith("lint/") && f !== "lint/draw-hook.js"),
    [],
  );
  const warnings: string[] = [];
  t.mock.method(process, "emitWarning", (message: string) => warnings.push(message));
  assert.equal(drawn().routes.length, 1);
  drawn();
  assert.equal(warnings.length, 1);
  assert.match(warnings[0]!, /were not checked for catastrophic backtracking \(the lint is not in this bundle\)/);
  assert.throws(
    () => drawn(() => {}),
    /`warn` option runs the lint, which this bundle left out: import lintRoutes from "switchyard"/,
  );
});

/** The module `switchyard build` writes for `declare`, bundled for the edge: its routes and the modules in the bundle. */
async function builtBundle(
  declare: (r: Mapper) => void,
  module = renderBuiltModule(draw(declare), [], "routes.built.js").js,
) {
  return bundled(
    ["workerd", "worker", "browser"],
    `${module}\nexport const handler = null;\n`.replace("export default", "export const routes ="),
  );
}

/** The params `routes` recognizes a GET of `path` with. */
const paramsAt = (routes: RouteSet, path: string) => {
  const found = routes.recognize("GET", path);
  return found !== null && "params" in found ? { ...found.params } : found;
};

test("a built table carries the linear matcher only when a route's regexp could backtrack, and runs it there", async () => {
  const pairs = (r: Mapper) => r.get("pairs/:a-:b", { to: "pairs#show" });
  assert.equal(builtTableData(draw(pairs)).linear, true);
  assert.equal(builtTableData(draw((r) => r.resources("photos"))).linear, false);

  const resources = await builtBundle((r) => r.resources("photos"));
  assert.deepEqual(
    resources.inputs.filter((f) => f.startsWith("pattern/linear/")),
    [],
  );
  assert.deepEqual(paramsAt(resources.routes, "/photos/7"), { controller: "photos", action: "show", id: "7" });

  const linear = await builtBundle(pairs);
  assert.ok(linear.inputs.includes("pattern/linear/vm.js"), linear.inputs.join(", "));
  assert.deepEqual(paramsAt(linear.routes, "/pairs/x-y"), { controller: "pairs", action: "show", a: "x", b: "y" });
  // `:a-:b` against 40,000 dashes and a segment more: quadratic for the native regexp (~10^9
  // steps), linear in the matcher, which finds no match; the same answer as the drawn table's.
  const hostile = `/pairs/${"-".repeat(40_000)}/x`;
  assert.equal(linear.routes.recognize("GET", hostile), draw(pairs).recognize("GET", hostile));
  assert.equal(linear.routes.recognize("GET", hostile), null);
});

/** The compiled strategy's modules that compile a table: expansion, the trie builder and writer, the compile itself. */
const COMPILING = /^recognize\/compiled\/(?:expand|trie|flat-writer|compile)\.js$/;

test("a built table's bundle reads its recognizer back and carries none of what compiles one", async () => {
  const declare = (r: Mapper) => {
    r.resources("photos");
    r.get("codes/:code", { to: "codes#show", constraints: { code: /\d+/ } });
  };
  const built = await builtBundle(declare);
  assert.ok(built.inputs.includes("recognize/compiled/data.js") && built.inputs.includes("recognize/compiled/walk.js"));
  assert.deepEqual(
    built.inputs.filter((f) => COMPILING.test(f)),
    [],
  );
  for (const path of ["/photos/7", "/photos/new", "/codes/12", "/codes/x", "/photos/7/edit.json"])
    assert.deepEqual(paramsAt(built.routes, path), paramsAt(draw(declare), path), path);

  // A table whose data holds no recognizer: its module passes the compiler, which the bundle then carries.
  const data = { ...builtTableData(draw(declare)), recognizer: null };
  const compiling = await builtBundle(declare, builtModuleSource(data));
  assert.match(builtModuleSource(data), /^\/\/ \(Its recognizer could not be written as data: it is compiled at load/m);
  assert.ok(compiling.inputs.includes("recognize/compiled/compile.js"), compiling.inputs.join(", "));
  assert.deepEqual(paramsAt(compiling.routes, "/codes/12"), paramsAt(draw(declare), "/codes/12"));
  await assert.rejects(
    builtBundle(
      () => {},
      `import { builtRoutes } from "switchyard";\nexport default builtRoutes(JSON.parse(${JSON.stringify(JSON.stringify(data))}));`,
    ),
    /holds no compiled recognizer, which is then compiled at load: pass the compiler, `builtRoutes\(data, import\.meta\.url, \{ compileRecognizer \}\)`/,
  );
});

test("a built table whose routes need the linear matcher refuses to load without it", async () => {
  const data = JSON.stringify(JSON.stringify(builtTableData(draw((r) => r.get("pairs/:a-:b", { to: "pairs#show" })))));
  await assert.rejects(
    builtBundle(
      () => {},
      `import { builtRoutes } from "switchyard";\nexport default builtRoutes(JSON.parse(${data}));`,
    ),
    /routes whose regexps could backtrack, which run in the linear matcher: pass it, `builtRoutes\(data, import\.meta\.url, \{ linearMatcher \}\)`/,
  );
});

test("a node listener mounted in a Worker fails its request saying to mount a fetch handler; a fetch handler mounted there answers", async () => {
  const { handler, errors } = await bundled(
    ["workerd", "worker", "browser"],
    `import { draw } from "switchyard";
import { createHandler } from "switchyard/http";
export const errors = [];
const routes = draw((r) => {
  r.mount((req, res) => res.end("node"), { at: "/legacy" });
  r.mount((request) => new Response("fetch"), { at: "/modern" });
});
export const handler = createHandler(routes, { env: "production", logger: false, onError: (error) => { errors.push(error); } });`,
  );
  assert.equal(await (await handler(new Request("http://localhost/modern"))).text(), "fetch");
  assert.equal((await handler(new Request("http://localhost/legacy"))).status, 500);
  assert.equal(errors?.length, 1);
  assert.match(
    errors![0]!.message,
    /handler mounted at \/legacy is a node listener \(req, res\), which a Worker's or a browser's bundle cannot call: .*Mount a fetch handler/,
  );
});

/** A Worker serving photos with a log, hosts and a record's URL, importing `imports` first. */
const optIn = (imports: string, options: string) => `${imports}
import { draw } from "switchyard";
import { createHandler } from "switchyard/http";
class Photo { constructor(id) { this.id = id; } }
export const errors = [];
export const lines = [];
export const routes = draw((r) => r.resources("photos"));
export const handler = createHandler(routes, {
  env: "production",
  onError: (error) => { errors.push(error); },
  controllers: { photos: { show: (ctx) => ctx.helpers.polymorphic_path(new Photo(ctx.params.id)) } },
  ${options}
});`;
const OPTED_IN = /^(?:http\/(?:request-log|host-permissions)\.js|generate\/polymorphic\.js|node_modules\/ipaddr\.js\/)/;

test("a Worker's bundle leaves out the request log, host authorization and polymorphic routes; asking for one says what to import", async () => {
  const plain = await bundled(["workerd", "worker", "browser"], optIn("", ""));
  assert.deepEqual(
    plain.inputs.filter((f) => OPTED_IN.test(f)),
    [],
  );
  assert.equal((await plain.handler(new Request("http://localhost/photos/1"))).status, 500);
  assert.match(
    plain.errors![0]!.message,
    /^polymorphic_path needs polymorphic routes .*: add `import "switchyard\/polymorphic";` once, or call the named helper/,
  );
  assert.equal(plain.routes.helpers.photo_path!(1), "/photos/1");
  await assert.rejects(
    bundled(["workerd", "worker", "browser"], optIn("", "logger: (line) => lines.push(line),")),
    /createHandler's logger needs the request log, .*add `import "switchyard\/http\/log";` once/,
  );
  await assert.rejects(
    bundled(["workerd", "worker", "browser"], optIn("", 'hosts: ["example.com"],')),
    /createHandler's hosts needs host authorization, .*add `import "switchyard\/http\/hosts";` once/,
  );
});

test("importing switchyard/http/log, /hosts and switchyard/polymorphic adds each to a Worker's bundle, serving as on Node", async () => {
  const imports = 'import "switchyard/http/log";\nimport "switchyard/http/hosts";\nimport "switchyard/polymorphic";';
  const options = 'logger: (line) => lines.push(line),\n  hosts: ["example.com", "10.0.0.0/8"],';
  const edge = await bundled(["workerd", "worker", "browser"], optIn(imports, options));
  assert.deepEqual(edge.inputs.filter((f) => OPTED_IN.test(f)).sort(), [
    "generate/polymorphic.js",
    "http/host-permissions.js",
    "http/request-log.js",
    "node_modules/ipaddr.js/lib/ipaddr.js",
  ]);
  const hit = await edge.handler(new Request("http://example.com/photos/1"));
  assert.equal(hit.status, 200, String(edge.errors));
  assert.equal(await hit.text(), "/photos/1");
  assert.equal((await edge.handler(new Request("http://10.1.2.3/photos/1"))).status, 200);
  assert.equal((await edge.handler(new Request("http://evil.test/photos/1"))).status, 403);
  // (the same three requests and lines as the full entry on Node gives)
  const full = await bundled([], optIn("", options));
  for (const url of ["http://example.com/photos/1", "http://10.1.2.3/photos/1", "http://evil.test/photos/1"])
    await full.handler(new Request(url));
  const lines = (app: { lines?: string[] }) => app.lines!.map((line) => line.replace(/ \d+ms/, " Nms"));
  assert.deepEqual(lines(edge), lines(full));
  assert.match(lines(edge)[0]!, /^GET \/photos\/1 200 Nms PhotosController#show$/);
});

test("a one-resource Worker with a built table stays within 40 KB gzipped, as wrangler bundles it minified", async () => {
  // (The budget bench/bundle-size.mjs measures, on the same app: a size is deterministic, so it is
  // held here; RESULTS.md, "A Worker's bundle under 40 KB", lists what the bytes are.)
  const table = JSON.stringify(JSON.stringify(builtTableData(draw((r) => r.resources("photos")))));
  const result = await build(
    ["workerd", "worker", "browser"],
    `import { builtRoutes } from "switchyard";
import { createHandler } from "switchyard/http";
const routes = builtRoutes(JSON.parse(${table}));
const photos = { index: () => "photos", show: (ctx) => ({ id: ctx.params.id }), create: (ctx) => ctx.params, update: (ctx) => ctx.params, destroy: () => undefined };
const handler = createHandler(routes, { env: "production", controllers: { photos } });
export default { fetch: (request) => handler(request) };`,
    { minify: true },
  );
  const gzipped = zlib.gzipSync(result.outputFiles[0]!.contents, { level: 9 }).length;
  assert.ok(gzipped <= 40 * 1024, `${(gzipped / 1024).toFixed(1)} KB gzipped`);
  assert.ok(gzipped > 10 * 1024, "the bundle holds the router: the test bundles what it says");
});
