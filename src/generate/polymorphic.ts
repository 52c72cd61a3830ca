/**
 * Rails' `PolymorphicRoutes`: `polymorphic_path`/`polymorphic_url` and their `new_`/`edit_`
 * forms turn a record, a class, a name or a list of them into a named helper's name and
 * arguments (`[magazine, ad]` -> `magazine_ad_path(magazine, ad)`), or into a `resolve`
 * declaration's callback.
 */
import { ArgumentError } from "../errors.js";
import { type HelperContext, type RecordsPath, callHelper } from "./helper-context.js";
import { customCall } from "./custom-helpers.js";
import { dict } from "./generator.js";
import type { RouteHelper } from "./helpers.js";
import { type RouteKeys, routeKeys } from "./naming.js";
import { isHash, isRecord, modelNameOf, truthy } from "../support/ruby.js";
import { installPolymorphicRoutes } from "./polymorphic-hook.js";
import { type UrlKind, optionName } from "../uri/url.js";

function isPersisted(record: object): boolean {
  const p = (record as { persisted?: unknown }).persisted;
  if (typeof p === "function") return truthy(p.call(record));
  if (p !== undefined && p !== null) return truthy(p);
  const id = (record as { id?: unknown }).id;
  return id !== null && id !== undefined;
}

function keysOf(ctx: HelperContext, target: object): RouteKeys {
  const name = modelNameOf(target);
  if (name === "")
    throw new ArgumentError(
      "Class name cannot be blank. You need to supply a name argument when anonymous class given",
    );
  return routeKeys(name, ctx.keyCache);
}

/** The helper a class names: its route key (`photos_url`), or its singular one (`new_photo_url`). */
export function classMethod(
  ctx: HelperContext,
  klass: object,
  prefix: string,
  suffix: UrlKind,
  singular: boolean,
): string {
  const keys = keysOf(ctx, klass);
  return `${prefix}${singular ? keys.singularRouteKey : keys.routeKey}_${suffix}`;
}

/** The helper and arguments for a record: a persisted one's member route with it, a new one's class route. */
export function handleModel(
  ctx: HelperContext,
  record: object,
  prefix: string,
  suffix: UrlKind,
  singular: boolean,
): [string, unknown[]] {
  if (isPersisted(record)) return [`${prefix}${keysOf(ctx, record).singularRouteKey}_${suffix}`, [record]];
  return [classMethod(ctx, record, prefix, suffix, singular), []];
}

function handleList(
  ctx: HelperContext,
  list: readonly unknown[],
  prefix: string,
  suffix: UrlKind,
  singular: boolean,
): [string, unknown[]] {
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
    } else
      throw new ArgumentError(`polymorphic route arguments must be records, classes or names, got ${String(parent)}`);
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
  } else
    throw new ArgumentError(`polymorphic route arguments must be records, classes or names, got ${String(record)}`);
  route.push(suffix);
  return [prefix + route.join("_"), args];
}

/** Rails' `polymorphic_url`/`polymorphic_path` (`type`) with any options: the reference behaviour. */
export function polymorphic(
  ctx: HelperContext,
  type: UrlKind,
  target: unknown,
  options: Record<string, unknown>,
): string {
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
  let act: string | null = null,
    routingType: unknown = null,
    hasOptions = false;
  for (const key of Object.keys(options)) {
    const k = optionName(key);
    if (k === "action") act = truthy(options[key]) ? String(options[key]) : null;
    // Only polymorphic_url takes routing_type; polymorphic_path passes it on to the helper (the query string).
    else if (k === "routing_type" && type === "url") routingType = options[key];
    else {
      opts[k] = options[key];
      hasOptions = true;
    }
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
export function polymorphicHelper(
  ctx: HelperContext,
  type: UrlKind,
  action: string | null,
): (target: unknown, options?: Record<string, unknown> | null) => string {
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
      list: isList,
      classes: list.map(constructorOf),
      persisted,
      helper: helper as RouteHelper,
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
      case 0:
        return helper();
      case 1:
        return helper(list[0]);
      case 2:
        return helper(list[0], list[1]);
      case 3:
        return helper(list[0], list[1], list[2]);
      default:
        return helper(...list.slice(0, persisted ? n : n - 1));
    }
  }

  return (target, options) => {
    if (ctx.fastPaths && (options === undefined || options === null)) {
      const url = viaShape(target);
      if (url !== undefined) return url;
    }
    return polymorphic(ctx, type, target, action === null ? (options ?? {}) : { ...options, action });
  };
}

function describe(target: unknown): string {
  if (Array.isArray(target)) return "[" + target.map(describe).join(", ") + "]";
  if (typeof target === "string") return JSON.stringify(target);
  if (typeof target === "function" || isRecord(target)) return modelNameOf(target as object);
  return String(target);
}

/** Makes polymorphic routes reachable from the helpers (polymorphic-hook.ts): the `switchyard` entry on Node, Bun and Deno, and `switchyard/polymorphic`, call it. */
export function installPolymorphic(): void {
  installPolymorphicRoutes({ classMethod, handleModel, polymorphic, polymorphicHelper });
}
