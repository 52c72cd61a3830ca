/**
 * Rails' `CustomUrlHelper`: the helpers a `direct` declaration defines, and what a `resolve`
 * declaration gives polymorphic routes. The callback runs with `this` bound to the helpers; what
 * it returns goes through `full_url_for` (a URL string, an options object, a record, an array, or
 * a Symbol naming a route), called on the helpers as Rails calls it on `self`.
 */
import type { DirectDefinition, ResolveDefinition } from "../table/route-table.js";
import type { HelperContext } from "./helper-context.js";
import type { RouteHelper } from "./helpers.js";
import { isHash } from "../support/ruby.js";
import { pathOfUrl } from "../uri/url.js";

/** The `<name>_path` and `<name>_url` helpers of a `direct` declaration. */
export function directHelpers(ctx: HelperContext, def: DirectDefinition): [path: RouteHelper, url: RouteHelper] {
  return [
    (...args: unknown[]) => customCall(ctx, def, args, true),
    (...args: unknown[]) => customCall(ctx, def, args, false),
  ];
}

/**
 * One call of a `direct` helper or a `resolve` mapping: the callback gets the positional
 * arguments and the declaration's options merged with the caller's; `onlyPath` keeps the path of
 * the URL it gives (Rails' `url.partition`), so a `_path` helper needs what the `_url` needs.
 */
export function customCall(
  ctx: HelperContext,
  def: DirectDefinition | ResolveDefinition,
  args: readonly unknown[],
  onlyPath: boolean,
): string {
  const last = args[args.length - 1];
  const hasOptions = args.length > 0 && isHash(last);
  const positional = hasOptions ? args.slice(0, -1) : args;
  const given = hasOptions ? (last as Record<string, unknown>) : {};
  const merged = def.options && Object.keys(def.options).length > 0 ? { ...def.options, ...given } : { ...given };
  const result = def.callback.call(ctx.helpers, ...positional, merged);
  const url = (ctx.helpers.full_url_for as (target: unknown) => string)(result);
  return onlyPath ? pathOfUrl(url) : url;
}
