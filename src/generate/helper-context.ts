/**
 * What every helper of one route set shares: the compiled routes' index, `default_url_options`,
 * the helpers object itself (helpers call each other by name, as Rails' do through `self`), and
 * the caches built on first use.
 */
import type { ResolveDefinition } from "../table/route-table.js";
import type { PathOptions, RouteIndex } from "./generator.js";
import type { RouteBase } from "./fast-path.js";
import type { RouteHelper } from "./helpers.js";
import type { RouteKeys } from "./naming.js";
import type { Dict, UrlSettings } from "../uri/url.js";
import type { BoundedCache } from "../support/bounded-cache.js";

/** Built once per route set by `buildHelpers`, shared by all its helpers. */
export interface HelperContext {
  readonly index: RouteIndex;
  /** `default_url_options`, snake_case keys. */
  readonly defaults: Dict;
  /** `defaults` split into URL and path options, for `url_for`. */
  readonly defaultUrl: UrlSettings;
  readonly defaultPath: PathOptions;
  /** No `default_url_options`: Rails' `optimize_routes_generation?`, so the optimized helpers apply. */
  readonly optimize: boolean;
  /** Take the fast paths (`fastRouteUrl`, `splitCallerOptions`, the polymorphic shape cache) where they apply; false gives the reference behaviour. */
  readonly fastPaths: boolean;
  /**
   * `url_for`'s `fastRouteUrl` bases by route index (`default_url_options` split for that route),
   * made on first use; null when `url_for` cannot take that path (no fast paths, or default
   * URL options that name a controller or action).
   */
  readonly urlForBases: (RouteBase | undefined)[] | null;
  /** The optimized `_path` helpers' records-only forms, for polymorphic routes. */
  readonly recordPaths: Map<RouteHelper, RecordsPath>;
  readonly helpers: Record<string, unknown>;
  readonly resolves: ReadonlyMap<string, ResolveDefinition>;
  readonly keyCache: BoundedCache<string, RouteKeys>;
}

/**
 * A `_path` helper's optimized form taking records known to be records, so without the helper's
 * tests of its arguments (which ask V8 for each one's prototype, a runtime call): what
 * `polymorphic_path` calls for a cached shape.
 */
export interface RecordsPath {
  readonly argSize: number;
  readonly path: (records: readonly unknown[]) => string;
}

/** Calls the helper named `method` (Ruby's `public_send`); `what` describes the call for the error when there is none. */
export function callHelper(ctx: HelperContext, method: string, args: unknown[], what: string | (() => string)): string {
  const fn = ctx.helpers[method];
  if (typeof fn !== "function") throw missingHelper(method, typeof what === "string" ? what : what());
  return (fn as RouteHelper)(...args);
}

function missingHelper(name: string, what: string): TypeError {
  return new TypeError(
    `undefined method '${name}' for the route helpers: ${what} (no route or direct is named '${name.replace(/_(path|url)$/, "")}')`,
  );
}
