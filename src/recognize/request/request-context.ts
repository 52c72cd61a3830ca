import type { RecognizeRequest, RequestInfo } from "../../table/request.js";
import { domainOf, splitHostHeader, subdomainsOf } from "../../uri/host.js";
import { acceptedFormat, isXhr, MIME_BY_EXTENSION, MIME_BY_TYPE, mediaType } from "../../uri/mime.js";
import { parseNestedQuery } from "../../uri/query.js";
import { protocolPrefix } from "../../uri/url.js";

const DEFAULT_HOST = "example.com";

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
  /** Where the application is mounted (`SCRIPT_NAME`): "" at the root. */
  readonly scriptName: string;
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
    const { host, port } = splitHostHeader(rawHost);
    this.host = host;
    this.protocol = requestProtocol(this.given.protocol);
    const standard = this.protocol === "https://" ? 443 : 80;
    const givenPort = this.given.port;
    this.port =
      givenPort != null && givenPort !== "" && Number.isFinite(Number(givenPort))
        ? Number(givenPort)
        : (port ?? standard);
    this.scriptName = typeof this.given.scriptName === "string" ? this.given.scriptName : "";
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
      this.cachedSubdomain =
        typeof this.given.subdomain === "string" ? this.given.subdomain : subdomainsOf(this.host).join(".");
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
    if (Object.hasOwn(this.given, name) && name !== "host" && name !== "port" && name !== "protocol")
      return this.given[name];
    switch (name) {
      case "host":
        return this.host;
      case "subdomain":
        return this.subdomain;
      case "subdomains":
        return this.subdomain === "" ? [] : this.subdomain.split(".");
      case "domain":
        return this.domain;
      case "port":
        return this.port;
      case "protocol":
        return this.protocol;
      case "scheme":
        return this.protocol.slice(0, -3);
      case "method":
      case "request_method":
        return this.method;
      case "path":
        return this.path;
      case "fullpath":
      case "original_fullpath":
        return this.query ? `${this.path}?${this.query}` : this.path;
      case "url":
      case "original_url":
        return `${this.protocol}${this.hostWithPort}${this.query ? `${this.path}?${this.query}` : this.path}`;
      case "host_with_port":
        return this.hostWithPort;
      case "port_string":
        return this.port === this.standardPort ? "" : `:${this.port}`;
      case "server_name":
        return this.host;
      case "query_string":
        return this.query;
      case "ip":
      case "remote_ip":
        return typeof this.given.ip === "string" ? this.given.ip : (this.given.remote_ip ?? this.given.ip ?? null);
      case "ssl":
        return this.protocol === "https://";
      case "headers":
        return this.headers;
      case "user_agent":
        return this.headers["user-agent"] ?? null;
      case "referer":
      case "referrer":
        return this.headers["referer"] ?? null;
      case "authorization":
        return this.headers["authorization"] ?? null;
      case "content_type":
        return this.headers["content-type"] ?? null;
      case "media_type":
        return mediaType(this.headers["content-type"]) || null;
      case "xhr":
        return isXhr(this.headers["x-requested-with"]);
      case "format":
        return this.format;
      default:
        return undefined;
    }
  }

  get hostWithPort(): string {
    return this.port === this.standardPort ? this.host : `${this.host}:${this.port}`;
  }

  /** The query string's parameters (Rails' `query_parameters`), parsed on first use; pairs Rack would refuse are skipped. */
  get queryParameters(): Record<string, unknown> {
    return (this.cachedQuery ??= parseNestedQuery(this.query));
  }

  /**
   * `request.format` as a hash constraint compares it (`Mime::Type#to_s`): from the `format`
   * query parameter, else a non-browser `Accept` header, else the path's extension, else
   * `text/javascript` for XHR, else `text/html` (`ActionDispatch::Http::MimeNegotiation#formats`).
   * Null where Rails has no registered type (`?format=unknown`).
   */
  get format(): string | null {
    const fromQuery = this.queryParameters.format;
    if (fromQuery != null) return typeof fromQuery === "string" ? (MIME_BY_EXTENSION[fromQuery] ?? null) : null;
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

/** The request's protocol as Rails' `request.protocol` gives it (`https://`); anything unreadable is `http://`. */
function requestProtocol(p: unknown): string {
  if (typeof p !== "string" || p === "") return "http://";
  return protocolPrefix(p) ?? "http://";
}
