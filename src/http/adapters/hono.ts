/**
 * `switchyard/hono`: a handler from `createHandler` as Hono middleware.
 *
 *     app.use(switchyard(handler));
 *
 * It answers the requests its routes match; a request no route matches goes on (`await next()`),
 * unless `fallthrough: false` makes it answer 404 itself. `prefix`: where the routes are mounted
 * within the Hono app (`app.use("/blog/*", switchyard(handler, { prefix: "/blog" }))`): taken off
 * the path and made the script name, as Rails' `SCRIPT_NAME`. Actions see Hono's own context as
 * `ctx.framework.c` (what middleware set with `c.set`, read with `c.get`).
 */
import type { Context, MiddlewareHandler, Next } from "hono";
import { dispatcherOf, FetchExchange, serveExchange, toResponse, type Outcome } from "../transport/index.js";

export interface HonoAdapterOptions {
  /** `next()` for a request no route matches (default true); false answers it 404 here. */
  fallthrough?: boolean;
  /** The path the routes are mounted at within the app ("" by default). */
  prefix?: string;
}

/** Hono's own objects for a request, as actions see them (`ctx.framework`). */
export interface HonoObjects {
  readonly c: Context;
}

declare module "../action-context.js" {
  interface FrameworkObjects {
    /** Served by `switchyard/hono`. */
    hono: HonoObjects;
  }
}

/** A request Hono serves: its context for actions, and the next handler. */
class HonoExchange extends FetchExchange {
  c: Context | undefined;
  next: Next | undefined;
  #framework: HonoObjects | undefined;
  override get framework(): HonoObjects {
    return (this.#framework ??= { c: this.c! });
  }
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
  const answer = (outcome: Outcome, ex: HonoExchange): Response => toResponse(dispatcher, ex, outcome);
  const passOn = fallthrough ? (_: unknown, ex: HonoExchange): Promise<void> => ex.next!() : undefined;
  // Not an async function: a request served at once (the common one) returns its Response
  // synchronously. Where it is the only handler a request matches, Hono then answers without a
  // promise and @hono/node-server writes the Response at once (its "immediate" path).
  const middleware = (c: Context, next: Next): Response | Promise<Response | void> => {
    // On @hono/node-server, node's own request is at hand: its headers spare the lazy Request.
    const incoming = (c.env as { incoming?: { headers?: Record<string, string | string[] | undefined> } } | undefined)
      ?.incoming;
    const ex = new HonoExchange(c.req.raw, "", incoming?.headers);
    if (prefix !== "") {
      if (ex.path !== prefix && !ex.path.startsWith(prefix + "/")) return next();
      ex.path = ex.path.slice(prefix.length) || "/";
      ex.scriptName = prefix;
    }
    ex.c = c;
    ex.next = next;
    return serveExchange<Response | Promise<void>, HonoExchange>(dispatcher, ex, answer, passOn);
  };
  return middleware as MiddlewareHandler;
}

export default honoMiddleware;
