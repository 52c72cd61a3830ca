/**
 * Calling a node listener `(req, res)` — an Express app, a connect stack — from a fetch request:
 * a mounted node listener reached through the fetch handler (Hono, or `handler(new Request(...))`
 * in a test), or a form POST's replay after its body was read for `_method`. The listener gets
 * node's own `IncomingMessage` and an unmodified `ServerResponse` (so `req.on("data")`,
 * `res.writeHead`, Express' `res.send` behave as under `http.createServer`): the request is fed
 * from the fetch request, and the response is read back from what node writes to its socket.
 */
import type * as NodeHttp from "node:http";
import { requireBuiltin } from "../../support/runtime.js";
import type { BodySource } from "./exchange.js";
import { isInstance, thrownSummary } from "../../support/thrown.js";

// Node's modules, asked for when this module is first imported (dynamically, to call a node
// listener): a static `node:` import would fail a bundle for workerd that never calls one.
const CALLING = "Calling a node listener (a mounted Express app, a connect stack)";
const http: typeof NodeHttp = requireBuiltin("node:http", CALLING);
const { Duplex } = requireBuiltin("node:stream", CALLING);

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

/** Feeds a body into the request stream as the listener reads it (its backpressure respected). */
function feed(req: NodeHttp.IncomingMessage, body: BodySource | null): void {
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
  req._read = function (this: NodeHttp.IncomingMessage, size: number) {
    base.call(this, size);
    reader.read().then(
      ({ done, value }) => (done ? end() : req.push(value)),
      (e) => req.destroy(isInstance(e, Error) ? e : new Error(thrownSummary(e))),
    );
  };
}

/** Headers that describe the connection, not the response: not carried into the `Response` (RFC 9110 §7.6.1). */
const HOP_BY_HOP: ReadonlySet<string> = new Set(["connection", "keep-alive", "transfer-encoding"]);

const CR = 13;
const LF = 10;

/** Takes the framing off a chunked body (`<hex size>[;ext]\r\n<data>\r\n … 0\r\n<trailers>\r\n`), as node wrote it. */
class Unchunk {
  #state: "size" | "data" | "crlf" | "trailer" | "end" = "size";
  #line = "";
  #left = 0;

  /** Calls `out` with the data bytes in `bytes`; true once the last chunk and the trailers are read. */
  push(bytes: Uint8Array, out: (data: Uint8Array) => void): boolean {
    let i = 0;
    while (i < bytes.length && this.#state !== "end") {
      if (this.#state === "data") {
        const n = Math.min(this.#left, bytes.length - i);
        out(bytes.subarray(i, i + n));
        i += n;
        this.#left -= n;
        if (this.#left === 0) this.#state = "crlf";
        continue;
      }
      const byte = bytes[i++]!;
      if (byte !== LF) {
        if (byte !== CR && this.#state !== "crlf") this.#line += String.fromCharCode(byte);
        continue;
      }
      const line = this.#line;
      this.#line = "";
      if (this.#state === "crlf") this.#state = "size";
      else if (this.#state === "trailer") {
        if (line === "") this.#state = "end";
      } else {
        const size = parseInt(line, 16);
        if (!(size >= 0))
          throw new Error(`a mounted node listener's chunked body has a malformed chunk size ${JSON.stringify(line)}`);
        this.#left = size;
        this.#state = size === 0 ? "trailer" : "data";
      }
    }
    return this.#state === "end";
  }
}

/**
 * The socket a mounted listener's `ServerResponse` writes to: it reads the bytes node would send
 * back into a `Response` — the status line and headers when they are written (informational 1xx
 * answers skipped), then the body as a stream, chunked framing taken off, with backpressure (a
 * write is acknowledged when the stream wants more, so `res.write` returns false and `drain`
 * follows as on a real socket). Reading the bytes rather than overriding `ServerResponse`'s
 * methods is what makes this hold for any listener: Express 5 swaps the response's prototype
 * (`Object.setPrototypeOf(res, app.response)`), which dropped a subclass's `write`/`end` and left
 * the request hanging; wrappers, `flushHeaders` and calls through `ServerResponse.prototype` all
 * end on the socket too.
 */
class CaptureSocket extends Duplex {
  /** A HEAD request: node writes no body for it. */
  readonly #head: boolean;
  readonly #resolve: (r: Response) => void;
  readonly #reject: (e: unknown) => void;
  #state: "head" | "body" | "done" = "head";
  #pending: Uint8Array[] = [];
  #pendingSize = 0;
  #unchunk: Unchunk | null = null;
  #controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  #waiting: (() => void) | null = null;

  constructor(encrypted: boolean, head: boolean, resolve: (r: Response) => void, reject: (e: unknown) => void) {
    super();
    this.#head = head;
    this.#resolve = resolve;
    this.#reject = reject;
    Object.assign(this, {
      encrypted,
      remoteAddress: undefined,
      setTimeout: () => this,
      setNoDelay: () => this,
      setKeepAlive: () => this,
    });
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    try {
      this.#take(chunk);
    } catch (e) {
      this.#fail(e);
    }
    // Acknowledged once the stream has room: until then node buffers, and `res.write` returns false.
    const c = this.#controller;
    if (c !== null && this.#state === "body" && c.desiredSize !== null && c.desiredSize <= 0) this.#waiting = done;
    else done();
  }

  override _final(done: (error?: Error | null) => void): void {
    done();
  }

  override _destroy(_error: Error | null, done: (error: Error | null) => void): void {
    if (this.#state === "head")
      this.#fail(new Error("a mounted node listener closed the connection without answering"));
    else if (this.#state === "body")
      this.#fail(new Error("a mounted node listener closed the connection before ending its response"));
    this.#release();
    // (Never re-raised as an `error` event: nobody listens on this socket, and the failure is reported above.)
    done(null);
  }

  /** The response ended (`finish`: every byte was acknowledged): the body is complete. */
  finished(): void {
    if (this.#state === "body") {
      this.#state = "done";
      this.#controller?.close();
    }
    this.destroy();
  }

  #release(): void {
    const w = this.#waiting;
    this.#waiting = null;
    w?.();
  }

  #fail(e: unknown): void {
    const state = this.#state;
    this.#state = "done";
    if (state === "head") this.#reject(e);
    else if (state === "body") this.#controller?.error(e);
  }

  #take(bytes: Uint8Array): void {
    if (this.#state === "head") {
      this.#pending.push(bytes);
      this.#pendingSize += bytes.byteLength;
      const all = this.#pending.length === 1 ? bytes : Buffer.concat(this.#pending, this.#pendingSize);
      const end = Buffer.from(all.buffer, all.byteOffset, all.byteLength).indexOf("\r\n\r\n");
      if (end < 0) {
        this.#pending = [all];
        return;
      }
      this.#pending = [];
      this.#pendingSize = 0;
      const rest = all.subarray(end + 4);
      if (!this.#start(Buffer.from(all.buffer, all.byteOffset, end).toString("latin1"))) {
        if (rest.byteLength > 0) this.#take(rest); // an informational answer: the real one follows
        return;
      }
      bytes = rest;
    }
    if (this.#state !== "body" || bytes.byteLength === 0) return;
    const c = this.#controller;
    if (c === null) return; // (a body that may not have one: HEAD, 204, 304)
    if (this.#unchunk === null) c.enqueue(bytes);
    else if (this.#unchunk.push(bytes, (data) => c.enqueue(data))) {
      this.#state = "done";
      c.close();
    }
  }

  /** Reads a status line and headers; false for an informational (1xx) answer. */
  #start(text: string): boolean {
    const lines = text.split("\r\n");
    const status = /^HTTP\/\d\.\d (\d{3})(?: (.*))?$/.exec(lines[0]!);
    if (status === null)
      throw new Error(
        `a mounted node listener wrote ${JSON.stringify(lines[0]!.slice(0, 100))} where a status line belongs`,
      );
    const code = Number(status[1]);
    if (code >= 100 && code < 200 && code !== 101) return false;
    const headers = new Headers();
    let chunked = false;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i]!;
      const colon = line.indexOf(":");
      if (colon <= 0) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === "transfer-encoding" && /(?:^|,)\s*chunked\s*$/i.test(value)) chunked = true;
      if (!HOP_BY_HOP.has(name)) headers.append(name, value);
    }
    this.#state = "body";
    const noBody = this.#head || code === 204 || code === 304;
    let body: ReadableStream<Uint8Array> | null = null;
    if (!noBody) {
      if (chunked) this.#unchunk = new Unchunk();
      body = new ReadableStream<Uint8Array>(
        {
          start: (c) => void (this.#controller = c),
          pull: () => this.#release(),
          cancel: () => {
            this.#state = "done";
            this.destroy();
          },
        },
        { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
      );
    }
    this.#resolve(new Response(body, { status: code, statusText: status[2] || undefined, headers }));
    return true;
  }
}
/**
 * The headers with the framing a server would have received for the body: a WHATWG `Request`
 * carries none (its length is set on the wire), and body parsers (Express', `type-is`) read a
 * request without Content-Length or Transfer-Encoding as having no body.
 */
function framing(headers: Headers, body: BodySource | null): Headers {
  if (body === null) return headers;
  if (body instanceof Uint8Array) {
    if (headers.get("content-length") === String(body.byteLength) && !headers.has("transfer-encoding")) return headers;
    const out = new Headers(headers);
    out.delete("transfer-encoding");
    out.set("content-length", String(body.byteLength));
    return out;
  }
  if (headers.has("content-length") || headers.has("transfer-encoding")) return headers;
  const out = new Headers(headers);
  out.set("transfer-encoding", "chunked");
  return out;
}

/** Calls `listener` with node request/response objects made from `call`; resolves to its response. */
export function callNodeListener(listener: (req: any, res: any) => unknown, call: NodeCall): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const socket = new CaptureSocket(call.encrypted, call.method === "HEAD", resolve, reject);
    const req = new http.IncomingMessage(socket as unknown as import("node:net").Socket);
    req.method = call.method;
    req.url = call.url;
    req.httpVersion = "1.1";
    req.httpVersionMajor = 1;
    req.httpVersionMinor = 1;
    const raw: string[] = [];
    const headers: Record<string, string> = {};
    framing(call.headers, call.body).forEach((value, name) => {
      raw.push(name, value);
      headers[name] = value;
    });
    req.headers = headers;
    req.rawHeaders = raw;
    Object.assign(req, { baseUrl: call.baseUrl, originalUrl: call.originalUrl });
    feed(req, call.body);
    const res = new http.ServerResponse(req);
    // Only the headers the listener sets, as before a server adds its own (the one serving the Response adds Date).
    res.sendDate = false;
    res.assignSocket(socket as unknown as import("node:net").Socket);
    res.once("finish", () => socket.finished());
    // (node's server relays a socket's `drain` to its response: a listener waiting on it would wait forever.)
    socket.on("drain", () => {
      if (res.writableNeedDrain) res.emit("drain");
    });
    try {
      const returned = listener(req, res);
      if (returned instanceof Promise) returned.catch(reject);
    } catch (e) {
      reject(e);
    }
  });
}
