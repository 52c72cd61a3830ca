/**
 * Path string normalizations, ported from Rails so the route table's paths are Rails' paths.
 * Journey's own `normalize_path` lives with the request path's rules, in `uri/path.ts`.
 */
import { normalizePath } from "../uri/path.js";

/**
 * `Mapper.normalize_path`: Journey's `normalize_path`, then an optional group that opens a path keeps its slash
 * inside (`/(:locale)/books` -> `(/:locale)/books`), except a path made only of groups.
 */
export function normalizeMapperPath(path: string): string {
  const plain = plainPath(path);
  if (plain !== null) return plain;
  let p = normalizePath(path);
  p = p.replace(/\/(\(+)\/?/g, "$1/");
  if (/^(\(+[^)]+\))(\(+\/:[^)]+\))*$/.test(p)) p = p.replace(/^(\(+)\//, "/$1");
  return p;
}

/**
 * The common case of both normalizations: a path with no `%`, `(`, `//` or trailing `/` only
 * gains its leading slash. Every route path and scope path goes through here; the RegExp
 * replaces below cost ~10 ms per 10,000 routes. Native string searches rather than a loop over
 * the characters: much of a draw runs before V8 optimizes it, where a loop over a 45-character
 * path costs ~0.7 µs and these searches ~0.25 µs.
 */
function plainPath(path: string): string | null {
  if (path === "" || path.endsWith("/") || path.includes("//") || path.includes("(") || path.includes("%")) return null;
  return path.startsWith("/") ? path : "/" + path;
}

/** `Mapper.normalize_name`: a path-ish name to a route-name fragment (`admin/users` -> `admin_users`). */
export function normalizeName(name: string): string {
  const p = normalizeMapperPath(name).slice(1);
  return p.includes("/") ? p.replaceAll("/", "_") : p;
}

// URI::RFC2396_Parser's UNSAFE set: everything but unreserved and reserved characters.
const UNSAFE = /[^-_.!~*'()a-zA-Z\d;/?:@&=+$,[\]]/gu;

const ANY_UNSAFE = new RegExp(UNSAFE.source, "u");

const UTF8 = new TextEncoder();

/** `URI::DEFAULT_PARSER.escape`: percent-encodes each UTF-8 byte of every unsafe character. */
export function escapeRoutePath(path: string): string {
  // Most paths have no unsafe character: one native search, no replace (and no string copy).
  if (!ANY_UNSAFE.test(path)) return path;
  return path.replace(UNSAFE, (ch) => {
    let out = "";
    for (const byte of UTF8.encode(ch)) out += "%" + byte.toString(16).toUpperCase().padStart(2, "0");
    return out;
  });
}
