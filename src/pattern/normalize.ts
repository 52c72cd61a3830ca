/**
 * Path string normalizations, ported from Rails so the route table's paths are Rails' paths.
 */

/** `Journey::Router::Utils.normalize_path`: leading slash, `/` runs squeezed, no trailing slash, `%xx` upper-cased. */
export function normalizePath(path: string): string {
  let p = ("/" + path).replace(/\/+/g, "/");
  if (p !== "/") {
    if (p.endsWith("/")) p = p.slice(0, -1);
    p = p.replace(/%[a-f0-9]{2}/g, (m) => m.toUpperCase());
  }
  return p;
}

/**
 * `Mapper.normalize_path`: as above, then an optional group that opens a path keeps its slash
 * inside (`/(:locale)/books` -> `(/:locale)/books`), except a path made only of groups.
 */
export function normalizeMapperPath(path: string): string {
  let p = normalizePath(path);
  p = p.replace(/\/(\(+)\/?/g, "$1/");
  if (/^(\(+[^)]+\))(\(+\/:[^)]+\))*$/.test(p)) p = p.replace(/^(\(+)\//, "/$1");
  return p;
}

/** `Mapper.normalize_name`: a path-ish name to a route-name fragment (`admin/users` -> `admin_users`). */
export function normalizeName(name: string): string {
  return normalizeMapperPath(name).slice(1).replace(/\//g, "_");
}

// URI::RFC2396_Parser's UNSAFE set: everything but unreserved and reserved characters.
const UNSAFE = /[^-_.!~*'()a-zA-Z\d;/?:@&=+$,[\]]/gu;

/** `URI::DEFAULT_PARSER.escape`: percent-encodes each UTF-8 byte of every unsafe character. */
export function escapeRoutePath(path: string): string {
  return path.replace(UNSAFE, (ch) => {
    let out = "";
    for (const byte of Buffer.from(ch, "utf8")) out += "%" + byte.toString(16).toUpperCase().padStart(2, "0");
    return out;
  });
}
