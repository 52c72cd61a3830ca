// `switchyard` and `switchyard/http` load on every runtime — Node, Bun, Deno, and workerd without
// `nodejs_compat`, where a `node:` import fails the whole bundle — so nothing their entry points
// import at module scope imports a `node:` module or a Node-only package. What needs Node asks for
// it when used (support/runtime.ts). The import graph a bundler follows is read here so that a `node:` import
// added anywhere under them fails this test, naming the chain that reaches it.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const src = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "src");

/** The runtime-neutral entry points (package.json's `.` and `./http`). */
const NEUTRAL_ENTRIES = ["index.ts", "http/index.ts"];

/** Packages that load only on Node (they read the file system or the environment at import). */
const NODE_ONLY_PACKAGES = new Set(["jiti", "tinyglobby"]);

/**
 * Imports the file loader still makes at module scope, each `importer -> imported` (a `node:`
 * module, a package, or a file under src/). They go when the loader moves to node-only modules
 * (loaded by `loadRoutes` and the controller registry when they read files); the last test below
 * fails for an entry no longer needed, so this list only shrinks.
 */
const FILE_LOADER_PENDING = new Set([
  "draw.ts -> node:path", // loadRoutes
  "draw.ts -> dsl/route-files.ts", // r.draw(name), loadRoutes
  "draw.ts -> support/user-files.ts", // loadRoutes
  "http/controllers.ts -> node:path", // controller file loading
  "http/controllers.ts -> support/user-files.ts", // controller file loading
  "http/controllers.ts -> support/file-stamps.ts", // controller file loading
  "http/dispatcher.ts -> http/reloader.ts", // the development reloader
]);

/**
 * Value imports: `import ... from`, `export ... from`, `import "..."` — not `import type` — and
 * `import("./file")` of a module of ours, which a bundler puts in the bundle too (its `node:`
 * imports would fail a workerd bundle that never runs it).
 */
function staticImports(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const found = [...text.matchAll(/\bimport\(\s*"(\.[^"]+)"\s*\)/g)].map((m) => m[1]!);
  for (const m of text.matchAll(
    /(?:^|\n)\s*(import|export)\s+([^;"]*?)\s*from\s+"([^"]+)"|(?:^|\n)\s*import\s+"([^"]+)"/g,
  )) {
    if (m[4] !== undefined) found.push(m[4]);
    else if (!/^type\b/.test(m[2]!) && !/^\{\s*type\s[^,}]*\}$/.test(m[2]!)) found.push(m[3]!);
  }
  return found;
}

interface Walk {
  /** Each module reached: the chain from an entry point to it. */
  readonly reached: Map<string, string[]>;
  /** Imports of Node-only modules, as `chain -> specifier`. */
  readonly nodeOnly: string[];
  /** The pending entries the walk met. */
  readonly pendingMet: Set<string>;
}

function walk(entries: readonly string[]): Walk {
  const reached = new Map<string, string[]>();
  const nodeOnly: string[] = [];
  const pendingMet = new Set<string>();
  const visit = (file: string, chain: string[]): void => {
    if (reached.has(file)) return;
    reached.set(file, chain);
    for (const spec of staticImports(path.join(src, file))) {
      const target = spec.startsWith(".")
        ? path.relative(src, path.resolve(path.dirname(path.join(src, file)), spec.replace(/\.js$/, ".ts")))
        : spec;
      const edge = `${file} -> ${target}`;
      if (FILE_LOADER_PENDING.has(edge)) {
        pendingMet.add(edge);
        continue;
      }
      if (spec.startsWith(".")) visit(target, [...chain, target]);
      else if (spec.startsWith("node:") || NODE_ONLY_PACKAGES.has(spec.split("/")[0]!))
        nodeOnly.push(`${[...chain].join(" -> ")} -> ${spec}`);
    }
  };
  for (const entry of entries) visit(entry, [entry]);
  return { reached, nodeOnly, pendingMet };
}

const result = walk(NEUTRAL_ENTRIES);

test("the neutral entry points' static imports reach no node: module and no Node-only package", () => {
  assert.deepEqual(result.nodeOnly, []);
});

test("the walk reads real imports: it reaches the DSL, the recognizer, the dispatcher and what it imports lazily", () => {
  // (node-bridge.ts through `import()`: the bridge to a mounted node listener)
  for (const file of ["dsl/mapper.ts", "recognize/index.ts", "http/dispatcher.ts", "http/transport/node-bridge.ts"])
    assert.ok(result.reached.has(file), `${file} reached from ${NEUTRAL_ENTRIES.join(", ")}`);
  // and it would see a node: import: the CLI's entry has them
  assert.ok(walk(["cli/main.ts"]).nodeOnly.some((chain) => chain.endsWith("node:path")));
});

test("every pending file-loader import is still made (remove an entry once its import is gone)", () => {
  assert.deepEqual(
    [...FILE_LOADER_PENDING].filter((edge) => !result.pendingMet.has(edge)),
    [],
  );
});
