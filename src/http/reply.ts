/**
 * The replies the core makes (errors, redirects, an action's return value), as the kit's `Reply`
 * (transport/outcome.ts, with the other outcomes a transport writes).
 */
import { escapeHtml } from "../support/html.js";
import { Reply } from "./transport/outcome.js";

export const HTML = "text/html; charset=utf-8";
export const TEXT = "text/plain; charset=utf-8";
export const JSON_TYPE = "application/json; charset=utf-8";

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
