/**
 * Percent-encoding exactly as Rails does it for URLs it generates:
 * `Journey::Router::Utils.escape_segment` / `escape_path` / `escape_fragment` (RFC 3986 sets,
 * one `%XX` per UTF-8 byte) and `CGI.escape` for query strings (space as `+`), plus
 * `Rack::Utils.escape` for the `user:password@` part and Ruby's `URI::Generic#query=` for a
 * redirect location's query.
 *
 * Each escaper is a 128-entry table of the ASCII characters it keeps; the common case (nothing
 * to escape) is one scan with no allocation. Lone surrogates, which have no UTF-8 encoding,
 * are encoded as U+FFFD rather than throwing as `encodeURIComponent` would.
 */

type SafeTable = Uint8Array;

function table(chars: string): SafeTable {
  const t = new Uint8Array(128);
  for (const range of chars.matchAll(/(.)-(.)|(.)/gs)) {
    if (range[3] !== undefined) t[range[3].charCodeAt(0)] = 1;
    else for (let c = range[1]!.charCodeAt(0); c <= range[2]!.charCodeAt(0); c++) t[c] = 1;
  }
  return t;
}

// UNRESERVED = ALPHA DIGIT - . _ ~ ; SUB_DELIMS = ! $ & ' ( ) * + , ; =
const UNRESERVED_SUB_DELIMS = "a-zA-Z0-9-._~!$&'()*+,;=";
const SEGMENT = table(UNRESERVED_SUB_DELIMS + ":@");
const PATH = table(UNRESERVED_SUB_DELIMS + ":@/");
const FRAGMENT = table(UNRESERVED_SUB_DELIMS + ":@/?");
// CGI.escape keeps a-zA-Z0-9 _ . - ~ (and turns space into +).
const CGI = table("a-zA-Z0-9_.~-");
// Rack::Utils.escape (URI.encode_www_form_component) keeps * - . 0-9 A-Z _ a-z.
const WWW_FORM = table("*.0-9A-Z_a-z-");
// URI::Generic#query= keeps !$%&'()*+,-./0-9:;=?@A-Z[\]^_a-z{|}~ (Ruby: [!$-&(-;=?-_a-~]).
const URI_QUERY = table("!$-&(-;=?-_a-~");

const HEX: string[] = [];
for (let i = 0; i < 256; i++) HEX.push("%" + i.toString(16).toUpperCase().padStart(2, "0"));

function encodeChar(code: number, out: string): string {
  if (code < 0x80) return out + HEX[code];
  if (code < 0x800) return out + HEX[0xc0 | (code >> 6)] + HEX[0x80 | (code & 0x3f)];
  if (code < 0x10000)
    return out + HEX[0xe0 | (code >> 12)] + HEX[0x80 | ((code >> 6) & 0x3f)] + HEX[0x80 | (code & 0x3f)];
  return (
    out +
    HEX[0xf0 | (code >> 18)] +
    HEX[0x80 | ((code >> 12) & 0x3f)] +
    HEX[0x80 | ((code >> 6) & 0x3f)] +
    HEX[0x80 | (code & 0x3f)]
  );
}

/**
 * The common case — nothing to escape — as a loop small enough for V8 to inline into each
 * escaper's callers; the encoding loop stays out of line (`encodeFrom`). Together ~170 -> ~60
 * instructions for a short safe segment like "1" or "json".
 */
function escapeWith(s: string, safe: SafeTable, spaceAsPlus: boolean): string {
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128 || safe[c] === 0) return encodeFrom(s, i, safe, spaceAsPlus);
  }
  return s;
}

/** Escapes `s` from index `i`, the first character that needs it. */
function encodeFrom(s: string, i: number, safe: SafeTable, spaceAsPlus: boolean): string {
  const n = s.length;
  let out = s.slice(0, i);
  for (; i < n; i++) {
    let c = s.charCodeAt(i);
    if (c < 128) {
      if (safe[c] === 1) out += s[i];
      else if (c === 32 && spaceAsPlus) out += "+";
      else out += HEX[c];
      continue;
    }
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = i + 1 < n ? s.charCodeAt(i + 1) : 0;
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      } else c = 0xfffd;
    } else if (c >= 0xdc00 && c <= 0xdfff) c = 0xfffd;
    out = encodeChar(c, out);
  }
  return out;
}

/** `escape_segment`: a `:name` value; `/`, `?`, `#` and spaces are escaped. */
export function escapeSegment(s: string): string {
  return escapeWith(s, SEGMENT, false);
}

/** `escape_path`: a `*glob` (or legacy `:controller`) value; `/` is kept. */
export function escapePath(s: string): string {
  return escapeWith(s, PATH, false);
}

/** `escape_fragment`: the `#anchor`; `/` and `?` are kept. */
export function escapeFragment(s: string): string {
  return escapeWith(s, FRAGMENT, false);
}

/** Ruby's `CGI.escape`, which `to_query` uses for keys and values. */
export function cgiEscape(s: string): string {
  return escapeWith(s, CGI, true);
}

/** `Rack::Utils.escape`, used for the user and password of a URL. */
export function wwwFormEscape(s: string): string {
  return escapeWith(s, WWW_FORM, true);
}

/** `URI::Generic#query=`'s escaping: what a query may not hold (space, `"`, `<`, `>`, a backquote, controls, non-ASCII) as `%XX`. */
export function escapeUriQuery(s: string): string {
  return escapeWith(s, URI_QUERY, false);
}
