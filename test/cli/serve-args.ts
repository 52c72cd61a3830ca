// How the serve tests start `switchyard serve`: on 127.0.0.1 and a free port, in an environment.
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The CLI's script, to spawn it. */
export const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../bin/switchyard.js");

/** `switchyard serve` for the app at `root` in `env`, on 127.0.0.1 and a port the system picks, then `extra`. */
export function serveArgs(root: string, env: string, ...extra: string[]): string[] {
  return ["serve", "--root", root, "--port", "0", "--host", "127.0.0.1", "--env", env, ...extra];
}
