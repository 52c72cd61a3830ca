// The build's JavaScript: one ES module per entry point of package.json's `exports` (and
// src/support/app-hooks.ts, which Node loads by URL on its loader thread), bundled by esbuild with
// the modules they share split into chunks (dist/chunks/), so that `switchyard` and
// `switchyard/http` share one copy of every module. tsc writes the declarations beside them
// (tsconfig.build.json: `emitDeclarationOnly`); source maps map stacks back to src/.
//
// Why bundle: importing `switchyard` + `/http` + `/node` loaded 146 files of tsc's output, and
// Node's module loading (resolve, stat, open, compile per file) was most of its cost. Bundled, the
// same import loads 14 files: 166 ms of CPU against 269 ms for tsc's files (Hono and
// @hono/node-server: 160 ms; node alone: 85 ms), medians of 21 interleaved rounds at load 7;
// bench/RESULTS.md has the run of bench/startup.mjs.
//
//   node script/bundle.mjs        (after tsc; `npm run build` runs both)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { parseSync } from "oxc-parser";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));

/**
 * `dist/X.js` → `src/X.ts`, by output name (`X`): every JavaScript file package.json exports,
 * under any condition (`import`, `default`, a runtime's own).
 */
const entryPoints = { "support/app-hooks": "src/support/app-hooks.ts" };
const collect = (target) => {
  if (typeof target === "string") {
    const name = /^\.\/dist\/(?!files\/)(.+)\.js$/.exec(target)?.[1];
    if (name !== undefined) entryPoints[name] = `src/${name}.ts`;
  } else if (target !== null && typeof target === "object") Object.values(target).forEach(collect);
};
collect(pkg.exports);

// A chunk (or a file) left by an earlier build would linger beside the new ones.
fs.rmSync(path.join(root, "dist", "chunks"), { recursive: true, force: true });
fs.rmSync(path.join(root, "dist", "files"), { recursive: true, force: true });

// What a bundler for a Worker or a browser reads (package.json's `workerd`, `worker` and
// `browser` conditions): a module per source file, as tsc would write them, not the chunks. An
// application's bundler drops a file nothing uses (`sideEffects`) but cannot prove a chunk's
// parts unused: from the chunks, a one-resource Worker with a built table bundled to 69.7 KB
// gzipped, from these files to 50.8 KB (bench/bundle-size.mjs; bench/RESULTS.md, "Edge").
// Every export has the same conditions, so one application never mixes the two builds.
await build({
  absWorkingDir: root,
  entryPoints: fs
    .readdirSync(path.join(root, "src"), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
    .map((f) => path.join("src", f)),
  outdir: "dist/files",
  outbase: "src",
  bundle: false,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  sourcemap: true,
  sourcesContent: false,
  logLevel: "warning",
});

await build({
  absWorkingDir: root,
  entryPoints,
  outdir: "dist",
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  // The core is runtime-neutral (Node, Bun, Deno, workerd); every package and `node:` module
  // stays an import, resolved where the application runs.
  platform: "neutral",
  packages: "external",
  target: "es2022",
  sourcemap: true,
  sourcesContent: false,
  logLevel: "warning",
  // An import for its effects alone (a module that registers itself) of a file package.json's
  // `sideEffects` says has none would be dropped from the bundle: an error, not a warning.
  logOverride: { "ignored-bare-import": "error" },
});

// Two things of esbuild's output are given back as the source wrote them, one pass a file:
//
// - A module's top-level `const` is a `var` in a bundle. V8 folds a module's constants into
//   optimized code and reads a `var` from its context at every use: compiled/walk.ts binds the trie
//   layout's offsets to constants for that (see its header), and with `var` recognition took 2,063
//   instructions a request on rails-app, against 1,848 from tsc's files (bench/instructions.mjs).
//   Every top-level `var` that is initialized and never assigned again is made `const` (the
//   keyword's two extra characters shift that line's later columns in the source map).
// - A class that refers to itself is written `var PathPattern = class _PathPattern`, so that
//   `PathPattern.name` is "_PathPattern" (and `console.log` shows it). esbuild's `keepNames` would
//   restore it by a `__name` call on every function made, closures in the request path included;
//   the inner name is given back instead, padded to keep the columns. (The inner binding shadows
//   the outer one inside the class body only, and both are the class.) A function renamed for a
//   collision (`walk2`) keeps its new name: only a stack trace shows it.
for (const file of fs.readdirSync(path.join(root, "dist"), { recursive: true, encoding: "utf8" })) {
  if (!file.endsWith(".js") || file.startsWith(`files${path.sep}`)) continue;
  const out = path.join(root, "dist", file);
  let text = fs.readFileSync(out, "utf8");
  text = classNamesBack(constantsBack(text, file), file);
  fs.writeFileSync(out, text);
}

/**
 * `text` with each top-level `var X = class _X { ... }` given its name back: the class's own name
 * and every reference to it inside the class body (read from the syntax tree, so that a property
 * or a string spelled `_X` is left alone) written ` X`, the space keeping the columns.
 */
function classNamesBack(text, file) {
  const { program } = parseSync(file, text, { sourceType: "module" });
  const starts = [];
  const references = (node, name) => {
    if (Array.isArray(node)) return node.forEach((n) => references(n, name));
    if (node === null || typeof node !== "object") return;
    if (node.type === "Identifier" && node.name === name) starts.push(node.start);
    for (const [key, value] of Object.entries(node)) {
      // a property's name, not a reference: `a._X`, `{ _X: 1 }`, a method or field `_X`
      const isName =
        key === "property" && node.type === "MemberExpression" && !node.computed
          ? true
          : key === "key" && !node.computed && !node.shorthand;
      if (!isName && value !== null && typeof value === "object") references(value, name);
    }
  };
  for (const statement of program.body) {
    const declaration = statement.type === "ExportNamedDeclaration" ? statement.declaration : statement;
    if (declaration?.type !== "VariableDeclaration") continue;
    for (const d of declaration.declarations) {
      const inner = d.init?.type === "ClassExpression" ? d.init.id?.name : undefined;
      if (d.id.type === "Identifier" && inner === `_${d.id.name}`) references(d.init, inner);
    }
  }
  for (const start of starts.sort((a, b) => b - a)) {
    const name = /^_([\w$]+)/.exec(text.slice(start))[1];
    text = `${text.slice(0, start)} ${name}${text.slice(start + name.length + 1)}`;
  }
  return text;
}

/** `text` with each top-level `var` that is initialized and never assigned again declared `const`. */
function constantsBack(text, file) {
  const { program, errors } = parseSync(file, text, { sourceType: "module" });
  if (errors.length > 0) throw new Error(`${file}: esbuild's output does not parse: ${errors[0].message}`);
  const assigned = new Set();
  const targets = (node) => {
    if (node === null || typeof node !== "object") return;
    if (node.type === "Identifier") assigned.add(node.name);
    else if (node.type === "MemberExpression") return;
    else for (const value of Object.values(node)) targets(value);
  };
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== "object") return;
    if (node.type === "AssignmentExpression") targets(node.left);
    else if (node.type === "UpdateExpression") targets(node.argument);
    else if (
      (node.type === "ForInStatement" || node.type === "ForOfStatement") &&
      node.left.type !== "VariableDeclaration"
    )
      targets(node.left);
    for (const value of Object.values(node)) if (value !== null && typeof value === "object") visit(value);
  };
  visit(program);
  const declared = (pattern, names) => {
    if (pattern.type === "Identifier") names.push(pattern.name);
    else if (pattern.type === "ObjectPattern")
      for (const p of pattern.properties) declared(p.type === "RestElement" ? p.argument : p.value, names);
    else if (pattern.type === "ArrayPattern") for (const e of pattern.elements) e && declared(e, names);
    else if (pattern.type === "AssignmentPattern") declared(pattern.left, names);
    else if (pattern.type === "RestElement") declared(pattern.argument, names);
    return names;
  };
  const starts = [];
  for (const statement of program.body) {
    const declaration = statement.type === "ExportNamedDeclaration" ? statement.declaration : statement;
    if (declaration?.type !== "VariableDeclaration" || declaration.kind !== "var") continue;
    if (declaration.declarations.every((d) => d.init !== null && declared(d.id, []).every((n) => !assigned.has(n))))
      starts.push(declaration.start);
  }
  for (const start of starts.reverse()) text = `${text.slice(0, start)}const${text.slice(start + 3)}`;
  return text;
}
