/**
 * The fast path of URL generation for a known route: the URL Rails' `RouteSet#url_for` makes
 * from the hash a helper call merges — default URL options, the route's defaults, positional
 * segments, the caller's options object — without merging it. Rails copies those options through four
 * dictionaries (the helper's hash, the path options, the leftover params, the URL options);
 * here each key of the caller's object goes once, by a fixed switch, to a URL option, a part's
 * raw value, or a leftover (query) option: `photo_url(1, {host, format, anchor, params})` is
 * ~6x faster so.
 *
 * `fastRouteUrl` answers only the calls it can answer exactly and returns undefined for the rest
 * (credentials, `use_route`, a named helper given `controller`/`action`, missing segments, a
 * prototype with enumerable properties): the dictionary path answers those.
 */
import type { CompiledRoute } from "./compile.js";
import {
  PathOptions,
  extractParts,
  formatParts,
  indexIn,
  missingKeys,
  renderGenerated,
  splitHash,
} from "./generator.js";
import { forInIsExact } from "../support/objects.js";
import { truthy } from "../support/ruby.js";
import { type Dict, type UrlKind, UrlSettings, isUrlOption, optionName } from "../uri/url.js";

/** What every fast-path call of one route starts from: a base hash (see `routeBase`), split once. */
export interface RouteBase {
  readonly url: UrlSettings;
  /** By part index (`undefined` where the base has no value); null when it has none. */
  readonly raw: readonly unknown[] | null;
  readonly leftovers: PathOptions;
  /** By part index: does the base hold that part (positional values skip those when fewer than the segments are given). */
  readonly inBase: readonly boolean[];
  /** Can `fastRouteUrl` take calls for this route and base at all. */
  readonly fast: boolean;
}

/**
 * A part the fast path's split cannot fill as Rails would: one named like an option, which the merged
 * hash would route to the URL options, rename, or read as credentials.
 */
function namedLikeOption(part: string): boolean {
  return (
    optionName(part) !== part ||
    isUrlOption(part) ||
    ["user", "password", "_recall", "use_route", "routing_type"].includes(part)
  );
}

/**
 * Splits `base` — `default_url_options` merged with the route's defaults for a named helper, or
 * `default_url_options` alone for `url_for` — for `fastRouteUrl`. `enabled` false makes a base that
 * `fastRouteUrl` always declines.
 */
export function routeBase(cr: CompiledRoute, base: Dict, enabled: boolean): RouteBase {
  const url = new UrlSettings();
  const path = new PathOptions();
  splitHash(base, url, path);
  const raw = new Array<unknown>(cr.parts.length).fill(undefined);
  const leftovers = new PathOptions();
  // Legacy `:controller`/`:action` parts are normalized before they print; the dictionary path does that.
  let fast =
    enabled &&
    cr.parts.length <= 30 &&
    !cr.parts.some(namedLikeOption) &&
    cr.controllerIndex < 0 &&
    indexIn(cr.parts, "action") < 0;
  for (let i = 0; i < path.size; i++) {
    const k = path.keys[i]!;
    const p = indexIn(cr.parts, k);
    if (p >= 0) raw[p] = path.values[i];
    else if (indexIn(cr.defaultKeys, k) < 0) {
      if (k === "controller" || k === "action") fast = false;
      leftovers.push(k, path.values[i]);
    }
  }
  return {
    url,
    raw: raw.some((v) => v !== undefined) ? raw : null,
    leftovers,
    inBase: cr.parts.map((k) => k in base),
    fast,
  };
}

/**
 * The URL for route `cr` from `start`, positional values `args[0..n)` and the caller's options
 * object (or null), as `RouteSet#url_for` makes it from the merged hash; undefined when the
 * dictionary path must answer. Positional values fill the parts Rails' `handle_positional_args`
 * gives them: in order, skipping parts named in `options`, and parts the base holds when fewer
 * than the segments (less `format`) are given. `urlFor`: the call is `url_for(options)`, so the
 * route must also be one `match_route` would take (a dispatcher whose required parts are given).
 */
export function fastRouteUrl(
  cr: CompiledRoute,
  start: RouteBase,
  args: readonly unknown[],
  n: number,
  options: Record<string, unknown> | null,
  kind: UrlKind,
  urlFor: boolean,
): string | undefined {
  if (!start.fast || (options !== null && !forInIsExact())) return undefined;
  const parts = cr.parts;
  const url = start.url.copy();
  const raw = start.raw === null ? new Array<unknown>(parts.length) : start.raw.slice();
  let leftovers: PathOptions | null = start.leftovers.size === 0 ? null : start.leftovers.copy();
  let named = 0;
  if (options !== null) {
    for (const key in options) {
      const k = optionName(key);
      const v = options[key];
      // Parts first: a route's few part names are quicker to rule out than the URL options'
      // switch, and no part is named like an option (`routeBase` declines routes with one).
      const p = indexIn(parts, k);
      if (p >= 0) {
        raw[p] = v;
        named |= 1 << p;
        continue;
      }
      if (url.set(k, v) || k === "_recall") continue;
      if (k === "user" || k === "password" || (urlFor && k === "use_route")) return undefined;
      // A named helper's `controller`/`action` is normalized (made a string) even where unused;
      // `url_for`'s were, to choose the route.
      if (k === "controller" || k === "action") {
        if (urlFor) continue;
        return undefined;
      }
      if (indexIn(cr.defaultKeys, k) >= 0) continue; // used by neither the path nor the query
      (leftovers ??= new PathOptions()).set(k, v);
    }
  }
  if (n > 0) {
    const fewer = n < cr.sizeWithoutFormat;
    for (let i = 0, j = 0; i < parts.length && j < n; i++) {
      if ((fewer && start.inBase[i]) || (named & (1 << i)) !== 0) continue;
      raw[i] = args[j++];
    }
  }
  if (urlFor) {
    if (!cr.dispatcher) return undefined;
    for (const i of cr.requiredIndexes) if (!truthy(raw[i])) return undefined;
  }
  const values = extractParts(cr, raw);
  if (missingKeys(cr, values) !== null) return undefined;
  return renderGenerated(url, formatParts(cr, values), leftovers, kind, options !== null);
}
