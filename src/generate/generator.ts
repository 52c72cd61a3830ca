/**
 * Route selection and path building for URL generation: Rails' `RouteSet#url_for`,
 * `RouteSet::Generator` and `Journey::Formatter#generate`, over compiled routes.
 */
import { UrlGenerationError } from "../errors.js";
import { type CompiledRoute, scoreRoute } from "./compile.js";
import { type Dict, pathFor, truthy, urlFor } from "./url.js";
import { ArgumentError } from "../errors.js";
import { dict, isPlainObject, rubyHash, rubyInspect, rubySymbol, toParam } from "./values.js";

export type Strategy = "path" | "url";

/** Options that only shape the URL, never the path (`RESERVED_OPTIONS`). */
export const RESERVED = new Set([
  "host", "protocol", "port", "subdomain", "domain", "tld_length", "trailing_slash", "anchor", "params",
  "only_path", "script_name", "original_script_name", "relative_url_root",
]);

/** camelCase option names (SPEC §3) to Rails' names; other keys pass unchanged. */
export const OPTION_ALIASES: Readonly<Record<string, string | undefined>> = Object.freeze(Object.assign(Object.create(null) as Record<string, string>, {
  scriptName: "script_name", trailingSlash: "trailing_slash", onlyPath: "only_path", tldLength: "tld_length",
  useRoute: "use_route", routingType: "routing_type", originalScriptName: "original_script_name",
  relativeUrlRoot: "relative_url_root",
}));

export { dict };

/** Copies own enumerable keys into `target`, renaming camelCase url options. */
export function assignOptions(target: Dict, source: object): Dict {
  for (const key of Object.keys(source)) target[OPTION_ALIASES[key] ?? key] = (source as Record<string, unknown>)[key];
  return target;
}

/** The error Rails raises when no route can generate the given options. */
export function generationError(constraints: Dict, missing: readonly string[], unmatched: readonly string[], routeName: string | null): UrlGenerationError {
  let message = `No route matches ${rubyHash(constraints, true)}`;
  if (missing.length > 0) message += `, missing required keys: [${[...missing].sort().map(rubySymbol).join(", ")}]`;
  if (unmatched.length > 0) message += `, possible unmatched constraints: [${[...unmatched].sort().map(rubySymbol).join(", ")}]`;
  const err = new UrlGenerationError(message);
  Object.defineProperties(err, {
    routeName: { value: routeName, enumerable: true },
    missingKeys: { value: Object.freeze([...missing].sort()), enumerable: true },
    unmatchedKeys: { value: Object.freeze([...unmatched].sort()), enumerable: true },
  });
  return err;
}

export interface RouteIndex {
  readonly all: readonly CompiledRoute[];
  readonly named: ReadonlyMap<string, CompiledRoute>;
  /** Routes by `controller#action` required defaults; `generic` holds the rest. */
  readonly byEndpoint: ReadonlyMap<string, readonly CompiledRoute[]>;
  readonly generic: readonly CompiledRoute[];
}

export function indexRoutes(all: readonly CompiledRoute[], named: ReadonlyMap<string, CompiledRoute>): RouteIndex {
  const byEndpoint = new Map<string, CompiledRoute[]>();
  const generic: CompiledRoute[] = [];
  for (const cr of all) {
    let controller: unknown, action: unknown;
    let hasC = false, hasA = false;
    for (const [k, v] of cr.requiredDefaults) {
      if (k === "controller") { controller = v; hasC = true; }
      if (k === "action") { action = v; hasA = true; }
    }
    if (hasC && hasA && typeof controller === "string" && typeof action === "string") {
      const key = controller + "#" + action;
      const list = byEndpoint.get(key);
      if (list) list.push(cr); else byEndpoint.set(key, [cr]);
    } else generic.push(cr);
  }
  return { all, named, byEndpoint, generic };
}

function isBlankString(s: string): boolean {
  return /^[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/.test(s);
}

/** ActiveSupport's `present?` on a to_param'd value. */
function present(v: unknown): boolean {
  if (v === null || v === undefined || v === false) return false;
  if (typeof v === "string") return !isBlankString(v);
  return true;
}

function toS(v: unknown): string {
  return v === null || v === undefined ? "" : typeof v === "string" ? v : String(v);
}

/** `extract_parameterized_parts`: the segment values the route will print (to_param'd, nil dropped). */
function extractParts(cr: CompiledRoute, options: Dict): Dict {
  const parts = cr.parts;
  let last = -1;
  for (let i = parts.length - 1; i >= 0; i--) {
    const v = options[parts[i]!];
    if (v !== null && v !== undefined) { last = i; break; }
  }
  const out: Dict = dict();
  for (let i = 0; i <= last; i++) take(options, out, parts[i]!);
  for (const k of cr.requiredParts) if (!(k in out)) take(options, out, k);
  return out;
}

function take(options: Dict, out: Dict, k: string): void {
  const raw = options[k];
  const v = k === "controller" ? raw : toParam(raw);
  if (v !== null && v !== undefined) out[k] = v;
}

/** Rails' `missing_keys`: required parts absent (or failing their requirement). */
function missingKeys(cr: CompiledRoute, parts: Dict): string[] | null {
  let missing: string[] | null = null;
  for (const key of cr.requiredParts) {
    const test = cr.tests.get(key);
    const v = parts[key];
    const ok = test === undefined ? truthy(v) : v !== null && v !== undefined && test.test(typeof v === "string" ? v : String(v));
    if (!ok) (missing ??= []).push(key);
  }
  return missing;
}

function candidates(index: RouteIndex, name: string | null, options: Dict): CompiledRoute[] {
  if (name !== null) {
    const named = index.named.get(name);
    if (named) return [named];
  }
  const c = options.controller, a = options.action;
  const bucket = typeof c === "string" && typeof a === "string" ? index.byEndpoint.get(c + "#" + a) : undefined;
  const pool = bucket ? mergeByIndex(bucket, index.generic) : index.generic;
  const supplied = new Set<string>();
  for (const k in options) if (truthy(options[k])) supplied.add(k);
  const scored: { cr: CompiledRoute; score: number }[] = [];
  outer: for (const cr of pool) {
    for (const [k, v] of cr.requiredDefaults) if (!(k in options) || options[k] !== v) continue outer;
    const score = scoreRoute(cr, supplied);
    if (score >= 0) scored.push({ cr, score });
  }
  scored.sort((x, y) => y.score - x.score || x.cr.index - y.cr.index);
  return scored.map((s) => s.cr);
}

function mergeByIndex(a: readonly CompiledRoute[], b: readonly CompiledRoute[]): CompiledRoute[] {
  if (b.length === 0) return a as CompiledRoute[];
  return [...a, ...b].sort((x, y) => x.index - y.index);
}

export interface Generated {
  readonly path: string;
  /** The leftover options: the query string. */
  readonly params: Dict;
}

/**
 * `Generator` + `Formatter#generate`: normalizes controller/action, picks the named route or the
 * best-scoring route, checks required parts, and formats the path. Throws UrlGenerationError.
 */
export function generate(index: RouteIndex, name: string | null, options: Dict): Generated {
  if (truthy(options.controller)) {
    if (!truthy(options.action)) options.action = "index";
    options.controller = toS(options.controller);
  }
  if ("action" in options) options.action = truthy(options.action) ? toS(options.action) : "index";
  const controller = options.controller;
  if (typeof controller === "string" && controller.startsWith("/")) options.controller = controller.slice(1);

  let missing: string[] | null = null;
  for (const cr of candidates(index, name, options)) {
    const parts = extractParts(cr, options);
    if (name === null && !cr.dispatcher) continue;
    missing = missingKeys(cr, parts);
    if (missing !== null && missing.length > 0) continue;
    const params: Dict = dict();
    for (const k in options) if (!(k in parts) && !(k in cr.defaults)) params[k] = options[k];
    const p = cr.parts;
    for (let i = p.length - 1; i >= 0; i--) {
      const key = p[i]!;
      const d = cr.defaults[key];
      const v = parts[key];
      if ((d === null || d === undefined) && present(v)) break;
      if (toS(v) !== toS(d)) continue;
      if (cr.requiredSet.has(key)) break;
      parts[key] = undefined; // (not `delete`: it would turn the object into a slow dictionary)
    }
    return { path: cr.format(parts), params };
  }
  const unmatched = (missing ?? []).filter((k) => k in options);
  const stillMissing = (missing ?? []).filter((k) => !(k in options));
  throw generationError(options, stillMissing, unmatched, name);
}

/**
 * `RouteSet#url_for` (defaults already merged by the caller): user/password, script name,
 * route generation on the non-reserved options, then `path_for` or `url_for`.
 * Takes ownership of `options`.
 */
export function routeSetUrlFor(index: RouteIndex, options: Dict, name: string | null, strategy: Strategy): string {
  let user: unknown = null, password: unknown = null;
  const credentials = truthy(options.user) && truthy(options.password);
  if (credentials) { user = options.user; password = options.password; }
  const sn = options.script_name, root = options.relative_url_root;
  const scriptName = truthy(sn) ? sn : truthy(root) ? root : "";
  const pathOptions: Dict = dict();
  for (const k in options) {
    if (RESERVED.has(k) || k === "_recall" || (credentials && (k === "user" || k === "password"))) continue;
    pathOptions[k] = options[k];
  }
  const { path, params } = generate(index, name, pathOptions);
  if ("params" in options) {
    const extra = options.params;
    if (isPlainObject(extra)) for (const k of Object.keys(extra)) params[k] = extra[k];
    else if (extra !== null && extra !== undefined) throw new ArgumentError(`:params must be a Hash (a plain object), got ${rubyInspect(extra)}`);
  }
  options.path = path;
  options.script_name = scriptName;
  options.params = params;
  options.user = user;
  options.password = password;
  return strategy === "path" ? pathFor(options) : urlFor(options);
}
