// The size of a one-resource app bundled for the browser/edge platform (esbuild, neutral platform,
// ESM, minified, with wrangler's conditions, as wrangler bundles a Worker), and what each of switchyard's folders adds to it:
// the app drawing its routes at start, and the app loading the table `switchyard build` wrote; and,
// for scale, a Worker that only names a controller (`controllerClassName`: camelize and the acronyms).
// Run after `npm run build`: node bench/bundle-size.mjs [--files] [--without a,b,...]
// --without: each module whose path holds one of the names (`ipaddr`, `support/inflector`) bundled
// as a stub of its exports, to weigh what leaving it out would save (the bundle is not run).
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { bundleAsWrangler } from "./worker-bundle.mjs";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const { draw } = await import(path.join(root, "dist", "files", "index.js"));
const { builtTableData } = await import(path.join(root, "dist", "files", "built.js"));

const SERVE = `
import { createHandler } from "switchyard/http";
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
const APPS = {
  "one-resource app, drawn at start": `import { draw } from "switchyard";\nconst routes = draw((r) => { r.resources("photos"); });\n${SERVE}`,
  // (What config/routes.built.js holds, inlined: the module `switchyard build` writes.)
  "one-resource app, a built table": `import { builtRoutes } from "switchyard";\nconst routes = builtRoutes(JSON.parse(${JSON.stringify(
    JSON.stringify(builtTableData(draw((r) => r.resources("photos")))),
  )}));\n${SERVE}`,
  // (What the three opt-in imports add: the request log, host authorization and polymorphic routes.)
  "one-resource app, a built table, with switchyard/http/log, /hosts and switchyard/polymorphic": `import "switchyard/http/log";
import "switchyard/http/hosts";
import "switchyard/polymorphic";
import { builtRoutes } from "switchyard";\nconst routes = builtRoutes(JSON.parse(${JSON.stringify(
    JSON.stringify(builtTableData(draw((r) => r.resources("photos")))),
  )}));\n${SERVE.replace('env: "production",', 'env: "production", logger: console, hosts: [".example.com"],')}`,
  "a Worker that only names a controller": `import { controllerClassName } from "switchyard/http";
export default { fetch: (request) => new Response(controllerClassName(new URL(request.url).pathname.slice(1))) };`,
};

const without = process.argv.includes("--without")
  ? process.argv[process.argv.indexOf("--without") + 1].split(",")
  : [];
const stubs = {
  name: "stubs",
  setup(build) {
    build.onLoad({ filter: /.*/ }, async ({ path: file }) => {
      if (!without.some((name) => file.includes(name))) return undefined;
      if (file.includes("node_modules")) return { contents: "module.exports = {};", loader: "js" };
      const names = Object.keys(await import(file));
      return { contents: names.map((n) => `export const ${n} = globalThis.${n};`).join("\n"), loader: "js" };
    });
  },
};
if (without.length > 0) console.log(`(stubbed: ${without.join(", ")})\n`);

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const group = (file) => {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (pkg) return pkg[1];
  const own = /dist\/(?:files\/)?(.+)$/.exec(file);
  return own ? own[1].split("/").slice(0, -1).join("/") || own[1] : file;
};

for (const [name, app] of Object.entries(APPS)) {
  const result = await bundleAsWrangler(app, { metafile: true, plugins: [stubs] });
  const code = result.outputFiles[0].contents;
  console.log(
    `${name}, neutral bundle: ${kb(code.length)} minified, ${kb(zlib.gzipSync(code, { level: 9 }).length)} gzipped`,
  );
  const inputs = Object.entries(Object.values(result.metafile.outputs)[0].inputs);
  const folders = new Map();
  for (const [file, { bytesInOutput }] of inputs)
    folders.set(group(file), (folders.get(group(file)) ?? 0) + bytesInOutput);
  console.log("  minified bytes by folder:");
  for (const [folder, bytes] of [...folders].sort((a, b) => b[1] - a[1]))
    if (bytes > 0) console.log(`    ${folder.padEnd(28)} ${bytes}`);
  if (process.argv.includes("--files")) {
    console.log("  minified bytes by file:");
    for (const [file, { bytesInOutput }] of inputs.sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput))
      if (bytesInOutput > 0)
        console.log(`    ${file.replace(/^.*dist\/(?:files\/)?/, "").padEnd(40)} ${bytesInOutput}`);
  }
  console.log();
}
