/**
 * What serving a request comes to, before a transport writes it: a `Reply` (status, headers and a
 * string or bytes body — what actions, redirects and errors give, written to node's response with
 * no WHATWG object in between), a `Response` (an action's or a mounted fetch handler's own),
 * `Unmatched` (no route: a fetch handler or node listener answers 404, middleware calls `next()`),
 * or `HANDLED` (a mounted node listener wrote the response itself).
 */
import { escapeHtml } from "../support/html.js";
import { rubyString } from "../support/ruby.js";

export const HTML = "text/html; charset=utf-8";
export const TEXT = "text/plain; charset=utf-8";
export const JSON_TYPE = "application/json; charset=utf-8";

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

/** A plain-text reply (errors, 400s). */
export function textReply(status: number, body: string, extra?: Record<string, string>): Reply {
  return new Reply(status, { "content-type": TEXT, ...extra }, body);
}

export function htmlReply(status: number, body: string): Reply {
  return new Reply(status, { "content-type": HTML }, body);
}

/** `Controller#action`, as Rails names where an error was raised (from the params' `controller` and `action`). */
export function actionOf(params: Readonly<Record<string, unknown>>): string {
  return `${String(params.controller)}#${String(params.action)}`;
}

/**
 * An action's return value as docs/contract.md §6 says: a `Response` as it is, a string as 200 HTML, nothing
 * (`undefined` or `null`) as 204, any other value as 200 JSON. A value JSON cannot hold (a
 * function, a symbol) throws, which the dispatcher answers 500 naming it.
 */
export function replyOf(value: unknown, params: Readonly<Record<string, unknown>>): Reply | Response {
  if (typeof value === "string") return new Reply(200, { "content-type": HTML }, value);
  if (value === undefined || value === null) return new Reply(204, {}, null);
  if (value instanceof Response) return value;
  const json = JSON.stringify(value);
  if (json === undefined) {
    throw new TypeError(
      `${actionOf(params)} returned ${typeof value === "function" ? "a function" : String(value)}, which cannot be sent: return a string, a Response, a JSON value or nothing`,
    );
  }
  return new Reply(200, { "content-type": JSON_TYPE }, json);
}

/**
 * A redirect as Rails' `Redirect#serve` sends it: the status, `Location`, `Content-Type: text/html`
 * and the "You are being redirected" body (its link escaped as `ERB::Util` does).
 */
export function redirectReply(status: number, location: string): Reply {
  const body = `<html><body>You are being <a href="${escapeHtml(location)}">redirected</a>.</body></html>`;
  return new Reply(status, { location, "content-type": "text/html" }, body);
}
