/**
 * The dispatcher: one request, from the transport-neutral `Exchange` to an `Outcome`, with Rails'
 * conventions (SPEC §6) — `Rack::MethodOverride`, routing (`recognize`), redirect routes, mounted
 * handlers, `controller#action` with Rails' params, and every error as a status, never a crash.
 *
 * The common request (no `_method` form, a controller from the map, an action that returns at
 * once) is served synchronously: `dispatch` returns the `Reply` itself, not a promise, so the node
 * adapter writes it in the same tick, with no promise or microtask per request, and Hono's and
 * @hono/node-server's synchronous paths stay open. Anything that waits — reading a body, loading a
 * controller file, an async action, a mounted handler — returns a promise instead.
 */
import type { AppTarget, RecognizeResult, Route, RouteSet } from "../index.js";
import { RoutingError } from "../errors.js";
import { HTTP_METHODS } from "../recognize/index.js";
import { dict } from "../support/ruby.js";
import type { NestedParams } from "../uri/query.js";
import { bodyKind, queryParams, readBodyParams } from "./body.js";
import { ActionContext, type Params } from "./action-context.js";
import { ActionNotFound, ControllerRegistry, MissingController, type ControllerMap, type Invoke } from "./controllers.js";
import { BadRequest, type Exchange } from "./transport/exchange.js";
import { exceptionPage, routesPage, routingErrorPage } from "./pages.js";
import { Reloader } from "./reloader.js";
import { loadedRoutes } from "../draw.js";
import { HANDLED, htmlReply, redirectReply, Reply, replyOf, textReply, Unmatched, type Outcome } from "./reply.js";

/** Options of `createHandler`. */
export interface HandlerOptions {
  /** Controllers by controller path (`"photos"`, `"admin/users"`): classes or objects of actions. */
  controllers?: ControllerMap;
  /** The application's directory: controllers not in `controllers` are loaded from `<root>/app/controllers/<path>_controller.ts`. */
  root?: string;
  /**
   * `"development"` shows the routing error page, the exception page and `/rails/info/routes`;
   * anything else answers plain `Not Found` / `Internal Server Error`. Default: `NODE_ENV`, else
   * `"development"` (as Rails and Express do).
   */
  env?: string;
  /**
   * Reload in development (default true there, never elsewhere): before each request, if a file
   * read for the routes (when `loadRoutes` loaded them) or a controller loaded from `root` changed,
   * load it again (see reloader.ts).
   */
  reload?: boolean;
  /** `Rack::MethodOverride` (`_method`, `X-HTTP-Method-Override` on a POST). Default true. */
  methodOverride?: boolean;
  /** Answer 405 with `Allow` when routes match the path for other verbs (Rails answers 404). Default false. */
  methodNotAllowed?: boolean;
  /** The most bytes of a body read into params (form, multipart, JSON). Default 1 MiB. */
  bodyLimit?: number;
  /**
   * Called with every error a request ends in (400, 404 for a missing controller or action, 500),
   * and the request's method and URL. Default: 500s are written to `console.error`.
   */
  onError?: (error: unknown, request: { readonly method: string; readonly url: string }) => void;
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** The environment served in: `env` if given, else `NODE_ENV`, else `"development"` (as Rails and Express). */
export function environment(env: string | undefined): string {
  return env ?? (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.NODE_ENV ?? "development";
}

/** The verbs `Rack::MethodOverride` turns a POST into (`HTTP_METHODS` of rack/method_override.rb). */
const OVERRIDE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "PUT", "POST", "DELETE", "OPTIONS", "PATCH", "LINK", "UNLINK"]);

/** The order `Allow` lists verbs in. */
const VERB_ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** A handler made by `createHandler` carries its dispatcher here (adapters and mounts dispatch without a `Request`). */
export const DISPATCHER: unique symbol = Symbol.for("switchyard.dispatcher");

/** A fetch-style handler: what mounts accept besides node listeners. */
export type FetchHandler = (request: Request) => Response | Promise<Response>;
/** A node request listener `(req, res)`. */
export type NodeListener = (req: any, res: any, next?: any) => unknown;

type Found = Exclude<RecognizeResult, null>;

function percentMalformed(path: string): string | null {
  // `%` not followed by two hex digits, or escapes whose bytes are not UTF-8.
  if (/%(?![0-9A-Fa-f]{2})/.test(path)) return "malformed %-escape";
  try {
    decodeURIComponent(path);
  } catch {
    return "%-escapes that are not UTF-8";
  }
  return null;
}

export class Dispatcher {
  routes: RouteSet;
  readonly development: boolean;
  readonly bodyLimit: number;
  readonly registry: ControllerRegistry;
  readonly #override: boolean;
  readonly #methodNotAllowed: boolean;
  readonly #onError: HandlerOptions["onError"];
  #verbs: string[] | undefined;
  readonly #reloader: Reloader | undefined;

  constructor(routes: RouteSet, options: HandlerOptions = {}) {
    this.routes = routes;
    this.development = environment(options.env) === "development";
    this.bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
    this.registry = new ControllerRegistry(options.controllers, options.root);
    this.#override = options.methodOverride ?? true;
    this.#methodNotAllowed = options.methodNotAllowed ?? false;
    this.#onError = options.onError;
    if (this.development && options.reload !== false && (options.root !== undefined || loadedRoutes(routes) !== undefined)) this.#reloader = new Reloader(this, options.root ?? process.cwd());
  }

  /** Serves another route set from the next request on (the development reloader). */
  replaceRoutes(routes: RouteSet): void {
    this.routes = routes;
    this.#verbs = undefined;
  }

  /** Serves one request. Never throws nor rejects: every failure is an answer. */
  dispatch(ex: Exchange): Outcome | Promise<Outcome> {
    const reloaded = this.#reloader?.check();
    if (reloaded != null) return reloaded.then(() => this.#dispatch(ex), (e: unknown) => this.failure(ex, e));
    return this.#dispatch(ex);
  }

  #dispatch(ex: Exchange): Outcome | Promise<Outcome> {
    try {
      if (ex.path.indexOf("%") >= 0) {
        const reason = percentMalformed(ex.path);
        if (reason !== null) throw new BadRequest(`Invalid path ${JSON.stringify(ex.path)}: ${reason}`);
      }
      if (ex.method === "POST" && this.#override) {
        const kind = bodyKind(ex.header("content-type"), "POST");
        if ((kind === "form" || kind === "multipart") && ex.bodyParams === null && ex.hasBody) return this.#overrideFromBody(ex, kind);
        // (A body parser ahead of us may have read the form: its params hold `_method`.)
        const param = kind === "form" || kind === "multipart" ? ex.bodyParams?._method : undefined;
        overrideWith(ex, param !== undefined && param !== null ? param : ex.header("x-http-method-override"));
      }
      return this.#route(ex);
    } catch (e) {
      return this.failure(ex, e);
    }
  }

  /** `Rack::MethodOverride` on a form POST: `_method` from the body, else the header. */
  async #overrideFromBody(ex: Exchange, kind: "form" | "multipart"): Promise<Outcome> {
    try {
      const body = (ex.bodyParams = await readBodyParams(ex, kind, this.bodyLimit));
      const param = body._method;
      overrideWith(ex, param !== undefined && param !== null ? param : ex.header("x-http-method-override"));
      return await this.#route(ex);
    } catch (e) {
      return this.failure(ex, e);
    }
  }

  #route(ex: Exchange): Outcome | Promise<Outcome> {
    const method = ex.method;
    if (this.development && (method === "GET" || method === "HEAD") && (ex.path === "/rails/info/routes" || ex.path === "/rails/info")) {
      return htmlReply(200, routesPage(this.routes));
    }
    const result = this.routes.recognize(method, ex.query === "" ? ex.path : `${ex.path}?${ex.query}`, ex.facts());
    if (result === null) return this.#unmatched(ex);
    if ("params" in result) {
      if ("app" in result) return this.#mount(ex, result.app);
      return this.#action(ex, result);
    }
    return redirectReply(result.redirect.status, result.redirect.location);
  }

  #unmatched(ex: Exchange): Outcome {
    const method = ex.method;
    if (!HTTP_METHODS.has(method)) {
      return textReply(405, `Method Not Allowed: ${method} is not an HTTP method this application accepts\n`);
    }
    if (this.#methodNotAllowed) {
      const allowed = this.allowedMethods(ex);
      if (allowed.length > 0) return textReply(405, "Method Not Allowed\n", { allow: allowed.join(", ") });
    }
    return new Unmatched(method, ex.originalPath);
  }

  /** The verbs whose routes match the request's path (HEAD with GET), in `Allow` order. */
  allowedMethods(ex: Exchange): string[] {
    this.#verbs ??= [...new Set(this.routes.routes.flatMap((r) => r.verbs.map((v) => v.toUpperCase())))].sort(
      (a, b) => (VERB_ORDER.indexOf(a) + 1 || 99) - (VERB_ORDER.indexOf(b) + 1 || 99) || (a < b ? -1 : 1),
    );
    const target = ex.query === "" ? ex.path : `${ex.path}?${ex.query}`;
    const facts = ex.facts();
    const allowed = new Set<string>();
    for (const verb of this.#verbs) {
      if (verb === ex.method || verb === "HEAD") continue;
      if (this.routes.recognize(verb, target, facts) !== null) {
        allowed.add(verb);
        if (verb === "GET") allowed.add("HEAD");
      }
    }
    return VERB_ORDER.filter((v) => allowed.has(v)).concat([...allowed].filter((v) => !VERB_ORDER.includes(v)));
  }

  /** A mounted handler: a switchyard handler (dispatched in place), a `{ fetch }` object or fetch function, or a node listener `(req, res)`. */
  #mount(ex: Exchange, app: AppTarget): Outcome | Promise<Outcome> {
    const handler = app.handler as { [DISPATCHER]?: Dispatcher; fetch?: unknown } | ((...args: unknown[]) => unknown);
    const inner = (handler as { [DISPATCHER]?: Dispatcher })[DISPATCHER];
    if (inner instanceof Dispatcher) {
      ex.scriptName = app.scriptName;
      ex.path = app.pathInfo;
      return inner.dispatch(ex);
    }
    if (typeof handler === "object" && handler !== null && typeof handler.fetch === "function") {
      const fetch = handler.fetch as FetchHandler;
      return this.#guard(ex, () => ex.callFetch((request) => fetch.call(handler, request), app));
    }
    if (typeof handler === "function") {
      if (handler.length >= 2) return this.#guard(ex, () => ex.callNode(handler as NodeListener, app));
      return this.#guard(ex, () => ex.callFetch(handler as FetchHandler, app));
    }
    return this.failure(ex, new TypeError(`the handler mounted at ${app.scriptName || "/"} is neither a function nor an object with fetch(): cannot call it`));
  }

  async #guard(ex: Exchange, call: () => Promise<Outcome>): Promise<Outcome> {
    try {
      const out = await call();
      if (out === HANDLED || out instanceof Response) return out;
      throw new TypeError(`a mounted handler answered ${out === undefined ? "nothing" : typeof out}: a fetch handler must return a Response`);
    } catch (e) {
      return this.failure(ex, e);
    }
  }

  /** `controller#action`: finds the controller and action, builds params and the context, runs the action. */
  #action(ex: Exchange, result: Found & { readonly params: Params }): Outcome | Promise<Outcome> {
    const path = result.params;
    const controller = path.controller;
    const action = path.action;
    if (typeof controller !== "string" || typeof action !== "string") {
      throw new RoutingError(`the route ${result.route.verb || "(any verb)"} ${result.route.path} names no controller#action`);
    }
    const loaded = this.registry.controller(controller);
    if (loaded instanceof Promise) {
      return loaded.then((l) => this.#run(ex, result.route, path, this.registry.action(l, action, controller))).catch((e) => this.failure(ex, e));
    }
    return this.#run(ex, result.route, path, this.registry.action(loaded, action, controller));
  }

  #run(ex: Exchange, route: Route, path: Params, invoke: Invoke): Outcome | Promise<Outcome> {
    const kind = ex.bodyParams === null && ex.hasBody ? bodyKind(ex.header("content-type"), ex.originalMethod) : null;
    if (kind !== null) {
      return readBodyParams(ex, kind, this.bodyLimit)
        .then((body) => {
          ex.bodyParams = body;
          return this.#invoke(ex, route, mergeParams(ex, path), invoke);
        })
        .catch((e) => this.failure(ex, e));
    }
    return this.#invoke(ex, route, mergeParams(ex, path), invoke);
  }

  #invoke(ex: Exchange, route: Route, params: Params, invoke: Invoke): Outcome | Promise<Outcome> {
    const ctx = new ActionContext(ex, this.routes, route, params);
    let value: unknown;
    try {
      value = invoke(ctx);
    } catch (e) {
      return this.failure(ex, e, params);
    }
    if (value instanceof Promise) {
      return value.then((v) => replyOf(v, () => where(params))).catch((e) => this.failure(ex, e, params));
    }
    try {
      return replyOf(value, () => where(params));
    } catch (e) {
      return this.failure(ex, e, params);
    }
  }

  /** The answer to a request that failed: 400, 404 (missing controller or action), 500; logged through `onError`. */
  failure(ex: Exchange, error: unknown, params?: Params): Reply {
    try {
      const report = this.#onError ?? defaultOnError;
      report(error, { method: ex.method, url: ex.url });
    } catch {
      // a failing error reporter must not fail the request
    }
    if (error instanceof BadRequest) return textReply(error.status, `${error.message}\n`, error.close ? { connection: "close" } : undefined);
    if (error instanceof RoutingError || error instanceof ActionNotFound) {
      if (!this.development) return textReply(404, "Not Found\n");
      const notes = error instanceof MissingController ? this.#lookedFor(error.controllerPath) : [];
      return htmlReply(404, routingErrorPage(error.message, this.routes, notes));
    }
    if (!this.development) return textReply(500, "Internal Server Error\n");
    return htmlReply(500, exceptionPage(error, params === undefined ? `${ex.method} ${ex.originalPath}` : where(params)));
  }

  /** For a missing controller: where it was looked for. */
  #lookedFor(controller: string): string[] {
    const files = this.registry.lookedFor(controller);
    const registered = `No controller is registered as ${JSON.stringify(controller)} in the controllers option`;
    return files.length === 0
      ? [`${registered}, and no root was given to load app/controllers/${controller}_controller.ts from.`]
      : [`${registered}, and none of these files exists: ${files.join(", ")}`];
  }

  /** The 404 for an unmatched request: the routing error page in development, else `Not Found`. */
  notFound(unmatched: Unmatched): Reply {
    if (!this.development) return textReply(404, "Not Found\n");
    return htmlReply(404, routingErrorPage(unmatched.message, this.routes));
  }
}

function defaultOnError(error: unknown, request: { readonly method: string; readonly url: string }): void {
  if (error instanceof BadRequest || error instanceof RoutingError || error instanceof ActionNotFound) return;
  console.error(`switchyard: ${request.method} ${request.url} failed:`, error);
}

/** `Controller#action`, as Rails names where an error was raised. */
function where(params: Params): string {
  return `${String(params.controller)}#${String(params.action)}`;
}

/** `Rack::MethodOverride`: a string naming one of its verbs (any case) becomes the method. */
function overrideWith(ex: Exchange, value: unknown): void {
  if (typeof value !== "string") return;
  const method = value.toUpperCase();
  if (OVERRIDE_METHODS.has(method)) ex.method = method;
}

/** Rails' `params`: the body's, then the query string's, then the path parameters (each level overriding). */
function mergeParams(ex: Exchange, path: Params): Params {
  const body = ex.bodyParams;
  if (ex.query === "" && body === null) return path;
  const merged = dict();
  if (body !== null) copy(merged, body);
  if (ex.query !== "") copy(merged, queryParams(ex.query));
  copy(merged, path);
  return merged;
}

function copy(to: Params, from: NestedParams | Params): void {
  for (const k of Object.keys(from)) to[k] = from[k];
}

/** The dispatcher behind a handler made by `createHandler`, or undefined for any other function. */
export function dispatcherOf(handler: unknown): Dispatcher | undefined {
  const d = (handler as { [DISPATCHER]?: unknown } | null | undefined)?.[DISPATCHER];
  return d instanceof Dispatcher ? d : undefined;
}
