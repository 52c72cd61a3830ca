import type { Redirect, RedirectRequest } from "../table/redirect.js";
import type { RequestContext } from "./request.js";
import { InvalidURIError, KeyError } from "../errors.js";
import { rubyString as rubyQuote } from "../generate/values.js";

/**
 * Serving a redirect route: the `Location` Rails' `ActionDispatch::Routing::Redirect#serve`
 * answers (routing/redirection.rb) — `PathRedirect` (`%{param}` interpolation, escaped per URL
 * part), `OptionRedirect` (`url_for` over the request's own protocol/host/port/path/query with
 * the options merged in) and a callback `(params, request) => string`.
 */
export interface RedirectResponse {
  readonly status: number;
  readonly location: string;
}

type Params = Record<string, unknown>;

// ---------------------------------------------------------------- escaping (Journey::Router::Utils, Rack, CGI)

const UNRESERVED = "a-zA-Z0-9\\-._~";
const SUB_DELIMS = "!$&'()*+,;=";
const PATH_UNSAFE = new RegExp(`[^${UNRESERVED}${SUB_DELIMS.replace(/[$()*+]/g, "\\$&")}:@/]`, "gu");
const FRAGMENT_UNSAFE = new RegExp(`[^${UNRESERVED}${SUB_DELIMS.replace(/[$()*+]/g, "\\$&")}:@/?]`, "gu");

function percentEncode(ch: string): string {
  let out = "";
  for (const byte of Buffer.from(ch, "utf8")) out += "%" + (byte < 16 ? "0" : "") + byte.toString(16).toUpperCase();
  return out;
}

const rubyString = (v: unknown): string => (v == null ? "" : String(v));

/** `Journey::Router::Utils.escape_path`. */
export const escapePath = (v: unknown) => rubyString(v).replace(PATH_UNSAFE, percentEncode);
/** `Journey::Router::Utils.escape_fragment`. */
export const escapeFragment = (v: unknown) => rubyString(v).replace(FRAGMENT_UNSAFE, percentEncode);
/** `Rack::Utils.escape` (`URI.encode_www_form_component`): space as `+`, only `*-._` and alphanumerics kept. */
export const escapeForm = (v: unknown) =>
  rubyString(v).replace(/[^*\-._0-9A-Za-z ]/gu, percentEncode).replace(/ /g, "+");
/** `CGI.escape`, as `to_query` uses it: space as `+`, `-._~` and alphanumerics kept. */
const cgiEscape = (v: unknown) => rubyString(v).replace(/[^\-._~0-9A-Za-z ]/gu, percentEncode).replace(/ /g, "+");

/**
 * Ruby's `String#%` with a hash, for `%{name}` (and `%%`); other `%` sequences are left as they
 * are. A name the params lack throws `KeyError`, as Ruby's does.
 */
function interpolate(template: string, params: Params, escape: (v: unknown) => string): string {
  return template.replace(/%%|%\{(\w*)\}/g, (m, name: string | undefined) => {
    if (m === "%%") return "%";
    if (!Object.hasOwn(params, name!)) throw new KeyError(`key{${name}} not found`);
    return escape(params[name!]);
  });
}

const INTERPOLATION = /%\{\w*\}/;
const interpolationRequired = (s: string | undefined, params: Params): s is string =>
  s !== undefined && Object.keys(params).length > 0 && INTERPOLATION.test(s);

// PathRedirect::URL_PARTS, with Ruby's `.` (anything but a newline).
const URL_PARTS = /^([^?]+)?(\?[^#]+)?(#[^\n]+)?$/;

function pathRedirectLocation(template: string, params: Params): string {
  const m = URL_PARTS.exec(template);
  if (!m) return interpolationRequired(template, params) ? interpolate(template, params, escapeForm) : template;
  const [, path, query, fragment] = m;
  return (
    (interpolationRequired(path, params) ? interpolate(path, params, escapePath) : (path ?? "")) +
    (interpolationRequired(query, params) ? interpolate(query, params, escapeForm) : (query ?? "")) +
    (interpolationRequired(fragment, params) ? interpolate(fragment, params, escapeFragment) : (fragment ?? ""))
  );
}

// ---------------------------------------------------------------- URI (RFC 3986 reference), as Ruby's URI::Generic

interface Uri {
  scheme: string | undefined;
  userinfo: string | undefined;
  host: string | undefined;
  port: number | undefined;
  path: string;
  query: string | undefined;
  fragment: string | undefined;
}

const URI_REFERENCE = /^(?:([A-Za-z][A-Za-z0-9+\-.]*):)?(?:\/\/(?:([^@/?#]*)@)?(\[[^\]]*\]|[^:/?#]*)(?::(\d*))?)?([^?#]*)(?:\?([^#]*))?(?:#([\s\S]*))?$/;
const DEFAULT_PORTS: Record<string, number> = { http: 80, https: 443, ftp: 21, ws: 80, wss: 443 };

// Ruby's URI::RFC3986_Parser (3.x), which `URI.parse` uses: what it accepts as a URI or a relative reference.
const PCT = "%[0-9A-Fa-f]{2}";
const SEG = `(?:${PCT}|[!$&-.0-;=@-Z_a-z~])`;
const SEG_NC = `(?:${PCT}|[!$&-.0-9;=@-Z_a-z~])`;
const AUTHORITY =
  `(?:(?:${PCT}|[!$&-.0-;=A-Z_a-z~])*@)?` +
  `(?:\\[(?:[0-9A-Fa-f:.]+|v[0-9A-Fa-f]+\\.[!$&-.0-;=A-Z_a-z~]+)\\]|(?:${PCT}|[!$&-.0-9;=A-Z_a-z~])+)?(?::\\d*)?`;
const TAIL = `(?:\\?[^#]*)?(?:#(?:${PCT}|[!$&-.0-;=@-Z_a-z~/?])*)?$`;
const RFC3986_URI = new RegExp(
  `^[A-Za-z][+\\-.0-9A-Za-z]*:(?://${AUTHORITY}(?:/${SEG}*)*|/(?:${SEG}+(?:/${SEG}*)*)?|${SEG}+(?:/${SEG}*)*|)${TAIL}`,
);
const RFC3986_RELATIVE = new RegExp(`^(?://${AUTHORITY}(?:/${SEG}*)*|/(?:${SEG}+(?:/${SEG}*)*)?|${SEG_NC}+(?:/${SEG}*)*|)${TAIL}`);

/** `URI.parse`'s checks: non-ASCII text (message: `dump`) or anything its RFC 3986 grammar rejects (message: `inspect`) raises InvalidURIError. */
function checkUri(s: string): void {
  // eslint-disable-next-line no-control-regex
  if (!/^[\x00-\x7f]*$/.test(s)) throw new InvalidURIError(`URI must be ascii only ${rubyQuote(s, true)}`);
  if (!RFC3986_URI.test(s) && !RFC3986_RELATIVE.test(s)) throw new InvalidURIError(`bad URI(is not URI?): ${rubyQuote(s)}`);
}

function parseUri(s: string): Uri {
  checkUri(s);
  const m = URI_REFERENCE.exec(s)!;
  const scheme = m[1];
  const host = m[3];
  const hasAuthority = host !== undefined && s.slice(scheme ? scheme.length + 1 : 0).startsWith("//");
  let port = m[4] ? Number(m[4]) : undefined;
  if (port === undefined && hasAuthority && scheme) port = DEFAULT_PORTS[scheme.toLowerCase()];
  return {
    scheme,
    userinfo: m[2],
    host: hasAuthority && host !== "" ? host : undefined,
    port,
    path: m[5] ?? "",
    query: m[6] === undefined ? undefined : uriQuery(m[6]),
    fragment: m[7],
  };
}

/**
 * `URI::Generic#query=`: tabs and line breaks dropped, `%` and two non-hex characters raise, and
 * what a query may not hold (space, quotes, `<`, `>`, a backquote, control characters) escaped.
 */
function uriQuery(q: string): string {
  const v = q.replace(/[\t\r\n]/g, "");
  const bad = /%[^0-9A-Fa-f][^0-9A-Fa-f]/.exec(v);
  if (bad) throw new InvalidURIError(`invalid percent escape: ${bad[0]}`);
  return v.replace(/[^!$-&(-;=?-_a-~]/g, percentEncode);
}

function formatUri(u: Uri): string {
  let out = "";
  if (u.scheme !== undefined) out += `${u.scheme}:`;
  if (u.host !== undefined) {
    out += "//";
    if (u.userinfo !== undefined) out += `${u.userinfo}@`;
    out += u.host;
    const def = u.scheme !== undefined ? DEFAULT_PORTS[u.scheme.toLowerCase()] : undefined;
    if (u.port !== undefined && u.port !== def) out += `:${u.port}`;
  }
  out += u.path;
  if (u.query !== undefined) out += `?${u.query}`;
  if (u.fragment !== undefined) out += `#${u.fragment}`;
  return out;
}

const relativePath = (p: string | undefined) => !!p && p[0] !== "/";

// ---------------------------------------------------------------- query parameters (Rack's parse_nested_query, Hash#to_query)

function unescapeForm(s: string): string {
  const plus = s.replace(/\+/g, " ");
  try {
    return decodeURIComponent(plus);
  } catch {
    return plus;
  }
}

/** `Rack::Utils.parse_nested_query(qs, "&;")`, enough of it for `a=1`, `a[]=1`, `a[b]=1`. */
export function parseNestedQuery(qs: string): Params {
  const out: Params = Object.create(null);
  for (const pair of qs.split(/[&;] */)) {
    if (pair === "") continue;
    const eq = pair.indexOf("=");
    const key = unescapeForm(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? null : unescapeForm(pair.slice(eq + 1));
    if (key === "") continue;
    const m = /^([^[\]]+)((?:\[[^\]]*\])*)$/.exec(key);
    if (!m) { out[key] = value; continue; }
    const path = [m[1]!, ...[...m[2]!.matchAll(/\[([^\]]*)\]/g)].map((x) => x[1]!)];
    let target: Params = out;
    for (let i = 0; i < path.length; i++) {
      const k = path[i]!;
      const last = i === path.length - 1;
      const nextIsArray = !last && path[i + 1] === "";
      if (last) {
        if (k === "") break;
        target[k] = value;
      } else if (nextIsArray && i + 1 === path.length - 1) {
        const arr = Array.isArray(target[k]) ? (target[k] as unknown[]) : (target[k] = []) as unknown[];
        arr.push(value);
        break;
      } else {
        const child = target[k];
        target = (child && typeof child === "object" && !Array.isArray(child) ? child : (target[k] = Object.create(null))) as Params;
        if (nextIsArray) break;
      }
    }
  }
  return out;
}

/** ActiveSupport's `to_query`: sorted `key=value` pairs, `key[]=` for arrays, `key[sub]=` for hashes; nil values dropped at the top. */
export function toQuery(value: unknown, namespace?: string): string {
  if (Array.isArray(value)) {
    const prefix = `${namespace}[]`;
    if (value.length === 0) return `${cgiEscape(prefix)}=`;
    return value.map((v) => toQuery(v, prefix)).join("&");
  }
  if (value && typeof value === "object") {
    const parts: string[] = [];
    for (const [k, v] of Object.entries(value as Params)) {
      if (namespace === undefined && v == null) continue;
      const q = toQuery(v, namespace !== undefined ? `${namespace}[${k}]` : k);
      if (q !== "") parts.push(q);
    }
    return parts.sort().join("&");
  }
  return `${cgiEscape(namespace)}=${cgiEscape(value)}`;
}

// ---------------------------------------------------------------- url_for (ActionDispatch::Http::URL)

const IP_HOST = /\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
const HOST_PARTS = /(^[^:]+:\/\/)?(\[[^\]]+\]|[^:]+)(?::(\d+$))?/;

function splitDots(host: string): string[] {
  const parts = host.split(".");
  while (parts.length > 0 && parts[parts.length - 1] === "") parts.pop();
  return parts;
}

function urlFor(o: Params): string {
  let protocol = o.protocol as string | false | null | undefined;
  let host = rubyString(o.host);
  let port = o.port as number | string | null | undefined;
  const m = HOST_PARTS.exec(host);
  if (m) {
    if (protocol == null && m[1] !== undefined) protocol = m[1];
    host = m[2]!;
  }
  const proto =
    protocol == null ? "http://"
    : protocol === false || protocol === "//" ? "//"
    : /^([^:]+)(:)?(\/\/)?$/.test(String(protocol)) ? `${/^([^:]+)/.exec(String(protocol))![1]}://`
    : "http://";
  let result = proto;
  if (o.user && o.password) result += `${escapeForm(o.user)}:${escapeForm(o.password)}@`;
  result += normalizeHost(host, o);
  if (port != null && port !== "") {
    const n = Number(port);
    if (proto === "//" || (proto === "https://" ? n !== 443 : n !== 80)) result += `:${port}`;
  }
  let path = rubyString(o.script_name).replace(/\/$/, "");
  if (Object.hasOwn(o, "path")) path += rubyString(o.path);
  if (o.params && typeof o.params === "object") {
    const query = toQuery(o.params);
    if (query !== "") path += `?${query}`;
  }
  if (o.anchor != null) path += `#${escapeFragment(o.anchor)}`;
  return result + path;
}

function normalizeHost(host: string, o: Params): string {
  if (IP_HOST.test(host)) return host;
  const subdomain = Object.hasOwn(o, "subdomain") ? o.subdomain : true;
  const domain = o.domain as string | null | undefined;
  let out = "";
  if (subdomain === true) {
    if (domain == null) return host;
    out += splitDots(host).slice(0, -2).join(".");
  } else if (subdomain != null && subdomain !== false) {
    out += String(subdomain);
  }
  if (out !== "") out += ".";
  return out + (domain ?? splitDots(host).slice(-2).join("."));
}

// ---------------------------------------------------------------- serve

/** What a redirect callback sees of the request. */
export function redirectRequest(ctx: RequestContext, params: Params): RedirectRequest {
  return {
    method: ctx.method,
    path: ctx.path,
    host: ctx.host,
    subdomain: ctx.subdomain,
    protocol: ctx.protocol,
    port: ctx.port,
    query: ctx.query,
    params: ctx.parameters(params),
    headers: ctx.headers,
  };
}

/** `Redirect#serve`: the status and `Location` for a request that matched a redirect route. */
export function serveRedirect(redirect: Redirect, params: Params, ctx: RequestContext): RedirectResponse {
  const target = redirect.target;
  let location: string;
  if (target.kind === "options") {
    const options = { ...target.options } as Params;
    delete options.status;
    const o: Params = {
      protocol: ctx.protocol,
      host: ctx.host,
      port: ctx.optionalPort,
      path: ctx.path,
      params: parseNestedQuery(ctx.query),
      ...options,
    };
    const path = rubyString(o.path);
    o.path = Object.keys(params).length > 0 && INTERPOLATION.test(path) ? interpolate(path, params, escapePath) : path;
    if (!options.host && !options.domain) {
      if (relativePath(o.path as string)) {
        o.path = `/${o.path}`;
        o.script_name = "";
      } else if (o.path === "") {
        o.path = "/";
        o.script_name = "";
      }
    }
    location = urlFor(o);
  } else if (target.kind === "path") location = pathRedirectLocation(target.path, params);
  else location = rubyString((target.callback as (p: Params, r: RedirectRequest) => unknown)({ ...params }, redirectRequest(ctx, params)));

  const uri = parseUri(location);
  if (uri.host === undefined) {
    if (relativePath(uri.path)) uri.path = `/${uri.path}`;
    else if (uri.path === "") uri.path = "/";
  }
  uri.scheme ??= ctx.protocol.slice(0, -3);
  uri.host ??= ctx.host;
  if (uri.port === undefined && ctx.port !== ctx.standardPort) uri.port = ctx.port;
  return { status: redirect.status, location: formatUri(uri) };
}
