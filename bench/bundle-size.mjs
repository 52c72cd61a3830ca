// The size of a one-resource app bundled for the browser/edge platform (esbuild, neutral platform,
// ESM, minified, as wrangler bundles a Worker), and what each of switchyard's folders adds to it.
// Run after `npm run build`: node bench/bundle-size.mjs [--files]
//
// Until the user-file loader leaves the core's import graph, its modules (the route files,
// user-files with jiti, file stamps, the reloader, and the node:path that draw.ts and
// controllers.ts import for it) are replaced by empty modules here, and the bundle says so.
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import * as esbuild from "esbuild";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const APP = `
import { draw } from "switchyard";
import { createHandler } from "switchyard/http";
const routes = draw((r) => { r.resources("photos"); });
const photos = {
  index: () => "photos",
  show: (ctx) => ({ id: ctx.params.id }),
  create: (ctx) => ctx.params,
  update: (ctx) => ctx.params,
  destroy: () => undefined,
};
const handler = createHandler(routes, { env: "production", controllers: { photos } });
export default { fetch: (request) => handler(request) };
`;

const result = await esbuild.build({
  stdin: { contents: APP, resolveDir: root, loader: "js" },
  bundle: true,
  minify: true,
  format: "esm",
  platform: "neutral",
  mainFields: ["module", "main"],
  write: false,
  metafile: true,
  logLevel: "error",
});
const code = result.outputFiles[0].contents;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `one-resource app, neutral bundle: ${kb(code.length)} minified, ${kb(zlib.gzipSync(code, { level: 9 }).length)} gzipped`,
);

const inputs = Object.entries(Object.values(result.metafile.outputs)[0].inputs);
const group = (file) => {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (pkg) return pkg[1];
  const own = /dist\/(.+)$/.exec(file);
  return own ? own[1].split("/").slice(0, -1).join("/") || own[1] : file;
};
const folders = new Map();
for (const [file, { bytesInOutput }] of inputs)
  folders.set(group(file), (folders.get(group(file)) ?? 0) + bytesInOutput);
console.log("\nminified bytes by folder:");
for (const [folder, bytes] of [...folders].sort((a, b) => b[1] - a[1]))
  if (bytes > 0) console.log(`  ${folder.padEnd(28)} ${bytes}`);
if (process.argv.includes("--files")) {
  console.log("\nminified bytes by file:");
  for (const [file, { bytesInOutput }] of inputs.sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput))
    if (bytesInOutput > 0) console.log(`  ${file.replace(/^.*dist\//, "").padEnd(40)} ${bytesInOutput}`);
}
