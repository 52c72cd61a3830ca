/**
 * `switchyard types --watch` and `switchyard js --watch`: after the first write, the route files read (and what they import)
 * are checked for changes every `WATCH_INTERVAL_MS` — the same stamps the development server
 * compares on each request — and the declarations written again after each change. A change that
 * breaks the routes is reported (`load` says why on stderr) and the watch goes on, the files of the
 * last good load still watched, so fixing them writes again. Stops on SIGINT/SIGTERM or `io.signal`.
 */
import path from "node:path";
import { loadedRoutes } from "../draw.js";
import type { RouteSet } from "../index.js";
import { FileStamps } from "../support/file-stamps.js";
import { USER_FILE_EXTENSIONS } from "../support/user-files.js";
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
  const stampsOf = (routes: RouteSet | null): FileStamps =>
    (routes === null ? undefined : loadedRoutes(routes)?.stamps) ??
    new FileStamps(USER_FILE_EXTENSIONS.map((ext) => path.join(root, "config", `routes${ext}`)));
  let stamps = stampsOf(first);
  let last = first;
  io.stderr.write(
    `switchyard types: watching ${path.relative(process.cwd(), root) || "."} for changes (Ctrl-C to stop)\n`,
  );
  return new Promise<number>((resolve) => {
    let busy = false;
    const timer = setInterval(() => {
      if (busy || stamps.changed().length === 0) return;
      busy = true;
      void write()
        .then((routes) => {
          // A failed load keeps the last good files watched (and config/routes.ts), so fixing any of them writes again.
          if (routes !== null) stamps = stampsOf((last = routes));
          else if (last === null) stamps = stampsOf(null);
        })
        .finally(() => (busy = false));
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
