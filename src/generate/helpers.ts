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
import { PathOptions, assignOptions, dict, indexRoutes, splitHash } from "./generator.js";
import { namedHelper } from "./named-helpers.js";
import { polymorphicHelper } from "./polymorphic.js";
import { fullUrlFor } from "./url-for.js";
import { UrlSettings } from "../uri/url.js";
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

/** Builds `routes.helpers` for a route table. Called once per route set. */
export function buildHelpers(table: RouteTable, options: BuildHelpersOptions = {}): Helpers {
  const compiled = table.routes.map((route, i) => compileRoute(route, i));
  const named = new Map<string, CompiledRoute>();
  for (const cr of compiled) if (cr.name !== null && cr.name !== "") named.set(cr.name, cr);
  // Named routes come from the table's own map when it has one (the last definition of a name wins, as in Rails).
  for (const [name, route] of table.namedRoutes) {
    const cr = compiled.find((c) => c.route === route);
    if (cr) named.set(name, cr);
  }
  const defaults = assignOptions(dict(), table.defaultUrlOptions ?? {});
  const helpers: Record<string, unknown> = Object.create(null);
  const defaultUrl = new UrlSettings();
  const defaultPath = new PathOptions();
  splitHash(defaults, defaultUrl, defaultPath);
  const ctx: HelperContext = {
    index: indexRoutes(compiled, named),
    defaults,
    defaultUrl,
    defaultPath,
    optimize: Object.keys(defaults).length === 0,
    fastPaths: options.fastPaths ?? true,
    recordPaths: new Map(),
    urlForBases:
      (options.fastPaths ?? true) && !("controller" in defaults) && !("action" in defaults)
        ? new Array<RouteBase | undefined>(compiled.length)
        : null,
    helpers,
    resolves: table.resolves,
    keyCache: new BoundedCache(10_000),
  };

  for (const [name, cr] of named) {
    helpers[`${name}_path`] = namedHelper(ctx, cr, "path");
    helpers[`${name}_url`] = namedHelper(ctx, cr, "url");
  }
  for (const [name, def] of table.directs) [helpers[`${name}_path`], helpers[`${name}_url`]] = directHelpers(ctx, def);

  const urlForHelper = (target?: unknown) => fullUrlFor(ctx, target);
  helpers.url_for = urlForHelper;
  helpers.full_url_for = urlForHelper;
  helpers.route_for = (name: string, ...args: unknown[]) =>
    callHelper(ctx, `${name}_url`, args, `route_for(${JSON.stringify(name)})`);
  for (const action of [null, "new", "edit"]) {
    const prefix = action === null ? "" : action + "_";
    helpers[`${prefix}polymorphic_path`] = polymorphicHelper(ctx, "path", action);
    helpers[`${prefix}polymorphic_url`] = polymorphicHelper(ctx, "url", action);
  }
  return Object.freeze(helpers) as unknown as Helpers;
}
