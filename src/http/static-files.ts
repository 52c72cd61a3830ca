/**
 * `switchyard/static`: an application's `public/` directory served as `ActionDispatch::Static`
 * serves it (Rails 6.1's action_dispatch/middleware/static.rb over `Rack::Files`), at the fetch
 * level: `staticFiles(dir)` answers a GET or HEAD for a file under `dir` and `undefined` for
 * anything else, so the application's routes answer it; `withStaticFiles(handler, dir)` puts it in
 * front of a handler. `switchyard serve` does so in development, and with `--static` (or
 * `SWITCHYARD_SERVE_STATIC_FILES`, Rails' `RAILS_SERVE_STATIC_FILES`) in production.
 *
 * As in Rails: the path is percent-decoded, a NUL or bad UTF-8 serves nothing, `.` and `..`
 * segments are resolved inside the directory (never above it), a path without a known extension
 * tries `path.html` and `path/index.html` (so `/` is `index.html`), and a text or JavaScript file
 * is answered from its precompressed `.br` or `.gz` sibling when the client accepts that encoding
 * (with `Vary: Accept-Encoding`). Beyond Rails: a backslash separates segments too; a file reached
 * through a symbolic link that leaves the directory is not served; besides `Last-Modified`
 * (`If-Modified-Since`), a weak `ETag` of size and mtime answers `If-None-Match` with 304; an
 * encoding the client refuses with `q=0` is not used; a request for several byte ranges gets the
 * whole file (Rack writes multipart/byteranges; one range is a 206, as in Rack); and `Cache-Control` defaults to `no-cache`
 * (revalidate each time: cheap with the validators, and a rewritten `switchyard js` module is never
 * stale), which `headers` overrides (`public, max-age=31536000, immutable` for digested files).
 *
 * It reads the filesystem, so it is node-only: neither `switchyard` nor `switchyard/http` imports it.
 */
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import mime from "mime-types";

/** Options of `staticFiles`. */
export interface StaticFilesOptions {
  /** Headers of every file served (Rails' `config.public_file_server.headers`). Default: `Cache-Control: no-cache`. */
  headers?: Record<string, string>;
  /** The file a directory is answered with, without its `.html` (Rails' `index:`). Default: `"index"`. */
  index?: string;
}

/** A fetch-level file server: the file's response, or `undefined` when the request is not for a file it has. */
export type StaticFiles = (request: Request) => Promise<Response | undefined>;

/** Rails' `compressible_content_types`: the types whose `.br`/`.gz` siblings are looked for. */
const COMPRESSIBLE = /^(?:text\/|application\/javascript)/;

/** Rails' `PRECOMPRESSED`, in its order of preference. */
const PRECOMPRESSED: readonly (readonly [encoding: string, extension: string])[] = [
  ["br", ".br"],
  ["gzip", ".gz"],
];

/** `ActionController::Base.default_static_extension`. */
const DEFAULT_EXTENSION = ".html";

interface Found {
  file: string;
  stat: fs.Stats;
  type: string;
  encoding: string | null;
  vary: boolean;
}

/**
 * A file server for the directory `dir` (e.g. `<root>/public`): answers a GET or HEAD for a file
 * there (see above); `undefined` for any other request, or when no file matches.
 */
export function staticFiles(dir: string, options: StaticFilesOptions = {}): StaticFiles {
  if (typeof dir !== "string" || dir === "")
    throw new TypeError(`staticFiles(dir): dir must be the directory to serve ("public"), not ${JSON.stringify(dir)}`);
  const root = path.resolve(dir);
  const index = options.index ?? "index";
  const headers = Object.entries(options.headers ?? { "cache-control": "no-cache" });
  let realRoot: string | undefined;

  /** The file `relative` names, if it is a readable regular file inside the directory (symbolic links resolved). */
  const fileAt = async (relative: string): Promise<{ file: string; stat: fs.Stats } | undefined> => {
    const file = path.join(root, relative);
    try {
      const stat = await fs.promises.stat(file);
      if (!stat.isFile()) return undefined;
      realRoot ??= await fs.promises.realpath(root);
      const real = await fs.promises.realpath(file);
      if (!real.startsWith(realRoot.endsWith(path.sep) ? realRoot : realRoot + path.sep)) return undefined;
      return { file: real, stat };
    } catch {
      return undefined;
    }
  };

  /** Rails' `try_files`: the file, or for a compressible type its precompressed sibling the client accepts. */
  const tryFiles = async (
    relative: string,
    type: string,
    accepted: ReadonlySet<string>,
  ): Promise<Found | undefined> => {
    let vary = false;
    if (COMPRESSIBLE.test(type)) {
      for (const [encoding, extension] of PRECOMPRESSED) {
        const found = await fileAt(relative + extension);
        if (found === undefined) continue;
        vary = true;
        if (accepted.has(encoding)) return { ...found, type, encoding, vary };
      }
    }
    const found = await fileAt(relative);
    return found === undefined ? undefined : { ...found, type, encoding: null, vary };
  };

  const find = async (pathname: string, acceptEncoding: string | null): Promise<Found | undefined> => {
    const relative = cleanPath(pathname);
    if (relative === null) return undefined;
    const accepted = acceptedEncodings(acceptEncoding);
    const ext = path.extname(relative);
    const type = ext === "" ? false : mime.lookup(ext);
    const candidates: [string, string][] = [[relative, type || "text/plain"]];
    if (!type && ext !== DEFAULT_EXTENSION) {
      const html = mime.lookup(DEFAULT_EXTENSION) || "text/html";
      candidates.push([`${relative}${DEFAULT_EXTENSION}`, html], [`${relative}/${index}${DEFAULT_EXTENSION}`, html]);
    }
    for (const [candidate, candidateType] of candidates) {
      const found = await tryFiles(candidate, candidateType, accepted);
      if (found !== undefined) return found;
    }
    return undefined;
  };

  return async (request) => {
    const method = request.method;
    if (method !== "GET" && method !== "HEAD") return undefined;
    const found = await find(new URL(request.url).pathname, request.headers.get("accept-encoding"));
    return found === undefined ? undefined : respond(request, found, headers);
  };
}

/**
 * `withStaticFiles(handler, dir)`: a fetch handler answering from `staticFiles(dir, options)` first,
 * then from `handler` (as `ActionDispatch::Static` sits before the router). The handler's `routes`,
 * if it has them, stay readable on the result.
 */
export function withStaticFiles<H extends (request: Request) => Response | Promise<Response>>(
  handler: H,
  dir: string,
  options?: StaticFilesOptions,
): (request: Request) => Promise<Response> {
  const files = staticFiles(dir, options);
  const served = async (request: Request): Promise<Response> => (await files(request)) ?? handler(request);
  if ("routes" in handler)
    Object.defineProperty(served, "routes", { get: () => (handler as { routes: unknown }).routes, enumerable: true });
  return served;
}

/**
 * Rails' `clean_path`: the request path percent-decoded, without a trailing slash, its `.` and
 * empty segments dropped and each `..` taking off the segment before it (so never above the
 * directory); null when it cannot name a file (a bad escape or UTF-8, a NUL).
 */
function cleanPath(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes("\0")) return null;
  const clean: string[] = [];
  for (const part of decoded.split(/[/\\]/)) {
    if (part === "" || part === ".") continue;
    if (part === "..") clean.pop();
    else clean.push(part);
  }
  return `/${clean.join("/")}`;
}

/** The content codings of an `Accept-Encoding` header that are not refused with `q=0`. */
function acceptedEncodings(header: string | null): ReadonlySet<string> {
  const accepted = new Set<string>();
  if (header === null) return accepted;
  for (const item of header.split(",")) {
    const [coding, ...params] = item.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (coding !== undefined && coding !== "" && !(q !== undefined && Number(q.slice(2)) === 0))
      accepted.add(coding === "x-gzip" ? "gzip" : coding);
  }
  return accepted;
}

/** The response for a file found: 304 when the client's copy is current, else the file (no body for HEAD). */
async function respond(request: Request, found: Found, extra: readonly [string, string][]): Promise<Response> {
  const { stat } = found;
  const lastModified = new Date(Math.floor(stat.mtimeMs / 1000) * 1000);
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const headers = new Headers({ "last-modified": lastModified.toUTCString(), etag });
  for (const [name, value] of extra) headers.set(name, value);
  if (found.vary) headers.set("vary", "Accept-Encoding");
  if (notModified(request.headers, etag, lastModified)) return new Response(null, { status: 304, headers });

  headers.set("content-type", mime.contentType(found.type) || found.type);
  if (found.encoding !== null) headers.set("content-encoding", found.encoding);
  headers.set("accept-ranges", "bytes");
  const ifRange = request.headers.get("if-range");
  const range =
    ifRange === null || ifRange === headers.get("last-modified")
      ? byteRange(request.headers.get("range"), stat.size)
      : null;
  if (range === "unsatisfiable") {
    headers.delete("content-type");
    headers.delete("content-encoding");
    headers.set("content-range", `bytes */${stat.size}`);
    headers.set("content-length", "0");
    return new Response(null, { status: 416, headers });
  }
  const [start, end] = range ?? [0, stat.size - 1];
  if (range !== null) headers.set("content-range", `bytes ${start}-${end}/${stat.size}`);
  headers.set("content-length", String(Math.max(0, end - start + 1)));
  const status = range === null ? 200 : 206;
  if (request.method === "HEAD" || stat.size === 0) return new Response(null, { status, headers });
  const body = Readable.toWeb(fs.createReadStream(found.file, { start, end })) as ReadableStream<Uint8Array>;
  return new Response(body, { status, headers });
}

/**
 * `Rack::Utils.get_byte_ranges` for one range: `bytes=0-99`, `bytes=100-`, `bytes=-100` (the last
 * 100), the end clamped to the file. `"unsatisfiable"` when it starts past the end (416); null
 * when there is no Range, it is malformed, or it asks for several ranges (answered with the whole
 * file, as RFC 9110 allows, where Rack writes a multipart/byteranges body).
 */
function byteRange(header: string | null, size: number): [number, number] | "unsatisfiable" | null {
  const m = header === null ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (m === null || (m[1] === "" && m[2] === "")) return null;
  let start: number;
  let end: number;
  if (m[1] === "") {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    if (m[2] !== "" && Number(m[2]) < start) return null;
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start <= end ? [start, end] : "unsatisfiable";
}

/** RFC 9110 13.1.2-13.1.3: `If-None-Match` (weak comparison) decides when present, else `If-Modified-Since`. */
function notModified(headers: Headers, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = headers.get("if-none-match");
  if (ifNoneMatch !== null) {
    const opaque = etag.slice(2);
    return ifNoneMatch
      .split(",")
      .map((t) => t.trim())
      .some((t) => t === "*" || t.replace(/^W\//, "") === opaque);
  }
  const since = headers.get("if-modified-since");
  if (since === null) return false;
  const time = Date.parse(since);
  return !Number.isNaN(time) && lastModified.getTime() <= time;
}
