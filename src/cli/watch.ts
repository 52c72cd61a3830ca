/**
 * `switchyard types --watch` and `switchyard js --watch`: after the first write, the application's files loaded (the route
 * files and what they import) are checked for changes every `WATCH_INTERVAL_MS` — the same stamps
 * the development server compares on each request — and the declarations written again after each
 * change, from a new generation of the application's graph. A change that breaks the routes is
 * reported (`load` says why on stderr) and the watch goes on, the broken file watched too, so
 * fixing it writes again. Stops on SIGINT/SIGTERM or `io.signal`.
 */
import path from "node:path";
import type { RouteSet } from "../index.js";
import { applicationGraph, USER_FILE_EXTENSIONS } from "../support/user-files.js";
import type { ServeIO } from "./serve.js";

/** How often the files are checked: a stat per file, so a tenth of a millisecond for a few dozen files. */
const WATCH_INTERVAL_MS = 200;

/**
 * Watches the files `routes` was loaded from (`first`: null when the first load failed, then
 * `<root>/config` is watched until it loads), calling `write` after each change; resolves to 0 when stopped.
 */
export function watchRoutes(
  first: RouteSet | null,
  root: string,
  write: () => Promise<RouteSet | null>,
  io: ServeIO,
): Promise<number> {
  // (A routes file that is not there yet is watched for appearing.)
  if (first === null)
    applicationGraph.watch(USER_FILE_EXTENSIONS.map((ext) => path.join(root, "config", `routes${ext}`)));
  let seen = applicationGraph.generation;
  io.stderr.write(
    `switchyard types: watching ${path.relative(process.cwd(), root) || "."} for changes (Ctrl-C to stop)\n`,
  );
  return new Promise<number>((resolve) => {
    let busy = false;
    const timer = setInterval(() => {
      if (busy || applicationGraph.refresh() === seen) return;
      seen = applicationGraph.generation;
      busy = true;
      void write().finally(() => (busy = false));
    }, WATCH_INTERVAL_MS);
    const stop = () => {
      clearInterval(timer);
      process.off("SIGINT", stop).off("SIGTERM", stop);
      resolve(0);
    };
    process.on("SIGINT", stop).on("SIGTERM", stop);
    if (io.signal?.aborted) stop();
    io.signal?.addEventListener("abort", stop, { once: true });
  });
}
