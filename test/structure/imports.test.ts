// The source folders form the pipeline of docs/architecture.md, and nothing imports against it:
// support and errors, then the URI layer, path patterns, the route table's data types, the
// stages built from the table (DSL, recognizer, generator, inspector), what wires them (the route
// set, draw, a built table, lint, the public entry), then serving and the CLI. A test that reads the imports
// keeps it so: the folder graph has no cycle, and every import points down the pipeline.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const src = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "src");

/** Layers in pipeline order: a module may import from its own layer's node or from an earlier layer. */
const LAYERS: readonly (readonly string[])[] = [
  ["errors.ts", "support"],
  ["uri"],
  ["pattern"],
  ["table"],
  // The stages: each reads the table, none imports another.
  ["dsl", "recognize", "generate", "inspect"],
  ["lint", "route-set.ts", "draw.ts", "built.ts", "edge.ts", "polymorphic.ts", "index.ts"],
  ["http", "testing"],
  ["cli"],
];
const STAGES = new Set(LAYERS[4]);

/** A source file's node in the folder graph: its top-level folder, or the file itself at the top. */
function nodeOf(file: string): string {
  return path.relative(src, file).split(path.sep)[0]!;
}

function layerOf(node: string): number {
  const i = LAYERS.findIndex((layer) => layer.includes(node));
  assert.ok(
    i >= 0,
    `src/${node} is in no layer of test/structure/imports.test.ts: add it where it belongs in the pipeline`,
  );
  return i;
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : e.name.endsWith(".ts") ? [path.join(dir, e.name)] : [],
    );
}

/** Relative imports of a file (`import`/`export ... from`, bare `import "..."`, dynamic `import("...")`), as absolute paths. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const specs = [
    ...text.matchAll(
      /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"|(?:^|\n)\s*import\s+"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/g,
    ),
  ].map((m) => m[1] ?? m[2] ?? m[3]!);
  return specs.filter((s) => s.startsWith(".")).map((s) => path.resolve(path.dirname(file), s.replace(/\.js$/, ".ts")));
}

const edges = new Map<string, Map<string, string>>(); // node -> imported node -> an example "file -> file"
for (const file of sourceFiles(src)) {
  const from = nodeOf(file);
  for (const target of importsOf(file)) {
    const to = nodeOf(target);
    if (to === from || to.startsWith("..")) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    edges.get(from)!.set(to, `${path.relative(src, file)} -> ${path.relative(src, target)}`);
  }
}

test("the folder graph of src/ has no cycle", () => {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, "open");
    stack.push(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (state.get(next) === "open") {
        const cycle = [...stack.slice(stack.indexOf(next)), next];
        const via = cycle
          .slice(1)
          .map((n, i) => edges.get(cycle[i]!)!.get(n))
          .join(", ");
        assert.fail(`import cycle ${cycle.join(" -> ")} (${via})`);
      }
      if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of edges.keys()) if (!state.has(node)) visit(node);
});

test("every import points down the pipeline, and no stage imports another", () => {
  const wrong: string[] = [];
  for (const [from, targets] of edges) {
    for (const [to, example] of targets) {
      if (layerOf(to) > layerOf(from)) wrong.push(`${from} imports the later ${to}: ${example}`);
      else if (STAGES.has(from) && STAGES.has(to)) wrong.push(`the stage ${from} imports the stage ${to}: ${example}`);
    }
  }
  assert.deepEqual(wrong, []);
});

/**
 * The recognizer's strategies, one folder each behind one interface (recognize/match-strategy.ts): what
 * they share lives beside them in recognize/, so that each can be read, tested and replaced alone.
 */
const STRATEGY_FOLDERS = ["recognize/compiled", "recognize/reference"];

test("no recognition strategy's folder imports another's", () => {
  const folderOf = (file: string) =>
    STRATEGY_FOLDERS.find((f) => path.relative(path.join(src, f), file).split(path.sep)[0] !== "..");
  const wrong: string[] = [];
  let seen = 0;
  for (const file of sourceFiles(src)) {
    const from = folderOf(file);
    if (from === undefined) continue;
    for (const target of importsOf(file)) {
      const to = folderOf(target);
      if (to !== undefined) seen++;
      if (to !== undefined && to !== from) wrong.push(`${path.relative(src, file)} -> ${path.relative(src, target)}`);
    }
  }
  assert.deepEqual(wrong, []);
  assert.ok(seen > 0, "the strategies' own imports of their folders were read");
});

/**
 * Inside src/http, the same rule one level down: the transport kit (http/transport/) at the bottom,
 * importing nothing of the core above it; the core (the files at http/'s top: dispatcher,
 * controllers, request log...) over it; the adapters (http/adapters/) over the kit's entry alone,
 * so that an adapter needs nothing the kit does not give every adapter.
 */
const HTTP = path.join(src, "http");
function httpPart(file: string): "transport" | "adapters" | "core" | null {
  const rel = path.relative(HTTP, file).split(path.sep);
  if (rel[0] === "..") return null;
  return rel.length === 1 ? "core" : rel[0] === "transport" ? "transport" : rel[0] === "adapters" ? "adapters" : "core";
}

test("in src/http, the transport kit imports nothing of the core, and adapters import only the kit's entry", () => {
  const wrong: string[] = [];
  const seen = new Set<string>();
  for (const file of sourceFiles(HTTP)) {
    const from = httpPart(file)!;
    for (const target of importsOf(file)) {
      const to = httpPart(target);
      if (to === null) continue;
      seen.add(`${from} -> ${to}`);
      const edge = `${path.relative(src, file)} -> ${path.relative(src, target)}`;
      if (from === "transport" && to !== "transport") wrong.push(`the kit imports the ${to}: ${edge}`);
      if (from === "adapters" && path.relative(HTTP, target) !== path.join("transport", "index.ts"))
        wrong.push(`an adapter imports more than the kit's entry: ${edge}`);
    }
  }
  assert.deepEqual(wrong, []);
  // (The test reads real imports: the core builds on the kit, adapters on its entry.)
  assert.ok(seen.has("core -> transport") && seen.has("adapters -> transport"), [...seen].join(", "));
});

test("the test reads real imports: it sees the route set import each stage", () => {
  assert.deepEqual([...edges.get("route-set.ts")!.keys()].sort(), [
    "errors.ts",
    "generate",
    "inspect",
    "recognize",
    "table",
  ]);
});
