import type { Route } from "../table/route.js";
import { normalizeRequestPath, queryOf, unescapeParam } from "./path.js";
import { HTTP_METHODS, prepareRoute, type PreparedRoute } from "./prepare.js";
import { serveRedirect, type RedirectResponse } from "./redirect.js";
import { blocksMatch, conditionsMatch, RequestContext, type RecognizeRequest } from "./request.js";

/** Parameters of a recognized request: controller, action, the route's defaults and the unescaped path parameters. No inherited keys. */
export type RouteParams = Record<string, unknown>;

export type RecognizeResult =
  | { readonly name: string | null; readonly params: RouteParams }
  | { readonly name: string | null; readonly redirect: RedirectResponse };

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
  private ctx: RequestContext | null = null;

  reset(method: string, rawPath: string, request: RecognizeRequest | undefined): void {
    this.method = method;
    this.rawPath = rawPath;
    this.request = request;
    this.ctx = null;
  }

  /** The request as constraints see it, built on first use. */
  context(path: string): RequestContext {
    return (this.ctx ??= new RequestContext(this.method, path, queryOf(this.rawPath), this.request));
  }

  /** Request conditions of a route, against this request. */
  conditionsPass(r: PreparedRoute, path: string): boolean {
    return r.conditions.length === 0 || conditionsMatch(r.conditions, this.context(path));
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
   * `env.values`. Returns the route's index, or -1. The `HEAD` bucket holds explicit HEAD routes only.
   */
  first(verb: string, path: string, after: number, env: MatchEnv): number;
  /**
   * Optional fast path, asked before the path is normalized: the route for a path that is exactly
   * one of the strategy's static paths (all normalized, so a raw path equal to one is normal),
   * when that route is certainly `first`'s answer; else -1.
   */
  lookupStatic?(verb: string, rawPath: string, env: MatchEnv): number;
}

/** A params object: no prototype chain beyond an empty, frozen, prototype-less object. */
export const Params = function Params(this: RouteParams) {} as unknown as new () => RouteParams;
Params.prototype = Object.freeze(Object.create(null));

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
    if (!HTTP_METHODS.has(verb)) {
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
      if (verb !== "HEAD" && this.matcher.lookupStatic !== undefined) {
        const hit = this.matcher.lookupStatic(verb, raw, env);
        if (hit >= 0) return this.answer(verb, hit, raw, env);
      }
      const normalized = normalizeRequestPath(raw);
      if (verb === "HEAD") {
        const head = this.matcher.first("HEAD", normalized, -1, env);
        if (head >= 0) return this.answer("HEAD", head, normalized, env);
        verb = "GET";
      }
      const index = this.matcher.first(verb, normalized, -1, env);
      return index < 0 ? null : this.answer(verb, index, normalized, env);
    } finally {
      if (!reentrant) this.busy = false;
    }
  }

  private answer(verb: string, index: number, path: string, env: MatchEnv): RecognizeResult | null {
    for (;;) {
      const r = this.prepared[index]!;
      const params = buildParams(r, env.values);
      if (!r.hasBlocks || blocksMatch(r.route.blocks, params, env.context(path))) {
        if (r.route.endpoint.kind === "redirect") {
          return { name: r.route.name, redirect: serveRedirect(r.route.endpoint.redirect, params, env.context(path)) };
        }
        return { name: r.route.name, params };
      }
      index = this.matcher.first(verb, path, index, env);
      if (index < 0) return null;
    }
  }
}

/** `route.defaults.merge(path_parameters)`: defaults first, then each captured value unescaped. */
export function buildParams(r: PreparedRoute, values: readonly (string | undefined)[]): RouteParams {
  const params = new Params();
  const keys = r.defaultKeys;
  const defaults = r.defaultValues;
  for (let i = 0; i < keys.length; i++) params[keys[i]!] = defaults[i];
  const names = r.names;
  for (let i = 0; i < names.length; i++) {
    const v = values[i];
    if (v !== undefined) params[names[i]!] = unescapeParam(v);
  }
  return params;
}

export function prepareRoutes(routes: readonly Route[]): PreparedRoute[] {
  return routes.map(prepareRoute);
}
