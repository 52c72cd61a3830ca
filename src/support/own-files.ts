/**
 * Which files are the application's: not switchyard's own (`src/` run from source, `dist/` built
 * — both, since a stack through `dist/` maps back to `src/` through the build's source maps —
 * and `bin/`, the CLI's entry), and not a package's (`node_modules`). Source locations, the
 * development backtraces, the module hooks and the reloader's watch list all ask it.
 */
import { hostModule } from "./host.js";

const NODE_MODULES = /[\\/]node_modules[\\/]/;

let ownDirs: readonly string[] | undefined;

/** switchyard's own directories (`src/`, `dist/`, `bin/` of this package), each with a trailing separator. */
export function ownDirectories(): readonly string[] {
  if (ownDirs === undefined) {
    const path = hostModule("node:path", "Telling the application's files from switchyard's");
    const { fileURLToPath } = hostModule("node:url", "Telling the application's files from switchyard's");
    // This file is <package>/{src,dist}/support/own-files.*.
    const packageDir = path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))));
    ownDirs = ["src", "dist", "bin"].map((dir) => path.join(packageDir, dir) + path.sep);
  }
  return ownDirs;
}

/** Whether an absolute file path is switchyard's own or a package's, rather than the application's. */
export function isLibraryFile(file: string): boolean {
  return NODE_MODULES.test(file) || ownDirectories().some((dir) => file.startsWith(dir));
}
