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
import type { MiddlewareHandler } from "hono";
import { dispatcherOf, FetchExchange, toResponse } from "../fetch.js";
import { Unmatched } from "../reply.js";

export interface HonoAdapterOptions {
  /** `next()` for a request no route matches (default true); false answers it 404 here. */
  fallthrough?: boolean;
  /** The path the routes are mounted at within the app ("" by default). */
  prefix?: string;
}

/** Hono middleware serving `handler` (made by `createHandler`). */
export function honoMiddleware(handler: (request: Request) => Promise<Response>, options: HonoAdapterOptions = {}): MiddlewareHandler {
  const dispatcher = dispatcherOf(handler);
  if (dispatcher === undefined) throw new TypeError("switchyard/hono serves a handler made by createHandler(routes, options) from switchyard/http");
  const fallthrough = options.fallthrough ?? true;
  const prefix = (options.prefix ?? "").replace(/\/+$/, "");
  return async (c, next) => {
    const ex = new FetchExchange(c.req.raw);
    if (prefix !== "") {
      if (ex.path !== prefix && !ex.path.startsWith(prefix + "/")) return next();
      ex.path = ex.path.slice(prefix.length) || "/";
      ex.scriptName = prefix;
    }
    let outcome;
    try {
      outcome = await dispatcher.dispatch(ex);
    } catch (e) {
      outcome = dispatcher.failure(ex, e);
    }
    if (fallthrough && outcome instanceof Unmatched) return next();
    return toResponse(dispatcher, ex, outcome);
  };
}

export default honoMiddleware;
