/**
 * The dispatcher: one request, from the transport-neutral `Exchange` to an `Outcome`, with Rails'
 * conventions (docs/contract.md §6) — `Rack::MethodOverride`, routing (`recognize`), redirect routes, mounted
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
import { dict, truthy } from "../support/ruby.js";
import { currentDirectory, environmentVariable, runtimeProcess } from "../support/runtime.js";
import { dropRejection, isInstance, thrownSummary } from "../support/thrown.js";
import type { NestedParams } from "../uri/query.js";
import { bodyKind, queryParams, readBodyParams } from "./body.js";
import { ActionContext, type Params } from "./action-context.js";
import { Halted } from "./callbacks.js";
import { ForgeryProtection, type ForgeryProtectionOptions, InvalidCrossOriginRequest } from "./forgery.js";
import {
  ActionNotFound,
  ControllerRegistry,
  MissingController,
  type ControllerMap,
  type Invoke,
} from "./controllers.js";
import { BadRequest, type Exchange } from "./transport/exchange.js";
import { extensions, notInstalled } from "./extensions.js";
import { withScriptName } from "./script-name.js";
import { isXhr } from "../uri/mime.js";
import { BlockedHost, blockedHostName, checkHost, DEVELOPMENT_HOSTS, type HostPattern } from "./hosts.js";
import type { HostPermissions } from "./host-permissions.js";
import type { RequestInfo } from "../table/request.js";
import { RequestContext } from "../recognize/request/request-context.js";
import { DEFAULT_FILTER_PARAMETERS, ParameterFilterRule, type ParameterFilter } from "./parameter-filter.js";
import type { RequestLog, RequestLogger } from "./request-log.js";
import type { Reloader } from "./reloader.js";
import { actionOf, htmlReply, redirectReply, replyOf, textReply } from "./reply.js";
import { HANDLED, type Outcome, type Reply, Unmatched } from "./transport/outcome.js";
import { DISPATCHER, type RequestDispatcher } from "./transport/serve.js";

/** Options of `createHandler`. */
export interface HandlerOptions {
  /** Controllers by controller path (`"photos"`, `"admin/users"`): classes or objects of actions. */
  controllers?: ControllerMap;
  /** The application's directory: controllers not in `controllers` are loaded from `<root>/app/controllers/<path>_controller.ts`. */
  root?: string;
  /**
   * `"development"` shows the routing error page, the exception page and `/rails/info/routes`;
   * anything else answers plain `Not Found` / `Internal Server Error`. Default: `NODE_ENV`, else
   * `"development"` (as Rails and Express do) — but `"production"` where there is no `process` (a
   * Cloudflare Worker, a browser), where no developer watches a console.
   */
  env?: string;
  /**
   * Reload in development (default true there, never elsewhere): before each request, if a file
   * read for the routes (when `loadRoutes` loaded them) or a controller loaded from `root` changed,
   * load it again (see reloader.ts).
   */
  reload?: boolean;
  /**
   * Loads every controller under `<root>/app/controllers` (and what each imports) as the handler is
   * made, as Rails' `eager_load` does at boot: no request pays for loading, and `ready` rejects
   * with the first file that does not load. Default: on when `env` is `"production"`.
   */
  eagerLoad?: boolean;
  /** `Rack::MethodOverride` (`_method`, `X-HTTP-Method-Override` on a POST). Default true. */
  methodOverride?: boolean;
  /** Answer 405 with `Allow` when routes match the path for other verbs (Rails answers 404). Default false. */
  methodNotAllowed?: boolean;
  /**
   * The hosts served (Rails' `config.hosts`, `ActionDispatch::HostAuthorization`): host names
   * (`"example.com"`), domains with their subdomains (`".example.com"`), RegExps, IP ranges
   * (`"10.0.0.0/8"`). A request for another host (by `Host` or the last `X-Forwarded-Host`) is 403.
   * Default: when `env` or `NODE_ENV` says `"development"`, Rails 6.1's `[".localhost",
   * "0.0.0.0/0", "::/0"]` (localhost and any IP address); otherwise (production, or no environment
   * named) no check. `[]` turns the check off. Without this option, the environment variable
   * `SWITCHYARD_HOSTS` (comma-separated entries; no RegExps) gives the list (for `switchyard serve`).
   */
  hosts?: readonly HostPattern[];
  /**
   * Rails 6.1's `config.host_authorization`: `exclude` is a function of the request (what lambda
   * constraints receive: `path`, `host`, `headers`...) that lets a request for a host not in `hosts`
   * through when it returns true, as a load balancer's health check by IP:
   * `{ exclude: (request) => request.path === "/up" }`. Called only for a request that would be blocked.
   */
  hostAuthorization?: { readonly exclude?: (request: RequestInfo) => unknown };
  /** The most bytes of a body read into params (form, multipart, JSON). Default 1 MiB. */
  bodyLimit?: number;
  /**
   * Called with every error a request ends in (400, 404 for a missing controller or action, 500),
   * and the request's method and URL. Default: 500s are written to `console.error`. It may be
   * async: a throw or a rejected promise is dropped, never failing the request or the process.
   */
  onError?: (error: unknown, request: { readonly method: string; readonly url: string }) => unknown;
  /**
   * The request log (`http/request-log.ts`): Rails' `Started` / `Processing` / `Parameters` /
   * `Completed` lines in development, one line a request otherwise; `false` turns it off. A function
   * of a line or an object with `info(line)`. Default: stdout (off under a test runner).
   */
  logger?: RequestLogger | false;
  /** Rails' `filter_parameters` for the log and the exception page. Default: `DEFAULT_FILTER_PARAMETERS`. */
  filterParameters?: readonly ParameterFilter[];
  /**
   * Forgery protection (forgery.ts): a POST, PUT, PATCH or DELETE that the browser says came from
   * another site (`Sec-Fetch-Site`, else `Origin` against `Host`) is 403 before the action runs;
   * requests with neither header (API clients) pass. `{ trustedOrigins }` lists origins let
   * through; `false` turns it off. Default: on. A controller opts out with `skipForgeryProtection`.
   */
  forgeryProtection?: boolean | ForgeryProtectionOptions;
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** The environment served in: `env` if given, else `NODE_ENV`, else `"development"` (as Rails and Express) — `"production"` where there is no `process`. */
export function environment(env: string | undefined): string {
  // Where there is no `process` at all (a Cloudflare Worker, a browser) there is no NODE_ENV to
  // say so and no console a developer watches: production, so that a deployed Worker never shows
  // the development pages (backtraces, the routes) to the public.
  return env ?? environmentVariable("NODE_ENV") ?? (runtimeProcess() === undefined ? "production" : "development");
}

/** The verbs `Rack::MethodOverride` turns a POST into (`HTTP_METHODS` of rack/method_override.rb). */
const OVERRIDE_METHODS: ReadonlySet<string> = new Set([
  "GET",
  "HEAD",
  "PUT",
  "POST",
  "DELETE",
  "OPTIONS",
  "PATCH",
  "LINK",
  "UNLINK",
]);

/** What the exception page leaves out of the parameters it shows (Rails' `debug_params`). */
const SHOWN_PARAMS_SKIP: ReadonlySet<string> = new Set(["controller", "action"]);

/** The order `Allow` lists verbs in. */
const VERB_ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

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

export class Dispatcher implements RequestDispatcher {
  routes: RouteSet;
  readonly development: boolean;
  readonly bodyLimit: number;
  readonly registry: ControllerRegistry;
  readonly #override: boolean;
  readonly #methodNotAllowed: boolean;
  readonly #onError: HandlerOptions["onError"];
  readonly #hosts: HostPermissions | null;
  readonly #excludeHost: ((request: RequestInfo) => unknown) | undefined;
  /** The last Host value found well-formed (a server sees one or a few: most requests skip the check). */
  #validHost = "";
  readonly #log: RequestLog | null;
  readonly #filterParameters: readonly ParameterFilter[];
  readonly #root: string;
  #verbs: string[] | undefined;
  readonly #reloader: Reloader | undefined;
  /** Settles when the controllers are loaded (`eagerLoad`), at once without it. */
  readonly ready: Promise<void>;
  readonly #forgery: ForgeryProtection | null;

  constructor(routes: RouteSet, options: HandlerOptions = {}) {
    this.routes = routes;
    this.development = environment(options.env) === "development";
    this.bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
    this.registry = new ControllerRegistry(options.controllers, options.root);
    this.#override = options.methodOverride ?? true;
    this.#methodNotAllowed = options.methodNotAllowed ?? false;
    this.#onError = options.onError;
    // Rails' development default only where development was asked for (the option or NODE_ENV):
    // with neither, `env` defaults to development too, but that is where a library's tests run
    // (node has no separate test environment), with hosts such as `example.org`.
    const asked = options.env ?? environmentVariable("NODE_ENV");
    const listed = environmentVariable("SWITCHYARD_HOSTS")
      ?.split(",")
      .map((h) => h.trim())
      .filter((h) => h !== "");
    const given = options.hosts ?? (listed !== undefined && listed.length > 0 ? listed : undefined);
    const { hostPermissions, requestLog } = extensions();
    // (Hosts given but no host authorization imported is an error; development's default list,
    // in a Worker's bundle which has no development pages either, is left out.)
    if (given !== undefined && given.length > 0 && hostPermissions === undefined)
      throw notInstalled(
        options.hosts === undefined ? "hosts (from SWITCHYARD_HOSTS)" : "hosts",
        "host authorization",
        "switchyard/http/hosts",
      );
    const allowed = given ?? (asked === "development" ? DEVELOPMENT_HOSTS : []);
    const hosts = allowed.length > 0 && hostPermissions !== undefined ? hostPermissions(allowed) : null;
    this.#hosts = hosts === null || hosts.empty ? null : hosts;
    this.#excludeHost = options.hostAuthorization?.exclude;
    // (Without the request log, a Worker's bundle logs nothing unless it asks for the log, and
    // then it must have imported it: a logger given is never dropped in silence.)
    if (requestLog === undefined && options.logger !== undefined && options.logger !== false)
      throw notInstalled("logger", "the request log", "switchyard/http/log");
    this.#log = requestLog === undefined ? null : requestLog(options, this.development);
    this.#filterParameters = options.filterParameters ?? DEFAULT_FILTER_PARAMETERS;
    const forgery = options.forgeryProtection ?? true;
    this.#forgery = forgery === false ? null : new ForgeryProtection(forgery === true ? {} : forgery);
    this.#root = options.root ?? currentDirectory() ?? "";
    if (this.development && options.reload !== false) this.#reloader = extensions().reloader?.(this, options.root);
    this.ready =
      (options.eagerLoad ?? environment(options.env) === "production")
        ? this.registry.eagerLoad().then(() => undefined)
        : Promise.resolve();
    // (Awaiting it is the caller's choice: a failure it does not await is not an unhandled rejection.)
    this.ready.catch(() => {});
  }

  /** Serves another route set from the next request on (the development reloader). */
  replaceRoutes(routes: RouteSet): void {
    this.routes = routes;
    this.#verbs = undefined;
  }

  /** Serves one request. Never throws nor rejects: every failure is an answer. Logged when the log is on (once: a mounted handler's dispatcher adds to its mount's entry). */
  dispatch(ex: Exchange): Outcome | Promise<Outcome> {
    if (this.#log === null || ex.log !== null) return this.#reloadThenDispatch(ex);
    const entry = (ex.log = this.#log.start(ex));
    const out = this.#reloadThenDispatch(ex);
    if (out instanceof Promise) return out.then((o) => (entry.finish(o), o));
    entry.finish(out);
    return out;
  }

  /** In development, first takes up the application's edited files (see `Reloader`). */
  #reloadThenDispatch(ex: Exchange): Outcome | Promise<Outcome> {
    const reloaded = this.#reloader?.check();
    if (reloaded != null)
      return reloaded.then(
        () => this.#dispatch(ex),
        (e: unknown) => this.failure(ex, e),
      );
    return this.#dispatch(ex);
  }

  #dispatch(ex: Exchange): Outcome | Promise<Outcome> {
    try {
      const host = ex.authority;
      if (host !== this.#validHost) {
        checkHost(host);
        this.#validHost = host;
      }
      if (this.#hosts !== null) this.#authorizeHost(ex);
      if (ex.invalid !== null) throw ex.invalid;
      if (ex.path.indexOf("%") >= 0) {
        const reason = percentMalformed(ex.path);
        if (reason !== null) throw new BadRequest(`Invalid path ${JSON.stringify(ex.path)}: ${reason}`);
      }
      if (ex.method === "POST" && this.#override) {
        const kind = bodyKind(ex.header("content-type"), "POST");
        if ((kind === "form" || kind === "multipart") && ex.bodyParams === null && ex.hasBody)
          return this.#overrideFromBody(ex, kind);
        // (A body parser ahead of us may have read the form: its params hold `_method`.)
        const param = kind === "form" || kind === "multipart" ? ex.bodyParams?._method : undefined;
        overrideWith(ex, param !== undefined && param !== null ? param : ex.header("x-http-method-override"));
      }
      return this.#route(ex);
    } catch (e) {
      return this.failure(ex, e);
    }
  }

  /**
   * Rails' `HostAuthorization`: the Host header as sent (none sent is never allowed, whatever
   * address the connection came to) and the last `X-Forwarded-Host` must be allowed, or the request
   * excluded; else `BlockedHost`.
   */
  #authorizeHost(ex: Exchange): void {
    const forwarded = ex.header("x-forwarded-host");
    if (this.#hosts!.authorized(ex.hostHeader, forwarded)) return;
    const exclude = this.#excludeHost;
    if (exclude !== undefined && truthy(exclude(new RequestContext(ex.method, ex.path, ex.query, ex.facts()).info({}))))
      return;
    throw new BlockedHost(blockedHostName(ex.authority, forwarded));
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
    if (
      this.development &&
      (method === "GET" || method === "HEAD") &&
      (ex.path === "/rails/info/routes" || ex.path === "/rails/info")
    ) {
      const pages = extensions().pages;
      if (pages !== undefined) return htmlReply(200, pages.routesPage(this.routes));
    }
    const routes = this.routes;
    const result = routes.recognize(
      method,
      ex.query === "" ? ex.path : `${ex.path}?${ex.query}`,
      // (Most tables read nothing of the request but its method and path: no facts object is made.)
      routes.readsRequest ? ex.facts() : undefined,
    );
    if (result === null) return this.#unmatched(ex);
    return this.#serve(ex, result);
  }

  #serve(ex: Exchange, result: Found): Outcome | Promise<Outcome> {
    if ("params" in result) {
      if ("app" in result) return this.#mount(ex, result);
      return this.#action(ex, result);
    }
    return redirectReply(result.redirect.status, result.redirect.location);
  }

  /**
   * `X-Cascade: pass` (Rails' router, `Journey::Router#serve`): the endpoint of `route` passed the
   * request on, so the next matching route serves it, or none does (404, the routing error). Only
   * a passing endpoint comes here: the common request never looks past its first match.
   */
  #cascade(ex: Exchange, route: Route, path: string, scriptName: string): Outcome | Promise<Outcome> {
    ex.path = path;
    ex.scriptName = scriptName;
    const result = this.routes.recognizeAfter(
      route,
      ex.method,
      ex.query === "" ? path : `${path}?${ex.query}`,
      ex.facts(),
    );
    return result === null ? this.#unmatched(ex) : this.#serve(ex, result);
  }

  /** The outcome of a route's endpoint, or, when it answered `X-Cascade: pass`, the next route's. */
  #orNext(ex: Exchange, route: Route, path: string, scriptName: string, out: Outcome): Outcome | Promise<Outcome> {
    if (out instanceof Unmatched) return this.#cascade(ex, route, path, scriptName);
    if (out instanceof Response && out.headers.get("x-cascade") === "pass") {
      out.body?.cancel().catch(() => {});
      return this.#cascade(ex, route, path, scriptName);
    }
    return out;
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
  #mount(ex: Exchange, result: Found & { readonly app: AppTarget }): Outcome | Promise<Outcome> {
    const app = result.app;
    const handler = app.handler as { [DISPATCHER]?: Dispatcher; fetch?: unknown } | ((...args: unknown[]) => unknown);
    const inner = (handler as { [DISPATCHER]?: Dispatcher })[DISPATCHER];
    // A mounted route set with no route for the rest of the path, or a mounted app answering
    // `X-Cascade: pass`, hands the request to the next route (as Rails' router does).
    const path = ex.path;
    const scriptName = ex.scriptName;
    let out: Outcome | Promise<Outcome>;
    if (inner instanceof Dispatcher) {
      ex.scriptName = app.scriptName;
      ex.path = app.pathInfo;
      out = inner.dispatch(ex);
    } else if (typeof handler === "object" && handler !== null && typeof handler.fetch === "function") {
      const fetch = handler.fetch as FetchHandler;
      out = this.#guard(ex, () =>
        ex.callFetch((request) => fetch.call(handler, withScriptName(request, app.scriptName)), app),
      );
    } else if (typeof handler === "function") {
      out =
        handler.length >= 2
          ? this.#guard(ex, () => ex.callNode(handler as NodeListener, app))
          : this.#guard(ex, () =>
              ex.callFetch((request) => (handler as FetchHandler)(withScriptName(request, app.scriptName)), app),
            );
    } else {
      return this.failure(
        ex,
        new TypeError(
          `the handler mounted at ${app.scriptName || "/"} is neither a function nor an object with fetch(): cannot call it`,
        ),
      );
    }
    if (out instanceof Promise)
      return out.then((o) => this.#orNext(ex, result.route, path, scriptName, o)).catch((e) => this.failure(ex, e));
    return this.#orNext(ex, result.route, path, scriptName, out);
  }

  async #guard(ex: Exchange, call: () => Promise<Outcome>): Promise<Outcome> {
    try {
      const out = await call();
      if (out === HANDLED || isInstance(out, Response)) return out;
      throw new TypeError(
        `a mounted handler answered ${out === undefined ? "nothing" : typeof out}: a fetch handler must return a Response`,
      );
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
      throw new RoutingError(
        `the route ${result.route.verb || "(any verb)"} ${result.route.path} names no controller#action`,
      );
    }
    let loaded;
    try {
      loaded = this.registry.controller(controller);
    } catch (e) {
      // Rails' dispatcher passes (`X-Cascade: pass`) when a `:controller` segment names no
      // controller: a route that sets its controller (a `controller` default) raises instead.
      if (e instanceof MissingController && !Object.hasOwn(result.route.defaults, "controller"))
        return this.#cascade(ex, result.route, ex.path, ex.scriptName);
      throw e;
    }
    if (loaded instanceof Promise) {
      return loaded
        .then((l) => this.#run(ex, result.route, path, this.registry.action(l, action, controller)))
        .catch((e) => this.failure(ex, e));
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
    ex.log?.processing(params);
    if (this.#forgery !== null) {
      const refusal = this.#forgery.refusal(ex);
      if (refusal !== null && !this.registry.skipsForgery(String(params.controller), String(params.action)))
        return this.failure(ex, new InvalidCrossOriginRequest(refusal), params);
    }
    const ctx = new ActionContext(ex, this.routes, route, params);
    let value: unknown;
    try {
      value = invoke(ctx);
    } catch (e) {
      return this.failure(ex, e, params);
    }
    if (value instanceof Promise) {
      return value.then((v) => replyOf(halted(ex, v), params)).catch((e) => this.failure(ex, e, params));
    }
    try {
      return replyOf(halted(ex, value), params);
    } catch (e) {
      return this.failure(ex, e, params);
    }
  }

  /** The answer to a request that failed: 400, 404 (missing controller or action), 500; logged through `onError`. */
  failure(ex: Exchange, error: unknown, params?: Params): Reply {
    ex.log?.failed(error);
    try {
      // (The development log prints the error itself, so the default reporter stays quiet then.)
      const report = this.#onError ?? (ex.log?.printsErrors ? undefined : defaultOnError);
      dropRejection(report?.(error, { method: ex.method, url: ex.url }));
    } catch {
      // a failing error reporter (a throw, or an async one's rejection) must not fail the request
    }
    // Whatever was thrown (an error whose getters throw, a Proxy whose traps throw) is read only
    // through `isInstance` and the pages' `describeThrown`; should anything here still throw, the
    // answer is a plain 500.
    // (Without the development pages, an edge bundle: as production answers.)
    const pages = this.development ? extensions().pages : undefined;
    try {
      if (isInstance(error, BlockedHost)) {
        // (Rails' `DefaultResponseApp`: the same body, typed text/plain for an XHR.)
        const xhr = isXhr(ex.header("x-requested-with"));
        const body = pages !== undefined ? pages.blockedHostPage(error.host) : "";
        return xhr ? textReply(403, body) : htmlReply(403, body);
      }
      if (isInstance(error, BadRequest))
        return textReply(error.status, `${error.message}\n`, error.close ? { connection: "close" } : undefined);
      if (isInstance(error, InvalidCrossOriginRequest)) return textReply(403, `${error.message}\n`);
      if (isInstance(error, RoutingError) || isInstance(error, ActionNotFound)) {
        if (pages === undefined) return textReply(404, "Not Found\n");
        const notes = isInstance(error, MissingController) ? this.#lookedFor(error.controllerPath) : [];
        return htmlReply(404, pages.routingErrorPage(error.message, this.routes, notes));
      }
      if (pages === undefined) return textReply(500, "Internal Server Error\n");
      const shown = {
        method: ex.method,
        path: ex.scriptName + ex.originalPath,
        params:
          params === undefined
            ? null
            : new ParameterFilterRule(this.#filterParameters).params(params, SHOWN_PARAMS_SKIP),
      };
      return htmlReply(
        500,
        pages.exceptionPage(
          error,
          params === undefined ? `${ex.method} ${ex.originalPath}` : actionOf(params),
          shown,
          this.#root,
        ),
      );
    } catch {
      return textReply(500, "Internal Server Error\n");
    }
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
    const pages = this.development ? extensions().pages : undefined;
    if (pages === undefined) return textReply(404, "Not Found\n");
    return htmlReply(404, pages.routingErrorPage(unmatched.message, this.routes));
  }
}

function defaultOnError(error: unknown, request: { readonly method: string; readonly url: string }): void {
  if (
    isInstance(error, BadRequest) ||
    isInstance(error, RoutingError) ||
    isInstance(error, ActionNotFound) ||
    isInstance(error, InvalidCrossOriginRequest)
  )
    return;
  try {
    console.error(`switchyard: ${request.method} ${request.url} failed:`, error);
  } catch {
    console.error(`switchyard: ${request.method} ${request.url} failed: ${thrownSummary(error)}`);
  }
}

/** An action's value, or, when a before callback halted the chain, its response (and the log says so). */
function halted(ex: Exchange, value: unknown): unknown {
  if (!(value instanceof Halted)) return value;
  ex.log?.halted(value.by);
  return value.response;
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
