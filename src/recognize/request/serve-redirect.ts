import type { Redirect } from "../../table/redirect-endpoint.js";
import type { RequestInfo } from "../../table/request.js";
import type { RequestContext } from "./request-context.js";
import { KeyError } from "../../errors.js";
import { escapeFragment, escapePath, wwwFormEscape } from "../../uri/escape.js";
import { formatUri, parseUri } from "../../uri/uri.js";
import { urlFor } from "../../uri/url.js";

/**
 * Serving a redirect route: the `Location` Rails' `ActionDispatch::Routing::Redirect#serve`
 * answers (routing/redirection.rb) — `PathRedirect` (`%{param}` interpolation, escaped per URL
 * part), `OptionRedirect` (`url_for` over the request's own protocol/host/port/path/query with
 * the options merged in) and a callback `(params, request) => string` — made absolute from the
 * request (its scheme, host, port and script name), as `Redirect#serve` does.
 */
export interface RedirectResponse {
  readonly status: number;
  readonly location: string;
}

type Params = Record<string, unknown>;

/** Ruby's `to_s` of a parameter value or a callback's location. */
const toS = (v: unknown): string => (v == null ? "" : String(v));

/**
 * Ruby's `String#%` with a hash, for `%{name}` (and `%%`); other `%` sequences are left as they
 * are. A name the params lack throws `KeyError`, as Ruby's does.
 */
function interpolate(template: string, params: Params, escape: (s: string) => string): string {
  return template.replace(/%%|%\{(\w*)\}/g, (m, name: string | undefined) => {
    if (m === "%%") return "%";
    if (!Object.hasOwn(params, name!)) throw new KeyError(`key{${name}} not found`);
    return escape(toS(params[name!]));
  });
}

const INTERPOLATION = /%\{\w*\}/;
const interpolationRequired = (s: string | undefined, params: Params): s is string =>
  s !== undefined && Object.keys(params).length > 0 && INTERPOLATION.test(s);

// PathRedirect::URL_PARTS, with Ruby's `.` (anything but a newline).
const URL_PARTS = /^([^?]+)?(\?[^#]+)?(#[^\n]+)?$/;

function pathRedirectLocation(template: string, params: Params): string {
  const m = URL_PARTS.exec(template);
  if (!m) return interpolationRequired(template, params) ? interpolate(template, params, wwwFormEscape) : template;
  const [, path, query, fragment] = m;
  return (
    (interpolationRequired(path, params) ? interpolate(path, params, escapePath) : (path ?? "")) +
    (interpolationRequired(query, params) ? interpolate(query, params, wwwFormEscape) : (query ?? "")) +
    (interpolationRequired(fragment, params) ? interpolate(fragment, params, escapeFragment) : (fragment ?? ""))
  );
}

const relativePath = (p: string | undefined) => !!p && p[0] !== "/";

/** `OptionRedirect#path`: the request's own URL with the redirect's options merged in, through `Http::URL.url_for`. */
function optionsRedirectLocation(options: Readonly<Params>, params: Params, ctx: RequestContext): string {
  const o: Params = {
    protocol: ctx.protocol,
    host: ctx.host,
    port: ctx.optionalPort,
    path: ctx.path,
    params: ctx.queryParameters,
  };
  for (const key of Object.keys(options)) if (key !== "status") o[key] = options[key];
  const path = toS(o.path);
  o.path = Object.keys(params).length > 0 && INTERPOLATION.test(path) ? interpolate(path, params, escapePath) : path;
  if (!options.host && !options.domain) {
    if (relativePath(o.path as string)) {
      o.path = `/${o.path}`;
      o.script_name = ctx.scriptName;
    } else if (o.path === "") {
      o.path = ctx.scriptName === "" ? "/" : "";
      o.script_name = ctx.scriptName;
    }
  }
  return urlFor(o);
}

/** `Redirect#serve`: the status and `Location` for a request that matched a redirect route. */
export function serveRedirect(redirect: Redirect, params: Params, ctx: RequestContext): RedirectResponse {
  const target = redirect.target;
  let location: string;
  if (target.kind === "options") location = optionsRedirectLocation(target.options, params, ctx);
  else if (target.kind === "path") location = pathRedirectLocation(target.path, params);
  else location = toS((target.callback as (p: Params, r: RequestInfo) => unknown)({ ...params }, ctx.info(params)));

  const uri = parseUri(location);
  if (uri.host === undefined) {
    if (relativePath(uri.path)) uri.path = `${ctx.scriptName}/${uri.path}`;
    else if (uri.path === "") uri.path = ctx.scriptName === "" ? "/" : ctx.scriptName;
  }
  uri.scheme ??= ctx.protocol.slice(0, -3);
  uri.host ??= ctx.host;
  if (uri.port === undefined && ctx.port !== ctx.standardPort) uri.port = ctx.port;
  return { status: redirect.status, location: formatUri(uri) };
}
