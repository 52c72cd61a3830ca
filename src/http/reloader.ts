/**
 * Reloading in development, as Rails' reloader does it: before each request, a `stat` of every
 * application file the process has loaded (route files, controllers and everything they import,
 * models included), compared with the stamp taken as it was read; when one changed, the
 * application's graph moves to a new generation (see `support/user-files.ts`) and this handler
 * takes it up whole: the controllers are imported afresh on their next use and the routes, if
 * `loadRoutes` loaded them, are loaded again before the request is served — every file of the
 * application evaluated anew, so both controllers see an edited model. Packages and switchyard
 * stay loaded. Nothing restarts: open connections keep being served, by the same process.
 *
 * A route file that no longer loads does not take the server down: every request answers with its
 * error (500, the development exception page naming the file and line; the console gets it too,
 * through `onError`), as Rails raises it on each request, until a file changes again.
 *
 * Only route sets that `loadRoutes` loaded are reloaded (they know their files and options); a
 * table drawn in code keeps serving, its controllers still reloaded. Production never reloads.
 */
import { loadedRoutes } from "../draw.js";
import { loadRoutes, type RouteSet } from "../index.js";
import { applicationGraph } from "../support/user-files.js";
import type { ControllerRegistry } from "./controllers.js";

/** What the reloader swaps: the dispatcher's table and controllers. */
export interface Reloadable {
  readonly routes: RouteSet;
  readonly registry: ControllerRegistry;
  replaceRoutes(routes: RouteSet): void;
}

export class Reloader {
  readonly #target: Reloadable;
  /** The generation of the application's graph this handler serves (or, while broken, last tried). */
  #generation: number;
  #pending: Promise<void> | null = null;
  /** The error the last reload of the routes ended in, until a reload succeeds. */
  #broken: unknown = null;

  constructor(target: Reloadable) {
    this.#target = target;
    this.#generation = loadedRoutes(target.routes)?.generation ?? applicationGraph.generation;
  }

  /**
   * Called before each request: null when nothing changed (the request is served at once), else
   * a promise that settles when the reload is done — rejected with the routes' load error while
   * they do not load.
   */
  check(): Promise<void> | null {
    if (this.#pending !== null) return this.#pending;
    const generation = applicationGraph.refresh();
    if (generation === this.#generation) return this.#broken === null ? null : Promise.reject(this.#broken);
    this.#generation = generation;
    this.#target.registry.reload();
    if (loadedRoutes(this.#target.routes) === undefined) return null;
    return (this.#pending = this.#reloadRoutes().finally(() => (this.#pending = null)));
  }

  async #reloadRoutes(): Promise<void> {
    const loaded = loadedRoutes(this.#target.routes);
    if (loaded === undefined) return;
    try {
      const routes = await loadRoutes(loaded.options);
      this.#target.replaceRoutes(routes);
      this.#broken = null;
    } catch (error) {
      this.#broken = error;
      throw error;
    }
  }
}
