import type { RequestConstraint, RequestInfo } from "../table/route.js";
import { parseNestedQuery } from "./redirect.js";

/**
 * What a caller may tell `recognize` about the request, for request constraints (`subdomain:`,
 * `host:`, lambdas, `matches` objects) and redirect locations. Every field is optional; the host
 * defaults to `example.com` (the host the conformance fixtures were recorded with).
 */
export interface RecognizeRequest {
  /** `example.com` or `example.com:8080` (a port here sets `port`). */
  host?: string;
  /** Overrides the subdomain computed from `host` (Rails' `tld_length` 1). */
  subdomain?: string;
  /** Overrides the domain computed from `host`. */
  domain?: string;
  /** `http`, `https`, `https:` or `https://`. */
  protocol?: string;
  port?: number | string | null;
  ip?: string;
  /** Header names are matched case-insensitively. */
  headers?: Record<string, string>;
  /** Request (query/body) parameters; constraints see them merged with the path parameters. */
  params?: Record<string, unknown>;
  /** Any other attribute a hash constraint names (`user_agent`, `format`, ...). */
  [attribute: string]: unknown;
}

export const DEFAULT_HOST = "example.com";

// Rails' IP_HOST_REGEXP (`\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$`, unanchored at the start).
const IP_HOST = /\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** `ActionDispatch::Http::URL.extract_subdomains(host, 1)`. */
export function subdomainsOf(host: string): string[] {
  if (IP_HOST.test(host)) return [];
  return rubySplit(host, ".").slice(0, -2);
}

/** `ActionDispatch::Http::URL.extract_domain(host, 1)`. */
export function domainOf(host: string): string | null {
  if (IP_HOST.test(host)) return null;
  return rubySplit(host, ".").slice(-2).join(".");
}

/** Ruby's `String#split(sep)`: trailing empty fields are dropped. */
function rubySplit(s: string, sep: string): string[] {
  const parts = s.split(sep);
  while (parts.length > 0 && parts[parts.length - 1] === "") parts.pop();
  return parts;
}

/**
 * The request as constraints and redirects see it (Rails' `ActionDispatch::Request`), derived
 * lazily from the caller's `RecognizeRequest`: created only when a route with request conditions,
 * blocks or a redirect is reached.
 */
export class RequestContext {
  readonly method: string;
  /** The normalized path (`path_info`). */
  readonly path: string;
  readonly query: string;
  readonly host: string;
  readonly port: number;
  readonly protocol: string;
  private readonly given: RecognizeRequest;
  private cachedSubdomain: string | undefined;
  private cachedHeaders: Record<string, string> | undefined;
  private cachedQuery: Record<string, unknown> | undefined;

  constructor(method: string, path: string, query: string, request: RecognizeRequest | undefined) {
    this.method = method;
    this.path = path;
    this.query = query;
    this.given = request ?? {};
    const rawHost = typeof this.given.host === "string" && this.given.host !== "" ? this.given.host : DEFAULT_HOST;
    const m = /:(\d+)$/.exec(rawHost);
    this.host = m ? rawHost.slice(0, m.index) : rawHost;
    this.protocol = normalizeProtocol(this.given.protocol);
    const standard = this.protocol === "https://" ? 443 : 80;
    const givenPort = this.given.port;
    this.port = givenPort != null && givenPort !== "" && Number.isFinite(Number(givenPort)) ? Number(givenPort) : m ? Number(m[1]) : standard;
  }

  get standardPort(): number {
    return this.protocol === "https://" ? 443 : 80;
  }

  /** Rails' `optional_port`: null for the protocol's standard port. */
  get optionalPort(): number | null {
    return this.port === this.standardPort ? null : this.port;
  }

  get subdomain(): string {
    if (this.cachedSubdomain === undefined) {
      this.cachedSubdomain = typeof this.given.subdomain === "string" ? this.given.subdomain : subdomainsOf(this.host).join(".");
    }
    return this.cachedSubdomain;
  }

  get domain(): string | null {
    return typeof this.given.domain === "string" ? this.given.domain : domainOf(this.host);
  }

  /** Header names lower-cased. */
  get headers(): Record<string, string> {
    if (this.cachedHeaders === undefined) {
      const out: Record<string, string> = Object.create(null);
      const h = this.given.headers;
      if (h && typeof h === "object") for (const k of Object.keys(h)) out[k.toLowerCase()] = String(h[k]);
      this.cachedHeaders = out;
    }
    return this.cachedHeaders;
  }

  /** The value `request.send(name)` gives in Rails, for a hash constraint. */
  attribute(name: string): unknown {
    if (Object.hasOwn(this.given, name) && name !== "host" && name !== "port" && name !== "protocol") return this.given[name];
    switch (name) {
      case "host": return this.host;
      case "subdomain": return this.subdomain;
      case "subdomains": return this.subdomain === "" ? [] : this.subdomain.split(".");
      case "domain": return this.domain;
      case "port": return this.port;
      case "protocol": return this.protocol;
      case "scheme": return this.protocol.slice(0, -3);
      case "method":
      case "request_method": return this.method;
      case "path": return this.path;
      case "fullpath":
      case "original_fullpath": return this.query ? `${this.path}?${this.query}` : this.path;
      case "url":
      case "original_url": return `${this.protocol}${this.hostWithPort}${this.query ? `${this.path}?${this.query}` : this.path}`;
      case "host_with_port": return this.hostWithPort;
      case "port_string": return this.port === this.standardPort ? "" : `:${this.port}`;
      case "server_name": return this.host;
      case "query_string": return this.query;
      case "ip":
      case "remote_ip": return typeof this.given.ip === "string" ? this.given.ip : (this.given.remote_ip ?? this.given.ip ?? null);
      case "ssl": return this.protocol === "https://";
      case "headers": return this.headers;
      case "user_agent": return this.headers["user-agent"] ?? null;
      case "referer":
      case "referrer": return this.headers["referer"] ?? null;
      case "authorization": return this.headers["authorization"] ?? null;
      case "content_type": return this.headers["content-type"] ?? null;
      case "media_type": return mediaType(this.headers["content-type"]) || null;
      case "xhr": return /XMLHttpRequest/i.test(this.headers["x-requested-with"] ?? "");
      case "format": return this.format;
      default: return undefined;
    }
  }

  get hostWithPort(): string {
    return this.port === this.standardPort ? this.host : `${this.host}:${this.port}`;
  }

  /** The query string's parameters (Rails' `query_parameters`), parsed on first use. */
  get queryParameters(): Record<string, unknown> {
    return (this.cachedQuery ??= this.query === "" ? Object.create(null) as Record<string, unknown> : parseNestedQuery(this.query));
  }

  /**
   * `request.format` as a hash constraint compares it (`Mime::Type#to_s`): from the `format`
   * query parameter, else a non-browser `Accept` header, else the path's extension, else
   * `text/javascript` for XHR, else `text/html` (`ActionDispatch::Http::MimeNegotiation#formats`).
   * Null where Rails has no registered type (`?format=unknown`).
   */
  get format(): string | null {
    const fromQuery = this.queryParameters.format;
    if (fromQuery != null) return typeof fromQuery === "string" ? MIME_BY_EXTENSION[fromQuery] ?? null : null;
    const xhr = this.attribute("xhr") === true;
    const accept = acceptedFormat(this.headers["accept"], xhr);
    if (accept !== undefined) return accept;
    // XHR without an Accept header: Rails' `accepts` is the Content-Type's type (`content_mime_type`).
    const contentType = xhr ? mediaType(this.headers["content-type"]) : "";
    if (contentType !== "") return MIME_BY_TYPE[contentType] ?? null;
    const ext = /\.(\w+)$/.exec(this.path);
    if (ext && MIME_BY_EXTENSION[ext[1]!] !== undefined) return MIME_BY_EXTENSION[ext[1]!]!;
    return xhr ? "text/javascript" : "text/html";
  }

  /**
   * Rails' `request.params` once a route matched: the caller's (body) parameters, then the query
   * string's, then the route's path parameters. What constraints and redirect callbacks see.
   */
  parameters(pathParams: Record<string, unknown>): Record<string, unknown> {
    const merged: Record<string, unknown> = Object.create(null);
    const extra = this.given.params;
    if (extra && typeof extra === "object") for (const k of Object.keys(extra)) merged[k] = extra[k];
    const query = this.queryParameters;
    for (const k of Object.keys(query)) merged[k] = query[k];
    for (const k of Object.keys(pathParams)) merged[k] = pathParams[k];
    return merged;
  }

  /** The request object lambdas and `matches` constraints receive. */
  info(params: Record<string, unknown>): RequestInfo {
    const merged = this.parameters(params);
    const info: RequestInfo = {
      ...this.given,
      method: this.method,
      path: this.path,
      host: this.host,
      subdomain: this.subdomain,
      domain: this.domain ?? undefined,
      protocol: this.protocol,
      port: this.port,
      headers: this.headers,
      params: merged,
      pathParameters: { ...params },
      query: this.query,
    };
    if (typeof this.given.ip === "string") info.ip = this.given.ip;
    return info;
  }
}

/**
 * A Content-Type's media type, as Rails' `content_mime_type` reads it (`/\A([^,;]*)/`, stripped,
 * downcased); "" without one. (Split on the separator, then trimmed: a regexp split on
 * `\s*[;,]` is quadratic in a run of spaces.)
 */
function mediaType(contentType: string | undefined): string {
  return contentType === undefined ? "" : contentType.split(/[;,]/, 1)[0]!.trim().toLowerCase();
}

// Rails' registered MIME types (action_dispatch/http/mime_types.rb): by extension, and by type
// string or synonym.
const MIME_TYPES: ReadonlyArray<readonly [string, string, readonly string[], readonly string[]]> = [
  ["text/html", "html", ["application/xhtml+xml"], ["xhtml"]],
  ["text/plain", "text", [], ["txt"]],
  ["text/javascript", "js", ["application/javascript", "application/x-javascript"], []],
  ["text/css", "css", [], []],
  ["text/calendar", "ics", [], []],
  ["text/csv", "csv", [], []],
  ["text/vcard", "vcf", [], []],
  ["text/vtt", "vtt", [], []],
  ["image/png", "png", [], []],
  ["image/jpeg", "jpeg", [], ["jpg", "jpe", "pjpeg"]],
  ["image/gif", "gif", [], []],
  ["image/bmp", "bmp", [], []],
  ["image/tiff", "tiff", [], ["tif"]],
  ["image/svg+xml", "svg", [], []],
  ["video/mpeg", "mpeg", [], ["mpg", "mpe"]],
  ["audio/mpeg", "mp3", [], ["mp1", "mp2"]],
  ["audio/ogg", "ogg", [], ["oga", "spx", "opus"]],
  ["audio/aac", "m4a", ["audio/mp4"], ["mpg4", "aac"]],
  ["video/webm", "webm", [], []],
  ["video/mp4", "mp4", [], ["m4v"]],
  ["font/otf", "otf", [], []],
  ["font/ttf", "ttf", [], []],
  ["font/woff", "woff", [], []],
  ["font/woff2", "woff2", [], []],
  ["application/xml", "xml", ["text/xml", "application/x-xml"], []],
  ["application/rss+xml", "rss", [], []],
  ["application/atom+xml", "atom", [], []],
  ["application/x-yaml", "yaml", ["text/yaml"], ["yml"]],
  ["multipart/form-data", "multipart_form", [], []],
  ["application/x-www-form-urlencoded", "url_encoded_form", [], []],
  ["application/json", "json", ["text/x-json", "application/jsonrequest"], []],
  ["application/pdf", "pdf", [], []],
  ["application/zip", "zip", [], []],
  ["application/gzip", "gzip", ["application/x-gzip"], ["gz"]],
];
const MIME_BY_EXTENSION: Readonly<Record<string, string>> = Object.assign(Object.create(null), Object.fromEntries(
  MIME_TYPES.flatMap(([type, ext, , exts]) => [ext, ...exts].map((e) => [e, type] as const))));
const MIME_BY_TYPE: Readonly<Record<string, string>> = Object.assign(Object.create(null), Object.fromEntries(
  MIME_TYPES.flatMap(([type, , synonyms]) => [type, ...synonyms].map((t) => [t, type] as const))));

// Mime::Type::BROWSER_LIKE_ACCEPTS.
const BROWSER_LIKE_ACCEPTS = /,\s*\*\/\*|\*\/\*\s*,/;

/**
 * The format an `Accept` header gives (`valid_accept_header` and `Mime::Type.parse`, simplified: a
 * list is ordered by `q` alone, and `type/*` is not expanded), or undefined where Rails would not
 * use the header. A registered type or `*\/*`; null where no entry is registered.
 */
function acceptedFormat(accept: string | undefined, xhr: boolean): string | null | undefined {
  if (accept === undefined || !/\S/.test(accept)) return undefined;
  if (!xhr && BROWSER_LIKE_ACCEPTS.test(accept)) return undefined;
  const items = accept.split(",").map((item, i) => {
    const [type = "", ...rest] = item.split(";");
    const q = rest.map((p) => /^q=([\d.]+)$/.exec(p.trim())).find((m) => m !== null);
    return { type: type.trim(), q: q ? Number(q[1]) : 1, i };
  }).filter((x) => x.type !== "");
  items.sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { type } of items) {
    if (type === "*/*") return type;
    const known = MIME_BY_TYPE[type];
    if (known !== undefined) return known;
  }
  return null;
}

function normalizeProtocol(p: unknown): string {
  if (typeof p !== "string" || p === "") return "http://";
  const m = /^([^:]+)(:)?(\/\/)?$/.exec(p);
  return m ? `${m[1]}://` : "http://";
}

/** Ruby's `present?` for the values a request attribute can hold. */
function present(v: unknown): boolean {
  if (v === null || v === undefined || v === false) return false;
  if (typeof v === "string") return /\S/.test(v);
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === "object") return Object.keys(v as object).length > 0;
  return true;
}

/**
 * `Journey::Route#matches?` for the request conditions: Regexp/String via `===` on the attribute's
 * string form (a RegExp is unanchored, as Ruby's `===`), Array membership, `true`/`false` for
 * presence/blankness, a function called with the attribute (Ruby's `Proc#===`), else equality.
 */
export function conditionsMatch(conditions: ReadonlyArray<readonly [string, unknown]>, ctx: RequestContext): boolean {
  for (let i = 0; i < conditions.length; i++) {
    const [name, expected] = conditions[i]!;
    const actual = ctx.attribute(name);
    if (expected instanceof RegExp) {
      expected.lastIndex = 0;
      if (!expected.test(actual == null ? "" : String(actual))) return false;
    } else if (typeof expected === "string") {
      if (expected !== (actual == null ? "" : String(actual))) return false;
    } else if (Array.isArray(expected)) {
      if (!expected.some((e) => e === actual || (e != null && actual != null && String(e) === String(actual) && typeof e === typeof actual))) return false;
    } else if (expected === true) {
      if (!present(actual)) return false;
    } else if (expected === false) {
      if (present(actual)) return false;
    } else if (typeof expected === "function") {
      if (!(expected as (v: unknown) => unknown)(actual)) return false;
    } else if (expected !== actual && !(typeof expected === "number" && Number(actual) === expected)) {
      return false;
    }
  }
  return true;
}

/**
 * `Mapper::Constraints#matches?`: every block passes. An object with `matches` is asked first; a
 * function is called by arity as Rails does: 0 → `()`, 1 → `(req)`, 2+ → `(params, req)`.
 */
export function blocksMatch(blocks: readonly RequestConstraint[], params: Record<string, unknown>, ctx: RequestContext): boolean {
  const req = ctx.info(params);
  for (const block of blocks) {
    const b = block as unknown as { matches?: unknown; call?: unknown; length?: number };
    if (typeof b.matches === "function") {
      if ((b.matches as (r: RequestInfo) => unknown).call(block, req)) continue;
    }
    if (typeof block === "function") {
      const fn = block as (...args: unknown[]) => unknown;
      const ok = fn.length < 1 ? fn() : fn.length === 1 ? fn(req) : fn({ ...params }, req);
      if (ok) continue;
    }
    return false;
  }
  return true;
}
