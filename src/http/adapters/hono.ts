/**
 * `switchyard/hono`: a handler from `createHandler` as Hono middleware.
 *
 *     app.use(switchyard(handler));
 *
 * It answers the requests its routes match; a request no route matches goes on (`await next()`),
 * unless `fallthrough: false` makes it answer 404 itself. `prefix`: where the routes are mounted
 * within the Hono app (`app.use("/blog/*", switchyard(handler, { prefix: "/blog" }))`): taken off
 * the path and made the script name, as Rails' `SCRIPT_NAME`.
 */
import type { Context, MiddlewareHandler, Next } from "hono";
import { dispatcherOf, FetchExchange, toResponse, Unmatched, type Outcome } from "../transport/index.js";

export interface HonoAdapterOptions {
  /** `next()` for a request no route matches (default true); false answers it 404 here. */
  fallthrough?: boolean;
  /** The path the routes are mounted at within the app ("" by default). */
  prefix?: string;
}

/** Hono middleware serving `handler` (made by `createHandler`). */
export function honoMiddleware(
  handler: (request: Request) => Promise<Response>,
  options: HonoAdapterOptions = {},
): MiddlewareHandler {
  const dispatcher = dispatcherOf(handler);
  if (dispatcher === undefined)
    throw new TypeError("switchyard/hono serves a handler made by createHandler(routes, options) from switchyard/http");
  const fallthrough = options.fallthrough ?? true;
  const prefix = (options.prefix ?? "").replace(/\/+$/, "");
  // Not an async function: a request served at once (the common one) returns its Response
  // synchronously. Where it is the only handler a request matches, Hono then answers without a
  // promise and @hono/node-server writes the Response at once (its "immediate" path).
  const middleware = (c: Context, next: Next): Response | Promise<Response | void> => {
    // On @hono/node-server, node's own request is at hand: its headers spare the lazy Request.
    const incoming = (c.env as { incoming?: { headers?: Record<string, string | string[] | undefined> } } | undefined)
      ?.incoming;
    const ex = new FetchExchange(c.req.raw, "", incoming?.headers);
    ex.passesUnmatched = fallthrough;
    if (prefix !== "") {
      if (ex.path !== prefix && !ex.path.startsWith(prefix + "/")) return next();
      ex.path = ex.path.slice(prefix.length) || "/";
      ex.scriptName = prefix;
    }
    const finish = (outcome: Outcome): Response | Promise<void> =>
      fallthrough && outcome instanceof Unmatched ? next() : toResponse(dispatcher, ex, outcome);
    let outcome: Outcome | Promise<Outcome>;
    try {
      outcome = dispatcher.dispatch(ex);
    } catch (e) {
      outcome = dispatcher.failure(ex, e);
    }
    return outcome instanceof Promise ? outcome.then<Response | void>(finish) : finish(outcome);
  };
  return middleware as MiddlewareHandler;
}

export default honoMiddleware;
