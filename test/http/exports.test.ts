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

const SUBPATHS: Record<string, string[]> = {
  "./http": ["createHandler", "Controller", "ActionContext", "ActionNotFound", "MissingController", "BadRequest", "controllerClassName"],
  "./node": ["toNodeListener"],
  "./express": ["default", "expressMiddleware"],
  "./fastify": ["default", "fastifyPlugin"],
  "./hono": ["default", "honoMiddleware"],
};

for (const [subpath, names] of Object.entries(SUBPATHS)) {
  test(`switchyard${subpath.slice(1)} resolves to the build, with declarations, exporting ${names.join(", ")}`, async () => {
    const entry = pkg.exports[subpath];
    assert.ok(entry, `package.json exports ${subpath}`);
    assert.ok(fs.existsSync(path.join(root, entry.types)), entry.types);
    const mod = (await import(`switchyard${subpath.slice(1)}`)) as Record<string, unknown>;
    for (const name of names) assert.equal(typeof mod[name], "function", `${subpath} exports ${name}`);
  });
}

test("the host frameworks are optional peers, never dependencies of the core", () => {
  for (const framework of ["express", "fastify", "hono"]) {
    assert.equal(pkg.dependencies[framework], undefined, `${framework} is not a dependency`);
    assert.ok(pkg.peerDependencies[framework], `${framework} is a peer dependency`);
    assert.equal(pkg.peerDependenciesMeta[framework]?.optional, true, `${framework} is optional`);
  }
  for (const file of ["http/index.js", "http/dispatcher.js", "http/fetch.js", "http/adapters/node.js", "http/adapters/express.js", "http/adapters/fastify.js", "http/adapters/hono.js"]) {
    const text = fs.readFileSync(path.join(root, "dist", file), "utf8");
    assert.doesNotMatch(text, /^import [^;]*from "(express|fastify|hono|@hono\/node-server)"/m, `${file} imports no framework at run time`);
  }
});
