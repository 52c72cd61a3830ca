/**
 * Which files are the application's: not switchyard's own (`src/` run from source, `dist/` built
 * — both, since a stack through `dist/` maps back to `src/` through the build's source maps —
 * and `bin/`, the CLI's entry), and not a package's (`node_modules`). Source locations, the
 * development backtraces, the module hooks and the reloader's watch list all ask it.
 */
import { builtin } from "./runtime.js";

const NODE_MODULES = /[\\/]node_modules[\\/]/;
let ownDirs: readonly string[] | undefined;
let packageDir: string | null | undefined;

/**
 * switchyard's package directory (the one holding its package.json), found on first use by walking
 * up from this module: a source file (src/support/), or a chunk of the bundled build at any depth
 * of dist/ (script/build.mjs). Undefined where `import.meta.url` is not a file (a bundle for
 * workerd or a browser).
 */
export function packageDirectory(): string | undefined {
  if (packageDir !== undefined) return packageDir ?? undefined;
  packageDir = null;
  const path = builtin("node:path");
  const url = builtin("node:url");
  const fs = builtin("node:fs");
  if (path === undefined || url === undefined || fs === undefined) return undefined;
  try {
    for (let dir = path.dirname(url.fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
      const manifest = path.join(dir, "package.json");
      if (
        fs.existsSync(manifest) &&
        (JSON.parse(fs.readFileSync(manifest, "utf8")) as { name?: unknown }).name === "switchyard"
      )
        return (packageDir = dir);
      if (path.dirname(dir) === dir) return undefined;
    }
  } catch {
    // bundled where `import.meta.url` is not a file (a browser, a worker)
    return undefined;
  }
}

/** A file of switchyard's package (`bin/switchyard.js`, `templates/`), for the CLI: an error where there is no package directory. */
export function packageFile(relative: string): string {
  const dir = packageDirectory();
  if (dir === undefined)
    throw new Error(
      `switchyard's package directory (holding its package.json) was not found above ${import.meta.url}, so ${relative} cannot be read; run the CLI from an installed switchyard package`,
    );
  return builtin("node:path")!.join(dir, relative);
}

/**
 * switchyard's own directories, found on first use (not at import: a bundle for workerd has no
 * file paths, and there only `node_modules` is told apart).
 */
export function ownDirectories(): readonly string[] {
  if (ownDirs !== undefined) return ownDirs;
  const path = builtin("node:path");
  const root = packageDirectory();
  ownDirs =
    path === undefined || root === undefined
      ? []
      : ["src", "dist", "bin"].map((dir) => path.join(root, dir) + path.sep);
  return ownDirs;
}

/** Whether an absolute file path is switchyard's own or a package's, rather than the application's. */
export function isLibraryFile(file: string): boolean {
  return ownDirectories().some((dir) => file.startsWith(dir)) || NODE_MODULES.test(file);
}
