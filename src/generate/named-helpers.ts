/**
 * The `<name>_path`/`<name>_url` helpers of a named route: Rails' `UrlHelper` (positional
 * arguments keyed by `handle_positional_args`, then `RouteSet#url_for`) and `OptimizedUrlHelper`
 * (exactly the required segments and no options: a template filled by position), each taking the
 * fast path where it answers.
 */
import type { CompiledRoute } from "./compile.js";
import type { HelperContext } from "./helper-context.js";
import { assignOptions, dict, generationError, renderGenerated, routeSetUrlFor } from "./generator.js";
import { type RouteBase, fastRouteUrl, routeBase } from "./fast-path.js";
import type { RouteHelper } from "./helpers.js";
import { forInIsExact } from "../support/objects.js";
import { isHash } from "../support/ruby.js";
import { type ToParamValue, recordParam, toParam } from "../uri/query.js";
import { type Dict, type UrlKind, isUrlOption, optionName } from "../uri/url.js";

/**
 * Route defaults that change a URL beyond its path: an optimized call on a route with one renders
 * its path with them (Rails' `url_strategy.call(options)`), so that route has no bare `_path` form.
 */
const URL_SHAPING_DEFAULTS: readonly string[] = [
  "script_name",
  "trailing_slash",
  "params",
  "anchor",
  "path",
  "only_path",
  "host",
  "relative_url_root",
  "original_script_name",
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
    // `recordParam`: `magazine_ad_path(magazine, ad)` takes ~30% less time.
    const f = (a as { toParam?: unknown }).toParam;
    if (typeof f === "function" && !Array.isArray(a) && !isHash(a)) {
      const x: unknown = f.call(a);
      return typeof x === "string" ? (x === "" ? null : esc(x)) : escapedSegment(x, esc);
    }
    // A plain object (only ever before the last argument here): a record when it has an id or
    // toParam() (see RecordRule), tested after the class record, which pays nothing for it.
    if (isHash(a)) {
      const v = positional(a);
      if (v !== a) return escapedSegment(v, esc);
    }
  }
  const s = segment(a);
  return s === null ? null : esc(s);
}

function segmentOf(v: ToParamValue): string | null {
  if (v === null || v === "" || v === false) return null;
  return typeof v === "string" ? v : String(v);
}

const slice = Array.prototype.slice;
const NO_ARGS: readonly unknown[] = [];

/** Takes a helper's positional arguments `args[0..n)` and its trailing options object (or null). */
type SplitCall = (args: readonly unknown[], n: number, options: Record<string, unknown> | null) => string;

/**
 * How a helper reads a plain object among its arguments — one rule, which the browser runtime
 * (browser/runtime.ts `$pos`, `$last`) and the declared helper types (`Param` takes a `RecordLike`)
 * share; docs/types.md "Records" says it for users:
 *
 * - in a positional slot, a plain object with `toParam()`, `to_param()` or an `id` is a record, its
 *   `to_param` the segment (a row from Prisma, Drizzle, Kysely or `JSON.parse`), not Ruby's
 *   `Hash#to_param` query text;
 * - the last argument, a plain object, is Rails' options hash, unless a required segment is still
 *   unfilled by the arguments before it and it is a record: it has `toParam()`/`to_param()`, or it
 *   has an `id` and a key a URL does not hold by name (not `id`, a segment of the route or a URL
 *   option: a row's `title`, `createdAt`), and does not read as options — naming a required
 *   segment the arguments before it leave unfilled (other than `id`: `{ user_id: 1, id: 2 }`), or
 *   giving `params`. `{ id: 1 }` and `{ id: 1, format: "json" }` stay options, as in Rails;
 * - `_options: true` marks an options hash whatever its keys (js-routes' marker), and is dropped.
 */
interface RecordRule {
  /** The required segments the defaults leave to fill, in path order: positional arguments fill them. */
  readonly slots: readonly string[];
  /** The keys a URL holds by name, but for the URL options (`isUrlOption`): `id`, `format`, the route's segments... */
  readonly named: ReadonlySet<string>;
}

/** Keys a URL holds by name besides the segments and the URL options. */
const NAMED_KEYS: readonly string[] = ["id", "_options", "format", "user", "password"];

function recordRule(cr: CompiledRoute, base: Dict): RecordRule {
  return {
    slots: cr.requiredParts.filter((k) => !(k in base)),
    named: new Set([...NAMED_KEYS, ...cr.parts]),
  };
}

function hasToParam(h: Record<string, unknown>): boolean {
  return typeof h.toParam === "function" || typeof h.to_param === "function";
}

/** A plain object in a positional slot (not the last argument): a record when it has `toParam()`, `to_param()` or an `id`. */
function positional(v: unknown): unknown {
  return isHash(v) && v._options !== true && (hasToParam(v) || "id" in v) ? recordParam(v) : v;
}

/** Whether a trailing plain object, after `n` positional arguments, is a record (see `RecordRule`). */
function trailingRecord(rule: RecordRule, h: Record<string, unknown>, n: number): boolean {
  if (n >= rule.slots.length || h._options === true) return false;
  if (hasToParam(h)) return true;
  if (!("id" in h)) return false;
  let foreign = false;
  // for...in, not Object.keys: no array per call (a Hash's prototype has no enumerable keys, forInIsExact).
  for (const key in h) {
    if (!forInIsExact() && !Object.hasOwn(h, key)) continue;
    if (key === "params" || (key !== "id" && rule.slots.indexOf(key) >= n)) return false;
    if (!foreign && !rule.named.has(key) && !isUrlOption(optionName(key))) foreign = true;
  }
  return foreign;
}

/** The options object as given, less a `_options` marker. */
function unmarked(h: Record<string, unknown>): Record<string, unknown> {
  if (!("_options" in h)) return h;
  const { _options, ...rest } = h;
  return rest;
}

/**
 * A helper taking `(...positional, options?)`: pops a trailing plain object (Ruby's
 * `extract_options!`) unless it is a record, and calls `call`. Up to two arguments go by name and
 * `arguments.length`, not a rest array: a rest array and its slice cost ~260 instructions a call.
 */
function splitTrailingOptions(call: SplitCall, rule: RecordRule): RouteHelper {
  return function (a?: unknown, b?: unknown): string {
    switch (arguments.length) {
      case 0:
        return call(NO_ARGS, 0, null);
      case 1:
        if (!isHash(a)) return call([a], 1, null);
        return trailingRecord(rule, a, 0) ? call([recordParam(a)], 1, null) : call(NO_ARGS, 0, unmarked(a));
      case 2:
        // (A scalar and a hash that cannot be a record — the slots filled, no marker — are Rails'
        // call as it was, tested here; every other reading is in `twoArguments`.)
        if (typeof a !== "object" && isHash(b) && rule.slots.length < 2 && !("_options" in b)) return call([a], 1, b);
        return twoArguments(call, rule, a, b);
      default: {
        const args: unknown[] = slice.call(arguments);
        const n = args.length - 1;
        for (let i = 0; i < n; i++) args[i] = positional(args[i]);
        const last = args[n];
        if (!isHash(last)) return call(args, n + 1, null);
        if (!trailingRecord(rule, last, n)) return call(args, n, unmarked(last));
        args[n] = recordParam(last);
        return call(args, n + 1, null);
      }
    }
  };
}

/** `splitTrailingOptions`' call with two arguments (`a`, then `b`), the record rule applied to both. */
function twoArguments(call: SplitCall, rule: RecordRule, a: unknown, b: unknown): string {
  a = positional(a);
  if (!isHash(b)) return call([a, b], 2, null);
  return trailingRecord(rule, b, 1) ? call([a, recordParam(b)], 2, null) : call([a], 1, unmarked(b));
}

/** Whether any argument is a plain object (the optimized helpers leave those to the general one). */
function anyHash(args: readonly unknown[]): boolean {
  for (let i = 0; i < args.length; i++) if (isHash(args[i])) return true;
  return false;
}

/**
 * Rails' `OptimizedUrlHelper` for a `_path` helper: exactly the required segments and no options
 * object give `lit0 + esc(v0) + lit1 + ...`; any other call goes to `other`. One and two segments
 * get their own closures with named parameters, checked by `arguments.length`: `(...args)` costs
 * a rest array, 55 ns against 103 ns for a two-record call.
 */
function optimizedPathHelper(
  cr: CompiledRoute,
  failure: (args: readonly unknown[]) => never,
  other: RouteHelper,
  optimized: (args: readonly unknown[], param: (v: unknown) => ToParamValue) => string,
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
        const s = escapedSegment(a, e0),
          t = escapedSegment(b, e1);
        if (s === null || t === null) failure([positional(a), b]);
        return l0 + s + l1 + t + l2;
      }
      return other.apply(undefined, arguments as unknown as unknown[]);
    };
  }
  return (...args: unknown[]): string =>
    args.length === argSize && !anyHash(args) ? optimized(args, toParam) : other(...args);
}

export function namedHelper(ctx: HelperContext, cr: CompiledRoute, kind: UrlKind): RouteHelper {
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
  function optimizedPath(args: readonly unknown[], param: (v: unknown) => ToParamValue): string {
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
        pathParams = segmentKeys.filter(
          (k) => !(n < sizeWithoutFormat && k in hash) && !(inner !== null && k in inner),
        );
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
    if (optimized && options === null && n === argSize)
      return renderGenerated(start.url, optimizedPath(args, toParam), null, kind);
    return fastRouteUrl(cr, start, args, n, options, kind, false) ?? general(args, n, options);
  }

  const any = splitTrailingOptions(call, recordRule(cr, base));
  if (optimized && !shapesUrl && kind === "path") {
    const helper = optimizedPathHelper(cr, optimizedFailure, any, optimizedPath);
    ctx.recordPaths.set(helper, {
      argSize,
      path: (records) => optimizedPath(records, recordParam as (v: unknown) => ToParamValue),
    });
    return helper;
  }
  return any;
}
