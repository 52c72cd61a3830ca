/**
 * `createHandler(routes, options)`: the fetch-style core (docs/contract.md §6), `(Request) => Promise<Response>`.
 * A WHATWG request is read through `FetchExchange`; the dispatcher's outcome becomes a `Response`.
 */
import type { RouteSet } from "../index.js";
import { Dispatcher, type HandlerOptions } from "./dispatcher.js";
import { DISPATCHER } from "./transport/serve.js";
import type { Outcome } from "./transport/outcome.js";
import { FetchExchange, toResponse } from "./transport/fetch-exchange.js";

/** A fetch-style handler made by `createHandler`: also mountable in another route set, and what the adapters serve. */
export interface SwitchyardHandler {
  (request: Request): Promise<Response>;
  /** The route set it serves (in development, the one last reloaded). */
  readonly routes: RouteSet;
  /**
   * Settles when the application is loaded: with `eagerLoad` (on by default in production), once
   * every controller under `<root>/app/controllers` and what it imports has loaded, rejecting with
   * the first file that does not (its error names the file and line); at once otherwise. A server
   * awaits it before it listens, as `switchyard serve` does.
   */
  readonly ready: Promise<void>;
}

/**
 * `createHandler(routes, options)`: the fetch-style handler serving a route set (docs/contract.md §6). It never
 * rejects: every failure is a status (400, 404, 405, 500).
 */
export function createHandler(routes: RouteSet, options: HandlerOptions = {}): SwitchyardHandler {
  const dispatcher = new Dispatcher(routes, options);
  const handler = async (request: Request): Promise<Response> => {
    const ex = new FetchExchange(request);
    let outcome: Outcome;
    try {
      outcome = await dispatcher.dispatch(ex);
      return toResponse(dispatcher, ex, outcome);
    } catch (e) {
      return toResponse(dispatcher, ex, dispatcher.failure(ex, e));
    }
  };
  Object.defineProperty(handler, DISPATCHER, { value: dispatcher });
  Object.defineProperty(handler, "ready", { value: dispatcher.ready, enumerable: true });
  // (A getter: in development the reloader swaps the dispatcher's table.)
  Object.defineProperty(handler, "routes", { get: () => dispatcher.routes, enumerable: true });
  return handler as SwitchyardHandler;
}
