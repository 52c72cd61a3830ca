/**
 * What serving a request comes to, before a transport writes it: a `Reply` (status, headers and a
 * string or bytes body — what actions, redirects and errors give, written to node's response with
 * no WHATWG object in between), a `Response` (an action's or a mounted fetch handler's own),
 * `Unmatched` (no route: a fetch handler or node listener answers 404, middleware calls `next()`),
 * or `HANDLED` (a mounted node listener wrote the response itself).
 */
import { rubyString } from "../../support/ruby.js";

export class Reply {
  /** `headers` is the reply's own (writers add `content-length` to it); names in lower case. */
  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
    readonly body: string | Uint8Array | null,
  ) {}
}

/**
 * A reply as it is sent (`Rack::Head`): for HEAD, the headers with the Content-Length the body
 * had, and no body; for a POST that `_method` made HEAD, Content-Length 0 (its client, having sent
 * a POST, reads the body that length announces). Returns the body to send; sets `content-length`
 * (for a body sent, only when `setLength`: a `Response` gets its length from the server that writes it).
 */
export function bodyToSend(
  reply: Reply,
  method: string,
  originalMethod: string,
  length: (body: string | Uint8Array) => number,
  setLength = true,
): string | Uint8Array | null {
  const body = reply.body;
  if (method === "HEAD") {
    reply.headers["content-length"] = originalMethod === "HEAD" && body !== null ? String(length(body)) : "0";
    return null;
  }
  if (setLength && body !== null) reply.headers["content-length"] = String(length(body));
  return body;
}

/** No route matched `method path` (the path as the client sent it). */
export class Unmatched {
  constructor(
    readonly method: string,
    readonly path: string,
  ) {}

  /** Rails' `ActionController::RoutingError` message. */
  get message(): string {
    return `No route matches [${this.method}] ${rubyString(this.path)}`;
  }
}

/** A mounted node listener answered on the node response itself. */
export const HANDLED: unique symbol = Symbol("switchyard.handled");

export type Outcome = Reply | Response | Unmatched | typeof HANDLED;
