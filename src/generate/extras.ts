/**
 * Rails' `RouteSet#generate_extras(options, recall)`: the path `url_for` generates for an options
 * hash with a recall (the parameters of the request being served: `assert_generates`' defaults),
 * and which of the options went to the query string. Rails' `RouteSet::Generator` (the recall of
 * `:controller`, `:action` and `:id`, relative controllers) and `Journey::Formatter#generate` with
 * a recall (`extract_parameterized_parts`). Not a hot path: the helpers never recall (a switchyard
 * helper has no current request); the routing assertions do.
 */
import type { RouteTable } from "../table/route-table.js";
import { truthy } from "../support/ruby.js";
import { toParam } from "../uri/query.js";
import { compileRoute, type CompiledRoute } from "./compile.js";
import {
  PathOptions,
  candidates,
  dict,
  extractParts,
  formatParts,
  generationError,
  indexIn,
  indexRoutes,
  missingKeys,
  type RouteIndex,
} from "./generator.js";
import type { Dict } from "../uri/url.js";

export interface GeneratedExtras {
  /** The generated path (no query string). */
  readonly path: string;
  /** The options the route did not use: the query string's keys (Rails' `query_string_keys`). */
  readonly queryKeys: readonly string[];
}

/** The compiled index of a route table's routes. Pure by key: a table's routes are frozen. */
const indexes = new WeakMap<readonly unknown[], RouteIndex>();

function indexOf(table: RouteTable): RouteIndex {
  let index = indexes.get(table.routes);
  if (index === undefined) {
    const compiled = table.routes.map((route, i) => compileRoute(route, i));
    const named = new Map<string, CompiledRoute>();
    for (const [name, route] of table.namedRoutes) {
      const cr = compiled.find((c) => c.route === route);
      if (cr) named.set(name, cr);
    }
    index = indexRoutes(compiled, named);
    indexes.set(table.routes, index);
  }
  return index;
}

const toS = (v: unknown): string => (v === null || v === undefined ? "" : String(v));

/**
 * `generate_extras(options, recall)`. Throws `UrlGenerationError` as Rails does when no route
 * generates. `use_route` names the route, as in Rails.
 */
export function generateExtras(
  table: RouteTable,
  given: Readonly<Record<string, unknown>>,
  recallGiven: Readonly<Record<string, unknown>> = {},
): GeneratedExtras {
  const index = indexOf(table);
  const options: Dict = Object.assign(dict(), given);
  const recall: Dict = Object.assign(dict(), recallGiven);
  const routeName = truthy(options.use_route) ? String(options.use_route) : null;
  delete options.use_route;
  const named = routeName === null ? undefined : index.named.get(routeName);

  // Generator#normalize_options!
  if (truthy(options.controller)) {
    if (!truthy(options.action)) options.action = "index";
    options.controller = toS(options.controller);
  }
  if ("action" in options) options.action = truthy(options.action) ? toS(options.action) : "index";
  // #normalize_controller_action_id!: each of controller, action, id recalled while the options agree.
  const useRecallFor = (key: string): boolean => {
    if (!truthy(recall[key]) || (key in options && options[key] !== recall[key])) return false;
    if (named === undefined || named.parts.includes(key)) options[key] = recall[key];
    return true;
  };
  if (useRecallFor("controller") && useRecallFor("action")) useRecallFor("id");
  // #use_relative_controller!: `users` from `admin/dashboard` is `admin/users`.
  const controller = options.controller;
  const current = recall.controller;
  if (
    routeName === null &&
    truthy(controller) &&
    truthy(current) &&
    toParam(controller) !== toParam(current) &&
    !toS(controller).startsWith("/")
  ) {
    const size = toS(controller).split("/").length;
    const old = toS(current).split("/");
    options.controller = [...old.slice(0, Math.max(0, old.length - size)), toS(controller)].join("/");
  }
  // #normalize_controller!
  if (truthy(options.controller) && toS(options.controller).startsWith("/"))
    options.controller = toS(options.controller).slice(1);

  // Formatter#generate(name, options, recall)
  const constraints = new PathOptions();
  for (const k of Object.keys(recall)) constraints.set(k, recall[k]);
  for (const k of Object.keys(options)) constraints.set(k, options[k]);
  const routes = routeName !== null ? (named === undefined ? [] : [named]) : candidates(index, constraints);
  let missing: string[] = [];
  for (const cr of routes) {
    if (routeName === null && !cr.dispatcher) continue;
    const values = extractParts(cr, recalledParts(cr, options, recall));
    const lacking = missingKeys(cr, values);
    if (lacking !== null) {
      missing = lacking;
      continue;
    }
    const queryKeys = Object.keys(options).filter((k) => {
      const p = indexIn(cr.parts, k);
      return !((p >= 0 && values[p] !== undefined) || indexIn(cr.defaultKeys, k) >= 0);
    });
    return { path: formatParts(cr, values), queryKeys };
  }
  const unmatched = missing.filter((k) => constraints.indexOf(k) >= 0);
  throw generationError(
    constraints.toDict(),
    missing.filter((k) => constraints.indexOf(k) < 0),
    unmatched,
    routeName,
  );
}

/**
 * `extract_parameterized_parts` before `to_param`: `recall.merge(options)` over the route's parts,
 * keeping the required ones and those up to the last part the options give (non-nil in either).
 */
function recalledParts(cr: CompiledRoute, options: Dict, recall: Dict): unknown[] {
  const parts = cr.parts;
  const raw = new Array<unknown>(parts.length);
  let last = parts.length - 1;
  while (last >= 0 && (!(parts[last]! in options) || (options[parts[last]!] == null && recall[parts[last]!] == null)))
    last--;
  for (let i = 0; i < parts.length; i++) {
    const k = parts[i]!;
    if (i <= last || cr.requiredParts.includes(k)) raw[i] = k in options ? options[k] : recall[k];
  }
  return raw;
}
