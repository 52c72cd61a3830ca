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
import type { DirectDefinition, ResolveDefinition, RouteTable } from "../table/route-set.js";
import { type CompiledRoute, compileRoute } from "./compile.js";
import {
  type RouteIndex, type Strategy, OPTION_ALIASES, assignOptions, dict, generationError, indexRoutes, routeSetUrlFor,
} from "./generator.js";
import { type RouteKeys, routeKeys } from "./naming.js";
import { type Dict, pathOfUrl, truthy, urlFor } from "./url.js";
import { isPlainObject, isRecord, modelNameOf, toParam } from "./values.js";

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

/** What `url_for` accepts: a URL string, an options hash (`controller`, `action`, segments...), a record or an array. */
export type UrlForTarget = string | HelperOptions | PolymorphicTarget | null | undefined;

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
  readonly optimize: boolean;
  readonly helpers: Record<string, unknown>;
  readonly resolves: ReadonlyMap<string, ResolveDefinition>;
  readonly keyCache: Map<string, RouteKeys>;
}

/** Pops a trailing plain object (Ruby's `extract_options!`). */
function splitOptions(args: readonly unknown[]): [unknown[], Dict | null] {
  const last = args[args.length - 1];
  if (args.length > 0 && isPlainObject(last)) return [args.slice(0, -1), assignOptions(dict(), last)];
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

function namedHelper(ctx: Context, cr: CompiledRoute, strategy: Strategy): RouteHelper {
  const name = cr.name!;
  const segmentKeys = cr.parts;
  const sizeWithoutFormat = cr.hasFormatPart ? segmentKeys.length - 1 : segmentKeys.length;
  const argSize = cr.requiredParts.length;
  // Rails' OptimizedUrlHelper: taken only when nothing can change the path but the segments.
  const shapesUrl = URL_SHAPING_DEFAULTS.some((k) => k in cr.defaults);
  const fast = ctx.optimize && cr.optimizable && !shapesUrl;
  const values: string[] = new Array<string>(argSize);
  /** `controller_options.merge(route.defaults)`, the start of every general call. */
  const base: Dict = Object.assign(dict(), ctx.defaults, cr.defaults);

  function optimizedFailure(args: readonly unknown[]): never {
    const constraints: Dict = Object.assign(dict(), cr.messageRequirements);
    const missing: string[] = [];
    for (let i = 0; i < argSize; i++) {
      const key = cr.requiredParts[i]!;
      const v = toParam(args[i]);
      if (v === null || v === "" || v === false) missing.push(key);
      constraints[key] = v;
    }
    throw generationError(constraints, missing, [], name);
  }

  function general(args: readonly unknown[], inner: Dict | null): string {
    const hash: Dict = Object.assign(dict(), base);
    if (args.length > 0) {
      let pathParams: readonly string[] = segmentKeys;
      if (args.length < sizeWithoutFormat || inner !== null) {
        pathParams = segmentKeys.filter((k) => !(args.length < sizeWithoutFormat && k in hash) && !(inner !== null && k in inner));
      }
      const n = Math.min(args.length, pathParams.length);
      for (let i = 0; i < n; i++) hash[pathParams[i]!] = args[i];
    }
    if (inner !== null) for (const k in inner) hash[k] = inner[k];
    return routeSetUrlFor(ctx.index, hash, name, strategy);
  }

  if (fast && strategy === "path") {
    return function (...args: unknown[]): string {
      if (args.length === argSize && !isPlainObject(args[argSize - 1])) {
        for (let i = 0; i < argSize; i++) {
          const a = args[i];
          const v = typeof a === "string" ? a : toParam(a);
          if (v === null || v === "" || v === false) optimizedFailure(args);
          values[i] = typeof v === "string" ? v : String(v);
        }
        return cr.positional(values);
      }
      const [rest, inner] = splitOptions(args);
      return general(rest, inner);
    };
  }
  return function (...args: unknown[]): string {
    const [rest, inner] = splitOptions(args);
    if (fast && inner === null && rest.length === argSize) {
      for (let i = 0; i < argSize; i++) {
        const v = toParam(rest[i]);
        if (v === null || v === "" || v === false) optimizedFailure(rest);
        values[i] = typeof v === "string" ? v : String(v);
      }
      const options: Dict = Object.assign(dict(), base);
      const path = cr.positional(values);
      options.path = path;
      if (!truthy(options.script_name)) options.script_name = "";
      return strategy === "path" ? path : urlFor(options);
    }
    return general(rest, inner);
  };
}

// ---------------------------------------------------------------- url_for

function fullUrlFor(ctx: Context, target: unknown): string {
  if (target === null || target === undefined) return routeSetUrlFor(ctx.index, Object.assign(dict(), ctx.defaults), null, "url");
  if (typeof target === "string") return target;
  if (isPlainObject(target)) {
    const options = Object.assign(dict(), ctx.defaults);
    let useRoute: unknown = null;
    for (const key of Object.keys(target)) {
      const k = OPTION_ALIASES[key] ?? key;
      if (k === "use_route") useRoute = target[key];
      else options[k] = target[key];
    }
    return routeSetUrlFor(ctx.index, options, truthy(useRoute) ? String(useRoute) : null, "url");
  }
  if (Array.isArray(target)) {
    const [components, options] = splitOptions(target);
    return polymorphic(ctx, "url", components, options ?? {});
  }
  if (typeof target === "function") return callHelper(ctx, classMethod(ctx, target, "", "url", false), [], "url_for(" + modelNameOf(target) + ")");
  if (isRecord(target)) return handleModelCall(ctx, target, "url");
  throw new ArgumentError(`url_for: cannot build a URL from ${typeof target} ${String(target)}`);
}

function handleModelCall(ctx: Context, record: object, suffix: Strategy): string {
  const mapping = ctx.resolves.get(modelNameOf(record));
  if (mapping) return customCall(ctx, mapping, [record], suffix === "path");
  const [method, args] = handleModel(ctx, record, "", suffix, false);
  return callHelper(ctx, method, args, `url_for(${modelNameOf(record)})`);
}

// ---------------------------------------------------------------- direct / resolve

function customCall(ctx: Context, def: DirectDefinition | ResolveDefinition, args: readonly unknown[], onlyPath: boolean): string {
  const last = args[args.length - 1];
  const hasOptions = args.length > 0 && isPlainObject(last);
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

function classMethod(ctx: Context, klass: object, prefix: string, suffix: Strategy, singular: boolean): string {
  const keys = keysOf(ctx, klass);
  return `${prefix}${singular ? keys.singularRouteKey : keys.routeKey}_${suffix}`;
}

function handleModel(ctx: Context, record: object, prefix: string, suffix: Strategy, singular: boolean): [string, unknown[]] {
  if (isPersisted(record)) return [`${prefix}${keysOf(ctx, record).singularRouteKey}_${suffix}`, [record]];
  return [classMethod(ctx, record, prefix, suffix, singular), []];
}

function handleList(ctx: Context, list: readonly unknown[], prefix: string, suffix: Strategy, singular: boolean): [string, unknown[]] {
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

function polymorphic(ctx: Context, type: Strategy, target: unknown, options: Record<string, unknown>): string {
  if (isPlainObject(target)) {
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
    const k = OPTION_ALIASES[key] ?? key;
    if (k === "action") act = truthy(options[key]) ? String(options[key]) : null;
    else if (k === "routing_type") routingType = options[key];
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

function describe(target: unknown): string {
  if (Array.isArray(target)) return "[" + target.map(describe).join(", ") + "]";
  if (typeof target === "string") return JSON.stringify(target);
  if (typeof target === "function" || isRecord(target)) return modelNameOf(target as object);
  return String(target);
}

// ---------------------------------------------------------------- the helpers object

/** Builds `routes.helpers` for a route table. Called once per route set. */
export function buildHelpers(table: RouteTable): Helpers {
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
  const ctx: Context = {
    index: indexRoutes(compiled, named),
    defaults,
    optimize: Object.keys(defaults).length === 0,
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
  helpers.polymorphic_path = (target: unknown, options?: Record<string, unknown>) => polymorphic(ctx, "path", target, options ?? {});
  helpers.polymorphic_url = (target: unknown, options?: Record<string, unknown>) => polymorphic(ctx, "url", target, options ?? {});
  for (const action of ["new", "edit"]) {
    helpers[`${action}_polymorphic_path`] = (target: unknown, options?: Record<string, unknown>) => polymorphic(ctx, "path", target, { ...options, action });
    helpers[`${action}_polymorphic_url`] = (target: unknown, options?: Record<string, unknown>) => polymorphic(ctx, "url", target, { ...options, action });
  }
  return Object.freeze(helpers) as unknown as Helpers;
}
