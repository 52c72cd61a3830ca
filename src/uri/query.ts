/**
 * Values in URLs, both ways, as Rails and Rack do it: ActiveSupport's `to_param` (a path segment's
 * text) and `to_query` (`Hash#to_query`, the query strings helpers and redirects build), and Rack's
 * `parse_nested_query` (`a[b][]=1`, how requests' query strings and form bodies become params).
 * A plain object is a Ruby Hash; any other object is a record (a model instance).
 */
import { ArgumentError } from "../errors.js";
import { forInIsExact } from "../support/objects.js";
import { compareStrings, dict, isHash, numberToS } from "../support/ruby.js";
import { cgiEscape } from "./escape.js";

/** What `to_param` gives: a string, `nil`, or (as Ruby's `true.to_param`) a boolean. */
export type ToParamValue = string | boolean | null;

// ---------------------------------------------------------------- to_param

/**
 * The Arrays and Hashes being rendered, outermost first: a value that contains itself is an
 * `ArgumentError`, not an endless recursion (Ruby's own `to_query` overflows its stack; here the
 * keys grow with every level and the process ran out of memory after seconds). Pushed and popped
 * (in `finally`: a record's `toParam()` may throw) around each nested collection only, so flat
 * values pay nothing.
 */
const rendering: object[] = [];

function enter(collection: object, key: string | null): void {
  if (rendering.includes(collection)) {
    throw new ArgumentError(
      `cannot render a value that contains itself${key === null ? "" : ` (at ${key})`} as a URL parameter: pass a copy without the cycle`,
    );
  }
  rendering.push(collection);
}

function leave(): void {
  rendering.pop();
}

/** `Object#to_param`: records give `toParam()` (else their `id`), arrays join with `/`. */
export function toParam(v: unknown): ToParamValue {
  switch (typeof v) {
    case "string":
      return v;
    case "number":
      return numberToS(v);
    case "boolean":
      return v;
    case "bigint":
      return String(v);
    case "undefined":
      return null;
    case "symbol":
      return v.description ?? "";
    case "function":
      return (v as { modelName?: unknown }).modelName != null
        ? String((v as { modelName?: unknown }).modelName)
        : v.name;
  }
  if (v === null) return null;
  if (Array.isArray(v)) {
    enter(v, null);
    try {
      let out = "";
      for (let i = 0; i < v.length; i++) {
        const p = toParam(v[i]);
        out += (i === 0 ? "" : "/") + (p === null ? "" : String(p));
      }
      return out;
    } finally {
      leave();
    }
  }
  if (isHash(v)) return hashToQuery(v, null);
  return recordParam(v as object);
}

/** `to_param` of a record (an object known to be neither an array nor a Hash): `toParam()`, else its `id`. */
export function recordParam(v: object): ToParamValue {
  const rec = v as { toParam?: unknown; to_param?: unknown; id?: unknown };
  if (typeof rec.toParam === "function") return toParam((rec.toParam as () => unknown).call(v));
  if (typeof rec.to_param === "function") return toParam((rec.to_param as () => unknown).call(v));
  if ("id" in rec) return toParam(rec.id);
  return String(v);
}

/** `to_param.to_s`: what a segment or query value prints as. */
export function paramString(v: unknown): string {
  const p = toParam(v);
  return p === null ? "" : typeof p === "string" ? p : String(p);
}

// ---------------------------------------------------------------- to_query

/** `value.to_query(key)`. */
function toQuery(value: unknown, key: string): string {
  if (Array.isArray(value)) {
    const prefix = key + "[]";
    if (value.length === 0) return cgiEscape(prefix) + "=";
    enter(value, key);
    try {
      let out = "";
      for (let i = 0; i < value.length; i++) out += (i === 0 ? "" : "&") + toQuery(value[i], prefix);
      return out;
    } finally {
      leave();
    }
  }
  if (isHash(value)) return hashToQuery(value, key);
  return cgiEscape(key) + "=" + cgiEscape(paramString(value));
}

function isEmptyCollection(v: unknown): boolean {
  if (Array.isArray(v)) return v.length === 0;
  if (isHash(v)) return Object.keys(v).length === 0;
  return false;
}

/**
 * `Hash#to_query(namespace)`: each pair rendered, empty hashes/arrays skipped, and the rendered
 * pairs sorted as strings (not by key: `a-b=1` sorts before `a=2`) unless inside an array.
 */
function hashToQuery(h: Record<string, unknown>, namespace: string | null): string {
  enter(h, namespace);
  const parts: string[] = [];
  try {
    for (const key of Object.keys(h)) {
      const value = h[key];
      if (isEmptyCollection(value)) continue;
      parts.push(toQuery(value, namespace === null ? key : `${namespace}[${key}]`));
    }
  } finally {
    leave();
  }
  if (namespace === null || !namespace.includes("[]")) parts.sort(compareStrings);
  return parts.join("&");
}

/** One top-level pair of `add_params`, or null when its `to_param` is nil or it is an empty Hash/Array. */
function pairOf(key: string, value: unknown): string | null {
  // Flat scalars (the common `page: 2`) skip to_param/to_query's dispatch.
  if (typeof value === "string") return cgiEscape(key) + "=" + cgiEscape(value);
  if (typeof value === "number") {
    // (A safe integer's digits and sign never need escaping.)
    return cgiEscape(key) + "=" + (Number.isSafeInteger(value) ? String(value) : cgiEscape(numberToS(value)));
  }
  // (A Hash's or an Array's `to_param` is never nil: not worked out just to be dropped.)
  if (Array.isArray(value) || isHash(value)) return isEmptyCollection(value) ? null : toQuery(value, key);
  return toParam(value) === null ? null : toQuery(value, key);
}

/** Ruby's order for the rendered pairs of a query (none for just one, the common case, which allocates no array). */
function joinPairs(one: string | null, many: string[] | null): string {
  return many !== null ? many.sort(compareStrings).join("&") : (one ?? "");
}

/**
 * The query string of a Hash as `ActionDispatch::Http::URL`'s `add_params` renders it (top-level
 * values whose `to_param` is nil dropped, then `to_query`), without the `?`: `leftoverQuery` with
 * no leftovers. What helpers' `params:` and options redirects' `params` become.
 */
export function queryString(params: Record<string, unknown>): string {
  return leftoverQuery(NO_KEYS, NO_KEYS, 0, params);
}

const NO_KEYS: readonly string[] = [];

/**
 * `add_params` for `RouteSet#url_for`'s query: the leftover path options (`keys[i]`/`values[i]`
 * for `i < count`) merged with the `params:` Hash `extra`, whose keys win. `forInExact`: the
 * caller has seen `forInIsExact()` this call.
 */
export function leftoverQuery(
  keys: readonly string[],
  values: readonly unknown[],
  count: number,
  extra: Record<string, unknown> | null,
  forInExact = false,
): string {
  let one: string | null = null,
    many: string[] | null = null;
  for (let i = 0; i < count; i++) {
    const key = keys[i]!;
    if (extra !== null && propertyIsEnumerable.call(extra, key)) continue;
    const pair = pairOf(key, values[i]);
    if (pair === null) continue;
    if (one === null) one = pair;
    else (many ??= [one]).push(pair);
  }
  if (extra !== null) {
    // (A null-prototype copy when Object.prototype has enumerable properties: for...in over it is exact.)
    const source = forInExact || forInIsExact() ? extra : Object.assign(dict(), extra);
    for (const key in source) {
      const pair = pairOf(key, source[key]);
      if (pair === null) continue;
      if (one === null) one = pair;
      else (many ??= [one]).push(pair);
    }
  }
  return joinPairs(one, many);
}

const propertyIsEnumerable = Object.prototype.propertyIsEnumerable;

// ---------------------------------------------------------------- parse_nested_query

/** A query string or form body Rack refuses (Rails answers 400 Bad Request); `reason` says why, as Rack's message does. */
export class QueryParseError extends Error {
  override name = "QueryParseError" as const;
}

/** Rack's limits (2.2): nesting depth (`param_depth_limit`, Rails' default 100) and the number of pairs. */
export interface QueryLimits {
  /** Brackets deep a key may nest (Rack: 100). */
  readonly depth?: number;
  /** Pairs a query may hold (Rack: 4096). */
  readonly pairs?: number;
}

/** Nested params: Hashes made with `dict()` (so `__proto__` or `constructor` is an ordinary key), arrays, strings and null. */
export type NestedParams = Record<string, unknown>;

const DEPTH_LIMIT = 100;
const PAIRS_LIMIT = 4096;

/**
 * `URI.decode_www_form_component`: `+` is a space and `%XX` a byte, read as UTF-8. A `%` not
 * followed by two hex digits, or bytes that are not UTF-8, raise (Rails: 400) when `strict`;
 * otherwise the text is kept as it is.
 */
function decodeComponent(s: string, strict: boolean): string {
  const plus = s.indexOf("+") < 0 ? s : s.replaceAll("+", " ");
  if (plus.indexOf("%") < 0) return plus;
  try {
    return decodeURIComponent(plus);
  } catch {
    if (!strict) return plus;
    if (/%(?![0-9A-Fa-f]{2})/.test(plus)) throw new QueryParseError(`invalid %-encoding (${plus})`);
    throw new QueryParseError(`invalid byte sequence in UTF-8 (${plus})`);
  }
}

/** Rack's `\A[\[\]]*([^\[\]]+)\]*`: the key's first name (leading `[`/`]` skipped) and what follows its closing `]`s. */
function splitName(name: string): [string, string] {
  const n = name.length;
  let i = 0;
  while (i < n && (name.charCodeAt(i) === 91 || name.charCodeAt(i) === 93)) i++;
  const start = i;
  while (i < n && name.charCodeAt(i) !== 91 && name.charCodeAt(i) !== 93) i++;
  if (i === start) return ["", ""];
  const key = name.slice(start, i);
  while (i < n && name.charCodeAt(i) === 93) i++;
  return [key, name.slice(i)];
}

const typeName = (v: unknown) => (Array.isArray(v) ? "Array" : isHash(v) ? "Hash" : v === null ? "NilClass" : "String");

/** Rack's `params_hash_has_key?`: whether `key` (`a][b`-style) already names a value in `hash`. */
function hashHasKey(hash: NestedParams, key: string): boolean {
  if (key.includes("[]")) return false;
  let h: unknown = hash;
  for (const part of key.split(/[[\]]+/)) {
    if (part === "") continue;
    if (!isHash(h) || !Object.hasOwn(h, part)) return false;
    h = h[part];
  }
  return true;
}

/** Rack's `normalize_params`: stores `v` under the (bracketed) `name` in `params`. */
function normalizeParams(params: NestedParams, name: string, v: unknown, depth: number): unknown {
  if (depth <= 0) throw new QueryParseError("parameters nested too deep");
  const [k, after] = splitName(name);
  if (k === "") return v !== null && name === "[]" ? [v] : undefined;
  if (after === "") {
    params[k] = v;
  } else if (after === "[") {
    params[name] = v;
  } else if (after === "[]") {
    const list = Object.hasOwn(params, k) && params[k] != null ? params[k] : (params[k] = []);
    if (!Array.isArray(list)) throw new QueryParseError(`expected Array (got ${typeName(list)}) for param \`${k}'`);
    list.push(v);
  } else if (after.startsWith("[]")) {
    // `[][child]` or `[]child...`: an array of hashes, the child merged into the last one unless it has that key.
    const m = /^\[\]\[([^[\]]+)\]$/.exec(after);
    const child = m !== null ? m[1]! : after.slice(2);
    const list = Object.hasOwn(params, k) && params[k] != null ? params[k] : (params[k] = []);
    if (!Array.isArray(list)) throw new QueryParseError(`expected Array (got ${typeName(list)}) for param \`${k}'`);
    const last = list[list.length - 1];
    if (isHash(last) && !hashHasKey(last, child)) normalizeParams(last, child, v, depth - 1);
    else list.push(normalizeParams(dict(), child, v, depth - 1));
  } else {
    const hash = Object.hasOwn(params, k) && params[k] != null ? params[k] : (params[k] = dict());
    if (!isHash(hash)) throw new QueryParseError(`expected Hash (got ${typeName(hash)}) for param \`${k}'`);
    params[k] = normalizeParams(hash, after, v, depth - 1);
  }
  return params;
}

/**
 * `Rack::Utils.parse_nested_query(qs)`: pairs split at `&` or `;` (and the spaces after them),
 * each `key=value` decoded (`+` as space) and stored by its bracketed key: `a[b]=1` a Hash,
 * `a[]=1&a[]=2` an Array, `a[][x]=1&a[][y]=2` an Array of Hashes merged as Rack merges them. A key
 * without `=` has the value null. Hashes are null-prototype dictionaries, so no key reaches a
 * prototype.
 *
 * `strict` (serving requests): what Rack rejects throws `QueryParseError` — a malformed `%` escape
 * or bytes that are not UTF-8 (Rails checks params' encoding), a key used both as a Hash and an
 * Array, more than `limits.pairs` pairs or `limits.depth` levels. Otherwise (what `recognize`
 * gives request constraints) such a pair is skipped, or its text kept undecoded, and parsing goes on.
 */
export function parseNestedQuery(qs: string, strict = false, limits: QueryLimits = {}): NestedParams {
  const params = dict();
  if (qs === "") return params;
  const depthLimit = limits.depth ?? DEPTH_LIMIT;
  const pairsLimit = limits.pairs ?? PAIRS_LIMIT;
  let separators = 0;
  for (let i = 0; i < qs.length; i++) {
    const c = qs.charCodeAt(i);
    if (c === 38 || c === 59) separators++;
  }
  if (separators >= pairsLimit && strict) {
    throw new QueryParseError(`total number of query parameters (${separators + 1}) exceeds limit (${pairsLimit})`);
  }
  for (const pair of qs.split(/[&;] */)) {
    if (pair === "") continue;
    const eq = pair.indexOf("=");
    try {
      const key = decodeComponent(eq < 0 ? pair : pair.slice(0, eq), strict);
      const value = eq < 0 ? null : decodeComponent(pair.slice(eq + 1), strict);
      normalizeParams(params, key, value, depthLimit);
    } catch (e) {
      if (strict || !(e instanceof QueryParseError)) throw e;
    }
  }
  return params;
}

/**
 * Rack's nesting over pairs already decoded, such as a multipart form's fields and files
 * (`Rack::Multipart` stores each part with `normalize_params`, as a query's pairs are): the same
 * keys (`post[tags][]`), the same limits, and the `QueryParseError`s `parseNestedQuery(qs, true)`
 * throws. Values are stored as they are (a string, a `File`).
 */
export function nestPairs(pairs: Iterable<readonly [string, unknown]>, limits: QueryLimits = {}): NestedParams {
  const params = dict();
  const depthLimit = limits.depth ?? DEPTH_LIMIT;
  const pairsLimit = limits.pairs ?? PAIRS_LIMIT;
  let count = 0;
  for (const [name, value] of pairs) {
    if (++count > pairsLimit) throw new QueryParseError(`total number of parameters exceeds limit (${pairsLimit})`);
    normalizeParams(params, name, value, depthLimit);
  }
  return params;
}
