/**
 * `routes.helpers`: the `<name>_path`/`<name>_url` helpers of every named route and `direct`,
 * plus `url_for`, `full_url_for`, `route_for` and the polymorphic helpers — Rails'
 * `NamedRouteCollection`, `UrlHelper`/`OptimizedUrlHelper`, `CustomUrlHelper`, `UrlFor` and
 * `PolymorphicRoutes`, built once per route set from the compiled routes.
 *
 * Helpers are closures over the table (they work destructured); `direct`/`resolve` callbacks
 * run with `this` bound to the helpers object.
 */
import { ArgumentError } from "../errors.js";
import type { DirectDefinition, ResolveDefinition, RouteTable } from "../table/route-table.js";
import { type CompiledRoute, compileRoute } from "./compile.js";
import {
  type RouteIndex, PathOptions, assignOptions, dict, finishUrl, generationError, indexRoutes, normalizedAction,
  indexIn, normalizedController, renderGenerated, routeSetUrlFor, splitCallerOptions, splitHash,
} from "./generator.js";
import { type RouteBase, fastRouteUrl, routeBase } from "./fast-path.js";
import { type RouteKeys, routeKeys } from "./naming.js";
import { forInIsExact } from "../support/objects.js";
import { isHash, isRecord, modelNameOf, truthy } from "../support/ruby.js";
import { type ParamValue, recordParam, toParam } from "../uri/query.js";
import { type Dict, type UrlKind, UrlSettings, optionName, pathOfUrl } from "../uri/url.js";

/** A model instance: `toParam()` fills a segment, else `id`. */
export type RecordLike = { toParam(): unknown } | { readonly id: unknown };
/** A segment value: a scalar, a record, or an array (joined with `/`, for globs). */
export type Param = string | number | bigint | boolean | RecordLike | readonly Param[] | null | undefined;

/** The trailing options object of a helper call (SPEC §3). */
export interface HelperOptions {
  host?: string;
  protocol?: string | false;
  port?: number | string | null;
  subdomain?: string | false | null;
  domain?: string;
  tldLength?: number;
  scriptName?: string;
  trailingSlash?: boolean;
  onlyPath?: boolean;
  user?: string;
  password?: string;
  anchor?: string | number | null;
  format?: Param;
  params?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Something polymorphic helpers turn into a route: a record, a class, a route-name string, or a list of them. */
export type PolymorphicTarget = RecordLike | string | (abstract new (...args: any[]) => unknown) | readonly (RecordLike | string | null | undefined | (abstract new (...args: any[]) => unknown))[] | Record<string, unknown>;

/**
 * What `url_for` accepts: a URL string, an options hash (`controller`, `action`, segments...), a
 * record or an array, or a Symbol naming a route or `direct` (`Symbol.for("basket")`: `basket_url()`).
 */
export type UrlForTarget = string | symbol | HelperOptions | PolymorphicTarget | null | undefined;

/** A named-route or `direct` helper. */
export type RouteHelper = (...args: any[]) => string;

/** The helpers every route set has. */
export interface BaseHelpers {
  url_for(target?: UrlForTarget): string;
  full_url_for(target?: UrlForTarget): string;
  route_for(name: string, ...args: unknown[]): string;
  polymorphic_path(target: PolymorphicTarget | null | undefined, options?: HelperOptions): string;
  polymorphic_url(target: PolymorphicTarget | null | undefined, options?: HelperOptions): string;
  new_polymorphic_path(target: PolymorphicTarget, options?: HelperOptions): string;
  new_polymorphic_url(target: PolymorphicTarget, options?: HelperOptions): string;
  edit_polymorphic_path(target: PolymorphicTarget, options?: HelperOptions): string;
  edit_polymorphic_url(target: PolymorphicTarget, options?: HelperOptions): string;
}

/**
 * Augmented by the `.d.ts` that `switchyard types` writes (`interface Register { helpers: ... }`),
 * which makes `routes.helpers` exactly the app's helpers.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface Register {}

/** The type of `routes.helpers`: the registered app helpers, or any helper name until types are generated. */
export type Helpers = Register extends { helpers: infer H } ? H : BaseHelpers & { readonly [helper: string]: RouteHelper };

interface Context {
  readonly index: RouteIndex;
  /** `default_url_options`, snake_case keys. */
  readonly defaults: Dict;
  /** `defaults` split into URL and path options, for `url_for`. */
  readonly defaultUrl: UrlSettings;
  readonly defaultPath: PathOptions;
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
  readonly keyCache: Map<string, RouteKeys>;
}

/** Pops a trailing plain object (Ruby's `extract_options!`). */
function splitOptions(args: readonly unknown[]): [unknown[], Dict | null] {
  const last = args[args.length - 1];
  if (args.length > 0 && isHash(last)) return [args.slice(0, -1), assignOptions(dict(), last)];
  return [args as unknown[], null];
}

function missingHelper(name: string, what: string): TypeError {
  return new TypeError(`undefined method '${name}' for the route helpers: ${what} (no route or direct is named '${name.replace(/_(path|url)$/, "")}')`);
}

// ---------------------------------------------------------------- named route helpers

/** Route defaults that change a URL beyond its path; a route with one is never "optimized". */
export const URL_SHAPING_DEFAULTS: readonly string[] = [
  "script_name", "trailing_slash", "params", "anchor", "path", "only_path", "host", "relative_url_root", "original_script_name",
];

/** The optimized helper's segment value (`to_param`, as a string); null when Rails counts it missing (nil, "", false). */
function segment(a: unknown): string | null {
  return segmentOf(typeof a === "string" ? a : toParam(a));
}

/**
 * `esc(segment(a))`, or null when missing. A safe integer (the common id) prints as its digits and
 * sign, which neither escaper touches: ~120 instructions less than scanning them.
 */
function escapedSegment(a: unknown, esc: (s: string) => string): string | null {
  if (typeof a === "number" && Number.isSafeInteger(a)) return String(a);
  if (typeof a === "object" && a !== null) {
    // A record's `toParam()` called here, not through `toParam`'s type switch and
    // `recordParam`: `magazine_ad_path(magazine, ad)` 87 -> 56-64 ns (template literal: 36 ns).
    const f = (a as { toParam?: unknown }).toParam;
    if (typeof f === "function" && !Array.isArray(a) && !isHash(a)) {
      const x: unknown = f.call(a);
      return typeof x === "string" ? (x === "" ? null : esc(x)) : escapedSegment(x, esc);
    }
  }
  const s = segment(a);
  return s === null ? null : esc(s);
}

function segmentOf(v: ParamValue): string | null {
  if (v === null || v === "" || v === false) return null;
  return typeof v === "string" ? v : String(v);
}

const slice = Array.prototype.slice;
const NO_ARGS: readonly unknown[] = [];

/** Takes a helper's positional arguments `args[0..n)` and its trailing options object (or null). */
type SplitCall = (args: readonly unknown[], n: number, options: Record<string, unknown> | null) => string;

/**
 * A helper taking `(...positional, options?)`: pops a trailing plain object (Ruby's
 * `extract_options!`) and calls `call`. Up to two arguments go by name and `arguments.length`,
 * not a rest array: a rest array and its slice cost ~260 instructions a call.
 */
function splitTrailingOptions(call: SplitCall): RouteHelper {
  return function (a?: unknown, b?: unknown): string {
    switch (arguments.length) {
      case 0: return call(NO_ARGS, 0, null);
      case 1: return isHash(a) ? call(NO_ARGS, 0, a) : call([a], 1, null);
      case 2: return isHash(b) ? call([a], 1, b) : call([a, b], 2, null);
      default: {
        const args: unknown[] = slice.call(arguments);
        const last = args[args.length - 1];
        return isHash(last) ? call(args, args.length - 1, last) : call(args, args.length, null);
      }
    }
  };
}

/**
 * Rails' `OptimizedUrlHelper` for a `_path` helper: exactly the required segments and no options
 * object give `lit0 + esc(v0) + lit1 + ...`; any other call goes to `other`. One and two segments
 * get their own closures with named parameters, checked by `arguments.length`: `(...args)` costs
 * a rest array, 55 ns against 103 ns for a two-record call.
 */
function optimizedPathHelper(
  cr: CompiledRoute, failure: (args: readonly unknown[]) => never, other: RouteHelper,
  optimized: (args: readonly unknown[], param: (v: unknown) => ParamValue) => string,
): RouteHelper {
  const { literals: L, indexes: I, escapers: E } = cr.template;
  const argSize = cr.positionalParts.length;
  if (argSize === 1 && I.length === 1) {
    const [l0, l1] = L as [string, string];
    const e0 = E[0]!;
    return function (a?: unknown, b?: unknown): string {
      const argc = arguments.length;
      if (argc === 1 && !isHash(a)) {
        const s = escapedSegment(a, e0);
        if (s === null) failure([a]);
        return l0 + s + l1;
      }
      // (`photo_path(1, { format })`: called by name, not with `apply`, which costs ~300 instructions.)
      if (argc === 2) return other(a, b);
      return other.apply(undefined, arguments as unknown as unknown[]);
    };
  }
  if (argSize === 2 && I.length === 2 && I[0] === 0 && I[1] === 1) {
    const [l0, l1, l2] = L as [string, string, string];
    const [e0, e1] = E as [(s: string) => string, (s: string) => string];
    return function (a?: unknown, b?: unknown): string {
      if (arguments.length === 2 && !isHash(b)) {
        const s = escapedSegment(a, e0), t = escapedSegment(b, e1);
        if (s === null || t === null) failure([a, b]);
        return l0 + s + l1 + t + l2;
      }
      return other.apply(undefined, arguments as unknown as unknown[]);
    };
  }
  return function (...args: unknown[]): string {
    return args.length === argSize && !isHash(args[argSize - 1]) ? optimized(args, toParam) : other(...args);
  };
}

function namedHelper(ctx: Context, cr: CompiledRoute, kind: UrlKind): RouteHelper {
  const name = cr.name!;
  const segmentKeys = cr.parts;
  const sizeWithoutFormat = cr.sizeWithoutFormat;
  const argSize = cr.positionalParts.length;
  // Rails' OptimizedUrlHelper, for a call with exactly `argSize` arguments and no options object.
  const optimized = ctx.optimize && cr.optimizable;
  // Its path is the whole URL when no route default shapes the URL (the bare `_path` helper).
  const shapesUrl = URL_SHAPING_DEFAULTS.some((k) => k in cr.defaults);
  /** `controller_options.merge(route.defaults)`, the start of every general call. */
  const base: Dict = Object.assign(dict(), ctx.defaults, cr.defaults);
  let start: RouteBase | null = null;

  function optimizedFailure(args: readonly unknown[]): never {
    const constraints: Dict = Object.assign(dict(), cr.messageRequirements);
    const missing: string[] = [];
    for (let i = 0; i < argSize; i++) {
      const key = cr.positionalParts[i]!;
      const v = toParam(args[i]);
      if (segmentOf(v) === null) missing.push(key);
      constraints[key] = v;
    }
    throw generationError(constraints, missing, [], name);
  }

  /** The optimized helper's path from exactly the required segments (`to_param`'d by `param`), or its error. */
  function optimizedPath(args: readonly unknown[], param: (v: unknown) => ParamValue): string {
    const values: string[] = new Array<string>(argSize);
    for (let i = 0; i < argSize; i++) {
      const s = segmentOf(param(args[i]));
      if (s === null) optimizedFailure(args);
      values[i] = s;
    }
    return cr.positional(values);
  }

  /** Rails' `handle_positional_args` then `url_for`, merging dictionaries as Rails does: the reference behaviour. */
  function general(args: readonly unknown[], n: number, options: Record<string, unknown> | null): string {
    const inner = options === null ? null : assignOptions(dict(), options);
    const hash: Dict = Object.assign(dict(), base);
    if (n > 0) {
      let pathParams: readonly string[] = segmentKeys;
      if (n < sizeWithoutFormat || inner !== null) {
        pathParams = segmentKeys.filter((k) => !(n < sizeWithoutFormat && k in hash) && !(inner !== null && k in inner));
      }
      const m = Math.min(n, pathParams.length);
      for (let i = 0; i < m; i++) hash[pathParams[i]!] = args[i];
    }
    if (inner !== null) for (const k in inner) hash[k] = inner[k];
    return routeSetUrlFor(ctx.index, hash, name, kind);
  }

  /**
   * Any call but a bare optimized `_path` one: `fastRouteUrl` where it answers, else `general`. An
   * optimized call is the optimized path with the URL options of the base (`params`, `anchor`,
   * `trailing_slash`... among the route's defaults), as Rails' `url_strategy.call(options)`.
   */
  function call(args: readonly unknown[], n: number, options: Record<string, unknown> | null): string {
    start ??= routeBase(cr, base, ctx.fastPaths);
    if (optimized && options === null && n === argSize) return renderGenerated(start.url, optimizedPath(args, toParam), null, kind);
    return fastRouteUrl(cr, start, args, n, options, kind, false) ?? general(args, n, options);
  }

  const any = splitTrailingOptions(call);
  if (optimized && !shapesUrl && kind === "path") {
    const helper = optimizedPathHelper(cr, optimizedFailure, any, optimizedPath);
    ctx.recordPaths.set(helper, { argSize, path: (records) => optimizedPath(records, recordParam as (v: unknown) => ParamValue) });
    return helper;
  }
  return any;
}

// ---------------------------------------------------------------- url_for

function fullUrlFor(ctx: Context, target: unknown): string {
  if (target === null || target === undefined) return routeSetUrlFor(ctx.index, Object.assign(dict(), ctx.defaults), null, "url");
  if (typeof target === "string") return target;
  if (isHash(target)) {
    if (ctx.fastPaths && forInIsExact()) {
      const one = urlForOneRoute(ctx, target);
      if (one !== undefined) return one;
      const url = ctx.defaultUrl.copy();
      const path = ctx.defaultPath.copy();
      if (splitCallerOptions(target, url, path, true)) return finishUrl(ctx.index, null, undefined, url, path, "url");
    }
    const options = Object.assign(dict(), ctx.defaults);
    let useRoute: unknown = null;
    for (const key of Object.keys(target)) {
      const k = optionName(key);
      if (k === "use_route") useRoute = target[key];
      else options[k] = target[key];
    }
    return routeSetUrlFor(ctx.index, options, truthy(useRoute) ? String(useRoute) : null, "url");
  }
  if (Array.isArray(target)) {
    const [components, options] = splitOptions(target);
    return polymorphic(ctx, "url", components, options ?? {});
  }
  // A Symbol names a route or `direct` (Ruby's `url_for(:basket)`, `direct(:shop) { :basket }`):
  // its `_url` helper, called without arguments (`handle_string_call`), so it needs a host.
  if (typeof target === "symbol") {
    const name = target.description ?? "";
    return callHelper(ctx, `${name}_url`, [], () => `url_for(:${name})`);
  }
  if (typeof target === "function") return callHelper(ctx, classMethod(ctx, target, "", "url", false), [], "url_for(" + modelNameOf(target) + ")");
  if (isRecord(target)) return handleModelCall(ctx, target, "url");
  throw new ArgumentError(`url_for: cannot build a URL from ${typeof target} ${String(target)}`);
}

/**
 * `url_for(options)` when the normalized controller and action name exactly one route that names
 * no other required default (as most do: `photos#show`): that route through `fastRouteUrl`, without
 * the path options dictionary or the candidates' scoring. Undefined when it does not apply.
 */
function urlForOneRoute(ctx: Context, options: Record<string, unknown>): string | undefined {
  if (ctx.urlForBases === null) return undefined;
  let controller: unknown, action: unknown, hasAction = false;
  for (const key in options) {
    if (key === "controller") controller = options[key];
    else if (key === "action") { action = options[key]; hasAction = true; }
  }
  const pool = ctx.index.pool(normalizedController(controller), hasAction || truthy(controller) ? normalizedAction(action) : undefined);
  if (pool.length !== 1) return undefined;
  const cr = pool[0]!;
  const keys = cr.requiredDefaultKeys;
  if (keys.length !== 2 || indexIn(keys, "controller") < 0 || indexIn(keys, "action") < 0) return undefined;
  const start = (ctx.urlForBases[cr.index] ??= routeBase(cr, ctx.defaults, true));
  return fastRouteUrl(cr, start, NO_ARGS, 0, options, "url", true);
}

function handleModelCall(ctx: Context, record: object, suffix: UrlKind): string {
  const mapping = ctx.resolves.get(modelNameOf(record));
  if (mapping) return customCall(ctx, mapping, [record], suffix === "path");
  const [method, args] = handleModel(ctx, record, "", suffix, false);
  return callHelper(ctx, method, args, `url_for(${modelNameOf(record)})`);
}

// ---------------------------------------------------------------- direct / resolve

function customCall(ctx: Context, def: DirectDefinition | ResolveDefinition, args: readonly unknown[], onlyPath: boolean): string {
  const last = args[args.length - 1];
  const hasOptions = args.length > 0 && isHash(last);
  const positional = hasOptions ? args.slice(0, -1) : args;
  const given = hasOptions ? (last as Record<string, unknown>) : {};
  const merged = def.options && Object.keys(def.options).length > 0 ? { ...def.options, ...given } : { ...given };
  const result = def.callback.call(ctx.helpers, ...positional, merged);
  const url = fullUrlFor(ctx, result);
  return onlyPath ? pathOfUrl(url) : url;
}

// ---------------------------------------------------------------- polymorphic routes

function isPersisted(record: object): boolean {
  const p = (record as { persisted?: unknown }).persisted;
  if (typeof p === "function") return truthy(p.call(record));
  if (p !== undefined && p !== null) return truthy(p);
  const id = (record as { id?: unknown }).id;
  return id !== null && id !== undefined;
}

function keysOf(ctx: Context, target: object): RouteKeys {
  const name = modelNameOf(target);
  if (name === "") throw new ArgumentError("Class name cannot be blank. You need to supply a name argument when anonymous class given");
  return routeKeys(name, ctx.keyCache);
}

function classMethod(ctx: Context, klass: object, prefix: string, suffix: UrlKind, singular: boolean): string {
  const keys = keysOf(ctx, klass);
  return `${prefix}${singular ? keys.singularRouteKey : keys.routeKey}_${suffix}`;
}

function handleModel(ctx: Context, record: object, prefix: string, suffix: UrlKind, singular: boolean): [string, unknown[]] {
  if (isPersisted(record)) return [`${prefix}${keysOf(ctx, record).singularRouteKey}_${suffix}`, [record]];
  return [classMethod(ctx, record, prefix, suffix, singular), []];
}

function handleList(ctx: Context, list: readonly unknown[], prefix: string, suffix: UrlKind, singular: boolean): [string, unknown[]] {
  const args: unknown[] = [];
  const route: string[] = [];
  const last = list.length - 1;
  for (let i = 0; i < last; i++) {
    const parent = list[i];
    if (typeof parent === "string") route.push(parent);
    else if (typeof parent === "symbol") route.push(parent.description ?? "");
    else if (typeof parent === "object" || typeof parent === "function") {
      args.push(parent);
      route.push(keysOf(ctx, parent as object).singularRouteKey);
    } else throw new ArgumentError(`polymorphic route arguments must be records, classes or names, got ${String(parent)}`);
  }
  const record = list[last];
  if (typeof record === "string") route.push(record);
  else if (typeof record === "symbol") route.push(record.description ?? "");
  else if (typeof record === "function") {
    const keys = keysOf(ctx, record);
    route.push(singular ? keys.singularRouteKey : keys.routeKey);
  } else if (typeof record === "object" && record !== null) {
    if (isPersisted(record)) {
      args.push(record);
      route.push(keysOf(ctx, record).singularRouteKey);
    } else {
      const keys = keysOf(ctx, record);
      route.push(singular ? keys.singularRouteKey : keys.routeKey);
    }
  } else throw new ArgumentError(`polymorphic route arguments must be records, classes or names, got ${String(record)}`);
  route.push(suffix);
  return [prefix + route.join("_"), args];
}

function callHelper(ctx: Context, method: string, args: unknown[], what: string | (() => string)): string {
  const fn = ctx.helpers[method];
  if (typeof fn !== "function") throw missingHelper(method, typeof what === "string" ? what : what());
  return (fn as RouteHelper)(...args);
}

function polymorphic(ctx: Context, type: UrlKind, target: unknown, options: Record<string, unknown>): string {
  if (isHash(target)) {
    const merged = { ...target, ...options };
    const record = merged.id;
    delete merged.id;
    return polymorphic(ctx, type, record, merged);
  }
  if ((isRecord(target) || typeof target === "function") && ctx.resolves.size > 0) {
    const mapping = ctx.resolves.get(modelNameOf(target as object));
    if (mapping) return customCall(ctx, mapping, [target, options], type === "path");
  }
  const opts = dict();
  let act: string | null = null, routingType: unknown = null, hasOptions = false;
  for (const key of Object.keys(options)) {
    const k = optionName(key);
    if (k === "action") act = truthy(options[key]) ? String(options[key]) : null;
    // Only polymorphic_url takes routing_type; polymorphic_path passes it on to the helper (the query string).
    else if (k === "routing_type" && type === "url") routingType = options[key];
    else { opts[k] = options[key]; hasOptions = true; }
  }
  let suffix = type;
  if (type === "url" && truthy(routingType)) suffix = String(routingType) === "path" ? "path" : "url";
  const prefix = act ? `${act}_` : "";
  const singular = act === "new";
  let method: string, args: unknown[];
  if (Array.isArray(target)) {
    const list = target.filter((x) => x !== null && x !== undefined);
    if (list.length === 0) throw new ArgumentError("Nil location provided. Can't build URI.");
    [method, args] = handleList(ctx, list, prefix, suffix, singular);
  } else if (typeof target === "string") {
    [method, args] = [`${prefix}${target}_${suffix}`, []];
  } else if (typeof target === "symbol") {
    [method, args] = [`${prefix}${target.description ?? ""}_${suffix}`, []];
  } else if (typeof target === "function") {
    [method, args] = [classMethod(ctx, target, prefix, suffix, singular), []];
  } else if (target === null || target === undefined) {
    throw new ArgumentError("Nil location provided. Can't build URI.");
  } else if (typeof target === "object") {
    [method, args] = handleModel(ctx, target, prefix, suffix, singular);
  } else {
    throw new ArgumentError(`polymorphic_${type}: cannot build a route from ${typeof target} ${String(target)}`);
  }
  if (hasOptions) args.push(opts);
  return callHelper(ctx, method, args, () => `polymorphic_${type}(${describe(target)})`);
}

/** A polymorphic call shape already resolved: a record or a list of records (by constructor), whether the last is persisted, and the helper they name. */
interface Shape {
  readonly list: boolean;
  /** The records' classes, each verified a record's when the shape was made. */
  readonly classes: readonly unknown[];
  readonly persisted: boolean;
  readonly helper: RouteHelper;
  /** The helper's optimized path for exactly these records, when it has one (see `RecordsPath`). */
  readonly fromRecords: RecordsPath["path"] | null;
}

/**
 * A `_path` helper's optimized form taking records known to be records, so without the helper's
 * tests of its arguments (which ask V8 for each one's prototype, a runtime call): what
 * `polymorphic_path` calls for a cached shape.
 */
interface RecordsPath {
  readonly argSize: number;
  readonly path: (records: readonly unknown[]) => string;
}

const MAX_SHAPES = 64;
const hasOwn = Object.hasOwn;

function constructorOf(record: unknown): unknown {
  return (record as { constructor?: unknown }).constructor;
}

/**
 * An object of class `C` (a record class), known without asking for its prototype: it inherits
 * `constructor` (`C`, which is not Object or Array), so its prototype chain holds `C`'s.
 */
function isInstanceLike(v: unknown, C: unknown): boolean {
  return v !== null && typeof v === "object" && constructorOf(v) === C && !hasOwn(v, "constructor");
}

/**
 * `polymorphic_path`/`_url` and their `new_`/`edit_` forms. A call with no options whose target
 * is a record or a list of records looks its shape up by the records' constructors and calls
 * the named helper directly — the model name (and so the helper) is taken as fixed per class,
 * as Rails memoizes `model_name` — instead of inflecting the names and building and looking up
 * the method name again: `polymorphic_path([magazine, ad])` then costs the helper plus ~25 ns
 * where it cost the helper plus ~450 ns.
 */
function polymorphicHelper(ctx: Context, type: UrlKind, action: string | null): (target: unknown, options?: Record<string, unknown> | null) => string {
  const shapes: Shape[] = [];
  const prefix = action === null ? "" : action + "_";

  function findShape(list: readonly unknown[], isList: boolean, persisted: boolean): Shape | undefined {
    search: for (const shape of shapes) {
      if (shape.list !== isList || shape.persisted !== persisted || shape.classes.length !== list.length) continue;
      for (let i = 0; i < list.length; i++) if (!isInstanceLike(list[i], shape.classes[i])) continue search;
      return shape;
    }
    return undefined;
  }

  function addShape(list: readonly unknown[], isList: boolean, persisted: boolean): Shape | undefined {
    for (const record of list) if (!isRecord(record)) return undefined;
    if (!isList && ctx.resolves.size > 0 && ctx.resolves.has(modelNameOf(list[0] as object))) return undefined;
    const [method] = handleList(ctx, list, prefix, type, action === "new");
    const helper = ctx.helpers[method];
    if (typeof helper !== "function") return undefined;
    const records = ctx.recordPaths.get(helper as RouteHelper);
    const argc = persisted ? list.length : list.length - 1;
    const shape: Shape = {
      list: isList, classes: list.map(constructorOf), persisted, helper: helper as RouteHelper,
      fromRecords: records !== undefined && records.argSize === argc ? records.path : null,
    };
    if (shapes.length === MAX_SHAPES) shapes.length = 0;
    shapes.push(shape);
    return shape;
  }

  function viaShape(target: unknown): string | undefined {
    const isList = Array.isArray(target);
    const list: readonly unknown[] = isList ? target : [target];
    const n = list.length;
    const last = list[n - 1];
    if (last === null || typeof last !== "object") return undefined;
    const persisted = isPersisted(last);
    const shape = findShape(list, isList, persisted) ?? addShape(list, isList, persisted);
    if (shape === undefined) return undefined;
    if (shape.fromRecords !== null) return shape.fromRecords(list);
    // The helper's arguments: every record but a new last one.
    const helper = shape.helper;
    switch (persisted ? n : n - 1) {
      case 0: return helper();
      case 1: return helper(list[0]);
      case 2: return helper(list[0], list[1]);
      case 3: return helper(list[0], list[1], list[2]);
      default: return helper(...list.slice(0, persisted ? n : n - 1));
    }
  }

  return (target, options) => {
    if (ctx.fastPaths && (options === undefined || options === null)) {
      const url = viaShape(target);
      if (url !== undefined) return url;
    }
    return polymorphic(ctx, type, target, action === null ? options ?? {} : { ...options, action });
  };
}

function describe(target: unknown): string {
  if (Array.isArray(target)) return "[" + target.map(describe).join(", ") + "]";
  if (typeof target === "string") return JSON.stringify(target);
  if (typeof target === "function" || isRecord(target)) return modelNameOf(target as object);
  return String(target);
}

// ---------------------------------------------------------------- the helpers object

/** Builds `routes.helpers` for a route table. Called once per route set. */
/** How `buildHelpers` builds; the defaults are what `routes.helpers` uses. */
export interface BuildHelpersOptions {
  /**
   * false: every call takes the reference path, which merges and copies the options through
   * dictionaries as Rails does (helper hash, path options, leftover params, URL options). The
   * tests compare the fast paths against it.
   */
  readonly fastPaths?: boolean;
}

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
  const ctx: Context = {
    index: indexRoutes(compiled, named),
    defaults,
    defaultUrl,
    defaultPath,
    optimize: Object.keys(defaults).length === 0,
    fastPaths: options.fastPaths ?? true,
    recordPaths: new Map(),
    urlForBases: (options.fastPaths ?? true) && !("controller" in defaults) && !("action" in defaults) ? new Array<RouteBase | undefined>(compiled.length) : null,
    helpers,
    resolves: table.resolves,
    keyCache: new Map(),
  };

  for (const [name, cr] of named) {
    helpers[`${name}_path`] = namedHelper(ctx, cr, "path");
    helpers[`${name}_url`] = namedHelper(ctx, cr, "url");
  }
  for (const [name, def] of table.directs) {
    helpers[`${name}_path`] = (...args: unknown[]) => customCall(ctx, def, args, true);
    helpers[`${name}_url`] = (...args: unknown[]) => customCall(ctx, def, args, false);
  }

  const urlForHelper = (target?: unknown) => fullUrlFor(ctx, target);
  helpers.url_for = urlForHelper;
  helpers.full_url_for = urlForHelper;
  helpers.route_for = (name: string, ...args: unknown[]) => callHelper(ctx, `${name}_url`, args, `route_for(${JSON.stringify(name)})`);
  for (const action of [null, "new", "edit"]) {
    const prefix = action === null ? "" : action + "_";
    helpers[`${prefix}polymorphic_path`] = polymorphicHelper(ctx, "path", action);
    helpers[`${prefix}polymorphic_url`] = polymorphicHelper(ctx, "url", action);
  }
  return Object.freeze(helpers) as unknown as Helpers;
}
