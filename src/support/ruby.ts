/**
 * Ruby's and ActiveSupport's value semantics, one home for every stage: truthiness, `present?`
 * and `blank?`, what a Hash is (a plain object) and what a record is, and how Ruby prints values
 * in messages (`inspect`, `dump`, symbols, hashes, numbers). (`to_param`/`to_query` live with the
 * URI layer: `uri/query.ts`.)
 */

import { rubyFormOf } from "./regexp-forms.js";

const objectProto = Object.prototype;

/**
 * The prototype of switchyard's internal dictionaries: empty, frozen, itself prototype-less.
 * An object made with it stays a fast (non-dictionary) V8 object, yet no key is special:
 * `__proto__` is an ordinary property and nothing (`constructor`, `toString`) is inherited.
 * (A Map or an `Object.create(null)` object costs 5-10x more to build and fill here.)
 */
const EMPTY: object = Object.freeze(Object.create(null) as object);

/** A new internal dictionary (see `EMPTY`). */
export function dict(): Record<string, unknown> {
  return Object.create(EMPTY) as Record<string, unknown>;
}

/**
 * A Ruby Hash: an object literal, `Object.create(null)`, a JSON-parsed object, or an internal
 * dictionary. Anything else that is an object (a class instance, a RegExp, a Redirect) is not.
 */
export function isHash(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === objectProto || proto === null || proto === EMPTY;
}

/** A record (model instance): an object that is neither an array nor a Hash. */
export function isRecord(v: unknown): v is object {
  return v !== null && typeof v === "object" && !Array.isArray(v) && !isHash(v);
}

/** Ruby truthiness: everything but nil and false. */
export function truthy(v: unknown): boolean {
  return v !== null && v !== undefined && v !== false;
}

// Ruby's [[:space:]] on UTF-8 strings, which ActiveSupport's `String#blank?` uses (JavaScript's
// \s differs: it has U+FEFF and lacks U+0085).
const BLANK_STRING = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/;

/** ActiveSupport's `blank?`: nil, false, a whitespace-only string, an empty Array or Hash. */
function blank(v: unknown): boolean {
  if (v === null || v === undefined || v === false) return true;
  if (typeof v === "string") {
    const c = v.charCodeAt(0);
    // A visible ASCII first character: present, without a regexp (most strings).
    return c > 32 && c < 127 ? false : BLANK_STRING.test(v);
  }
  if (Array.isArray(v)) return v.length === 0;
  if (isHash(v)) return Object.keys(v).length === 0;
  return false;
}

/** ActiveSupport's `present?`: not `blank?`. */
export function present(v: unknown): boolean {
  return !blank(v);
}

/** Ruby prints integral floats as integers only when they are Integers; JS numbers are both, so integral numbers print as integers. */
export function numberToS(n: number): string {
  if (Number.isFinite(n)) return String(n);
  return Number.isNaN(n) ? "NaN" : n > 0 ? "Infinity" : "-Infinity";
}

/** Ruby's `String#<=>` on ASCII strings (what sorted query pairs and hash keys compare as). */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const SYMBOL_KEY = /^[A-Za-z_][A-Za-z0-9_]*[?!=]?$/;

/**
 * Ruby's `Regexp#inspect`: the source between slashes, `/` escaped (as JS's `source` always has
 * it), then Ruby's options in the order Ruby prints them: `m` (JS's `s`, dot matches newline)
 * and `i`. (Ruby has no `g`/`y`/`u`/`d`/`v`; JS has no `x`, and its `m` is how Ruby's `^`/`$`
 * always behave.) `/a\/b/si` prints as Rails prints `/a\/b/mi`. A RegExp translated from a Ruby
 * regexp (`pattern/ruby-regexp.ts`) prints as that one, `x` included.
 */
export function rubyRegexpInspect(re: RegExp): string {
  const ruby = rubyFormOf(re);
  if (ruby) {
    const source = ruby.source.replace(/\\([\s\S])|\//g, (m, c?: string) => (c === undefined ? "\\/" : m));
    return `/${source}/${[..."mix"].filter((f) => ruby.flags.includes(f)).join("")}`;
  }
  const flags = re.flags;
  return `/${re.source}/${flags.includes("s") ? "m" : ""}${flags.includes("i") ? "i" : ""}`;
}

/** Ruby's `Regexp#to_s`: `(?-mix:source)`, the options on before the dash, the others after. */
export function rubyRegexpToS(re: RegExp): string {
  const on = `${re.flags.includes("s") ? "m" : ""}${re.flags.includes("i") ? "i" : ""}`;
  const off = [..."mix"].filter((f) => !on.includes(f)).join("");
  return `(?${on}${off === "" ? "" : `-${off}`}:${re.source})`;
}

/** Ruby's `inspect`, for error messages that read as Rails' (`{:action=>"show", :id=>nil}`). */
export function rubyInspect(v: unknown): string {
  if (v === null || v === undefined) return "nil";
  switch (typeof v) {
    case "string":
      return rubyString(v);
    case "number":
      return numberToS(v);
    case "boolean":
    case "bigint":
      return String(v);
    case "symbol":
      return ":" + (v.description ?? "");
    case "function":
      return (v as { modelName?: unknown }).modelName != null
        ? String((v as { modelName?: unknown }).modelName)
        : v.name || "#<Class>";
  }
  if (v instanceof RegExp) return rubyRegexpInspect(v);
  if (Array.isArray(v)) return "[" + v.map(rubyInspect).join(", ") + "]";
  if (isHash(v)) return rubyHash(v, false);
  const name = modelNameOf(v);
  const id = (v as { id?: unknown }).id;
  return `#<${name}${id !== undefined ? ` id: ${rubyInspect(id)}` : ""}>`;
}

/** A Hash with symbol keys, optionally sorted by key as Rails' messages print them. */
export function rubyHash(h: Record<string, unknown>, sorted: boolean): string {
  const entries = Object.keys(h).map((k) => [k, h[k]] as const);
  if (sorted) entries.sort((a, b) => compareStrings(a[0], b[0]));
  return "{" + entries.map(([k, v]) => `${rubySymbol(k)}=>${rubyInspect(v)}`).join(", ") + "}";
}

/**
 * A `HashWithIndifferentAccess` as Ruby inspects it: string keys (`{"id"=>"1"}`), nested Hashes
 * too, as `with_indifferent_access` converts them (Rails' params, `path_parameters`).
 */
export function rubyIndifferentHash(h: Record<string, unknown>): string {
  const value = (v: unknown): string =>
    isHash(v)
      ? rubyIndifferentHash(v)
      : Array.isArray(v)
        ? "[" + v.map((x) => value(x)).join(", ") + "]"
        : rubyInspect(v);
  return (
    "{" +
    Object.keys(h)
      .map((k) => `${rubyString(k)}=>${value(h[k])}`)
      .join(", ") +
    "}"
  );
}

export function rubySymbol(k: string): string {
  return SYMBOL_KEY.test(k) ? ":" + k : ":" + rubyString(k);
}

const RUBY_NAMED_ESCAPES: Readonly<Record<string, string>> = {
  "\x07": "a",
  "\b": "b",
  "\t": "t",
  "\n": "n",
  "\v": "v",
  "\f": "f",
  "\r": "r",
  "\x1b": "e",
};
const INSPECT_ESCAPED = /[\\"\x00-\x1f\x7f]|#(?=[{$@])/g;
const DUMP_ESCAPED = /[\\"\x00-\x1f\x7f]|#(?=[{$@])|[^\x00-\x7f]/gu;

/**
 * A string as Ruby quotes it: `String#inspect` of a UTF-8 string (printable non-ASCII kept), or
 * with `dump`, `String#dump` (non-ASCII as `\uXXXX` / `\u{XXXXX}`). Both escape `"`, `\` and a `#`
 * before `{$@`, name `\a \b \t \n \v \f \r \e`, and write other control characters as `\u00HH`
 * (inspect) or `\xHH` (dump).
 */
export function rubyString(s: string, dump = false): string {
  return (
    '"' +
    s.replace(dump ? DUMP_ESCAPED : INSPECT_ESCAPED, (ch) => {
      const named = RUBY_NAMED_ESCAPES[ch];
      if (named !== undefined) return "\\" + named;
      const c = ch.codePointAt(0)!;
      const hex = c.toString(16).toUpperCase();
      if (c < 0x20 || c === 0x7f) return dump ? `\\x${hex.padStart(2, "0")}` : `\\u${hex.padStart(4, "0")}`;
      if (c > 0xffff) return `\\u{${hex}}`;
      if (c > 0x7f) return `\\u${hex.padStart(4, "0")}`;
      return "\\" + ch;
    }) +
    '"'
  );
}

const classNames = new WeakMap<object, string>();

/** A class's `name`, cached: `Function#name` is an accessor V8 cannot inline. Pure by key: a class's name is fixed when it is declared (one redefined later with `Object.defineProperty` is not seen). */
function className(ctor: object): string {
  let name = classNames.get(ctor);
  if (name === undefined) {
    const n = (ctor as { name?: unknown }).name;
    name = typeof n === "string" ? n : "Object";
    classNames.set(ctor, name);
  }
  return name;
}

/** `record.constructor.modelName ?? record.constructor.name` (docs/contract.md §3); a class gives its own. */
export function modelNameOf(record: object): string {
  const ctor = (typeof record === "function" ? record : (record as { constructor?: unknown }).constructor) as
    | { modelName?: unknown }
    | undefined;
  if (ctor === undefined || ctor === null || (typeof ctor !== "function" && typeof ctor !== "object")) return "Object";
  const m = ctor.modelName;
  if (m !== undefined && m !== null)
    return typeof m === "object" && "name" in m ? String((m as { name: unknown }).name) : String(m);
  return className(ctor);
}
