/**
 * `ActionDispatch::Http::URL.url_for` / `full_url_for` / `path_for`: a generated path plus the
 * URL options (host, protocol, port, subdomain, domain, tld_length, user/password, script_name,
 * trailing_slash, params, anchor) to the final string. Options are a Map of Rails' option names
 * (snake_case) in an internal dictionary (`values.ts` `dict()`), where no key is special.
 */
import { ArgumentError } from "../errors.js";
import { escapeFragment, wwwFormEscape } from "./escape.js";
import { paramString, queryString, rubyInspect } from "./values.js";

export type Dict = Record<string, unknown>;

const HOST_REGEXP = /(^[^:]+:\/\/)?(\[[^\]]+\]|[^:]+)(?::(\d+$))?/m;
const PROTOCOL_REGEXP = /^([^:]+)(:)?(\/\/)?$/m;
const IP_HOST_REGEXP = /\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/m;

export const MISSING_HOST =
  "Missing host to link to! Please provide the :host parameter, set default_url_options[:host], or set :only_path to true";

/** Ruby truthiness: everything but nil and false. */
export function truthy(v: unknown): boolean {
  return v !== null && v !== undefined && v !== false;
}

/** `url_for`: a path when `only_path`, else a full URL. */
export function urlFor(options: Dict): string {
  return truthy(options.only_path) ? pathFor(options) : fullUrlFor(options);
}

export function fullUrlFor(options: Dict): string {
  const host = options.host;
  if (!truthy(host)) throw new ArgumentError(MISSING_HOST);
  return buildHostUrl(String(host), options.port, options.protocol, options, pathFor(options));
}

export function pathFor(options: Dict): string {
  const scriptName = options.script_name;
  let path = chompSlash(scriptName == null ? "" : String(scriptName));
  const p = options.path;
  if (p != null) path += String(p);
  if (truthy(options.trailing_slash)) path = addTrailingSlash(path);
  if (("params" in options)) {
    const query = queryString(options.params);
    if (query !== "") path += "?" + query;
  }
  const anchor = options.anchor;
  if (truthy(anchor)) path += "#" + escapeFragment(paramString(anchor));
  return path;
}

function chompSlash(s: string): string {
  return s.endsWith("/") ? s.slice(0, -1) : s;
}

function addTrailingSlash(path: string): string {
  const q = path.indexOf("?");
  if (q >= 0) return path.slice(0, q) + "/" + path.slice(q);
  if (path.includes(".")) return path;
  return path === "" || !path.endsWith("/") ? path + "/" : path;
}

function buildHostUrl(host: string, port: unknown, protocol: unknown, options: Dict, path: string): string {
  const match = HOST_REGEXP.exec(host);
  if (match) {
    if (protocol !== false && !truthy(protocol)) protocol = match[1] ?? protocol;
    host = match[2]!;
    if (!("port" in options)) port = match[3];
  }
  const proto = normalizeProtocol(protocol);
  let result = proto;
  const user = options.user, password = options.password;
  if (truthy(user) && truthy(password)) {
    result += wwwFormEscape(paramString(user)) + ":" + wwwFormEscape(paramString(password)) + "@";
  }
  result += normalizeHost(host, options);
  if (truthy(port)) {
    const n = toI(port);
    if (proto === "//" || (proto === "https://" ? n !== 443 : n !== 80)) result += ":" + paramString(port);
  }
  return result + path;
}

/** Ruby's `to_i`: leading digits (after an optional sign), else 0. */
function toI(v: unknown): number {
  if (typeof v === "number") return Math.trunc(v);
  const m = /^\s*([+-]?\d+)/.exec(String(v));
  return m ? Number(m[1]) : 0;
}

function normalizeProtocol(protocol: unknown): string {
  if (protocol === null || protocol === undefined) return "http://";
  if (protocol === false || protocol === "//") return "//";
  if (typeof protocol === "string") {
    const m = PROTOCOL_REGEXP.exec(protocol);
    if (m) return `${m[1]}://`;
  }
  throw new ArgumentError(`Invalid :protocol option: ${rubyInspect(protocol)}`);
}

function namedHost(host: string): boolean {
  return !IP_HOST_REGEXP.test(host);
}

function splitHost(host: string): string[] {
  const parts = host.split(".");
  while (parts.length > 0 && parts[parts.length - 1] === "") parts.pop();
  return parts;
}

function normalizeHost(host: string, options: Dict): string {
  if (!namedHost(host)) return host;
  const tldOption = options.tld_length;
  const tld = truthy(tldOption) ? toI(tldOption) : 1;
  const subdomain = ("subdomain" in options) ? options.subdomain : true;
  const domain = options.domain;
  let out = "";
  if (subdomain === true) {
    if (domain === null || domain === undefined) return host;
    const parts = splitHost(host);
    out += parts.slice(0, Math.max(0, parts.length - (tld + 1))).join(".");
  } else if (truthy(subdomain)) {
    out += paramString(subdomain);
  }
  if (out !== "") out += ".";
  if (truthy(domain)) out += String(domain);
  else {
    const parts = splitHost(host);
    out += parts.slice(Math.max(0, parts.length - (1 + tld))).join(".");
  }
  return out;
}

/** `CustomUrlHelper` with `only_path`: the path part of a URL (`"/" + url.partition(%r{(?<!/)/(?!/)}).last`). */
export function pathOfUrl(url: string): string {
  const m = /(?<!\/)\/(?!\/)/.exec(url);
  return "/" + (m ? url.slice(m.index + 1) : "");
}
