/**
 * What `switchyard/http` adds to the dispatcher on Node, Bun and Deno, and a Worker's or a
 * browser's bundle leaves out unless it imports it:
 *
 * - the development pages (the route table at /rails/info/routes, the routing error and exception
 *   pages: inspect/'s HTML table with them), the reloader, and importing controller files — never
 *   in such a bundle, which answers as in production (`Not Found`, `Internal Server Error`);
 * - the request log (request-log.ts), which a Worker's platform keeps itself (each request's
 *   method, URL, status and time): `import "switchyard/http/log"` (http/log.ts) adds Rails' lines;
 * - host authorization's allowed hosts (host-permissions.ts, with ipaddr.js for IP ranges), which
 *   Rails checks only in development and a Worker's platform does by routing only its own hosts to
 *   it: `import "switchyard/http/hosts"` (http/host-authorization.ts) adds it.
 *
 * The full entry (http/index.ts) and the CLI install all of them (development.ts); the edge entry
 * (http/edge.ts, what package.json's `workerd`, `worker` and `browser` conditions resolve
 * `switchyard/http` to) none (what each leaves out of a Worker's bundle: bench/RESULTS.md, "A
 * Worker's bundle under 40 KB").
 */
import type { HostPattern } from "./hosts.js";
import type { HostPermissions } from "./host-permissions.js";
import type * as Pages from "./pages.js";
import type { Reloadable, Reloader } from "./reloader.js";
import type { requestLog } from "./request-log.js";

export interface DispatcherExtensions {
  readonly pages: Pick<typeof Pages, "routesPage" | "routingErrorPage" | "exceptionPage" | "blockedHostPage">;
  /** The development reloader of `target`, when there is something to reload (routes from `loadRoutes`, or a `root`). */
  readonly reloader: (target: Reloadable, root: string | undefined) => Reloader | undefined;
  /** Imports an application file (a controller) into the application's graph; an error names its file and line. */
  readonly importFile: (file: string, root: string) => Promise<unknown>;
  /** The request log of a handler's options (null: off). */
  readonly requestLog: typeof requestLog;
  /** The allowed hosts of `createHandler`'s `hosts`. */
  readonly hostPermissions: (hosts: readonly HostPattern[]) => HostPermissions;
}

const installed: { -readonly [K in keyof DispatcherExtensions]?: DispatcherExtensions[K] } = {};

/** Installs extensions into every dispatcher made from now on (the full entry's module scope, the CLI's, an opt-in module's). */
export function installExtensions(extensions: Partial<DispatcherExtensions>): void {
  Object.assign(installed, extensions);
}

/** The installed extensions: in an edge bundle, only those it imported. */
export function extensions(): Partial<DispatcherExtensions> {
  return installed;
}

/**
 * The error for an option a Worker's bundle asked for without importing what serves it:
 * `feature` named as the docs name it, `module` the import that adds it.
 */
export function notInstalled(option: string, feature: string, module: string): TypeError {
  return new TypeError(
    `createHandler's ${option} needs ${feature}, which switchyard/http's edge entry (a Worker's or a browser's bundle) leaves out: add \`import "${module}";\` once, before createHandler is called`,
  );
}
