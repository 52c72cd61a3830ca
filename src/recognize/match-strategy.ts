import { queryOf } from "../uri/path.js";
import type { CaptureLayout, Captures, PreparedRoute } from "./prepare.js";
import { conditionsMatch } from "./request/conditions.js";
import type { RecognizeRequest } from "../table/request.js";
import { RequestContext } from "./request/request-context.js";

// The one interface every matching strategy implements (one folder each: compiled/, reference/),
// and the per-request state it reads and writes. `StrategyRecognizer` (recognizer.ts) does the
// rest of recognition around it.

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
