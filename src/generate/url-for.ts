/**
 * `url_for`/`full_url_for`: Rails' `UrlFor#full_url_for` on what it is given — an options object
 * (the route chosen by `RouteSet#url_for`, or the one route its controller and action name, by the
 * fast path), a URL string, a Symbol naming a route, a record, a class or a list for the
 * polymorphic helpers.
 */
import { ArgumentError } from "../errors.js";
import { type HelperContext, callHelper } from "./helper-context.js";
import { customCall } from "./custom-helpers.js";
import { fastRouteUrl, routeBase } from "./fast-path.js";
import {
  assignOptions,
  dict,
  finishUrl,
  indexIn,
  normalizedAction,
  normalizedController,
  routeSetUrlFor,
  splitCallerOptions,
} from "./generator.js";
import { polymorphicRoutes } from "./polymorphic-hook.js";
import { forInIsExact } from "../support/objects.js";
import { isHash, isRecord, modelNameOf, truthy } from "../support/ruby.js";
import { type Dict, type UrlKind, optionName } from "../uri/url.js";

const NO_ARGS: readonly unknown[] = [];

/** Pops a trailing plain object (Ruby's `extract_options!`). */
function splitOptions(args: readonly unknown[]): [unknown[], Dict | null] {
  const last = args[args.length - 1];
  if (args.length > 0 && isHash(last)) return [args.slice(0, -1), assignOptions(dict(), last)];
  return [args as unknown[], null];
}

/** Rails' `full_url_for(target)` (what `url_for` and `full_url_for` call). */
export function fullUrlFor(ctx: HelperContext, target: unknown): string {
  if (target === null || target === undefined)
    return routeSetUrlFor(ctx.index, Object.assign(dict(), ctx.defaults), null, "url");
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
    return polymorphicRoutes("url_for([...])").polymorphic(ctx, "url", components, options ?? {});
  }
  // A Symbol names a route or `direct` (Ruby's `url_for(:basket)`, `direct(:shop) { :basket }`):
  // its `_url` helper, called without arguments (`handle_string_call`), so it needs a host.
  if (typeof target === "symbol") {
    const name = target.description ?? "";
    return callHelper(ctx, `${name}_url`, [], () => `url_for(:${name})`);
  }
  if (typeof target === "function") {
    const call = "url_for(" + modelNameOf(target) + ")";
    return callHelper(ctx, polymorphicRoutes(call).classMethod(ctx, target, "", "url", false), [], call);
  }
  if (isRecord(target)) return handleModelCall(ctx, target, "url");
  throw new ArgumentError(`url_for: cannot build a URL from ${typeof target} ${String(target)}`);
}

/**
 * `url_for(options)` when the normalized controller and action name exactly one route that names
 * no other required default (as most do: `photos#show`): that route through `fastRouteUrl`, without
 * the path options dictionary or the candidates' scoring. Undefined when it does not apply.
 */
function urlForOneRoute(ctx: HelperContext, options: Record<string, unknown>): string | undefined {
  if (ctx.urlForBases === null) return undefined;
  let controller: unknown,
    action: unknown,
    hasAction = false;
  for (const key in options) {
    if (key === "controller") controller = options[key];
    else if (key === "action") {
      action = options[key];
      hasAction = true;
    }
  }
  const pool = ctx.index.pool(
    normalizedController(controller),
    hasAction || truthy(controller) ? normalizedAction(action) : undefined,
  );
  if (pool.length !== 1) return undefined;
  const cr = pool[0]!;
  const keys = cr.requiredDefaultKeys;
  if (keys.length !== 2 || indexIn(keys, "controller") < 0 || indexIn(keys, "action") < 0) return undefined;
  const start = (ctx.urlForBases[cr.index] ??= routeBase(cr, ctx.defaults, true));
  return fastRouteUrl(cr, start, NO_ARGS, 0, options, "url", true);
}

function handleModelCall(ctx: HelperContext, record: object, suffix: UrlKind): string {
  const mapping = ctx.resolves.get(modelNameOf(record));
  if (mapping) return customCall(ctx, mapping, [record], suffix === "path");
  const call = `url_for(${modelNameOf(record)})`;
  const [method, args] = polymorphicRoutes(call).handleModel(ctx, record, "", suffix, false);
  return callHelper(ctx, method, args, call);
}
