/**
 * `switchyard/node`: serving on node:http. `toNodeListener(handler)` is a request listener for
 * `http.createServer`.
 *
 * For a handler made by `createHandler`, the listener does not go through WHATWG objects: it
 * dispatches straight from node's `IncomingMessage` and writes to the `ServerResponse`, building a
 * `Request` only if an action reads `ctx.request` (through WHATWG objects a request cost 2.7x the
 * server CPU: bench/RESULTS.md). Both paths run the same dispatcher, so they answer alike
 * (test/http/behaviour.test.ts runs one suite through both). Any other fetch handler is served
 * through `Request`/`Response`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { dispatcherOf, NodeExchange, nodeExchange, serveNode, writeFailed, writeResponse } from "../transport/index.js";

/** A node request listener. */
export type NodeRequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A request listener for `http.createServer` (or `https`) serving a fetch-style handler. A handler
 * from `createHandler` is dispatched straight from node's objects (see above); any other
 * `(Request) => Response` is served through WHATWG objects.
 */
export function toNodeListener(handler: (request: Request) => Response | Promise<Response>): NodeRequestListener {
  const dispatcher = dispatcherOf(handler);
  if (dispatcher !== undefined)
    return (req, res) => {
      serveNode(dispatcher, req, res);
    };
  return (req, res) => {
    const ex = nodeExchange(NodeExchange, req, res);
    if (ex.invalid !== null) {
      res.writeHead(400, { "content-type": "text/plain; charset=utf-8" }).end(`${ex.invalid.message}\n`);
      return;
    }
    Promise.resolve()
      .then(() => handler(ex.toRequest()))
      .then((response) => writeResponse(res, response, ex))
      .catch((e) => writeFailed(res, e));
  };
}
