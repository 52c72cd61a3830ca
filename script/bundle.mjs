// The build's JavaScript: one ES module per entry point of package.json's `exports` (and
// src/support/app-hooks.ts, which Node loads by URL on its loader thread), bundled by esbuild with
// the modules they share split into chunks (dist/chunks/), so that `switchyard` and
// `switchyard/http` share one copy of every module. tsc writes the declarations beside them
// (tsconfig.build.json: `emitDeclarationOnly`); source maps map stacks back to src/.
//
// Why bundle: importing `switchyard` + `/http` + `/node` loaded 146 files of tsc's output, and
// Node's module loading (resolve, stat, open, compile per file) was most of its cost. Bundled, the
// same import loads 14 files: 158 ms of CPU against 233 ms for tsc's files (Hono and
// @hono/node-server: 150 ms; node alone: 78 ms), medians of 11 interleaved processes at load 11;
// bench/RESULTS.md has the run of bench/startup.mjs.
//
//   node script/bundle.mjs        (after tsc; `npm run build` runs both)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));

/** `dist/X.js` → `src/X.ts`, by output name (`X`): every JavaScript file package.json exports. */
const entryPoints = { "support/app-hooks": "src/support/app-hooks.ts" };
for (const target of Object.values(pkg.exports)) {
  const file = typeof target === "string" ? target : target.import;
  const name = /^\.\/dist\/(.+)\.js$/.exec(file ?? "")?.[1];
  if (name !== undefined) entryPoints[name] = `src/${name}.ts`;
}

// A chunk left by an earlier build would linger beside the new ones.
fs.rmSync(path.join(root, "dist", "chunks"), { recursive: true, force: true });

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
});

// esbuild writes a top-level class that refers to itself as `var PathPattern = class _PathPattern`,
// so that `PathPattern.name` is "_PathPattern" (and `console.log` shows it). Its `keepNames` would
// restore the names by a `__name` call on every function made, closures in the request path
// included; instead the inner name is given back here, padded to keep the source maps' columns.
// (The inner binding shadows the outer one inside the class body only, and both are the class.)
// A function renamed for a collision (`walk2`) keeps its new name: only a stack trace shows it.
for (const file of fs.readdirSync(path.join(root, "dist"), { recursive: true, encoding: "utf8" })) {
  if (!file.endsWith(".js")) continue;
  const out = path.join(root, "dist", file);
  let text = fs.readFileSync(out, "utf8");
  for (const [, name] of text.matchAll(/^var ([\w$]+) = class _\1\b/gm))
    text = text.replace(new RegExp(`(?<![\\w$.])_${name.replaceAll("$", "\\$")}(?![\\w$])`, "g"), ` ${name}`);
  fs.writeFileSync(out, text);
}
