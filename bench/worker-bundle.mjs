// An application's code bundled as wrangler bundles a Worker: esbuild, the neutral platform,
// wrangler's conditions (`workerd`, `worker`, `browser`: switchyard resolves to its per-file build
// and switchyard/http to its edge entry), ESM, minified. bench/bundle-size.mjs and
// bench/workerd-start.mjs bundle through it.
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The esbuild result of bundling `contents` (resolved from the repository's root); `options` adds to the build's. */
export function bundleAsWrangler(contents, options = {}) {
  return esbuild.build({
    stdin: { contents, resolveDir: root, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    write: false,
    logLevel: "error",
    ...options,
  });
}
