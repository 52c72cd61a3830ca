/**
 * The request path as Rails serves it: what Rack hands over as `PATH_INFO` (no query string, no
 * fragment), then `Journey::Router::Utils.normalize_path` (leading slash, `/` runs squeezed, no
 * trailing slash, `%xx` upper-cased), and the unescaping of captured parameters
 * (`Utils.unescape_uri`).
 *
 * Characters a browser would percent-encode (space, non-ASCII, ...) are taken as they come: Rails
 * never sees them raw (Rack answers such a request with `InvalidURIError`), so a caller passes
 * paths as they are on the wire; a raw character matches only itself.
 */

const SLASH = 47;

/**
 * Normalizes a request path. An already-normal path (see `quickNormal`) is returned as is.
 */
export function normalizeRequestPath(path: string): string {
  return quickNormal(path) ? path : slowNormalize(path);
}

/**
 * Whether `path` is certainly normal: it starts with `/` and has no `//`, no trailing `/`, no `%`,
 * `?` or `#`. A few native `indexOf` scans: a per-character JavaScript loop measured 4x slower.
 */
export function quickNormal(path: string): boolean {
  const n = path.length;
  return (
    n > 0 &&
    path.charCodeAt(0) === SLASH &&
    (n === 1 || path.charCodeAt(n - 1) !== SLASH) &&
    path.indexOf("%") < 0 &&
    path.indexOf("?") < 0 &&
    path.indexOf("#") < 0 &&
    path.indexOf("//") < 0
  );
}

function slowNormalize(raw: string): string {
  let end = raw.length;
  for (let i = 0; i < end; i++) {
    const c = raw.charCodeAt(i);
    if (c === 63 || c === 35) {
      end = i;
      break;
    }
  }
  return normalizePath(raw.slice(0, end));
}

/**
 * `Journey::Router::Utils.normalize_path`: leading slash, `/` runs squeezed, no trailing slash,
 * `%xx` upper-cased. The one home of the rule: request paths (above) and route paths
 * (`pattern/normalize.ts`, `Mapper.normalize_path`) both come through here.
 */
export function normalizePath(path: string): string {
  let p = ("/" + path).replace(/\/{2,}/g, "/");
  if (p !== "/") {
    if (p.endsWith("/")) p = p.slice(0, -1);
    p = p.replace(/%[a-f0-9]{2}/g, (m) => m.toUpperCase());
  }
  return p;
}

/** The query string of a raw request path (after `?`, before `#`), or "". */
export function queryOf(raw: string): string {
  const q = raw.indexOf("?");
  if (q < 0) return "";
  const h = raw.indexOf("#", q);
  return h < 0 ? raw.slice(q + 1) : raw.slice(q + 1, h);
}

const hexValue = (c: number): number =>
  c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1;
const isAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * A parameter's bytes read as UTF-8: an invalid sequence becomes U+FFFD, and a leading byte order
 * mark is kept as the character it is (`ignoreBOM`). A Web API, not `Buffer`: the core runs on
 * every runtime.
 */
const UTF8 = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * `Utils.unescape_uri`: every `%` followed by two alphanumerics becomes one byte (Ruby's
 * `String#hex` of the pair: leading hex digits, else 0); `+` stays `+`. The bytes are read as
 * UTF-8; an invalid sequence becomes U+FFFD (Rails returns a binary string there).
 */
export function unescapeParam(raw: string): string {
  let i = raw.indexOf("%");
  if (i < 0) return raw;
  for (let k = 0; k < raw.length; k++) if (raw.charCodeAt(k) > 127) return unescapeWide(raw);
  const n = raw.length;
  const bytes = new Uint8Array(n);
  let len = 0;
  let last = 0;
  while (i >= 0 && i + 2 < n) {
    const a = raw.charCodeAt(i + 1);
    const b = raw.charCodeAt(i + 2);
    if (!isAlnum(a) || !isAlnum(b)) {
      i = raw.indexOf("%", i + 1);
      continue;
    }
    for (let k = last; k < i; k++) bytes[len++] = raw.charCodeAt(k);
    const ha = hexValue(a);
    const hb = hexValue(b);
    const byte = ha < 0 ? 0 : hb < 0 ? ha : ha * 16 + hb;
    bytes[len++] = byte;
    last = i + 3;
    i = raw.indexOf("%", last);
  }
  if (last === 0) return raw;
  for (let k = last; k < n; k++) bytes[len++] = raw.charCodeAt(k);
  return UTF8.decode(bytes.subarray(0, len));
}

/** `unescapeParam` for a value holding characters beyond ASCII: each run between escapes stays as it is. */
function unescapeWide(raw: string): string {
  return raw.replace(/(?:%[A-Za-z0-9]{2})+/g, (run) => {
    const bytes = new Uint8Array(run.length / 3);
    for (let i = 0; i < bytes.length; i++) {
      const a = run.charCodeAt(3 * i + 1);
      const b = run.charCodeAt(3 * i + 2);
      const ha = hexValue(a);
      const hb = hexValue(b);
      bytes[i] = ha < 0 ? 0 : hb < 0 ? ha : ha * 16 + hb;
    }
    return UTF8.decode(bytes);
  });
}

/**
 * `URI::DEFAULT_PARSER.unescape` (Ruby's RFC 2396 parser): each `%` and two hex digits becomes
 * that byte; anything else, a lone `%` included, stays. Bytes are read as UTF-8 (Ruby keeps a
 * binary string; an invalid sequence becomes U+FFFD here). What Rails' `recognize_path` does once
 * more to every string parameter.
 */
export function uriUnescape(s: string): string {
  if (!/%[0-9A-Fa-f]{2}/.test(s)) return s;
  const out: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < s.length; ) {
    const m = /^%[0-9A-Fa-f]{2}/.exec(s.slice(i, i + 3));
    if (m !== null) {
      out.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 3;
    } else {
      const ch = String.fromCodePoint(s.codePointAt(i)!);
      out.push(...encoder.encode(ch));
      i += ch.length;
    }
  }
  return UTF8.decode(new Uint8Array(out));
}
