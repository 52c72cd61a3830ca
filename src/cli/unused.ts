/**
 * `switchyard routes --unused` (Rails 7.1's `routes --unused`): the routes to a controller or an
 * action that does not exist, by the serving layer's convention — the controller default-exported
 * by `app/controllers/<path>_controller.ts` (`.js`, `.mjs`), its action a method of it — looked up
 * through the same `ControllerRegistry` that `switchyard serve` dispatches with.
 *
 * Only routes that name both a controller and an action are checked: mounts, redirects and other
 * handlers, and routes whose controller or action is a path segment (`:controller`, `:action`),
 * have nothing to look up.
 */
import { ActionNotFound, ControllerRegistry, MissingController } from "../http/controllers.js";
import type { Route } from "../table/route.js";

/** Whether a route names a controller and an action to look for. */
function checkable(route: Route): route is Route & { readonly controller: string; readonly action: string } {
  return (
    route.endpoint.kind === "dispatch" &&
    typeof route.controller === "string" &&
    typeof route.action === "string" &&
    !route.controller.startsWith(":") &&
    !route.action.startsWith(":")
  );
}

/**
 * The routes of `routes` whose controller file or action is missing under `root`, in table order.
 * A controller file that exists but fails to load rejects (it cannot be told used or unused).
 */
export async function findUnusedRoutes(routes: readonly Route[], root: string): Promise<Route[]> {
  const registry = new ControllerRegistry(undefined, root);
  const unused: Route[] = [];
  for (const route of routes) {
    if (!checkable(route)) continue;
    try {
      registry.action(await registry.controller(route.controller), route.action, route.controller);
    } catch (error) {
      if (error instanceof MissingController || error instanceof ActionNotFound) unused.push(route);
      else throw error;
    }
  }
  return unused;
}
