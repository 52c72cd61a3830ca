// The serving subpath exports as an application imports them (the built package, through its
// package.json `exports`): each resolves, with its declarations beside it, and the core does not
// load a host framework.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
  exports: Record<string, { types: string; import: string }>;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional: boolean }>;
};

// The adapters are the subpath exports built from src/http/adapters/: a new adapter is its file and
// its line in package.json, and these tests take it up from there.
const ADAPTERS = Object.entries(pkg.exports)
  .filter(([, entry]) => typeof entry === "object" && entry.import.startsWith("./dist/http/adapters/"))
  .map(([subpath, entry]) => ({ subpath, entry }));

const SUBPATHS: Record<string, string[]> = {
  "./http": [
    "createHandler",
    "Controller",
    "ActionContext",
    "ActionNotFound",
    "MissingController",
    "BadRequest",
    "controllerClassName",
    "scriptNameOf",
  ],
  "./node": ["toNodeListener"],
  "./static": ["staticFiles", "withStaticFiles"],
};

test("the adapters are found in package.json's exports", () => {
  // The one place the list is written twice: each adapter file has its export, and each export its file.
  const files = fs
    .readdirSync(path.join(root, "src/http/adapters"))
    .filter((f) => f.endsWith(".ts"))
    .map((f) => `./${f.replace(/\.ts$/, "")}`);
  assert.deepEqual(ADAPTERS.map((a) => a.subpath).sort(), files.sort());
  assert.ok(files.includes("./node") && files.length > 1, "node:http and the framework adapters");
});

for (const [subpath, names] of Object.entries(SUBPATHS)) {
  test(`switchyard${subpath.slice(1)} resolves to the build, with declarations, exporting ${names.join(", ")}`, async () => {
    const entry = pkg.exports[subpath];
    assert.ok(entry, `package.json exports ${subpath}`);
    assert.ok(fs.existsSync(path.join(root, entry.types)), entry.types);
    const mod = (await import(`switchyard${subpath.slice(1)}`)) as Record<string, unknown>;
    for (const name of names) assert.equal(typeof mod[name], "function", `${subpath} exports ${name}`);
  });
}

for (const { subpath, entry } of ADAPTERS) {
  test(`switchyard${subpath.slice(1)} resolves to the build with declarations and exports its adapter functions only`, async () => {
    assert.ok(fs.existsSync(path.join(root, entry.types)), entry.types);
    const mod = (await import(`switchyard${subpath.slice(1)}`)) as Record<string, unknown>;
    const names = Object.keys(mod);
    assert.ok(names.length > 0, `${subpath} exports something`);
    // The transport kit (exchanges, reply writers, body limits) is not public: an adapter's module
    // exports the function that adapts a handler (and its default), nothing of the kit.
    for (const name of names) assert.equal(typeof mod[name], "function", `${subpath} exports ${name}, a function`);
    for (const internal of [
      "NodeExchange",
      "FetchExchange",
      "serveNode",
      "writeReply",
      "writeResponse",
      "writeOutcome",
      "writeFailed",
      "dispatcherOf",
    ]) {
      assert.equal(mod[internal], undefined, `${subpath} does not export the transport kit's ${internal}`);
    }
  });
}

test("the host frameworks are optional peers, never dependencies of the core", () => {
  // Each adapter but node's is named after its host framework.
  const frameworks = ADAPTERS.map((a) => a.subpath.slice(2)).filter((name) => name !== "node");
  for (const framework of frameworks) {
    assert.equal(pkg.dependencies[framework], undefined, `${framework} is not a dependency`);
    assert.ok(pkg.peerDependencies[framework], `${framework} is a peer dependency`);
    assert.equal(pkg.peerDependenciesMeta[framework]?.optional, true, `${framework} is optional`);
  }
  // The build is bundled (script/bundle.mjs): what the core loads is its entries and the chunks
  // they import, statically or on demand.
  const core = [...new Set(["index.js", "http/index.js"].flatMap(loadedFiles))];
  assert.ok(core.some((f) => f.startsWith("chunks/")) && core.includes("http/index.js"), "the core's files are listed");
  for (const file of [...core, ...ADAPTERS.map((a) => a.entry.import.slice("./dist/".length))]) {
    const text = fs.readFileSync(path.join(root, "dist", file), "utf8");
    assert.doesNotMatch(
      text,
      new RegExp(`^import [^;]*from "(${[...frameworks, "@hono/node-server"].join("|")})"`, "m"),
      `${file} imports no framework at run time`,
    );
  }
});

/** The files of dist/ that loading `entry` (a path under dist/) loads: it and what it imports, relative imports followed. */
function loadedFiles(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = fs.readFileSync(path.join(root, "dist", file), "utf8");
    for (const [, spec] of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)"(\.{1,2}\/[^"]+)"/g))
      visit(path.posix.join(path.posix.dirname(file), spec!));
  };
  visit(entry);
  return [...seen];
}

test("switchyard and switchyard/http share one copy of every module: one inflection registry, one Controller", async () => {
  const core = (await import("switchyard")) as typeof import("switchyard");
  const http = (await import("switchyard/http")) as typeof import("switchyard/http");
  // An acronym registered through `switchyard` is the one `switchyard/http` names controllers by.
  assert.equal(http.controllerClassName("qzx/users"), "Qzx::UsersController");
  core.inflections((inflect) => inflect.acronym("QZX"));
  try {
    assert.equal(http.controllerClassName("qzx/users"), "QZX::UsersController");
  } finally {
    core.resetInflections();
  }
  // A route set drawn by `switchyard` is served by `switchyard/http`'s handler.
  const routes = core.draw((r) => r.get("ping", { to: "pings#show" }));
  const handler = http.createHandler(routes, {
    env: "production",
    logger: false,
    controllers: { pings: { show: () => "pong" } },
  });
  assert.equal(await (await handler(new Request("http://localhost/ping"))).text(), "pong");
  // Each module is loaded once: the entries' shared code lives in chunks both import.
  const shared = loadedFiles("index.js").filter((f) => loadedFiles("http/index.js").includes(f));
  assert.ok(
    shared.some((f) => f.startsWith("chunks/")),
    "the two entries import the same chunks",
  );
});

test("the bundled build keeps the names of the functions and classes it exports (PathPattern.name, not _PathPattern)", async () => {
  const subpaths = Object.keys(pkg.exports).filter(
    (s) => s !== "./package.json" && !ADAPTERS.some((a) => a.subpath === s),
  );
  assert.ok(subpaths.includes(".") && subpaths.includes("./http"));
  for (const subpath of subpaths) {
    const mod = (await import(`switchyard${subpath.slice(1)}`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod))
      if (typeof value === "function" && name !== "default")
        assert.equal(value.name, name, `switchyard${subpath.slice(1)}'s ${name} is named ${value.name}`);
  }
});
