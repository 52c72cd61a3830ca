/**
 * `switchyard/express`: a handler from `createHandler` as Express middleware.
 *
 *     app.use(switchyard(handler));             // or app.use("/blog", switchyard(handler))
 *
 * It serves the requests its routes match, straight from node's request and response (the node
 * adapter's path: no WHATWG objects); a request no route matches goes on to the next middleware
 * (`next()`), unless `fallthrough: false` makes it answer 404 itself. Mounted under a path, that
 * path is the script name (`req.baseUrl`), as in Rails' `SCRIPT_NAME`: URL helpers include it.
 * A body an earlier body parser read (`req.body`) is used as the body's params. Actions see
 * Express' own `{ req, res }` as `ctx.framework` (what passport and other middleware set on them).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { dispatcherOf, NodeExchange, serveNode } from "../transport/index.js";

export interface ExpressAdapterOptions {
  /** `next()` for a request no route matches (default true); false answers it 404 here. */
  fallthrough?: boolean;
}

/** Express' (and connect's) middleware signature, without depending on Express' types. */
export type ExpressMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** Express' own objects for a request, as actions see them (`ctx.framework`). */
export interface ExpressObjects {
  readonly req: ExpressRequest;
  readonly res: ExpressResponse;
}

declare module "../action-context.js" {
  interface FrameworkObjects {
    /** Served by `switchyard/express`. */
    express: ExpressObjects;
  }
}

/** A request Express serves: its `req`/`res` for actions. */
class ExpressExchange extends NodeExchange {
  #framework: ExpressObjects | undefined;
  override get framework(): ExpressObjects {
    return (this.#framework ??= { req: this.req as ExpressRequest, res: this.res as ExpressResponse });
  }
}

/** Uses the body Express' body parser read. */
const useParsedBody = (ex: NodeExchange): void => ex.useParsedBody((ex.req as { body?: unknown }).body);

/** Express middleware serving `handler` (made by `createHandler`). */
export function expressMiddleware(
  handler: (request: Request) => Promise<Response>,
  options: ExpressAdapterOptions = {},
): ExpressMiddleware {
  const dispatcher = dispatcherOf(handler);
  if (dispatcher === undefined)
    throw new TypeError(
      "switchyard/express serves a handler made by createHandler(routes, options) from switchyard/http",
    );
  const fallthrough = options.fallthrough ?? true;
  return (req, res, next) => {
    const baseUrl = (req as { baseUrl?: unknown }).baseUrl;
    serveNode(dispatcher, req, res, {
      scriptName: typeof baseUrl === "string" ? baseUrl : "",
      exchange: ExpressExchange,
      prepare: useParsedBody,
      unmatched: fallthrough ? next : undefined,
    });
  };
}

export default expressMiddleware;
