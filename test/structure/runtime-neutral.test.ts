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

/** The runtime-neutral entry points (package.json's `.` and `./http`, each also as a Worker's bundle resolves it, and the modules such a bundle imports to add what they leave out). */
const NEUTRAL_ENTRIES = [
  "index.ts",
  "edge.ts",
  "polymorphic.ts",
  "http/index.ts",
  "http/edge.ts",
  "http/log.ts",
  "http/host-authorization.ts",
];

/** Packages that load only on Node (they read the file system or the environment at import). */
const NODE_ONLY_PACKAGES = new Set(["jiti", "tinyglobby"]);

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
}

function walk(entries: readonly string[]): Walk {
  const reached = new Map<string, string[]>();
  const nodeOnly: string[] = [];
  const visit = (file: string, chain: string[]): void => {
    if (reached.has(file)) return;
    reached.set(file, chain);
    for (const spec of staticImports(path.join(src, file))) {
      const target = spec.startsWith(".")
        ? path.relative(src, path.resolve(path.dirname(path.join(src, file)), spec.replace(/\.js$/, ".ts")))
        : spec;
      if (spec.startsWith(".")) visit(target, [...chain, target]);
      else if (spec.startsWith("node:") || NODE_ONLY_PACKAGES.has(spec.split("/")[0]!))
        nodeOnly.push(`${[...chain].join(" -> ")} -> ${spec}`);
    }
  };
  for (const entry of entries) visit(entry, [entry]);
  return { reached, nodeOnly };
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

test("an app serving a built table through the edge entry reaches no DSL, path parser, lint, development pages, reloader, request log, host authorization or polymorphic routes", () => {
  // (`builtRoutes` from `switchyard`, `createHandler` from `switchyard/http` as the workerd,
  // worker and browser conditions resolve them: what a Worker's bundle may hold; the request log,
  // host authorization and polymorphic routes it adds by importing `switchyard/http/log`,
  // `switchyard/http/hosts` and `switchyard/polymorphic`)
  const builtOnly = [...walk(["built.ts", "http/edge.ts"]).reached.keys()];
  const leftOut =
    /^(?:dsl\/|lint\/|draw\.ts$|inspect\/html|http\/(?:pages|reloader|development|request-log|host-permissions|backtrace)\.ts$|generate\/(?:polymorphic|naming)\.ts$|uri\/ip\.ts$|pattern\/parse\.ts$)/;
  assert.deepEqual(
    builtOnly.filter((file) => leftOut.test(file)),
    [],
  );
  assert.deepEqual(
    builtOnly.filter((file) => staticImports(path.join(src, file)).includes("ipaddr.js")),
    [],
  );
  // (and the full entries and the opt-in modules reach them: the walk sees what it says it does not)
  assert.ok(
    ["http/pages.ts", "http/reloader.ts", "draw.ts", "http/request-log.ts", "generate/polymorphic.ts"].every((file) =>
      result.reached.has(file),
    ),
  );
  assert.ok(walk(["http/log.ts"]).reached.has("http/request-log.ts"));
  assert.ok(walk(["http/host-authorization.ts"]).reached.has("http/host-permissions.ts"));
  assert.ok(walk(["polymorphic.ts"]).reached.has("generate/naming.ts"));
});
