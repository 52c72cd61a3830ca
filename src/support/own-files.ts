/**
 * Which files are the application's: not switchyard's own (`src/` run from source, `dist/` built
 * — both, since a stack through `dist/` maps back to `src/` through the build's source maps —
 * and `bin/`, the CLI's entry), and not a package's (`node_modules`). Source locations, the
 * development backtraces, the module hooks and the reloader's watch list all ask it.
 */
import { builtin } from "./runtime.js";

const NODE_MODULES = /[\\/]node_modules[\\/]/;
let ownDirs: readonly string[] | undefined;

/**
 * switchyard's own directories, found on first use (not at import: a bundle for workerd has no
 * file paths, and there only `node_modules` is told apart).
 */
export function ownDirectories(): readonly string[] {
  if (ownDirs !== undefined) return ownDirs;
  const path = builtin("node:path");
  const url = builtin("node:url");
  ownDirs = [];
  if (path === undefined || url === undefined) return ownDirs;
  try {
    // This file is <package>/{src,dist}/support/own-files.*.
    const packageDir = path.dirname(path.dirname(path.dirname(url.fileURLToPath(import.meta.url))));
    ownDirs = ["src", "dist", "bin"].map((dir) => path.join(packageDir, dir) + path.sep);
  } catch {
    // bundled where `import.meta.url` is not a file (a browser, a worker)
  }
  return ownDirs;
}

/** Whether an absolute file path is switchyard's own or a package's, rather than the application's. */
export function isLibraryFile(file: string): boolean {
  return ownDirectories().some((dir) => file.startsWith(dir)) || NODE_MODULES.test(file);
}
