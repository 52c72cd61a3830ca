/**
 * How Rails turns argument values into URL text: `to_param` (path segments), `to_query`
 * (query strings, ActiveSupport's `core_ext/object/to_query.rb`), and `inspect` (for error
 * messages). A plain object is a Ruby Hash; any other object is a record (a model instance).
 */
import { cgiEscape } from "./escape.js";

/** What `to_param` gives: a string, `nil`, or (as Ruby's `true.to_param`) a boolean. */
export type ParamValue = string | boolean | null;

const objectProto = Object.prototype;

/**
 * The prototype of switchyard's internal dictionaries: empty, frozen, itself prototype-less.
 * An object made with it stays a fast (non-dictionary) V8 object, yet no key is special:
 * `__proto__` is an ordinary property and nothing (`constructor`, `toString`) is inherited.
 * (A Map or an `Object.create(null)` object costs 5-10x more to build and fill here.)
 */
export const EMPTY: object = Object.freeze(Object.create(null) as object);

/** A new internal dictionary (see `EMPTY`). */
export function dict(): Record<string, unknown> {
  return Object.create(EMPTY) as Record<string, unknown>;
}

/** A Ruby Hash: an object literal, `Object.create(null)`, a JSON-parsed object, or an internal dictionary. */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === objectProto || proto === null || proto === EMPTY;
}

/** A record (model instance): an object that is neither an array nor a plain object. */
export function isRecord(v: unknown): v is object {
  return v !== null && typeof v === "object" && !Array.isArray(v) && !isPlainObject(v);
}

/** `Object#to_param`: records give `toParam()` (else their `id`), arrays join with `/`. */
export function toParam(v: unknown): ParamValue {
  switch (typeof v) {
    case "string": return v;
    case "number": return numberToS(v);
    case "boolean": return v;
    case "bigint": return String(v);
    case "undefined": return null;
    case "symbol": return v.description ?? "";
    case "function": return (v as { modelName?: unknown }).modelName != null ? String((v as { modelName?: unknown }).modelName) : v.name;
  }
  if (v === null) return null;
  if (Array.isArray(v)) {
    let out = "";
    for (let i = 0; i < v.length; i++) {
      const p = toParam(v[i]);
      out += (i === 0 ? "" : "/") + (p === null ? "" : String(p));
    }
    return out;
  }
  if (isPlainObject(v)) return hashToQuery(v, null);
  return recordParam(v as object);
}

/** `to_param` of a record (an object known to be neither an array nor a Hash): `toParam()`, else its `id`. */
export function recordParam(v: object): ParamValue {
  const rec = v as { toParam?: unknown; to_param?: unknown; id?: unknown };
  if (typeof rec.toParam === "function") return toParam((rec.toParam as () => unknown).call(v));
  if (typeof rec.to_param === "function") return toParam((rec.to_param as () => unknown).call(v));
  if ("id" in rec) return toParam(rec.id);
  return String(v);
}

/** Ruby prints integral floats as integers only when they are Integers; JS numbers are both, so integral numbers print as integers. */
function numberToS(n: number): string {
  if (Number.isFinite(n)) return String(n);
  return n !== n ? "NaN" : n > 0 ? "Infinity" : "-Infinity";
}

/** `to_param.to_s`: what a segment or query value prints as. */
export function paramString(v: unknown): string {
  const p = toParam(v);
  return p === null ? "" : typeof p === "string" ? p : String(p);
}

/** `value.to_query(key)`. */
function toQuery(value: unknown, key: string): string {
  if (Array.isArray(value)) {
    const prefix = key + "[]";
    if (value.length === 0) return cgiEscape(prefix) + "=";
    let out = "";
    for (let i = 0; i < value.length; i++) out += (i === 0 ? "" : "&") + toQuery(value[i], prefix);
    return out;
  }
  if (isPlainObject(value)) return hashToQuery(value, key);
  return cgiEscape(key) + "=" + cgiEscape(paramString(value));
}

function isEmptyCollection(v: unknown): boolean {
  if (Array.isArray(v)) return v.length === 0;
  if (isPlainObject(v)) return Object.keys(v).length === 0;
  return false;
}

/**
 * `Hash#to_query(namespace)`: each pair rendered, empty hashes/arrays skipped, and the rendered
 * pairs sorted as strings (not by key: `a-b=1` sorts before `a=2`) unless inside an array.
 */
export function hashToQuery(h: Record<string, unknown>, namespace: string | null): string {
  const parts: string[] = [];
  for (const key of Object.keys(h)) {
    const value = h[key];
    if (isEmptyCollection(value)) continue;
    parts.push(toQuery(value, namespace === null ? key : `${namespace}[${key}]`));
  }
  if (namespace === null || !namespace.includes("[]")) parts.sort(compareBytes);
  return parts.join("&");
}

/** Ruby's String#<=> on the (ASCII, already escaped) pairs. */
function compareBytes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** An empty object literal: `for...in` over it yields the enumerable properties of `Object.prototype`. */
const PROBE: object = {};

/**
 * True when `for...in` over a plain object yields exactly its `Object.keys`: nothing enumerable
 * is inherited (no one has added an enumerable property to `Object.prototype`; objects with a
 * null prototype inherit nothing anyway). `for...in` then reads each value from V8's enum cache:
 * 25 ns for a 4-key options object, against 57-79 ns for `Object.keys` or an `Object.hasOwn`
 * test per key. Probing an empty literal, not `Object.prototype` itself, keeps the check on
 * V8's enum-cache path too (~25 instructions, against ~55 to enumerate the prototype, a dictionary).
 */
export function forInIsExact(): boolean {
  for (const _ in PROBE) return false;
  return true;
}

/** One top-level pair of `add_params`, or null when its `to_param` is nil or it is an empty Hash/Array. */
function pairOf(key: string, value: unknown): string | null {
  // Flat scalars (the common `page: 2`) skip to_param/to_query's dispatch.
  if (typeof value === "string") return cgiEscape(key) + "=" + cgiEscape(value);
  if (typeof value === "number") {
    // (A safe integer's digits and sign never need escaping.)
    return cgiEscape(key) + "=" + (Number.isSafeInteger(value) ? String(value) : cgiEscape(numberToS(value)));
  }
  return toParam(value) === null || isEmptyCollection(value) ? null : toQuery(value, key);
}

/** Ruby's order for the rendered pairs of a query (none for just one, the common case, which allocates no array). */
function joinPairs(one: string | null, many: string[] | null): string {
  return many !== null ? many.sort(compareBytes).join("&") : one ?? "";
}

/**
 * The query string a Hash gives as a helper's `params:` (Rails' `to_query`, top-level values whose
 * `to_param` is nil dropped), without the `?`: `leftoverQuery` with no leftovers.
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
export function leftoverQuery(keys: readonly string[], values: readonly unknown[], count: number, extra: Record<string, unknown> | null, forInExact = false): string {
  let one: string | null = null, many: string[] | null = null;
  for (let i = 0; i < count; i++) {
    const key = keys[i]!;
    if (extra !== null && propertyIsEnumerable.call(extra, key)) continue;
    const pair = pairOf(key, values[i]);
    if (pair === null) continue;
    if (one === null) one = pair; else (many ??= [one]).push(pair);
  }
  if (extra !== null) {
    // (A null-prototype copy when Object.prototype has enumerable properties: for...in over it is exact.)
    const source = forInExact || forInIsExact() ? extra : Object.assign(dict(), extra);
    for (const key in source) {
      const pair = pairOf(key, source[key]);
      if (pair === null) continue;
      if (one === null) one = pair; else (many ??= [one]).push(pair);
    }
  }
  return joinPairs(one, many);
}

const propertyIsEnumerable = Object.prototype.propertyIsEnumerable;

const SYMBOL_KEY = /^[A-Za-z_][A-Za-z0-9_]*[?!=]?$/;

/** Ruby's `inspect`, for error messages that read as Rails' (`{:action=>"show", :id=>nil}`). */
export function rubyInspect(v: unknown): string {
  if (v === null || v === undefined) return "nil";
  switch (typeof v) {
    case "string": return rubyString(v);
    case "number": return numberToS(v);
    case "boolean": case "bigint": return String(v);
    case "symbol": return ":" + (v.description ?? "");
    case "function": return (v as { modelName?: unknown }).modelName != null ? String((v as { modelName?: unknown }).modelName) : v.name || "#<Class>";
  }
  if (v instanceof RegExp) return `/${v.source}/`;
  if (Array.isArray(v)) return "[" + v.map(rubyInspect).join(", ") + "]";
  if (isPlainObject(v)) return rubyHash(v, false);
  const name = modelNameOf(v);
  const id = (v as { id?: unknown }).id;
  return `#<${name}${id !== undefined ? ` id: ${rubyInspect(id)}` : ""}>`;
}

/** A Hash with symbol keys, optionally sorted by key as Rails' messages print them. */
export function rubyHash(h: Record<string, unknown>, sorted: boolean): string {
  const entries = Object.keys(h).map((k) => [k, h[k]] as const);
  if (sorted) entries.sort((a, b) => compareBytes(a[0], b[0]));
  return "{" + entries.map(([k, v]) => `${rubySymbol(k)}=>${rubyInspect(v)}`).join(", ") + "}";
}

export function rubySymbol(k: string): string {
  return SYMBOL_KEY.test(k) ? ":" + k : ":" + rubyString(k);
}

const RUBY_NAMED_ESCAPES: Readonly<Record<string, string>> = { "\x07": "a", "\b": "b", "\t": "t", "\n": "n", "\v": "v", "\f": "f", "\r": "r", "\x1b": "e" };
const INSPECT_ESCAPED = /[\\"\x00-\x1f\x7f]|#(?=[{$@])/g;
const DUMP_ESCAPED = /[\\"\x00-\x1f\x7f]|#(?=[{$@])|[^\x00-\x7f]/gu;

/**
 * A string as Ruby quotes it: `String#inspect` of a UTF-8 string (printable non-ASCII kept), or
 * with `dump`, `String#dump` (non-ASCII as `\uXXXX` / `\u{XXXXX}`). Both escape `"`, `\` and a `#`
 * before `{$@`, name `\a \b \t \n \v \f \r \e`, and write other control characters as `\u00HH`
 * (inspect) or `\xHH` (dump).
 */
export function rubyString(s: string, dump = false): string {
  return '"' + s.replace(dump ? DUMP_ESCAPED : INSPECT_ESCAPED, (ch) => {
    const named = RUBY_NAMED_ESCAPES[ch];
    if (named !== undefined) return "\\" + named;
    const c = ch.codePointAt(0)!;
    const hex = c.toString(16).toUpperCase();
    if (c < 0x20 || c === 0x7f) return dump ? `\\x${hex.padStart(2, "0")}` : `\\u${hex.padStart(4, "0")}`;
    if (c > 0xffff) return `\\u{${hex}}`;
    if (c > 0x7f) return `\\u${hex.padStart(4, "0")}`;
    return "\\" + ch;
  }) + '"';
}

const classNames = new WeakMap<object, string>();

/** A class's `name`, cached: `Function#name` is an accessor V8 cannot inline. */
function className(ctor: object): string {
  let name = classNames.get(ctor);
  if (name === undefined) {
    const n = (ctor as { name?: unknown }).name;
    name = typeof n === "string" ? n : "Object";
    classNames.set(ctor, name);
  }
  return name;
}

/** `record.constructor.modelName ?? record.constructor.name` (SPEC §3); a class gives its own. */
export function modelNameOf(record: object): string {
  const ctor = (typeof record === "function" ? record : (record as { constructor?: unknown }).constructor) as { modelName?: unknown } | undefined;
  if (ctor === undefined || ctor === null || (typeof ctor !== "function" && typeof ctor !== "object")) return "Object";
  const m = ctor.modelName;
  if (m !== undefined && m !== null) return typeof m === "object" && "name" in m ? String((m as { name: unknown }).name) : String(m);
  return className(ctor);
}
