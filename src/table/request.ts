/**
 * The request, as Rails' `ActionDispatch::Request` shows it to routing: one description for what a
 * caller tells `recognize` (`RecognizeRequest`: any part of it) and what request constraints and
 * redirect callbacks receive (`RequestInfo`: every part, as recognition read it).
 */

/** The request a lambda or `matches` constraint and a redirect callback see (docs/contract.md §1). */
export interface RequestInfo {
  method: string;
  /** The normalized path (`path_info`). */
  path: string;
  /** The raw query string, without `?`. */
  query: string;
  /** `example.com`. A caller may give `example.com:8080`: the port sets `port`; the default is `example.com`. */
  host: string;
  /** Computed from `host` (Rails' `tld_length` 1) unless a caller gives it. */
  subdomain: string;
  /** Computed from `host` unless a caller gives it. */
  domain?: string;
  /** `http://` or `https://`. A caller may give `http`, `https`, `https:` or `https://`. */
  protocol: string;
  /** The port; a caller may give it as a string. */
  port: number | null;
  /** Where the application is mounted (Rack's `SCRIPT_NAME`, e.g. `/blog`); redirects made relative to the request keep it. */
  scriptName?: string;
  ip?: string;
  /** Header names are matched case-insensitively. */
  headers: Record<string, string>;
  /**
   * Rails' `request.params`: the caller's parameters (query/body), then the query string's, then
   * the path's (values may nest). What a caller gives here is only its own.
   */
  params: Record<string, unknown>;
  /** The route's path parameters alone. */
  pathParameters?: Record<string, unknown>;
  /** Any other attribute a hash constraint names (`user_agent`, `format`, ...). */
  [attribute: string]: unknown;
}

/**
 * What a caller may tell `recognize` about the request, for request constraints (`subdomain:`,
 * `host:`, lambdas, `matches` objects), redirect locations and mounts: any field of
 * {@link RequestInfo}, the port as a number or a string.
 */
export type RecognizeRequest = { [K in keyof RequestInfo as K extends "port" ? never : K]?: RequestInfo[K] } & {
  port?: number | string | null;
};

/** @deprecated What a redirect callback sees is the request constraints see: use {@link RequestInfo}. */
export type RedirectRequest = RequestInfo;
