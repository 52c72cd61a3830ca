/**
 * `ActionDispatch::Http::URL.url_for` / `full_url_for` / `path_for`: a path plus the URL options
 * (host, protocol, port, subdomain, domain, tld_length, user/password, script_name,
 * trailing_slash, params, anchor) to the final string. The one implementation behind URL helpers,
 * `url_for`, options redirects and URLs built from a served request.
 */
import { ArgumentError } from "../errors.js";
import { isHash, rubyInspect, truthy } from "../support/ruby.js";
import { escapeFragment, wwwFormEscape } from "./escape.js";
import { hostParts, hostLabels, isNamedHost } from "./host.js";
import { paramString, queryString } from "./query.js";

export type Dict = Record<string, unknown>;

/**
 * A camelCase option name (docs/contract.md §3) as Rails names it; other keys pass unchanged. A switch:
 * 6 ns per key against 11 ns for a Map and 17 ns for a null-prototype lookup table.
 */
export function optionName(key: string): string {
  if (key.length < 8) return key; // shorter than every camelCase option
  switch (key) {
    case "scriptName":
      return "script_name";
    case "trailingSlash":
      return "trailing_slash";
    case "onlyPath":
      return "only_path";
    case "tldLength":
      return "tld_length";
    case "useRoute":
      return "use_route";
    case "routingType":
      return "routing_type";
    case "originalScriptName":
      return "original_script_name";
    case "relativeUrlRoot":
      return "relative_url_root";
    default:
      return key;
  }
}

/** What a helper makes: `_path` (only the path) or `_url` (a full URL unless `only_path`); Rails calls it the url strategy. */
export type UrlKind = "path" | "url";

/**
 * `ActionDispatch::Http::URL::PROTOCOL_REGEXP`, `/^([^:]+)(:)?(\/\/)?$/`. In Ruby `^` and `$` are
 * always line anchors, and only `\n` ends a line; JS's `m` flag also ends lines at `\r`, U+2028
 * and U+2029 (so `"a:\r"` would match, where Rails raises), hence the lookarounds.
 */
const PROTOCOL_REGEXP = /(?<=^|\n)([^:]+)(:)?(\/\/)?(?=\n|$)/;

/** A protocol (`"https"`, `"https:"`, `"https://"`) as Rails writes it, `"https://"`; null where Rails' `PROTOCOL_REGEXP` does not match. */
export function protocolPrefix(protocol: string): string | null {
  const m = PROTOCOL_REGEXP.exec(protocol);
  return m === null ? null : `${m[1]}://`;
}

const MISSING_HOST =
  "Missing host to link to! Please provide the :host parameter, set default_url_options[:host], or set :only_path to true";

/**
 * The URL half of one generation's options — Rails' `RESERVED_OPTIONS` plus the credentials —
 * split from the path options once. A class of fixed shape: every read below is a monomorphic
 * field load, where the dictionary it replaces made each one a megamorphic keyed load.
 */
export class UrlSettings {
  declare host: unknown;
  declare protocol: unknown;
  declare port: unknown;
  /** `options.key?(:port)`: an explicit nil port still overrides the host's own. */
  declare hasPort: boolean;
  declare subdomain: unknown;
  /** `options.key?(:subdomain)`: an explicit nil subdomain drops the host's. */
  declare hasSubdomain: boolean;
  declare domain: unknown;
  declare tldLength: unknown;
  declare user: unknown;
  declare password: unknown;
  declare scriptName: unknown;
  declare relativeUrlRoot: unknown;
  /** Prefixed to the script name (Rails: `original_script_name + script_name`), as a mounted app's URL helpers pass it. */
  declare originalScriptName: unknown;
  declare trailingSlash: unknown;
  declare anchor: unknown;
  declare onlyPath: unknown;
  declare params: unknown;
  /** `options.key?(:params)`. */
  declare hasParams: boolean;

  // Fields are `declare`d and assigned here: field definitions (initialized or not) run as a
  // separate initializer function per construction.
  constructor() {
    this.host = undefined;
    this.protocol = undefined;
    this.port = undefined;
    this.hasPort = false;
    this.subdomain = undefined;
    this.hasSubdomain = false;
    this.domain = undefined;
    this.tldLength = undefined;
    this.user = undefined;
    this.password = undefined;
    this.scriptName = undefined;
    this.relativeUrlRoot = undefined;
    this.originalScriptName = undefined;
    this.trailingSlash = undefined;
    this.anchor = undefined;
    this.onlyPath = undefined;
    this.params = undefined;
    this.hasParams = false;
  }

  copy(): UrlSettings {
    const c = new UrlSettings();
    c.host = this.host;
    c.protocol = this.protocol;
    c.port = this.port;
    c.hasPort = this.hasPort;
    c.subdomain = this.subdomain;
    c.hasSubdomain = this.hasSubdomain;
    c.domain = this.domain;
    c.tldLength = this.tldLength;
    c.user = this.user;
    c.password = this.password;
    c.scriptName = this.scriptName;
    c.relativeUrlRoot = this.relativeUrlRoot;
    c.originalScriptName = this.originalScriptName;
    c.trailingSlash = this.trailingSlash;
    c.anchor = this.anchor;
    c.onlyPath = this.onlyPath;
    c.params = this.params;
    c.hasParams = this.hasParams;
    return c;
  }

  /** Sets one option by its Rails name (`RESERVED_OPTIONS`); false when `key` is not one (see `isUrlOption`). */
  set(key: string, value: unknown): boolean {
    switch (key) {
      case "host":
        this.host = value;
        return true;
      case "protocol":
        this.protocol = value;
        return true;
      case "port":
        this.port = value;
        this.hasPort = true;
        return true;
      case "subdomain":
        this.subdomain = value;
        this.hasSubdomain = true;
        return true;
      case "domain":
        this.domain = value;
        return true;
      case "tld_length":
        this.tldLength = value;
        return true;
      case "trailing_slash":
        this.trailingSlash = value;
        return true;
      case "anchor":
        this.anchor = value;
        return true;
      case "params":
        this.params = value;
        this.hasParams = true;
        return true;
      case "only_path":
        this.onlyPath = value;
        return true;
      case "script_name":
        this.scriptName = value;
        return true;
      case "relative_url_root":
        this.relativeUrlRoot = value;
        return true;
      case "original_script_name":
        this.originalScriptName = value;
        return true;
      default:
        return false;
    }
  }
}

const PROBE = new UrlSettings();

/** Whether `key` (a Rails name) is one of the URL options `UrlSettings#set` takes: one list for both. */
export function isUrlOption(key: string): boolean {
  return PROBE.set(key, undefined);
}

/**
 * `RouteSet#url_for`'s last step: `path_for` for `_path` helpers, else `ActionDispatch::Http::URL.url_for`
 * (a path when `only_path`, else a full URL). `query` is the rendered `params`, without the `?`.
 */
export function renderUrl(options: UrlSettings, path: string, query: string, kind: UrlKind): string {
  if (kind === "path" || truthy(options.onlyPath)) return pathFor(options, path, query);
  const host = options.host;
  if (!truthy(host)) throw new ArgumentError(MISSING_HOST);
  return buildHostUrl(String(host), options, pathFor(options, path, query));
}

/**
 * `ActionDispatch::Http::URL.url_for(options)` for an options Hash (Rails' snake_case keys or
 * their camelCase forms): `path`, `params` (a Hash, rendered as `add_params` does; anything else
 * as `params=`) and the URL options. What options redirects and URLs built from a request use.
 */
export function urlFor(hash: Readonly<Record<string, unknown>>): string {
  const options = new UrlSettings();
  let path = "",
    query = "";
  for (const key of Object.keys(hash)) {
    const k = optionName(key),
      v = hash[key];
    if (k === "path") path = v === null || v === undefined ? "" : String(v);
    else if (k === "params") query = queryString(isHash(v) ? v : { params: v });
    else if (k === "user") options.user = v;
    else if (k === "password") options.password = v;
    else options.set(k, v);
  }
  return renderUrl(options, path, query, "url");
}

function pathFor(options: UrlSettings, generated: string, query: string): string {
  const sn = options.scriptName,
    root = options.relativeUrlRoot;
  let scriptName = truthy(sn) ? sn : truthy(root) ? root : "";
  const original = options.originalScriptName;
  if (truthy(original)) scriptName = String(original) + String(scriptName);
  let path = scriptName === "" ? generated : chompSlash(String(scriptName)) + generated;
  if (truthy(options.trailingSlash)) path = addTrailingSlash(path);
  if (query !== "") path += "?" + query;
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

/**
 * A host with no `:` and no `[` is all host: `HOST_REGEXP` would match it whole, with no
 * protocol or port. (A loop: two `indexOf` calls cost 180 instructions for "example.com".)
 */
function plainHost(host: string): boolean {
  const n = host.length;
  for (let i = 0; i < n; i++) {
    const c = host.charCodeAt(i);
    if (c === 58 /* : */ || c === 91 /* [ */) return false;
  }
  return n > 0;
}

// The last plain host with its URL prefix ("http://" + host), for the common call: no protocol,
// port, credentials, subdomain or domain options. Apps link to one or two hosts, and working the
// prefix out again (the host scan, the protocol, subdomain and port rules) cost ~900 instructions.
// Pure by key: with those options absent, the prefix is a function of the host alone.
let lastHost: string | null = null,
  lastPrefix = "";

function buildHostUrl(host: string, options: UrlSettings, path: string): string {
  let protocol = options.protocol,
    port = options.port;
  const simple =
    (protocol === null || protocol === undefined) &&
    !options.hasPort &&
    !options.hasSubdomain &&
    (options.domain === null || options.domain === undefined) &&
    !(truthy(options.user) && truthy(options.password));
  if (simple && host === lastHost) return lastPrefix + path;
  const plain = plainHost(host);
  const match = plain ? null : hostParts(host);
  if (match !== null) {
    if (protocol !== false && !truthy(protocol)) protocol = match.protocol ?? protocol;
    host = match.host;
    if (!options.hasPort) port = match.port;
  }
  const proto = normalizeProtocol(protocol);
  let result = proto;
  const user = options.user,
    password = options.password;
  if (truthy(user) && truthy(password)) {
    result += wwwFormEscape(paramString(user)) + ":" + wwwFormEscape(paramString(password)) + "@";
  }
  result += normalizeHost(host, options);
  if (truthy(port)) {
    const n = toI(port);
    if (proto === "//" || (proto === "https://" ? n !== 443 : n !== 80)) result += ":" + paramString(port);
  }
  if (simple && plain) {
    lastHost = host;
    lastPrefix = result;
  }
  return result + path;
}

/** Ruby's `to_i`: leading digits (after an optional sign), else 0. */
function toI(v: unknown): number {
  if (typeof v === "number") return Math.trunc(v);
  const m = /^\s*([+-]?\d+)/.exec(String(v));
  return m ? Number(m[1]) : 0;
}

/** `normalize_protocol`: `"https"`, `"https:"`, `"https://"` -> `"https://"`; nil -> `"http://"`; false or `"//"` -> `"//"`. */
function normalizeProtocol(protocol: unknown): string {
  if (protocol === null || protocol === undefined) return "http://";
  if (protocol === false || protocol === "//") return "//";
  if (typeof protocol === "string") {
    const prefix = protocolPrefix(protocol);
    if (prefix !== null) return prefix;
  }
  throw new ArgumentError(`Invalid :protocol option: ${rubyInspect(protocol)}`);
}

function normalizeHost(host: string, options: UrlSettings): string {
  const subdomain = options.hasSubdomain ? options.subdomain : true;
  const domain = options.domain;
  // Both of Rails' branches give the host unchanged here; skip the IP test.
  if (subdomain === true && (domain === null || domain === undefined)) return host;
  if (!isNamedHost(host)) return host;
  const tldOption = options.tldLength;
  const tld = truthy(tldOption) ? toI(tldOption) : 1;
  let out = "";
  if (subdomain === true) {
    const parts = hostLabels(host);
    out += parts.slice(0, Math.max(0, parts.length - (tld + 1))).join(".");
  } else if (truthy(subdomain)) {
    out += paramString(subdomain);
  }
  if (out !== "") out += ".";
  if (truthy(domain)) out += String(domain);
  else {
    const parts = hostLabels(host);
    out += parts.slice(Math.max(0, parts.length - (1 + tld))).join(".");
  }
  return out;
}

/** `CustomUrlHelper` with `only_path`: the path part of a URL (`"/" + url.partition(%r{(?<!/)/(?!/)}).last`). */
export function pathOfUrl(url: string): string {
  const m = /(?<!\/)\/(?!\/)/.exec(url);
  return "/" + (m ? url.slice(m.index + 1) : "");
}
