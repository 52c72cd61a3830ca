// The browser helpers' size: `switchyard js` on the 1,000-route synthetic table, then
// esbuild bundling an entry that imports one helper, minified (tree-shaking drops the other
// exports and the runtime they alone use), and the whole module minified. Sizes in bytes, raw
// and gzipped. Runs in about a second; no timing.
//
//   npm run build && node bench/browser-helpers.mjs [TABLE]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { drawTable } from "./routers.mjs";
import { loadTable } from "./tables.mjs";

const { draw, renderBrowserHelpers } = await import(process.env.SWITCHYARD_ENTRY ?? "../dist/index.js");

const table = process.argv[2] ?? "synth-1000";
const set = drawTable(draw, loadTable(table));
const { js, exports } = renderBrowserHelpers(set);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-browser-bench-"));
fs.writeFileSync(path.join(dir, "routes.js"), js);
// One helper with a segment (the common case: it takes the optimized template and the general path).
const one =
  exports.find((name) => set.namedRoutes.get(name.replace(/_path$/, ""))?.pattern.requiredNames.length === 1) ??
  exports[0];
fs.writeFileSync(path.join(dir, "one.js"), `import { ${one} } from "./routes.js";\nconsole.log(${one}(1));\n`);
fs.writeFileSync(path.join(dir, "all.js"), `export * from "./routes.js";\n`);

async function bundle(entry) {
  const result = await build({
    entryPoints: [path.join(dir, entry)],
    bundle: true,
    minify: true,
    format: "esm",
    write: false,
    logLevel: "silent",
  });
  const text = result.outputFiles[0].contents;
  return { bytes: text.length, gzip: gzipSync(text).length };
}

const oneHelper = await bundle("one.js");
const whole = await bundle("all.js");
const raw = Buffer.byteLength(js);
fs.rmSync(dir, { recursive: true, force: true });

console.log(`table ${table}: ${set.routes.length} routes, ${exports.length} helpers exported`);
console.log(`module as written:          ${raw} bytes (${gzipSync(js).length} gzipped)`);
console.log(`whole module, minified:     ${whole.bytes} bytes (${whole.gzip} gzipped)`);
console.log(`one helper (${one}), minified: ${oneHelper.bytes} bytes (${oneHelper.gzip} gzipped)`);
if (oneHelper.bytes >= 2048) {
  console.log("over the 2 KB budget");
  process.exitCode = 1;
}
