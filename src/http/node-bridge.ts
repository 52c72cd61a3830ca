/**
 * Calling a node listener `(req, res)` — an Express app, a connect stack — from a fetch request:
 * a mounted node listener reached through the fetch handler (Hono, or `handler(new Request(...))`
 * in a test). The listener gets node's own `IncomingMessage` and `ServerResponse` classes (so
 * `req.on("data")`, `res.writeHead`, `res.setHeader`, Express' `res.send` behave as under
 * `http.createServer`), fed from the request and captured into a streamed `Response`.
 */
import http from "node:http";
import { Duplex } from "node:stream";
import type { BodySource } from "./exchange.js";

export interface NodeCall {
  readonly method: string;
  /** The request target the listener sees (`/posts?x=1`: the mount's path info and the query). */
  readonly url: string;
  /** Where it is mounted (Express' `req.baseUrl`). */
  readonly baseUrl: string;
  /** The whole target the client asked for (Express' `req.originalUrl`). */
  readonly originalUrl: string;
  readonly headers: Headers;
  readonly body: BodySource | null;
  readonly encrypted: boolean;
}

/** A socket stand-in: not readable, writes discarded (the response is captured before it), `encrypted` as the request's scheme. */
function nullSocket(encrypted: boolean): Duplex {
  const socket = new Duplex({ read() {}, write: (_c, _e, cb) => cb() });
  Object.assign(socket, { encrypted, remoteAddress: undefined, setTimeout: () => socket, setNoDelay: () => socket, setKeepAlive: () => socket });
  return socket;
}

/** Feeds a body into the request stream as the listener reads it (its backpressure respected). */
function feed(req: http.IncomingMessage, body: BodySource | null): void {
  const end = () => {
    (req as { complete: boolean }).complete = true;
    req.push(null);
  };
  if (body === null) {
    req._read = () => {};
    end();
    return;
  }
  const reader = new Response(body).body!.getReader();
  // IncomingMessage's own _read first: it marks the message as being consumed, without which
  // a chunk pushed later (asynchronously) never leads to the next read.
  const base = http.IncomingMessage.prototype._read;
  req._read = function (this: http.IncomingMessage, size: number) {
    base.call(this, size);
    reader.read().then(
      ({ done, value }) => (done ? end() : req.push(value)),
      (e) => req.destroy(e instanceof Error ? e : new Error(String(e))),
    );
  };
}

/**
 * A ServerResponse whose output becomes a `Response`: the status and headers when the listener
 * first writes (or ends), the body as a stream of what it writes.
 */
class CapturedResponse extends http.ServerResponse {
  #controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  #resolve: (r: Response) => void;
  #started = false;

  constructor(req: http.IncomingMessage, resolve: (r: Response) => void) {
    super(req);
    this.#resolve = resolve;
    // Makes writeHead() merge its headers into the ones getHeaders() reads (else only the raw header text holds them).
    this.setHeader("x-switchyard", "");
    this.removeHeader("x-switchyard");
  }

  #start(final: Uint8Array | null): void {
    if (this.#started) return;
    this.#started = true;
    if (!this.headersSent) (this as unknown as { _implicitHeader(): void })._implicitHeader();
    const headers = new Headers();
    for (const [name, value] of Object.entries(this.getHeaders())) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else headers.set(name, String(value));
    }
    const noBody = this.statusCode === 204 || this.statusCode === 304 || (this.statusCode >= 100 && this.statusCode < 200);
    let body: ReadableStream<Uint8Array> | Uint8Array | null = null;
    if (!noBody) {
      if (final !== null) body = final;
      else body = new ReadableStream<Uint8Array>({ start: (c) => void (this.#controller = c) });
    }
    this.#resolve(new Response(body, { status: this.statusCode, statusText: this.statusMessage || undefined, headers }));
  }

  override write(chunk: unknown, encoding?: unknown, cb?: unknown): boolean {
    this.#start(null);
    const bytes = toBytes(chunk, encoding);
    if (bytes !== null && bytes.byteLength > 0) this.#controller?.enqueue(bytes);
    const done = typeof encoding === "function" ? encoding : cb;
    if (typeof done === "function") queueMicrotask(() => (done as () => void)());
    return true;
  }

  override end(chunk?: unknown, encoding?: unknown, cb?: unknown): this {
    if (this.writableEnded) return this;
    const bytes = typeof chunk === "function" ? null : toBytes(chunk, encoding);
    if (!this.#started) this.#start(bytes ?? new Uint8Array(0));
    else {
      if (bytes !== null && bytes.byteLength > 0) this.#controller?.enqueue(bytes);
      this.#controller?.close();
    }
    // (`writableEnded` reads `finished`.)
    (this as { finished: boolean }).finished = true;
    const done = [chunk, encoding, cb].find((x) => typeof x === "function") as (() => void) | undefined;
    queueMicrotask(() => {
      this.emit("finish");
      done?.();
      this.emit("close");
    });
    return this;
  }
}

function toBytes(chunk: unknown, encoding: unknown): Uint8Array | null {
  if (chunk === undefined || chunk === null || typeof chunk === "function") return null;
  if (typeof chunk === "string") return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  if (chunk instanceof Uint8Array) return chunk;
  throw new TypeError(`a mounted node listener wrote ${typeof chunk}: write strings or bytes`);
}

/** Calls `listener` with node request/response objects made from `call`; resolves to its response. */
export function callNodeListener(listener: (req: any, res: any) => unknown, call: NodeCall): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const socket = nullSocket(call.encrypted);
    const req = new http.IncomingMessage(socket as unknown as import("node:net").Socket);
    req.method = call.method;
    req.url = call.url;
    req.httpVersion = "1.1";
    req.httpVersionMajor = 1;
    req.httpVersionMinor = 1;
    const raw: string[] = [];
    const headers: Record<string, string> = {};
    call.headers.forEach((value, name) => {
      raw.push(name, value);
      headers[name] = value;
    });
    req.headers = headers;
    req.rawHeaders = raw;
    Object.assign(req, { baseUrl: call.baseUrl, originalUrl: call.originalUrl });
    feed(req, call.body);
    const res = new CapturedResponse(req, resolve);
    try {
      const returned = listener(req, res);
      if (returned instanceof Promise) returned.catch(reject);
    } catch (e) {
      reject(e);
    }
  });
}
