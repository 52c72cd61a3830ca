import type { PathPattern } from "../pattern/path.js";
import type { Requirement } from "../pattern/regexp.js";

export type { Requirement };
import type { Redirect } from "./redirect-endpoint.js";
import type { RequestInfo } from "./request.js";

/** A lambda constraint: `(req) => boolean` or, with two parameters, `(params, req) => boolean` (by arity, as Rails). */
export type ConstraintCallback =
  | ((request: RequestInfo) => unknown)
  | ((params: Record<string, string>, request: RequestInfo) => unknown);

/**
 * A constraint object, as Rails' objects responding to `matches?` or `call`: a request passes
 * when `matches(req)` is true or, failing that, when `call` is (given `()`, `(req)` or
 * `(params, req)` by its arity, as a {@link ConstraintCallback}).
 */
export type ConstraintObject =
  | { matches(request: RequestInfo): unknown; call?: ConstraintCallback }
  | { matches?(request: RequestInfo): unknown; call: ConstraintCallback };

export type RequestConstraint = ConstraintCallback | ConstraintObject;

/** What a route dispatches to. */
export type Endpoint =
  /** `controller#action` (Rails' dispatcher). */
  | { readonly kind: "dispatch" }
  /** `to: r.redirect(...)`. */
  | { readonly kind: "redirect"; readonly redirect: Redirect }
  /** A mounted handler (`r.mount`) or any other callable `to:`; `label` is how the sheet shows it. */
  | { readonly kind: "app"; readonly app: unknown; readonly label: string };

/**
 * Where a route to a handler sends a request, as `recognize` answers it: the handler, and the
 * request's path split as Rails splits it for a mounted Rack app (`SCRIPT_NAME`/`PATH_INFO`).
 */
export interface AppTarget {
  /** The handler as declared (`r.mount(handler, ...)`, `to: handler`). */
  readonly handler: unknown;
  /** The request's script name with the mount point added: `/blog` (for `to: handler`, the request's own). */
  readonly scriptName: string;
  /** The rest of the path, from `/`: what the handler routes on (`/posts/1`). */
  readonly pathInfo: string;
}

/** A place in a source file: `file` relative to the application's root (absolute when outside it), `line` from 1. */
export interface SourceLocation {
  readonly file: string;
  readonly line: number;
}

/**
 * Where a route was declared (Rails 7.1's `source_location`): the innermost call outside
 * switchyard (and outside `node_modules`) on the stack when the route was added — the `get`,
 * `resources`, `root` ... line, in `config/routes.ts` or a file it `r.draw`s.
 *
 * A route a concern declares is located at the `concerns` call that applied the concern (or the
 * declaration whose `concerns:` option did), since that call decides its path and name; `concern`
 * then names the concern and the line of its body that declared the route. (Rails records the
 * body's line alone, which is the same for every resource the concern is applied to.)
 */
export interface RouteSource extends SourceLocation {
  readonly concern?: SourceLocation & { readonly name: string };
}

/** One row of the route table: what Rails' `Journey::Route` holds, frozen at draw time. */
export interface Route {
  /** Position in registration order (Rails' precedence). */
  readonly index: number;
  readonly name: string | null;
  /** HTTP verbs the route answers (`[]` for any verb). */
  readonly verbs: readonly string[];
  /** As the sheet shows it: `"GET"`, `"GET|POST"`, `""` for any. */
  readonly verb: string;
  /** The Rails path spec, e.g. `/photos/:id(.:format)`. */
  readonly path: string;
  readonly pattern: PathPattern;
  readonly endpoint: Endpoint;
  /** `controller`, or `":controller"` when it is a path segment, or null for apps. */
  readonly controller: string | null;
  /** `action`, or `":action"` when it is a path segment, or null for apps. */
  readonly action: string | null;
  /**
   * Segment requirements the pattern is matched with (Journey's `path.requirements`): a RegExp, a
   * literal string or a `Regexp.union` list per path parameter, plus `format` for `format: true`/a
   * format default. A declared RegExp whose source Ruby reads differently from JavaScript is here
   * as its translation (`[[:alpha:]]+` as `[\p{Alphabetic}]+`); the sheet still shows the declared one.
   */
  readonly requirements: Readonly<Record<string, Requirement>>;
  /** Defaults merged into params on recognition (controller, action, `defaults:`, extra options). */
  readonly defaults: Readonly<Record<string, unknown>>;
  /** Keys of `defaults` that URL generation must be given (Rails' required defaults). */
  readonly requiredDefaults: readonly string[];
  /** Request-attribute constraints (`subdomain`, `host`, `domain`, `ip`, ...): strings, RegExps, arrays, booleans. */
  readonly conditions: Readonly<Record<string, unknown>>;
  /** Lambda and `matches` constraints, all of which must pass. */
  readonly blocks: readonly RequestConstraint[];
  /** False for mounts and `anchor: false`: the pattern matches a path prefix. */
  readonly anchor: boolean;
  /** What the sheet prints after the endpoint (`requirements` except controller/action, and defaults). */
  readonly constraints: Readonly<Record<string, unknown>>;
  /** `photos#show { id: /\d+/ }`, as `rails routes` prints the Controller#Action column. */
  readonly reqs: string;
  /** Where the route was declared, when the table was drawn with `sourceLocations: true`; else null. */
  readonly source: RouteSource | null;
}
