/**
 * What `switchyard/http` adds to the dispatcher on Node, Bun and Deno, and a Worker's or a
 * browser's bundle leaves out: the development pages (the route table at /rails/info/routes, the
 * routing error and exception pages: inspect/'s HTML table with them), the reloader, and importing
 * controller files. The full entry (http/index.ts) installs them (development.ts); the edge entry
 * (http/edge.ts, what package.json's `workerd`, `worker` and `browser` conditions resolve
 * `switchyard/http` to) does not, so none of them is in such a bundle. Without them a dispatcher
 * answers as in production: `Not Found`, `Internal Server Error`, no reloading.
 */
import type * as Pages from "./pages.js";
import type { Reloadable, Reloader } from "./reloader.js";

export interface DispatcherExtensions {
  readonly pages: Pick<typeof Pages, "routesPage" | "routingErrorPage" | "exceptionPage" | "blockedHostPage">;
  /** The development reloader of `target`, when there is something to reload (routes from `loadRoutes`, or a `root`). */
  readonly reloader: (target: Reloadable, root: string | undefined) => Reloader | undefined;
  /** Imports an application file (a controller) into the application's graph; an error names its file and line. */
  readonly importFile: (file: string, root: string) => Promise<unknown>;
}

let installed: DispatcherExtensions | undefined;

/** Installs the extensions (once: the full entry's module scope, and the CLI's). */
export function installExtensions(extensions: DispatcherExtensions): void {
  installed = extensions;
}

/** The installed extensions, or undefined in an edge bundle. */
export function extensions(): DispatcherExtensions | undefined {
  return installed;
}
