// `redirect(...)`: the target of a route that answers with a redirect.
import { ArgumentError } from "../errors.js";
import { inspectValue } from "../support/node-inspect.js";
import { isHash } from "../support/ruby.js";
import { Redirect, type RedirectOptions } from "../table/redirect-endpoint.js";
import type { Hash } from "./scope.js";

/**
 * `redirect("/new/%{id}", status: 302)`, `redirect(subdomain: "x")`, or `redirect((params, req) => url)`.
 * Ruby's `redirect(status: 302) { |params, req| ... }` passes the block after the options, so
 * `r.redirect({ status: 302 }, (params, req) => url)` works as well as `r.redirect(fn, { status: 302 })`.
 */
export function redirect(
  target: string | RedirectOptions | ((...args: any[]) => string),
  options?: RedirectOptions | ((...args: any[]) => string),
): Redirect {
  // A trailing function is Ruby's `&block`; the rest are Rails' `*args` (options last).
  let block: unknown;
  const args: unknown[] = options === undefined ? [target] : [target, options];
  if (args.length > 1 && typeof args[args.length - 1] === "function") block = args.pop();
  const opts: Hash = isHash(args[args.length - 1]) ? { ...(args.pop() as Hash) } : {};
  const status = Number(opts.status || 301);
  delete opts.status;
  const path = args[0];
  if (Object.keys(opts).length > 0) return new Redirect(status, { kind: "options", options: opts });
  if (typeof path === "string") return new Redirect(status, { kind: "path", path });
  if (typeof path === "function") block = path;
  if (typeof block === "function")
    return new Redirect(status, { kind: "callback", callback: block as (...a: any[]) => string });
  throw new ArgumentError(
    `redirection argument not supported: ${inspectValue(path)}; give a path, an options object or a function`,
  );
}
