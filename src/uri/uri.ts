/**
 * URI references as Ruby's `URI` reads and writes them (`URI.parse` with the RFC 3986 parser of
 * Ruby 3.x, `URI::Generic#to_s`): what Rails' `Redirect#serve` does to a location before it
 * answers with it.
 */
import { InvalidURIError } from "../errors.js";
import { rubyString } from "../support/ruby.js";
import { escapeUriQuery } from "./escape.js";

/** A parsed URI reference (`URI::Generic`'s components). */
export interface Uri {
  scheme: string | undefined;
  userinfo: string | undefined;
  host: string | undefined;
  port: number | undefined;
  path: string;
  query: string | undefined;
  fragment: string | undefined;
}

const URI_REFERENCE =
  /^(?:([A-Za-z][A-Za-z0-9+\-.]*):)?(?:\/\/(?:([^@/?#]*)@)?(\[[^\]]*\]|[^:/?#]*)(?::(\d*))?)?([^?#]*)(?:\?([^#]*))?(?:#([\s\S]*))?$/;

/** Ruby's `URI::Generic` default ports, by scheme. */
const DEFAULT_PORTS: Readonly<Record<string, number>> = Object.assign(Object.create(null), {
  http: 80,
  https: 443,
  ftp: 21,
  ws: 80,
  wss: 443,
});

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
const RFC3986_RELATIVE = new RegExp(
  `^(?://${AUTHORITY}(?:/${SEG}*)*|/(?:${SEG}+(?:/${SEG}*)*)?|${SEG_NC}+(?:/${SEG}*)*|)${TAIL}`,
);

/** `URI.parse`'s checks: non-ASCII text (message: `dump`) or anything its RFC 3986 grammar rejects (message: `inspect`) raises InvalidURIError. */
function checkUri(s: string): void {
  // eslint-disable-next-line no-control-regex
  if (!/^[\x00-\x7f]*$/.test(s)) throw new InvalidURIError(`URI must be ascii only ${rubyString(s, true)}`);
  if (!RFC3986_URI.test(s) && !RFC3986_RELATIVE.test(s))
    throw new InvalidURIError(`bad URI(is not URI?): ${rubyString(s)}`);
}

/** `URI.parse(s)`: its components, or `InvalidURIError` with Ruby's message. */
export function parseUri(s: string): Uri {
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
  return escapeUriQuery(v);
}

/** `URI::Generic#to_s`. */
export function formatUri(u: Uri): string {
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
