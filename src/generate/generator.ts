/**
 * Route selection and path building for URL generation: Rails' `RouteSet#url_for`,
 * `RouteSet::Generator` and `Journey::Formatter#generate`, over compiled routes.
 */
import { ArgumentError, UrlGenerationError } from "../errors.js";
import type { CompiledRoute } from "./compile.js";
import { dict, isHash, present, rubyHash, rubyInspect, rubySymbol, truthy } from "../support/ruby.js";
import { leftoverQuery, toParam } from "../uri/query.js";
import { type Dict, type UrlKind, UrlSettings, optionName, renderUrl } from "../uri/url.js";

export { dict };

/** Copies own enumerable keys into `target`, renaming camelCase url options. */
export function assignOptions(target: Dict, source: object): Dict {
  for (const key of Object.keys(source)) target[optionName(key)] = (source as Record<string, unknown>)[key];
  return target;
}

/**
 * Splits the caller's options object (a plain object, when `for...in` is exact: `forInIsExact`)
 * straight into `url` and `path`, as `assignOptions` then `splitHash` would, without the copies.
 * False when it holds a key whose meaning depends on the rest of the merged hash — `user` or
 * `password` (credentials only as a pair), or for `url_for` `use_route`: the caller then takes
 * the dictionary path.
 */
export function splitCallerOptions(
  o: Record<string, unknown>,
  url: UrlSettings,
  path: PathOptions,
  forUrlFor: boolean,
): boolean {
  for (const key in o) {
    const k = optionName(key);
    const v = o[key];
    if (url.set(k, v) || k === "_recall") continue;
    if (k === "user" || k === "password" || (forUrlFor && k === "use_route")) return false;
    path.set(k, v);
  }
  return true;
}

/** The error Rails raises when no route can generate the given options. */
export function generationError(
  constraints: Dict,
  missing: readonly string[],
  unmatched: readonly string[],
  routeName: string | null,
): UrlGenerationError {
  let message = `No route matches ${rubyHash(constraints, true)}`;
  if (missing.length > 0) message += `, missing required keys: [${[...missing].sort().map(rubySymbol).join(", ")}]`;
  if (unmatched.length > 0)
    message += `, possible unmatched constraints: [${[...unmatched].sort().map(rubySymbol).join(", ")}]`;
  const err = new UrlGenerationError(message);
  Object.defineProperties(err, {
    routeName: { value: routeName, enumerable: true },
    missingKeys: { value: Object.freeze([...missing].sort()), enumerable: true },
    unmatchedKeys: { value: Object.freeze([...unmatched].sort()), enumerable: true },
  });
  return err;
}

/**
 * The path options of one generation (everything but the URL options): keys in insertion order
 * with their values, the first `size` entries of two small arrays searched linearly — a call has
 * a handful of keys, and a dictionary per call was a megamorphic keyed load at every read (see
 * `UrlSettings`). The arrays start with room for 8, so that filling them does not reallocate
 * (growing from empty cost ~180 instructions per `url_for`).
 */
export class PathOptions {
  declare readonly keys: string[];
  declare readonly values: unknown[];
  declare size: number;

  constructor() {
    this.keys = new Array<string>(8);
    this.values = new Array<unknown>(8);
    this.size = 0;
  }

  copy(): PathOptions {
    const c = new PathOptions();
    for (let i = 0; i < this.size; i++) c.push(this.keys[i]!, this.values[i]);
    return c;
  }

  indexOf(key: string): number {
    const keys = this.keys;
    for (let i = 0; i < this.size; i++) if (keys[i] === key) return i;
    return -1;
  }

  get(key: string): unknown {
    const i = this.indexOf(key);
    return i < 0 ? undefined : this.values[i];
  }

  set(key: string, value: unknown): void {
    const i = this.indexOf(key);
    if (i >= 0) this.values[i] = value;
    else this.push(key, value);
  }

  /** Appends an entry whose key is known to be new. */
  push(key: string, value: unknown): void {
    const n = this.size++;
    this.keys[n] = key;
    this.values[n] = value;
  }

  toDict(): Dict {
    const d = dict();
    for (let i = 0; i < this.size; i++) d[this.keys[i]!] = this.values[i];
    return d;
  }
}

/**
 * The start of `RouteSet#url_for` on a merged options hash: credentials (both truthy) and
 * `RESERVED_OPTIONS` to the URL options, `_recall` dropped, everything else to the path options.
 */
export function splitHash(hash: Dict, url: UrlSettings, path: PathOptions): void {
  const credentials = truthy(hash.user) && truthy(hash.password);
  if (credentials) {
    url.user = hash.user;
    url.password = hash.password;
  }
  for (const k in hash) {
    if (k === "_recall" || (credentials && (k === "user" || k === "password"))) continue;
    if (!url.set(k, hash[k])) path.push(k, hash[k]); // (a dictionary's keys are distinct)
  }
}

export interface RouteIndex {
  /**
   * `url_for`'s candidates for a controller and action: the routes whose required defaults name
   * that controller#action merged (in table order) with the routes that name none.
   */
  pool(controller: unknown, action: unknown): readonly CompiledRoute[];
  readonly named: ReadonlyMap<string, CompiledRoute>;
}

export function indexRoutes(all: readonly CompiledRoute[], named: ReadonlyMap<string, CompiledRoute>): RouteIndex {
  const byEndpoint = new Map<string, Map<string, CompiledRoute[]>>();
  const generic: CompiledRoute[] = [];
  for (const cr of all) {
    const ci = indexIn(cr.requiredDefaultKeys, "controller"),
      ai = indexIn(cr.requiredDefaultKeys, "action");
    const controller = cr.requiredDefaultValues[ci],
      action = cr.requiredDefaultValues[ai];
    if (ci >= 0 && ai >= 0 && typeof controller === "string" && typeof action === "string") {
      let actions = byEndpoint.get(controller);
      if (!actions) byEndpoint.set(controller, (actions = new Map()));
      const list = actions.get(action);
      if (list) list.push(cr);
      else actions.set(action, [cr]);
    } else generic.push(cr);
  }
  if (generic.length > 0) {
    for (const actions of byEndpoint.values()) {
      for (const [action, list] of actions)
        actions.set(
          action,
          [...list, ...generic].sort((x, y) => x.index - y.index),
        );
    }
  }
  function pool(controller: unknown, action: unknown): readonly CompiledRoute[] {
    if (typeof controller !== "string" || typeof action !== "string") return generic;
    return byEndpoint.get(controller)?.get(action) ?? generic;
  }
  return { named, pool };
}

function toS(v: unknown): string {
  return v === null || v === undefined ? "" : typeof v === "string" ? v : String(v);
}

/**
 * `extract_parameterized_parts`, in place: `raw` holds the raw values of the route's parts (by
 * part index, `undefined` when not given) and comes back holding the values the route will print,
 * to_param'd (`undefined` where nil), for every part up to the last non-nil one. (Rails also keeps
 * the required parts after it, but those are nil, so they print nothing either.)
 */
export function extractParts(cr: CompiledRoute, raw: unknown[]): unknown[] {
  let last = raw.length - 1;
  while (last >= 0 && (raw[last] === null || raw[last] === undefined)) raw[last--] = undefined;
  for (let i = 0; i <= last; i++) raw[i] = take(cr, i, raw[i]);
  return raw;
}

function take(cr: CompiledRoute, i: number, raw: unknown): unknown {
  // A number stays a number: its `to_param` is `String(n)`, which is how everything reading
  // these values prints it, and the formatter can then print a safe integer without escaping it.
  if (typeof raw === "number") return raw;
  const v = i === cr.controllerIndex ? raw : toParam(raw);
  return v === null ? undefined : v;
}

/** Rails' `missing_keys`: required parts absent (or failing their requirement). */
export function missingKeys(cr: CompiledRoute, values: readonly unknown[]): string[] | null {
  let missing: string[] | null = null;
  const idx = cr.requiredIndexes;
  for (let j = 0; j < idx.length; j++) {
    const test = cr.requiredTests[j];
    const v = values[idx[j]!];
    const ok =
      test === undefined
        ? truthy(v)
        : v !== null && v !== undefined && test.test(typeof v === "string" ? v : String(v));
    if (!ok) (missing ??= []).push(cr.requiredParts[j]!);
  }
  return missing;
}

/** `Route#score`: -1 unless every required name is supplied (truthy); else required defaults count double. */
function scoreRoute(cr: CompiledRoute, options: PathOptions): number {
  for (const k of cr.requiredParts) if (!truthy(options.get(k))) return -1;
  let score = cr.requiredDefaultKeys.length * 2;
  for (const k of cr.parts) if (truthy(options.get(k))) score++;
  return score;
}

function requiredDefaultsMatch(cr: CompiledRoute, options: PathOptions): boolean {
  const keys = cr.requiredDefaultKeys;
  for (let j = 0; j < keys.length; j++) {
    const i = options.indexOf(keys[j]!);
    if (i < 0 || options.values[i] !== cr.requiredDefaultValues[j]) return false;
  }
  return true;
}

interface Generated {
  readonly path: string;
  /** The options neither the path nor the route's defaults used: the query string. */
  readonly leftovers: PathOptions | null;
}

/** `match_route` without a name: the routes whose required defaults match and required parts are supplied, best score first. */
export function candidates(index: RouteIndex, options: PathOptions): readonly CompiledRoute[] {
  const pool = index.pool(options.get("controller"), options.get("action"));
  let first: CompiledRoute | null = null,
    firstScore = 0;
  let scored: { cr: CompiledRoute; score: number }[] | null = null;
  for (let r = 0; r < pool.length; r++) {
    const cr = pool[r]!;
    if (!requiredDefaultsMatch(cr, options)) continue;
    const score = scoreRoute(cr, options);
    if (score < 0) continue;
    if (first === null) {
      first = cr;
      firstScore = score;
    } else (scored ??= [{ cr: first, score: firstScore }]).push({ cr, score });
  }
  if (scored === null) return first === null ? [] : [first];
  scored.sort((x, y) => y.score - x.score || x.cr.index - y.cr.index);
  return scored.map((s) => s.cr);
}

/**
 * `list.indexOf(key)` as a loop V8 inlines where it is called: on these 1-6 names it took
 * `photo_url(1, {...})` and `url_for({...})` 4% and 8% fewer instructions than the builtin.
 */
export function indexIn(list: readonly string[], key: string): number {
  for (let i = 0; i < list.length; i++) if (list[i] === key) return i;
  return -1;
}

/** `Generator#normalize_options!` on a controller: a string, without a leading `/` (`/admin/x` is `admin/x`); nil stays nil. */
export function normalizedController(c: unknown): unknown {
  if (!truthy(c)) return c;
  const s = toS(c);
  return s.charCodeAt(0) === 47 /* / */ ? s.slice(1) : s;
}

/** `Generator#normalize_options!` on an action (present when given, or when the controller is truthy): a string, "index" when nil. */
export function normalizedAction(a: unknown): string {
  return truthy(a) ? toS(a) : "index";
}

function normalizeControllerAction(options: PathOptions): void {
  const ci = options.indexOf("controller"),
    ai = options.indexOf("action");
  const c = ci < 0 ? undefined : options.values[ci];
  if (ai >= 0) options.values[ai] = normalizedAction(options.values[ai]);
  else if (truthy(c)) options.push("action", "index");
  if (ci >= 0) options.values[ci] = normalizedController(c);
}

/**
 * The end of `Formatter#generate`: optional parts at the end that are blank or equal their
 * default are dropped (unless required), then the path. Takes ownership of `values`.
 */
export function formatParts(cr: CompiledRoute, values: unknown[]): string {
  for (let i = cr.parts.length - 1; i >= 0; i--) {
    const d = cr.partDefaults[i];
    const v = values[i];
    if ((d === null || d === undefined) && present(v)) break;
    if (toS(v) !== toS(d)) continue;
    if (cr.partRequired[i]) break;
    values[i] = undefined;
  }
  return cr.format(values);
}

/** `Formatter#generate` on one route: the path and leftovers, or the missing keys. */
function attempt(cr: CompiledRoute, options: PathOptions): Generated | string[] {
  const parts = cr.parts;
  const raw = new Array<unknown>(parts.length);
  for (let i = 0; i < parts.length; i++) raw[i] = options.get(parts[i]!);
  const values = extractParts(cr, raw);
  const missing = missingKeys(cr, values);
  if (missing !== null) return missing;
  let leftovers: PathOptions | null = null;
  const keys = options.keys;
  for (let j = 0; j < options.size; j++) {
    const k = keys[j]!;
    const p = indexIn(parts, k);
    if ((p >= 0 && values[p] !== undefined) || indexIn(cr.defaultKeys, k) >= 0) continue;
    (leftovers ??= new PathOptions()).set(k, options.values[j]);
  }
  return { path: formatParts(cr, values), leftovers };
}

/**
 * `Generator` + `Formatter#generate`: normalizes controller/action, takes `route` (a named route)
 * or else the best-scoring route that can generate, and formats the path. Throws UrlGenerationError.
 */
function generate(
  index: RouteIndex,
  name: string | null,
  route: CompiledRoute | undefined,
  options: PathOptions,
): Generated {
  normalizeControllerAction(options);
  let missing: string[] = [];
  if (route !== undefined) {
    const r = attempt(route, options);
    if (!Array.isArray(r)) return r;
    missing = r;
  } else {
    for (const cr of candidates(index, options)) {
      if (name === null && !cr.dispatcher) continue;
      const r = attempt(cr, options);
      if (!Array.isArray(r)) return r;
      missing = r;
    }
  }
  const unmatched = missing.filter((k) => options.indexOf(k) >= 0);
  const stillMissing = missing.filter((k) => options.indexOf(k) < 0);
  throw generationError(options.toDict(), stillMissing, unmatched, name);
}

/**
 * The rest of `RouteSet#url_for` once the options are split: route generation on the path
 * options, then the query and the URL (`renderGenerated`). `route` is the named route
 * (undefined: select by the options). Takes ownership of both.
 */
export function finishUrl(
  index: RouteIndex,
  name: string | null,
  route: CompiledRoute | undefined,
  url: UrlSettings,
  path: PathOptions,
  kind: UrlKind,
): string {
  const { path: generated, leftovers } = generate(index, name, route, path);
  return renderGenerated(url, generated, leftovers, kind);
}

/**
 * `params` (a Hash, or nil) merged over the leftover options as the query, then `path_for` or
 * `url_for`. `forInExact`: the caller has seen `forInIsExact()` this call.
 */
export function renderGenerated(
  url: UrlSettings,
  generated: string,
  leftovers: PathOptions | null,
  kind: UrlKind,
  forInExact = false,
): string {
  let extra: Record<string, unknown> | null = null;
  if (url.hasParams) {
    const p = url.params;
    if (isHash(p)) extra = p;
    else if (p !== null && p !== undefined)
      throw new ArgumentError(`:params must be a Hash (a plain object), got ${rubyInspect(p)}`);
  }
  const query =
    leftovers === null && extra === null
      ? ""
      : leftoverQuery(leftovers?.keys ?? NONE, leftovers?.values ?? NONE, leftovers?.size ?? 0, extra, forInExact);
  return renderUrl(url, generated, query, kind);
}

const NONE: readonly never[] = [];

/** `RouteSet#url_for` on a merged options hash (defaults already merged by the caller). */
export function routeSetUrlFor(index: RouteIndex, options: Dict, name: string | null, kind: UrlKind): string {
  const url = new UrlSettings();
  const path = new PathOptions();
  splitHash(options, url, path);
  return finishUrl(index, name, name === null ? undefined : index.named.get(name), url, path, kind);
}
