/**
 * Which files are the application's: not switchyard's own (`src/` run from source, `dist/` built
 * — both, since a stack through `dist/` maps back to `src/` through the build's source maps —
 * and `bin/`, the CLI's entry), and not a package's (`node_modules`). Source locations, the
 * development backtraces and the reloader's watch list all ask it.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

// This file is <package>/{src,dist}/support/own-files.*.
const PACKAGE_DIR = path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))));
const OWN_DIRS = ["src", "dist", "bin"].map((dir) => path.join(PACKAGE_DIR, dir) + path.sep);
const NODE_MODULES = /[\\/]node_modules[\\/]/;

/** Whether an absolute file path is switchyard's own or a package's, rather than the application's. */
export function isLibraryFile(file: string): boolean {
  return OWN_DIRS.some((dir) => file.startsWith(dir)) || NODE_MODULES.test(file);
}
