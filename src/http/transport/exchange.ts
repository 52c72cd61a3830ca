/**
 * One request being served, as the dispatcher sees it, whatever carried it: a WHATWG `Request`
 * (the fetch handler, Hono) or node's `IncomingMessage`/`ServerResponse` pair (the node adapter,
 * Express, Fastify). The dispatcher reads only this interface, so every transport gets the same
 * params, errors, status codes and headers: only reading the body, calling a mounted handler and
 * building a WHATWG `Request` differ, and each transport does those its cheapest way.
 */
import type { AppTarget, RecognizeRequest } from "../../index.js";
import type { Outcome } from "./outcome.js";
import type { NestedParams } from "../../uri/query.js";

/** What a `Request` or `Response` body can be made from (the DOM's `BodyInit`, which @types/node does not declare globally). */
export type BodySource = NonNullable<ConstructorParameters<typeof Response>[0]>;

/** A request the client got wrong: answered 400 (or `status`) with the reason, never a crash. */
export class BadRequest extends Error {
  override name = "BadRequest" as const;
  /** `close`: the connection is closed after the answer (the client may still be sending a body not read). */
  constructor(
    message: string,
    readonly status = 400,
    readonly close = false,
  ) {
    super(message);
  }
}

/**
 * A request's entry in the core's request log, as the core uses it (request-log.ts's
 * `RequestEntry`). The exchange carries it so that a mounted switchyard handler adds to its
 * mount's entry; nothing in the kit reads it.
 */
export interface ExchangeLog {
  /** An action is about to run with these params. */
  processing(params: Readonly<Record<string, unknown>>): void;
  /** A before callback (named as Rails' log names it: `:authenticate`) halted the action's chain. */
  halted(callback: string): void;
  /** The request failed with `error`. */
  failed(error: unknown): void;
  /** The request's outcome. */
  finish(outcome: Outcome): void;
  /** Whether the log prints errors itself (so the default error reporter stays quiet). */
  readonly printsErrors: boolean;
}

export abstract class Exchange {
  /** The method the request is served with: the client's, or the one `_method` / `X-HTTP-Method-Override` gave a POST. */
  method: string;
  /** The method the client sent (Rails' `rack.methodoverride.original_method`, else the method). */
  readonly originalMethod: string;
  /** The path as sent (Rack's `PATH_INFO`, no query); in a mounted handler, what follows the mount point. */
  path: string;
  /** The path as the client sent it, kept when a mount moves `path` (for messages). */
  readonly originalPath: string;
  /** The query string as sent, without `?` ("" for none). */
  readonly query: string;
  /** Where the application is mounted (Rack's `SCRIPT_NAME`): "" at the root. */
  scriptName: string;
  /** The body's parameters, once read (a form, multipart or JSON body): what constraints and actions see. */
  bodyParams: NestedParams | null = null;
  /** What the transport found malformed before dispatch (a request target that is no path, a body a parser before us read nested too deep): answered 400 when dispatched. */
  invalid: BadRequest | null = null;
  /** The body's bytes, once read (so a mounted handler still gets them). */
  bodyBytes: Uint8Array | null = null;
  /** This request's entry in the request log, when the log is on (the core's: the kit only carries it). */
  log: ExchangeLog | null = null;
  /**
   * Set by an adapter that hands a request no route matches to the next handler (Express' `next()`,
   * Hono's `next()`, Fastify's not-found handler): the request log then leaves it out, as the
   * next handler's.
   */
  passesUnmatched = false;

  constructor(method: string, path: string, query: string, scriptName: string) {
    this.method = method;
    this.originalMethod = method;
    this.path = path;
    this.originalPath = path;
    this.query = query;
    this.scriptName = scriptName;
  }

  /** A request header (name in lower case), several values joined with `, `; undefined when absent. */
  abstract header(name: string): string | undefined;
  /** All request headers, names in lower case. */
  abstract headerRecord(): Record<string, string>;
  /** `https` or `http`. */
  abstract get scheme(): string;
  /** The `Host` (with its port, if any) the request was sent to. */
  abstract get authority(): string;
  /** The `Host` header as sent (Rails' `HTTP_HOST`), undefined when none was: what host authorization reads. */
  get hostHeader(): string | undefined {
    return this.authority;
  }
  /** The client's address, when the transport knows it. */
  abstract get remoteAddress(): string | undefined;
  /** Whether the request may carry a body (a Content-Length above 0, or a chunked transfer). */
  abstract get hasBody(): boolean;
  /**
   * The host framework's own objects for this request, as an adapter gives them to actions
   * (`ctx.framework`: Express' `{ req, res }`, Fastify's `{ request, reply }`, Hono's `{ c }`);
   * undefined when served by no framework (node:http, the fetch handler).
   */
  get framework(): unknown {
    return undefined;
  }
  /** The body's bytes, read once; more than `limit` bytes throws `BadRequest` (413 for a declared length, else 400). */
  protected abstract readBytes(limit: number): Promise<Uint8Array>;
  /** The request as a WHATWG `Request` (URL with the script name, the served method), made on first use. */
  abstract toRequest(): Request;

  /** Calls a mounted fetch handler with this request, its URL's path the mount's path info. */
  abstract callFetch(handler: (request: Request) => Response | Promise<Response>, target: AppTarget): Promise<Outcome>;
  /** Calls a mounted node listener with this request, its `url` the mount's path info (`baseUrl` the script name, as Express mounts apps). */
  abstract callNode(listener: (req: any, res: any) => unknown, target: AppTarget): Promise<Outcome>;

  async body(limit: number): Promise<Uint8Array> {
    return (this.bodyBytes ??= await this.readBytes(limit));
  }

  /** The URL the client asked for (Rails' `request.url`): scheme, host, script name, path, query. */
  get url(): string {
    return `${this.scheme}://${this.authority}${this.scriptName}${this.path}${this.query === "" ? "" : `?${this.query}`}`;
  }

  /** What `recognize` is told about the request (host, protocol, script name, headers, body params), read lazily. */
  facts(): RecognizeRequest {
    return new RequestFacts(this);
  }
}

/**
 * The request as `recognize` reads it for constraints, redirects and mounts. Getters over the
 * exchange, so a request that reaches no such route reads no header; private state only, so the
 * object a lambda constraint receives (which spreads this one) holds nothing internal.
 */
class RequestFacts implements RecognizeRequest {
  readonly #ex: Exchange;
  #headers: Record<string, string> | undefined;
  constructor(ex: Exchange) {
    this.#ex = ex;
  }
  [attribute: string]: unknown;
  get host(): string {
    return this.#ex.authority;
  }
  get protocol(): string {
    return this.#ex.scheme;
  }
  get scriptName(): string {
    return this.#ex.scriptName;
  }
  get headers(): Record<string, string> {
    return (this.#headers ??= this.#ex.headerRecord());
  }
  get params(): Record<string, unknown> | undefined {
    return this.#ex.bodyParams ?? undefined;
  }
  get ip(): string | undefined {
    return this.#ex.remoteAddress;
  }
}

/** Splits a request target (`/p?q`) into path and query. */
export function splitTarget(target: string): [path: string, query: string] {
  const q = target.indexOf("?");
  if (q < 0) return [target, ""];
  return [target.slice(0, q), target.slice(q + 1)];
}
