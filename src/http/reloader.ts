/**
 * Reloading in development, as Rails' reloader does it: before each request, a `stat` of every
 * application file the server has read (route files and what they import, controllers and what
 * they import), compared with the stamp taken as it was read; when one changed, the controllers
 * are loaded afresh on their next use and, if a route file changed, the routes are loaded again
 * before the request is served. Nothing restarts: open connections keep being served, by the
 * same process.
 *
 * A route file that no longer loads does not take the server down: every request answers with its
 * error (500, the development exception page naming the file and line; the console gets it too,
 * through `onError`), as Rails raises it on each request, until a file changes again.
 *
 * Only route sets that `loadRoutes` loaded are reloaded (they know their files and options); a
 * table drawn in code keeps serving, its controllers still reloaded. Production never reloads.
 */
import path from "node:path";
import { loadedRoutes } from "../draw.js";
import { routeErrorSource } from "../dsl/route-files.js";
import { loadRoutes, type RouteSet } from "../index.js";
import { FileStamps } from "../support/file-stamps.js";
import type { ControllerRegistry } from "./controllers.js";

/** What the reloader swaps: the dispatcher's table and controllers. */
export interface Reloadable {
  readonly routes: RouteSet;
  readonly registry: ControllerRegistry;
  replaceRoutes(routes: RouteSet): void;
}

export class Reloader {
  readonly #target: Reloadable;
  readonly #root: string;
  /** The files read for the table served (or, while broken, for the last one tried). */
  #routeStamps: FileStamps;
  /** While broken: the file the error names, if it is not among them (a file drawn for the first time). */
  #errorStamps: FileStamps | null = null;
  #pending: Promise<void> | null = null;
  /** The error the last reload of the routes ended in, until a reload succeeds. */
  #broken: unknown = null;

  constructor(target: Reloadable, root: string) {
    this.#target = target;
    const loaded = loadedRoutes(target.routes);
    this.#root = path.resolve(loaded?.options.root ?? root);
    this.#routeStamps = loaded?.stamps ?? new FileStamps();
  }

  /**
   * Called before each request: null when nothing changed (the request is served at once), else
   * a promise that settles when the reload is done — rejected with the routes' load error while
   * they do not load.
   */
  check(): Promise<void> | null {
    if (this.#pending !== null) return this.#pending;
    const controllers = this.#target.registry.stamps.changed().length > 0;
    const routes =
      this.#routeStamps.changed().length > 0 || (this.#errorStamps !== null && this.#errorStamps.changed().length > 0);
    if (controllers || routes) this.#target.registry.reload();
    if (!routes) return this.#broken === null ? null : Promise.reject(this.#broken);
    return (this.#pending = this.#reloadRoutes().finally(() => (this.#pending = null)));
  }

  async #reloadRoutes(): Promise<void> {
    const loaded = loadedRoutes(this.#target.routes);
    if (loaded === undefined) return;
    try {
      const routes = await loadRoutes(loaded.options);
      this.#target.replaceRoutes(routes);
      this.#routeStamps = loadedRoutes(routes)!.stamps;
      this.#errorStamps = null;
      this.#broken = null;
    } catch (error) {
      const source = routeErrorSource(error);
      this.#errorStamps = source === undefined ? null : new FileStamps([path.resolve(this.#root, source.file)]);
      this.#broken = error;
      throw error;
    }
  }
}
