/** A WHATWG `Request` served through the dispatcher, and an outcome written as a WHATWG `Response`. */
import type { AppTarget } from "../../index.js";
import { bodyToSend, HANDLED, Reply, Unmatched, type Outcome } from "./outcome.js";
import { checkDeclaredLength, readLimited } from "./body-limit.js";
import { BadRequest, Exchange, splitTarget, type BodySource } from "./exchange.js";
import type { RequestDispatcher } from "./serve.js";
import type * as NodeBridge from "./node-bridge.js";

const NO_BODY = (method: string) => method === "GET" || method === "HEAD";

let loadNodeBridge: (() => Promise<typeof NodeBridge>) | undefined;

/**
 * Installs the bridge that calls a mounted node listener (node-bridge.ts, which asks for node:http
 * when imported): the full `switchyard/http` entry does, for Node, Bun and Deno; a Worker's or a
 * browser's bundle (the edge entry) leaves it out, and a node listener mounted there fails its
 * request with an error saying so.
 */
export function installNodeBridge(load: () => Promise<typeof NodeBridge>): void {
  loadNodeBridge = load;
}

/** A WHATWG `Request` being served. */
export class FetchExchange extends Exchange {
  readonly #request: Request;
  readonly #scheme: string;
  readonly #authority: string;
  readonly #wire: Readonly<Record<string, string | string[] | undefined>> | undefined;

  /**
   * `wireHeaders`: the headers as node received them, when the request came from node:http
   * through a lazy `Request` (@hono/node-server's): read instead of the `Request`'s, they tell
   * whether a body follows without touching `request.body`, which makes that library build the
   * whole WHATWG `Request` (with an AbortSignal and a stream: in a CPU profile of the Hono
   * adapter under load, ~10% of the process's busy time went to that, every non-GET request).
   */
  constructor(
    request: Request,
    scriptName = "",
    wireHeaders?: Readonly<Record<string, string | string[] | undefined>>,
  ) {
    const url = request.url;
    const schemeEnd = url.indexOf("://");
    let pathStart = url.indexOf("/", schemeEnd + 3);
    if (pathStart < 0) pathStart = url.length;
    const [path, query] = splitTarget(pathStart === url.length ? "/" : url.slice(pathStart));
    super(request.method, path, query, scriptName);
    this.#request = request;
    this.#scheme = url.slice(0, schemeEnd);
    this.#authority = url.slice(schemeEnd + 3, pathStart);
    this.#wire = wireHeaders;
  }

  header(name: string): string | undefined {
    const wire = this.#wire;
    if (wire !== undefined) {
      const v = wire[name];
      return typeof v === "string" ? v : Array.isArray(v) ? v.join(", ") : undefined;
    }
    return this.#request.headers.get(name) ?? undefined;
  }

  headerRecord(): Record<string, string> {
    const out: Record<string, string> = Object.create(null);
    this.#request.headers.forEach((value, key) => (out[key] = value));
    return out;
  }

  get scheme(): string {
    return this.#scheme;
  }

  get authority(): string {
    return this.#authority;
  }

  /**
   * The URL's host; undefined when the request came from node:http with no Host header (the URL's
   * host is then @hono/node-server's default). Otherwise the URL's, not the header's: it is the one
   * URLs are built from (an absolute request target, `GET http://other.example/`, names its own).
   */
  override get hostHeader(): string | undefined {
    const host = this.#wire?.host;
    return this.#wire === undefined || (typeof host === "string" && host !== "") ? this.#authority : undefined;
  }

  get remoteAddress(): string | undefined {
    return undefined;
  }

  get hasBody(): boolean {
    const method = this.originalMethod;
    if (method === "GET" || method === "HEAD") return false;
    const wire = this.#wire;
    if (wire !== undefined) {
      const length = wire["content-length"];
      return wire["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
    }
    return this.#request.body !== null;
  }

  protected async readBytes(limit: number): Promise<Uint8Array> {
    checkDeclaredLength(this.header("content-length"), limit);
    const body = this.#request.body;
    if (body === null) return new Uint8Array(0);
    if (this.#request.bodyUsed) throw new BadRequest("The request body was already read");
    return readLimited(body, limit);
  }

  /** The body for a new request: the bytes read, else the original stream while unread. */
  #bodyInit(method: string): BodySource | null {
    if (NO_BODY(method)) return null;
    if (this.bodyBytes !== null) return this.bodyBytes;
    return this.#request.bodyUsed ? null : this.#request.body;
  }

  #derived(url: string): Request {
    const body = this.#bodyInit(this.method);
    return new Request(url, {
      method: this.method,
      headers: this.#request.headers,
      body,
      signal: this.#request.signal,
      ...(body !== null ? { duplex: "half" } : {}),
    } as RequestInit);
  }

  toRequest(): Request {
    const r = this.#request;
    if (this.method === r.method && this.bodyBytes === null && this.url === r.url) return r;
    return this.#derived(this.url);
  }

  async callFetch(handler: (request: Request) => Response | Promise<Response>, target: AppTarget): Promise<Outcome> {
    const url = `${this.#scheme}://${this.#authority}${target.pathInfo}${this.query === "" ? "" : `?${this.query}`}`;
    return handler(this.#derived(url));
  }

  async callNode(listener: (req: any, res: any) => unknown, target: AppTarget): Promise<Outcome> {
    if (loadNodeBridge === undefined)
      throw new TypeError(
        `the handler mounted at ${target.scriptName || "/"} is a node listener (req, res), which a Worker's or a browser's bundle cannot call: switchyard/http's edge entry leaves the node bridge out. Mount a fetch handler ((request) => Response, or an object with fetch()) instead`,
      );
    const { callNodeListener } = await loadNodeBridge();
    const body = this.#bodyInit(this.method);
    const url = `${target.pathInfo}${this.query === "" ? "" : `?${this.query}`}`;
    return callNodeListener(listener, {
      method: this.method,
      url,
      baseUrl: target.scriptName,
      originalUrl: `${this.scriptName}${this.originalPath}${this.query === "" ? "" : `?${this.query}`}`,
      headers: this.#request.headers,
      body,
      encrypted: this.#scheme === "https",
    });
  }
}

const encoder = new TextEncoder();

/** The byte length of a body as sent (asked only for HEAD). */
function byteLength(body: string | Uint8Array): number {
  return typeof body === "string" ? encoder.encode(body).byteLength : body.byteLength;
}

/** An outcome as a `Response`; HEAD as `Rack::Head` (see `bodyToSend`), for a `Response` too. */
export function toResponse(dispatcher: RequestDispatcher, ex: Exchange, outcome: Outcome): Response {
  let out = outcome;
  if (out instanceof Unmatched) out = dispatcher.notFound(out);
  if (out === HANDLED) throw new TypeError("a node listener answered a fetch request"); // (the bridge gives a Response)
  const head = ex.method === "HEAD";
  if (out instanceof Reply) {
    const body = bodyToSend(out, ex.method, ex.originalMethod, byteLength, false);
    return new Response(body, { status: out.status, headers: out.headers });
  }
  if (!head) return out;
  out.body?.cancel().catch(() => {});
  const headers = new Headers(out.headers);
  if (ex.originalMethod !== "HEAD") headers.set("content-length", "0");
  return new Response(null, { status: out.status, statusText: out.statusText, headers });
}
