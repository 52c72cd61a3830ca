import type { AppTarget, Route } from "../table/route.js";
import { normalizeRequestPath } from "../uri/path.js";
import { HTTP_METHODS, prepareRoute, type PreparedRoute, type RouteParams } from "./prepare.js";
import { appTarget, askBlocks, redirectOf } from "./request/answer.js";
import type { RecognizeRequest } from "../table/request.js";
import type { RedirectResponse } from "./request/serve-redirect.js";
import { MatchEnv, type MatchStrategy } from "./match-strategy.js";

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
// 5-15% slower a recognition.

/** A controller route's answer. */
export class RecognizedParams {
  readonly #route: Route;
  constructor(
    readonly name: string | null,
    readonly params: RouteParams,
    route: Route,
  ) {
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
  constructor(
    readonly name: string | null,
    readonly params: RouteParams,
    readonly app: AppTarget,
    route: Route,
  ) {
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
  constructor(
    readonly name: string | null,
    readonly redirect: RedirectResponse,
    route: Route,
  ) {
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
  /** Whether recognizing may read the request beyond its method and path (see `RouteSet#readsRequest`). */
  readonly readsRequest: boolean;
  recognize(method: string, path: string, request?: RecognizeRequest): RecognizeResult | null;
  /**
   * What the request matches after `route` (Rails' router going on through `find_routes` when an
   * endpoint answers `X-Cascade: pass`): the next route in precedence order, or null.
   */
  recognizeAfter(route: Route, method: string, path: string, request?: RecognizeRequest): RecognizeResult | null;
}

const commonVerb = (verb: string) =>
  verb === "GET" || verb === "POST" || verb === "DELETE" || verb === "PUT" || verb === "PATCH";

/**
 * Rails' recognition around a strategy (`Journey::Router#find_routes` + the route's app):
 * first matching route in registration order; HEAD tries explicit HEAD routes, and only if none
 * matches path and conditions, the GET bucket; lambda/`matches` constraints are asked in order,
 * a failing one passing the request on to the next matching route.
 */
export class StrategyRecognizer implements Recognizer {
  readonly strategy: string;
  readonly readsRequest: boolean;
  private readonly env = new MatchEnv();
  private busy = false;

  constructor(
    readonly prepared: readonly PreparedRoute[],
    private readonly matcher: MatchStrategy,
  ) {
    this.strategy = matcher.name;
    this.readsRequest = prepared.some((r) => !r.plain || r.conditions.length > 0);
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

  /** Route indexes, made on the first cascade (recognition itself never needs them). */
  private indexes: Map<Route, number> | undefined;

  recognizeAfter(route: Route, method: string, path: string, request?: RecognizeRequest): RecognizeResult | null {
    this.indexes ??= new Map(this.prepared.map((r, i) => [r.route, i]));
    const after = this.indexes.get(route);
    if (after === undefined) return null;
    const verb = String(method).toUpperCase();
    if (!HTTP_METHODS.has(verb)) return null;
    const env = new MatchEnv();
    const raw = typeof path === "string" ? path : String(path);
    env.reset(verb, raw, request);
    const normalized = normalizeRequestPath(raw);
    // A HEAD request answered by an explicit HEAD route goes on among the HEAD routes only (Rails'
    // `match_head_routes` searched the GET routes only because none matched); one answered by a
    // GET route goes on among the GET routes.
    let bucket = verb;
    if (verb === "HEAD" && !route.verbs.some((v) => v.toUpperCase() === "HEAD")) {
      bucket = "GET";
      env.headAsGet = true;
    }
    const index = this.matcher.first(bucket, normalized, after, env);
    return index < 0 ? null : this.answer(bucket, index, normalized, env);
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
          return new RecognizedRedirect(
            r.route.name,
            redirectOf(r.route, endpoint.redirect, params, env.context(path), env.method, path),
            r.route,
          );
        }
        if (endpoint.kind === "app")
          return new RecognizedApp(r.route.name, params, appTarget(r, endpoint.app, path, env.request), r.route);
        return new RecognizedParams(r.route.name, params, r.route);
      }
      index = this.matcher.first(verb, path, index, env);
      if (index < 0) return null;
    }
  }
}

export function prepareRoutes(routes: readonly Route[]): PreparedRoute[] {
  return routes.map(prepareRoute);
}
