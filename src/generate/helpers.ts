/**
 * `routes.helpers`: the `<name>_path`/`<name>_url` helpers of every named route and `direct`,
 * plus `url_for`, `full_url_for`, `route_for` and the polymorphic helpers — Rails'
 * `NamedRouteCollection`, `UrlHelper`/`OptimizedUrlHelper`, `CustomUrlHelper`, `UrlFor` and
 * `PolymorphicRoutes`, built once per route set from the compiled routes.
 *
 * Helpers are closures over the table (they work destructured); `direct`/`resolve` callbacks
 * run with `this` bound to the helpers object.
 *
 * This module holds the helpers' public types and builds the object; the helpers are in
 * named-helpers.ts, url-for.ts, custom-helpers.ts (`direct`/`resolve`) and polymorphic.ts, sharing
 * one `HelperContext` (helper-context.ts); fast-path.ts and generator.ts make their URLs.
 */
import type { RouteTable } from "../table/route-table.js";
import type { RecordLike, UrlOptions } from "../table/url-options.js";
import { type CompiledRoute, compileRoute } from "./compile.js";
import { type HelperContext, callHelper } from "./helper-context.js";
import { directHelpers } from "./custom-helpers.js";
import type { RouteBase } from "./fast-path.js";
import { PathOptions, type RouteIndex, assignOptions, dict, indexRoutes, splitHash } from "./generator.js";
import type { RouteKeys } from "./naming.js";
import { namedHelper } from "./named-helpers.js";
import { installedPolymorphicRoutes, polymorphicRoutes } from "./polymorphic-hook.js";
import { fullUrlFor } from "./url-for.js";
import { type UrlKind, UrlSettings } from "../uri/url.js";
import { BoundedCache } from "../support/bounded-cache.js";

/** Something polymorphic helpers turn into a route: a record, a class, a route-name string, or a list of them. */
export type PolymorphicTarget =
  | RecordLike
  | string
  | (abstract new (
      ...args: any[]
    ) => unknown)
  | readonly (RecordLike | string | null | undefined | (abstract new (...args: any[]) => unknown))[]
  | Record<string, unknown>;

/**
 * What `url_for` accepts: a URL string, an options hash (`controller`, `action`, segments...), a
 * record or an array, or a Symbol naming a route or `direct` (`Symbol.for("basket")`: `basket_url()`).
 */
export type UrlForTarget = string | symbol | UrlOptions | PolymorphicTarget | null | undefined;

/** A named-route or `direct` helper. */
export type RouteHelper = (...args: any[]) => string;

/** The helpers every route set has. */
export interface BaseHelpers {
  url_for(target?: UrlForTarget): string;
  full_url_for(target?: UrlForTarget): string;
  route_for(name: string, ...args: unknown[]): string;
  polymorphic_path(target: PolymorphicTarget | null | undefined, options?: UrlOptions): string;
  polymorphic_url(target: PolymorphicTarget | null | undefined, options?: UrlOptions): string;
  new_polymorphic_path(target: PolymorphicTarget, options?: UrlOptions): string;
  new_polymorphic_url(target: PolymorphicTarget, options?: UrlOptions): string;
  edit_polymorphic_path(target: PolymorphicTarget, options?: UrlOptions): string;
  edit_polymorphic_url(target: PolymorphicTarget, options?: UrlOptions): string;
}

/**
 * Augmented by the `.d.ts` that `switchyard types` writes (`interface Register { helpers: ... }`),
 * which makes `routes.helpers` exactly the app's helpers.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface Register {}

/** The type of `routes.helpers`: the registered app helpers, or any helper name until types are generated. */
export type Helpers = Register extends { helpers: infer H }
  ? H
  : BaseHelpers & { readonly [helper: string]: RouteHelper };

/** How `buildHelpers` builds; the defaults are what `routes.helpers` uses. */
export interface BuildHelpersOptions {
  /**
   * false: every call takes the reference path, which merges and copies the options through
   * dictionaries as Rails does (helper hash, path options, leftover params, URL options). The
   * tests compare the fast paths against it.
   */
  readonly fastPaths?: boolean;
}

/** Makes one helper of a helper set, over that set's context. */
type HelperMaker = (ctx: HelperContext) => unknown;

/**
 * What every helper set of one route table shares, compiled once: the compiled routes' index and,
 * by helper name, what makes each helper. A helper set (`routes.helpers`, or the helpers bound to
 * a request's host by `helpersFor`) is this with its own default URL options.
 */
export interface HelperCompilation {
  readonly index: RouteIndex;
  readonly size: number;
  readonly makers: ReadonlyMap<string, HelperMaker>;
  readonly fastPaths: boolean;
  readonly resolves: RouteTable["resolves"];
  readonly keyCache: BoundedCache<string, RouteKeys>;
}

/** Compiles a route table's routes and helper makers: once per route set, whatever the URL options. */
export function compileHelpers(table: RouteTable, options: BuildHelpersOptions = {}): HelperCompilation {
  const compiled = table.routes.map((route, i) => compileRoute(route, i));
  const named = new Map<string, CompiledRoute>();
  for (const cr of compiled) if (cr.name !== null && cr.name !== "") named.set(cr.name, cr);
  // Named routes come from the table's own map when it has one (the last definition of a name wins, as in Rails).
  const byRoute = new Map(compiled.map((cr) => [cr.route, cr]));
  for (const [name, route] of table.namedRoutes) {
    const cr = byRoute.get(route);
    if (cr) named.set(name, cr);
  }
  const makers = new Map<string, HelperMaker>();
  for (const [name, cr] of named) {
    makers.set(`${name}_path`, (ctx) => namedHelper(ctx, cr, "path"));
    makers.set(`${name}_url`, (ctx) => namedHelper(ctx, cr, "url"));
  }
  for (const [name, def] of table.directs) {
    makers.set(`${name}_path`, (ctx) => directHelpers(ctx, def)[0]);
    makers.set(`${name}_url`, (ctx) => directHelpers(ctx, def)[1]);
  }
  const urlFor: HelperMaker = (ctx) => (target?: unknown) => fullUrlFor(ctx, target);
  makers.set("url_for", urlFor);
  makers.set("full_url_for", urlFor);
  makers.set(
    "route_for",
    (ctx) =>
      (name: string, ...args: unknown[]) =>
        callHelper(ctx, `${name}_url`, args, `route_for(${JSON.stringify(name)})`),
  );
  for (const action of [null, "new", "edit"] as const) {
    const prefix = action === null ? "" : action + "_";
    makers.set(`${prefix}polymorphic_path`, polymorphicMaker(`${prefix}polymorphic_path`, "path", action));
    makers.set(`${prefix}polymorphic_url`, polymorphicMaker(`${prefix}polymorphic_url`, "url", action));
  }
  return {
    index: indexRoutes(compiled, named),
    size: compiled.length,
    makers,
    fastPaths: options.fastPaths ?? true,
    resolves: table.resolves,
    keyCache: new BoundedCache(10_000),
  };
}

/**
 * `polymorphic_path` and its kin: made from the installed polymorphic routes; where none are (an
 * edge bundle that did not import them) a helper that says what to import when called, so that
 * making a helper set never fails.
 */
function polymorphicMaker(name: string, type: UrlKind, action: string | null): HelperMaker {
  return (ctx) => {
    let helper = installedPolymorphicRoutes()?.polymorphicHelper(ctx, type, action);
    return (
      helper ??
      ((target: unknown, options?: Record<string, unknown> | null) =>
        (helper ??= polymorphicRoutes(name).polymorphicHelper(ctx, type, action))(target, options))
    );
  };
}

/**
 * A helper set of a compilation with `defaultUrlOptions`. Eager (`routes.helpers`): every helper
 * made now, in a frozen object. Lazy (`helpersFor`, a request's host): each helper made the first
 * time it is read, so a set costs the same for 10 routes or 10,000 — a Host header never seen
 * before must not cost a rebuild of every helper.
 */
export function helperSet(
  compilation: HelperCompilation,
  defaultUrlOptions: Readonly<UrlOptions>,
  lazy = false,
): Helpers {
  const defaults = assignOptions(dict(), defaultUrlOptions);
  const defaultUrl = new UrlSettings();
  const defaultPath = new PathOptions();
  splitHash(defaults, defaultUrl, defaultPath);
  const made: Record<string, unknown> = Object.create(null);
  const ctx: HelperContext = {
    index: compilation.index,
    defaults,
    defaultUrl,
    defaultPath,
    optimize: Object.keys(defaults).length === 0,
    fastPaths: compilation.fastPaths,
    recordPaths: new Map(),
    urlForBases:
      compilation.fastPaths && !("controller" in defaults) && !("action" in defaults)
        ? new Array<RouteBase | undefined>(compilation.size)
        : null,
    helpers: made,
    resolves: compilation.resolves,
    keyCache: compilation.keyCache,
  };
  if (lazy) {
    const helpers = lazyHelpers(made, compilation.makers, ctx);
    (ctx as { helpers: Record<string, unknown> }).helpers = helpers;
    return helpers as unknown as Helpers;
  }
  for (const [name, make] of compilation.makers) made[name] = make(ctx);
  return Object.freeze(made) as unknown as Helpers;
}

/**
 * The helpers as an object whose helpers are made on first read (and kept): reads, `in`,
 * `Object.keys`, spreading and destructuring see every helper, as on a frozen helper set;
 * writes are refused.
 */
function lazyHelpers(
  made: Record<string, unknown>,
  makers: ReadonlyMap<string, HelperMaker>,
  ctx: HelperContext,
): Record<string, unknown> {
  const get = (name: string | symbol): unknown => {
    if (typeof name !== "string") return undefined;
    let helper = made[name];
    if (helper === undefined) {
      const make = makers.get(name);
      if (make === undefined) return undefined;
      helper = made[name] = make(ctx);
    }
    return helper;
  };
  return new Proxy(made, {
    get: (_, name) => get(name),
    has: (_, name) => typeof name === "string" && makers.has(name),
    ownKeys: () => [...makers.keys()],
    getOwnPropertyDescriptor: (_, name) =>
      typeof name === "string" && makers.has(name)
        ? { value: get(name), writable: false, enumerable: true, configurable: true }
        : undefined,
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
    setPrototypeOf: () => false,
  });
}

/** Builds `routes.helpers` for a route table: its helpers compiled and made at once. */
export function buildHelpers(table: RouteTable, options: BuildHelpersOptions = {}): Helpers {
  return helperSet(compileHelpers(table, options), table.defaultUrlOptions ?? {});
}
