/** A request served from node's `IncomingMessage`/`ServerResponse`, with no WHATWG objects unless an action asks for one. */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { AppTarget } from "../../index.js";
import { HANDLED, type Outcome } from "./outcome.js";
import { checkDeclaredLength, concat, tooLarge } from "./body-limit.js";
import { BadRequest, Exchange, splitTarget, type BodySource } from "./exchange.js";
import { bracketedHost } from "../../uri/host.js";
import { paramsOfParsed } from "./parsed-body.js";

/** The path and query of a request target: origin-form (`/p?q`), or absolute-form (`http://host/p?q`, as proxies send). */
function targetOf(url: string): [string, string] {
  if (url.charCodeAt(0) === 47) return splitTarget(url);
  const m = /^[a-z][a-z\d+\-.]*:\/\/[^/?#]*/i.exec(url);
  if (m === null)
    throw new BadRequest(`Invalid request target ${JSON.stringify(url.slice(0, 200))}: a path must start with "/"`);
  const rest = url.slice(m[0].length);
  return splitTarget(rest === "" ? "/" : rest.startsWith("?") ? `/${rest}` : rest);
}

/**
 * The exchange of class `Class` for a node request. `scriptName`: where the application is
 * mounted; `strip`: a prefix to take off the path first (a Fastify plugin's prefix, which
 * `req.url` still holds, where Express has already taken its mount path off). Never throws: a
 * request target that is no path is answered 400 when the exchange is dispatched.
 */
export function nodeExchange<X extends NodeExchange>(
  Class: new (req: IncomingMessage, res: ServerResponse, scriptName: string, path: string, query: string) => X,
  req: IncomingMessage,
  res: ServerResponse,
  scriptName = "",
  strip = "",
): X {
  let path: string;
  let query: string;
  try {
    [path, query] = targetOf(req.url ?? "/");
  } catch (e) {
    const ex = new Class(req, res, scriptName, "/", "");
    ex.invalid = e as BadRequest;
    return ex;
  }
  if (strip !== "" && (path === strip || path.startsWith(strip + "/"))) path = path.slice(strip.length) || "/";
  return new Class(req, res, scriptName, path, query);
}

/** A request being served from node's `IncomingMessage`/`ServerResponse`. */
export class NodeExchange extends Exchange {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  #request: Request | undefined;

  constructor(req: IncomingMessage, res: ServerResponse, scriptName: string, path: string, query: string) {
    super(req.method ?? "GET", path, query, scriptName);
    this.req = req;
    this.res = res;
  }

  /**
   * A body a parser before us read (Express' `express.json()`/`express.urlencoded()` into
   * `req.body`, Koa's body parsers): used as the body's params, as Rails would read the body
   * itself, when the body has been read to its end and `parsed` is an object. A value nested too
   * deep is answered 400 when the request is dispatched.
   */
  useParsedBody(parsed: unknown): void {
    if (parsed === null || typeof parsed !== "object" || !this.req.readableEnded) return;
    try {
      this.bodyParams = paramsOfParsed(parsed);
    } catch (e) {
      if (!(e instanceof BadRequest)) throw e;
      this.invalid = e;
    }
  }

  header(name: string): string | undefined {
    const v = this.req.headers[name];
    return typeof v === "string" ? v : Array.isArray(v) ? v.join(", ") : undefined;
  }

  headerRecord(): Record<string, string> {
    const out: Record<string, string> = Object.create(null);
    const h = this.req.headers;
    for (const k of Object.keys(h)) {
      const v = h[k];
      if (v !== undefined) out[k] = Array.isArray(v) ? v.join(", ") : v;
    }
    return out;
  }

  get scheme(): string {
    return (this.req.socket as { encrypted?: boolean } | null)?.encrypted === true ? "https" : "http";
  }

  get authority(): string {
    const host = this.req.headers.host;
    if (typeof host === "string" && host !== "") return bracketedHost(host);
    const s = this.req.socket;
    return s?.localAddress
      ? `${s.localAddress.includes(":") ? `[${s.localAddress}]` : s.localAddress}:${s.localPort}`
      : "localhost";
  }

  override get hostHeader(): string | undefined {
    return this.req.headers.host;
  }

  get remoteAddress(): string | undefined {
    return this.req.socket?.remoteAddress;
  }

  get hasBody(): boolean {
    const h = this.req.headers;
    const length = h["content-length"];
    return h["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
  }

  protected readBytes(limit: number): Promise<Uint8Array> {
    const req = this.req;
    checkDeclaredLength(req.headers["content-length"], limit);
    if (req.readableEnded || req.readableDidRead)
      return Promise.reject(new BadRequest("The request body was already read"));
    return new Promise<Uint8Array>((resolve, reject) => {
      const chunks: Uint8Array[] = [];
      let size = 0;
      const done = (e: Error | null) => {
        req.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
        if (e === null) resolve(concat(chunks, size));
        else reject(e);
      };
      const onData = (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > limit) {
          // The rest is read and dropped (`resume`) while the 400 goes out with `Connection: close`,
          // so the connection ends instead of waiting on a body nobody reads.
          done(tooLarge(limit));
          req.resume();
          return;
        }
        chunks.push(chunk);
      };
      const onEnd = () => done(null);
      const onError = (e: Error) => done(new BadRequest(`The request body could not be read: ${e.message}`));
      const onClose = () => {
        if (!req.complete) done(new BadRequest("The request body was cut short"));
      };
      req.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
    });
  }

  #headersInit(): [string, string][] {
    const raw = this.req.rawHeaders;
    const pairs: [string, string][] = [];
    for (let i = 0; i < raw.length; i += 2) pairs.push([raw[i]!, raw[i + 1]!]);
    return pairs;
  }

  #requestFor(url: string): Request {
    const method = this.method;
    let body: BodySource | null = null;
    if (method !== "GET" && method !== "HEAD") {
      if (this.bodyBytes !== null) body = this.bodyBytes;
      else if (this.hasBody && !this.req.readableDidRead) body = Readable.toWeb(this.req) as ReadableStream<Uint8Array>;
    }
    const init: RequestInit & { duplex?: "half" } = { method, headers: this.#headersInit(), body };
    if (body !== null) init.duplex = "half";
    return new Request(url, init);
  }

  toRequest(): Request {
    return (this.#request ??= this.#requestFor(this.url));
  }

  async callFetch(handler: (request: Request) => Response | Promise<Response>, target: AppTarget): Promise<Outcome> {
    return handler(
      this.#requestFor(
        `${this.scheme}://${this.authority}${target.pathInfo}${this.query === "" ? "" : `?${this.query}`}`,
      ),
    );
  }

  async callNode(listener: (req: any, res: any) => unknown, target: AppTarget): Promise<Outcome> {
    const query = this.query === "" ? "" : `?${this.query}`;
    if (this.bodyBytes !== null) {
      // The body was read (a form POST, for `_method`): the listener gets it again from a request made for it.
      const { callNodeListener } = await import("./node-bridge.js");
      const response = await callNodeListener(listener, {
        method: this.method,
        url: `${target.pathInfo}${query}`,
        baseUrl: target.scriptName,
        originalUrl: this.req.url ?? "/",
        headers: new Headers(this.#headersInit()),
        body: this.bodyBytes,
        encrypted: this.scheme === "https",
      });
      return response;
    }
    const req = this.req as IncomingMessage & { originalUrl?: string; baseUrl?: string };
    req.originalUrl ??= req.url;
    req.url = `${target.pathInfo}${query}`;
    req.baseUrl = target.scriptName;
    if (this.method !== req.method) req.method = this.method;
    this.handOver();
    listener(req, this.res);
    return HANDLED;
  }

  /** Called just before a mounted node listener gets the raw request and response (Fastify's plugin lets go of its reply here). */
  protected handOver(): void {}
}
