/** Writing an outcome to node's `ServerResponse`, and serving one node request with a dispatcher. */
import type { IncomingMessage, ServerResponse } from "node:http";
import { bodyToSend, HANDLED, Reply, Unmatched, type Outcome } from "./outcome.js";
import type { Exchange } from "./exchange.js";
import { NodeExchange, nodeExchange } from "./node-exchange.js";
import { dispatchExchange, type RequestDispatcher } from "./serve.js";
import { isInstance, thrownSummary } from "../../support/thrown.js";

const bodyLength = (body: string | Uint8Array): number =>
  typeof body === "string" ? Buffer.byteLength(body) : body.byteLength;

/** Writes a reply (HEAD as `Rack::Head`: see `bodyToSend`). */
function writeReply(res: ServerResponse, reply: Reply, ex: Exchange): void {
  const body = bodyToSend(reply, ex.method, ex.originalMethod, bodyLength);
  res.writeHead(reply.status, reply.headers);
  if (body === null) res.end();
  else res.end(body);
}

/** Writes a WHATWG `Response` (an action's, a mounted fetch handler's), streaming its body with backpressure. */
export async function writeResponse(res: ServerResponse, response: Response, ex: Exchange): Promise<void> {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  const cookies = response.headers.getSetCookie();
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") res.setHeader(name, value);
  });
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  const body = response.body;
  if (ex.method === "HEAD" || body === null) {
    if (ex.method === "HEAD" && ex.originalMethod !== "HEAD") res.setHeader("content-length", "0");
    await body?.cancel().catch(() => {});
    res.end();
    return;
  }
  const reader = body.getReader();
  let closed = false;
  const onClose = () => {
    closed = true;
    reader.cancel().catch(() => {});
  };
  res.once("close", onClose);
  try {
    let next = reader.read();
    const first = await next;
    if (first.done || closed) {
      if (!closed) endWhole(res, null);
      return;
    }
    // A body that is already whole — one made from a string or bytes, as `redirectTo`'s and most
    // actions' are — goes out with its Content-Length in one write, as Rails' servers send it,
    // instead of chunked. Whether it is whole is one more read, raced against a turn of the event
    // loop, so that a stream still producing (server-sent events) has its first chunk sent at once.
    next = reader.read();
    const second = await Promise.race([next, nextTurn()]);
    if (second !== NOT_YET && second.done) {
      if (!closed) endWhole(res, first.value);
      return;
    }
    // Streamed: the first chunk, the second if the race brought it, then each as it comes.
    const write = async (value: Uint8Array): Promise<void> => {
      if (closed || res.write(value)) return;
      await new Promise<void>((resolve) => {
        const go = () => {
          res.off("drain", go).off("close", go);
          resolve();
        };
        res.on("drain", go).on("close", go);
      });
    };
    await write(first.value);
    let read: Read | null = null;
    if (second === NOT_YET) read = await next;
    else await write(second.value);
    for (;;) {
      read ??= await reader.read();
      if (read.done || closed) break;
      await write(read.value);
      read = null;
    }
    if (!closed) res.end();
  } finally {
    res.off("close", onClose);
  }
}

type Read = Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>["read"]>>;
const NOT_YET: unique symbol = Symbol("not yet");
const nextTurn = (): Promise<typeof NOT_YET> => new Promise((resolve) => setImmediate(resolve, NOT_YET));

/** Ends a response whose whole body is `body`, with its Content-Length unless the response gave one. */
function endWhole(res: ServerResponse, body: Uint8Array | null): void {
  if (!res.hasHeader("content-length") && !res.hasHeader("transfer-encoding"))
    res.setHeader("content-length", body === null ? 0 : body.byteLength);
  if (body === null) res.end();
  else res.end(body);
}

/** Writes an outcome to node's response: a reply, a response, the 404 of an unmatched request; nothing after a mounted listener. */
function writeOutcome(
  dispatcher: RequestDispatcher,
  res: ServerResponse,
  outcome: Outcome,
  ex: Exchange,
): void | Promise<void> {
  if (outcome === HANDLED) return;
  if (res.headersSent) {
    // Something (a mounted listener that then threw) began the response: it cannot be replaced.
    if (!res.writableEnded) res.end();
    return;
  }
  if (outcome instanceof Reply) return writeReply(res, outcome, ex);
  if (outcome instanceof Unmatched) return writeReply(res, dispatcher.notFound(outcome), ex);
  return writeResponse(res, outcome, ex);
}

/** Logs a failure while writing (the client went away mid-body, a body stream that threw) and ends the response. */
export function writeFailed(res: ServerResponse, error: unknown): void {
  if (!res.headersSent) {
    res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
    res.end("Internal Server Error\n");
  } else res.destroy(isInstance(error, Error) ? error : undefined);
  try {
    console.error("switchyard: writing a response failed:", error);
  } catch {
    console.error(`switchyard: writing a response failed: ${thrownSummary(error)}`);
  }
}

/** A class of node exchange: `NodeExchange` or an adapter's own (with its host's objects as `framework`). */
type NodeExchangeClass = new (
  req: IncomingMessage,
  res: ServerResponse,
  scriptName: string,
  path: string,
  query: string,
) => NodeExchange;

/** How `serveNode` serves a request. */
export interface NodeServeOptions {
  /** Where the application is mounted (Rack's `SCRIPT_NAME`; Express' `req.baseUrl`). Default "". */
  scriptName?: string;
  /** A prefix to take off the path first (a Fastify plugin's prefix, which `req.url` still holds). */
  strip?: string;
  /**
   * Called instead of answering 404 when no route matches (the host's next handler: Express' or
   * Koa's `next`); what it returns is awaited when it is a promise.
   */
  unmatched?: () => unknown;
  /** The exchange's class (default `NodeExchange`): an adapter's subclass gives actions its host's objects. */
  exchange?: NodeExchangeClass;
  /** Called with the exchange before it is dispatched (to hand it a body its host's parser read: `useParsedBody`). */
  prepare?: (exchange: NodeExchange) => void;
}

const NO_OPTIONS: NodeServeOptions = {};

/**
 * Serves one node request with a dispatcher and writes the answer to `res`. Returns the outcome
 * once it is written (its body streamed to the end), or, with `unmatched`, once that has run for a
 * request no route matched: synchronously when everything was (the common request makes no
 * promise), else as a promise — so a host that awaits its middleware (Koa) awaits it, and one
 * that does not (node:http, Express) ignores it. Never throws nor rejects but for `unmatched`'s
 * own failure: a response that cannot be written is logged and ended (`writeFailed`).
 */
export function serveNode(
  dispatcher: RequestDispatcher,
  req: IncomingMessage,
  res: ServerResponse,
  options: NodeServeOptions = NO_OPTIONS,
): Outcome | Promise<Outcome> {
  const ex = nodeExchange(options.exchange ?? NodeExchange, req, res, options.scriptName ?? "", options.strip ?? "");
  options.prepare?.(ex);
  const unmatched = options.unmatched;
  // (serveExchange's steps, written out: the node adapters' common request makes no closure and no promise.)
  const outcome = dispatchExchange(dispatcher, ex, unmatched !== undefined);
  if (outcome instanceof Promise) return outcome.then((o) => settleNode(dispatcher, ex, o, unmatched));
  return settleNode(dispatcher, ex, outcome, unmatched);
}

/** Writes the outcome to the exchange's response, or hands an unmatched request on; the outcome once done. */
function settleNode(
  dispatcher: RequestDispatcher,
  ex: NodeExchange,
  outcome: Outcome,
  unmatched: (() => unknown) | undefined,
): Outcome | Promise<Outcome> {
  if (unmatched !== undefined && outcome instanceof Unmatched) return written(outcome, unmatched());
  return written(outcome, writeGuarded(dispatcher, ex.res, outcome, ex));
}

/** `outcome`, once `pending` (a write, the next handler) is done. */
function written(outcome: Outcome, pending: unknown): Outcome | Promise<Outcome> {
  return pending instanceof Promise ? pending.then(() => outcome) : outcome;
}

/** `writeOutcome`, its failures (a header node refuses, a body stream that throws) logged and the response ended. */
function writeGuarded(
  dispatcher: RequestDispatcher,
  res: ServerResponse,
  outcome: Outcome,
  ex: Exchange,
): void | Promise<void> {
  try {
    const w = writeOutcome(dispatcher, res, outcome, ex);
    if (w instanceof Promise) return w.catch((e: unknown) => writeFailed(res, e));
  } catch (e) {
    // (A header node refuses — a redirect callback's location holding a newline — must not escape the listener.)
    writeFailed(res, e);
  }
}
