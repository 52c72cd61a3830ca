/**
 * Rails' MIME types as a request's format and its body's parser read them (`Mime::Type`,
 * action_dispatch/http/mime_types.rb, and `MimeNegotiation`'s reading of `Accept` and
 * `Content-Type`), and Rack's media type: the one home of both, for recognition (`format`, the
 * `media_type` condition) and for serving (which parser reads a body).
 */
/**
 * A Content-Type's media type, as Rack's `MediaType.type` and Rails' `content_mime_type` read it:
 * what precedes the first `;` or `,`, trimmed and downcased (`application/x-www-form-urlencoded,
 * text/plain` is a form); "" without one. (Rack strips only the right side, Rails both; a header
 * value as node and `Headers` give it has no leading whitespace, so they agree. Split on the
 * separator, then trimmed: a regexp split on `\s*[;,]` is quadratic in a run of spaces.)
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
export const MIME_BY_EXTENSION: Readonly<Record<string, string>> = Object.assign(
  Object.create(null),
  Object.fromEntries(MIME_TYPES.flatMap(([type, ext, , exts]) => [ext, ...exts].map((e) => [e, type] as const))),
);
export const MIME_BY_TYPE: Readonly<Record<string, string>> = Object.assign(
  Object.create(null),
  Object.fromEntries(MIME_TYPES.flatMap(([type, , synonyms]) => [type, ...synonyms].map((t) => [t, type] as const))),
);

/** Rails' `request.xhr?`: an `X-Requested-With` header naming XMLHttpRequest (any case). */
export function isXhr(requestedWith: string | undefined): boolean {
  return requestedWith !== undefined && /XMLHttpRequest/i.test(requestedWith);
}

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
  // One pass, keeping the best usable entry (highest q, then earliest): what ordering the list by
  // q and taking the first usable one gives, without an object per entry (1 MB of commas: ~640 ms
  // that way).
  let best: string | null = null,
    bestQ = -Infinity;
  for (let start = 0; start <= accept.length; ) {
    let end = accept.indexOf(",", start);
    if (end < 0) end = accept.length;
    const item = accept.slice(start, end);
    start = end + 1;
    const semi = item.indexOf(";");
    const type = (semi < 0 ? item : item.slice(0, semi)).trim();
    if (type === "") continue;
    const usable = type === "*/*" ? type : MIME_BY_TYPE[type];
    if (usable === undefined) continue;
    const q = semi < 0 ? 1 : qualityOf(item, semi);
    if (q > bestQ) {
      best = usable;
      bestQ = q;
    }
  }
  return best;
}

/** The first `q=` parameter's value of an Accept entry (parameters from `from`, its first `;`), else 1. */
function qualityOf(item: string, from: number): number {
  for (let start = from + 1; start <= item.length; ) {
    let end = item.indexOf(";", start);
    if (end < 0) end = item.length;
    const m = /^q=([\d.]+)$/.exec(item.slice(start, end).trim());
    if (m !== null) return Number(m[1]);
    start = end + 1;
  }
  return 1;
}

const EXTENSION_BY_TYPE: Readonly<Record<string, string>> = Object.assign(
  Object.create(null),
  Object.fromEntries(MIME_TYPES.map(([type, ext]) => [type, ext] as const)),
);

/** A registered type's symbol (`Mime::Type#ref`: `text/html` is `html`); the type itself when it is not registered. */
export function formatSymbol(type: string): string {
  return EXTENSION_BY_TYPE[type] ?? type;
}
