import { InvalidURIError, KeyError } from "../errors.js";
import type { Redirect } from "../table/redirect.js";
import type { AppTarget, Route } from "../table/route.js";
import { normalizeRequestPath, queryOf } from "../uri/path.js";
import { journeyExec } from "../pattern/linear/index.js";
import { HTTP_METHODS, prepareRoute, type PreparedRoute } from "./prepare.js";
import { blocksMatch, conditionsMatch } from "./request/conditions.js";
import { RequestContext, type RecognizeRequest } from "./request/context.js";
import { serveRedirect, type RedirectResponse } from "./request/redirect.js";

import type { CaptureLayout, Captures, RouteParams } from "./prepare.js";
export type { RouteParams } from "./prepare.js";

/**
 * What `recognize` answers: `{ name, params }` for a controller route, `{ name, params, app }` for
 * a route to a handler (`r.mount(handler, { at })`, `to: handler`), `{ name, redirect }` for a
 * redirect route. Each also has `route`, the matched `Route`: a getter, so `JSON.stringify`, a
 * spread copy and the results the docs show hold only the fields above.
 */
export type RecognizeResult = RecognizedParams | RecognizedApp | RecognizedRedirect;

// Classes rather than literals only to hold `route` out of sight (a private field read by a
// getter); creating one costs what the literal did (interleaved A/B on the Rails-style table,
// within this machine's noise). Three classes, no common base: a derived constructor measured
// 5-15% slower a recognition in the same A/B (4 runs of 4).

/** A controller route's answer. */
export class RecognizedParams {
  readonly #route: Route;
  constructor(readonly name: string | null, readonly params: RouteParams, route: Route) {
    this.#route = route;
  }
  /** The matched route. */
  get route(): Route {
    return this.#route;
  }
}

/** A route to a handler: its params, and the handler with the request's path split at the mount point. */
export class RecognizedApp {
  readonly #route: Route;
  constructor(readonly name: string | null, readonly params: RouteParams, readonly app: AppTarget, route: Route) {
    this.#route = route;
  }
  /** The matched route. */
  get route(): Route {
    return this.#route;
  }
}

/** A redirect route's answer: the status and the absolute `Location`. */
export class RecognizedRedirect {
  readonly #route: Route;
  constructor(readonly name: string | null, readonly redirect: RedirectResponse, route: Route) {
    this.#route = route;
  }
  /** The matched route. */
  get route(): Route {
    return this.#route;
  }
}

/** Recognizes requests against a route table, as a Rails app serving them. */
export interface Recognizer {
  readonly strategy: string;
  recognize(method: string, path: string, request?: RecognizeRequest): RecognizeResult | null;
}

/**
 * The per-request state a strategy reads and writes: the request, and the raw (still escaped)
 * values captured for the route it reports, one per name of the route's pattern.
 */
export class MatchEnv {
  method = "";
  rawPath = "";
  request: RecognizeRequest | undefined = undefined;
  values: (string | undefined)[] = [];
  /** The values may hold `%` escapes (false: a walk saw none, so they are final as they are). */
  escaped = true;
  /**
   * The layout a walk found (`walked`), its params to be built from the walk's `captures`; null:
   * they are built from `values`. (`captures` is read only while `layout` is set.)
   */
  layout: CaptureLayout | null = null;
  captures: Captures | null = null;
  /**
   * A HEAD request is falling back to the GET routes: request conditions see the method GET
   * (Rails' `match_head_routes` sets `request_method = "GET"` around that search, and restores
   * HEAD before lambda constraints and redirects run). A boolean, not the method string: `reset`
   * runs for every request, and storing a constant needs no write barrier.
   */
  headAsGet = false;
  private ctx: RequestContext | null = null;

  reset(method: string, rawPath: string, request: RecognizeRequest | undefined): void {
    this.method = method;
    this.headAsGet = false;
    this.rawPath = rawPath;
    this.request = request;
    this.escaped = true;
    this.layout = null;
    this.ctx = null;
  }

  /**
   * The strategy's walk found the route it reports: `answer` builds its params from the walk's
   * captures, before any user code can search again. Not built here: storing a fresh object into
   * this long-lived env calls the write barrier that records it (~25 instructions a request on the
   * Rails-style table, callgrind); built in `answer`, params and answer are fresh together.
   */
  walked(layout: CaptureLayout, captures: Captures): void {
    this.layout = layout;
    this.captures = captures;
  }

  /** The request as constraints see it, built on first use. */
  context(path: string): RequestContext {
    return (this.ctx ??= new RequestContext(this.method, path, queryOf(this.rawPath), this.request));
  }

  /** Request conditions of a route, against this request. */
  conditionsPass(r: PreparedRoute, path: string): boolean {
    if (r.conditions.length === 0) return true;
    if (this.headAsGet === false) return conditionsMatch(r.conditions, this.context(path));
    // (Rare: a HEAD request, no HEAD route, a GET route with hash request conditions.)
    return conditionsMatch(r.conditions, new RequestContext("GET", path, queryOf(this.rawPath), this.request));
  }
}

/**
 * A matching strategy: which route a path matches, with Rails' precedence. Strategies differ only
 * in how they find it; `Recognizer` does the rest (verbs, HEAD, blocks, params, redirects).
 */
export interface MatchStrategy {
  readonly name: string;
  /**
   * The first route (lowest index above `after`) in `verb`'s bucket whose pattern matches the
   * normalized `path` and whose request conditions pass; its captured raw values are written to
   * `env.values` (or, from a walk, the layout and captures its params are built from: `env.walked`).
   * Returns the route's index, or -1. The `HEAD` bucket holds explicit HEAD routes only.
   */
  first(verb: string, path: string, after: number, env: MatchEnv): number;
  /**
   * Optional fast path, asked with the raw request path before it is normalized (never for HEAD):
   * `first`'s answer for the normalized path when the strategy can tell without normalizing it
   * (a route index, or -1 for none), else -2: normalize and ask `first`.
   */
  matchRaw?(verb: string, rawPath: string, env: MatchEnv): number;
}

const commonVerb = (verb: string) => verb === "GET" || verb === "POST" || verb === "DELETE" || verb === "PUT" || verb === "PATCH";

/**
 * Rails' recognition around a strategy (`Journey::Router#find_routes` + the route's app):
 * first matching route in registration order; HEAD tries explicit HEAD routes, and only if none
 * matches path and conditions, the GET bucket; lambda/`matches` constraints are asked in order,
 * a failing one passing the request on to the next matching route.
 */
export class StrategyRecognizer implements Recognizer {
  readonly strategy: string;
  private readonly env = new MatchEnv();
  private busy = false;

  constructor(
    readonly prepared: readonly PreparedRoute[],
    private readonly matcher: MatchStrategy,
  ) {
    this.strategy = matcher.name;
  }

  recognize(method: string, path: string, request?: RecognizeRequest): RecognizeResult | null {
    let verb = method;
    // Most requests use one of five verbs: string comparisons instead of hashing the verb (~10% of
    // a request; `Set#has` was ~100 instructions for each PUT, PATCH or DELETE, GitHub table).
    if (!commonVerb(verb) && !HTTP_METHODS.has(verb)) {
      verb = String(method).toUpperCase();
      if (!HTTP_METHODS.has(verb)) return null;
    }
    const raw = typeof path === "string" ? path : String(path);
    // A constraint or redirect callback may recognize another request: it gets its own env.
    const reentrant = this.busy;
    const env = reentrant ? new MatchEnv() : this.env;
    this.busy = true;
    try {
      env.reset(verb, raw, request);
      if (verb !== "HEAD" && this.matcher.matchRaw !== undefined) {
        const hit = this.matcher.matchRaw(verb, raw, env);
        // The raw path was normal: it is its own normalized form.
        if (hit >= 0) return this.answer(verb, hit, raw, env);
        if (hit === -1) return null;
      }
      const normalized = normalizeRequestPath(raw);
      if (verb === "HEAD") {
        const head = this.matcher.first("HEAD", normalized, -1, env);
        if (head >= 0) return this.answer("HEAD", head, normalized, env);
        verb = "GET";
        env.headAsGet = true;
      }
      const index = this.matcher.first(verb, normalized, -1, env);
      return index < 0 ? null : this.answer(verb, index, normalized, env);
    } finally {
      if (!reentrant) this.busy = false;
    }
  }

  private answer(verb: string, index: number, path: string, env: MatchEnv): RecognizeResult | null {
    for (;;) {
      const layout = env.layout;
      const r = this.prepared[index]!;
      let params: RouteParams;
      if (layout !== null) {
        const captures = env.captures!;
        params = layout.build!(captures, captures.escaped, layout.defaults);
        if (layout.plain === true) return new RecognizedParams(layout.name, params, r.route);
      } else params = r.params(env.values, env.escaped);
      if (r.plain) return new RecognizedParams(r.name, params, r.route);
      if (!r.hasBlocks || askBlocks(r.route, env.method, params, path, env.context(path))) {
        const endpoint = r.route.endpoint;
        if (endpoint.kind === "redirect") {
          return new RecognizedRedirect(r.route.name, redirectOf(r.route, endpoint.redirect, params, env.context(path), env.method, path), r.route);
        }
        if (endpoint.kind === "app") return new RecognizedApp(r.route.name, params, appTarget(r, endpoint.app, path, env.request), r.route);
        return new RecognizedParams(r.route.name, params, r.route);
      }
      index = this.matcher.first(verb, path, index, env);
      if (index < 0) return null;
    }
  }
}

/**
 * A route's lambda/`matches` constraints. One that throws propagates its error, as in a Rails app
 * (a server error); the message gains the route and the request, since the stack alone names
 * neither.
 */
function askBlocks(route: Route, method: string, params: RouteParams, path: string, ctx: RequestContext): boolean {
  try {
    return blocksMatch(route.blocks, params, ctx);
  } catch (e) {
    addContext(e, ` (in a request constraint of ${routeLabel(route)} (${route.reqs}), asked about ${method} ${path}: a constraint should return false for a request it does not accept rather than throw)`);
    throw e;
  }
}

/**
 * A redirect route's answer. A `%{name}` the request's params lack throws Ruby's `KeyError` (a
 * server error in a Rails app), its message naming the route and the fix. An error thrown by a
 * redirect callback propagates with the route and the request added to its message, as a
 * constraint's does; `InvalidURIError` keeps Ruby's message.
 */
function redirectOf(route: Route, redirect: Redirect, params: RouteParams, ctx: RequestContext, method: string, path: string): RedirectResponse {
  try {
    return serveRedirect(redirect, params, ctx);
  } catch (e) {
    if (e instanceof KeyError) {
      addContext(e, ` (redirect of ${routeLabel(route)}: this request has no such parameter; give it a default or a block redirect)`);
    } else if (!(e instanceof InvalidURIError)) {
      addContext(e, ` (in the redirect callback of ${routeLabel(route)}, asked about ${method} ${path})`);
    }
    throw e;
  }
}

/**
 * Where a route to a handler sends the request (Journey's `Router#serve`): a mount (an unanchored
 * route) moves the part of the path its pattern matched to the script name, `chomp("/")`ed, and
 * leaves the rest as the path info, with a leading slash (`/blog/posts/1` at `/blog`: `/blog` and
 * `/posts/1`; `/blog` alone: `/blog` and `/`); an anchored `to: handler` route leaves both as
 * they are. The path is the normalized one (`%7e` is `%7E` there, as in Rails).
 */
function appTarget(r: PreparedRoute, handler: unknown, path: string, request: RecognizeRequest | undefined): AppTarget {
  const base = typeof request?.scriptName === "string" ? request.scriptName : "";
  const m = r.route.anchor ? null : journeyExec(r.journey, path);
  if (m === null) return { handler, scriptName: base, pathInfo: path };
  const matched = base + m[0];
  const rest = path.slice(m.index + m[0].length);
  return {
    handler,
    scriptName: matched.endsWith("/") ? matched.slice(0, -1) : matched,
    pathInfo: rest.startsWith("/") ? rest : "/" + rest,
  };
}

const routeLabel = (route: Route) => `${route.verb || "any verb"} ${route.path}`;

/**
 * Appends the context to a thrown error's message where the message can be written, so the
 * caller's own error is what propagates: a frozen error, or one whose `message` is a getter
 * (a `DOMException`, as `atob` throws), would otherwise be replaced by the TypeError the
 * assignment throws in strict code.
 */
function addContext(e: unknown, context: string): void {
  if (!(e instanceof Error)) return;
  try {
    e.message += context;
  } catch {
    // a read-only message: the error propagates as it is
  }
}

export function prepareRoutes(routes: readonly Route[]): PreparedRoute[] {
  return routes.map(prepareRoute);
}
