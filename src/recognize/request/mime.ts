/**
 * Rails' MIME types as a request's format reads them (`Mime::Type`, action_dispatch/http/mime_types.rb,
 * and `MimeNegotiation`'s reading of `Accept` and `Content-Type`).
 */
/**
 * A Content-Type's media type, as Rails' `content_mime_type` reads it (`/\A([^,;]*)/`, stripped,
 * downcased); "" without one. (Split on the separator, then trimmed: a regexp split on
 * `\s*[;,]` is quadratic in a run of spaces.)
 */
export function mediaType(contentType: string | undefined): string {
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
export const MIME_BY_EXTENSION: Readonly<Record<string, string>> = Object.assign(Object.create(null), Object.fromEntries(
  MIME_TYPES.flatMap(([type, ext, , exts]) => [ext, ...exts].map((e) => [e, type] as const))));
export const MIME_BY_TYPE: Readonly<Record<string, string>> = Object.assign(Object.create(null), Object.fromEntries(
  MIME_TYPES.flatMap(([type, , synonyms]) => [type, ...synonyms].map((t) => [t, type] as const))));

// Mime::Type::BROWSER_LIKE_ACCEPTS.
const BROWSER_LIKE_ACCEPTS = /,\s*\*\/\*|\*\/\*\s*,/;

/**
 * The format an `Accept` header gives (`valid_accept_header` and `Mime::Type.parse`, simplified: a
 * list is ordered by `q` alone, and `type/*` is not expanded), or undefined where Rails would not
 * use the header. A registered type or `*\/*`; null where no entry is registered.
 */
export function acceptedFormat(accept: string | undefined, xhr: boolean): string | null | undefined {
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

