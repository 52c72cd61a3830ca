/**
 * Ruby's regexps (Onigmo, Ruby syntax) as JavaScript RegExps that match what Ruby's match,
 * translated once at draw time; what is translated and what is refused: README.md.
 */
import { ArgumentError } from "../errors.js";
import { factsOf, recordFacts, rubyFormOf } from "../support/regexp-forms.js";
import { BoundedCache } from "../support/bounded-cache.js";
import { installTranslator } from "./translations.js";

/** A Ruby regexp JavaScript cannot express, or one Ruby itself rejects: what is wrong, and what to write instead. */
export class RubyRegExpError extends Error {
  constructor(
    readonly problem: string,
    readonly fix: string,
  ) {
    super(fix ? `${problem}; ${fix}` : problem);
  }
}

/** Ruby's flags: `i` (ignore case), `m` (Ruby's multiline: `.` matches `\n`), `x` (extended). */
// (Exported for test/pattern/ruby-regexp.test.ts, as translateRuby is.)
export interface RubyFlags {
  readonly i?: boolean;
  readonly m?: boolean;
  readonly x?: boolean;
}

export interface Translation {
  /** JavaScript source meaning what the Ruby regexp means under `flags`. */
  readonly source: string;
  /** JavaScript flags: `i` (whole-regexp ignore case), `s` (Ruby's `m`), `u` (Unicode properties or astral characters). */
  readonly flags: string;
  /** Capture groups, as Ruby counts them (with named groups, only those capture). */
  readonly captures: number;
  /** Named groups, in order. */
  readonly names: readonly string[];
  /** Whether anything in it reads differently in JavaScript: when not, the input is its own translation. */
  readonly changed: boolean;
}

// The recognizer and the helpers translate through translations.ts: this module, once loaded.
installTranslator((source) => {
  try {
    return translateRuby(source);
  } catch (error) {
    if (error instanceof RubyRegExpError) return null;
    throw error;
  }
});

/** Translates a Ruby regexp source under Ruby's flags; throws {@link RubyRegExpError}. */
// (Exported for test/pattern/ruby-regexp.test.ts: the recognizer and the helpers reach it through translations.ts.)
export function translateRuby(source: string, flags: RubyFlags = {}): Translation {
  const scan = prescan(source, !!flags.x);
  const first = new Translator(source, flags, scan, false).run();
  // Whole-regexp `i` stays a flag unless some part switches it, or a Unicode property would be
  // folded by it (JavaScript's `/\p{Lowercase}/iu` takes `É`; Ruby's `/[[:lower:]]/i` does not):
  // then every part is spelled out.
  const out =
    (first.inlineCase || first.properties) && flags.i ? new Translator(source, flags, scan, true).run() : first;
  const jsFlags = (flags.i && !out.manualCase ? "i" : "") + (flags.m ? "s" : "") + (out.unicode ? "u" : "");
  try {
    new RegExp(out.source, jsFlags);
  } catch (error) {
    throw new RubyRegExpError(`cannot be written as a JavaScript regexp (${(error as Error).message})`, "simplify it");
  }
  return {
    source: out.source,
    flags: jsFlags,
    captures: scan.names.length > 0 ? scan.names.length : scan.groups,
    names: scan.names,
    changed: out.changed,
  };
}

// ---------------------------------------------------------------------------------------------
// RegExps

const translated = new WeakMap<RegExp, RegExp>();

/** A source with `\/` as `/`, as Ruby has a `/.../` literal's source (JavaScript's always escapes it). */
const slashesBare = (source: string) => source.replace(/\\([\s\S])/g, (m, c: string) => (c === "/" ? "/" : m));

/** Whether a source compiles under the `u` flag (so that it can join a route regexp that needs it). */
function unicodeValid(source: string): boolean {
  try {
    new RegExp(source, "u");
    return true;
  } catch {
    return false;
  }
}

/**
 * A constraint RegExp as Rails reads it: the RegExp itself when JavaScript reads its source the
 * same way (most: `/\d+/`, `/[^\/]+/i`), else its translation, which remembers the Ruby regexp it
 * was made from for the sheet. Made once per RegExp object (a scope's constraint serves all its
 * routes); a RegExp from {@link ruby} is already translated, and one with the `v` flag is
 * JavaScript's own syntax, which Ruby has no reading of. Throws {@link RubyRegExpError}.
 */
export function asRubyRegExp(re: RegExp): RegExp {
  if (re.flags.includes("v") || factsOf(re) !== undefined) return re;
  const out = translated.get(re);
  if (out !== undefined) return out;
  const hasU = re.flags.includes("u");
  const t = cachedTranslation(re.source, re.flags.includes("i"), re.flags.includes("s"), hasU);
  // Most constraints are their own translation: nothing is recorded for them (JavaScript counts
  // their groups as Ruby does), so a table of them pays a lookup per RegExp.
  if (t.same) return re;
  // One translation serves every RegExp with this source and flags (none has `g` or `y` state).
  if (t.regexp === undefined) {
    t.regexp = new RegExp(t.source, t.flags);
    const flags = (re.flags.includes("i") ? "i" : "") + (re.flags.includes("s") ? "m" : "");
    recordFacts(t.regexp, { ruby: { source: slashesBare(re.source), flags }, captures: t.captures, names: t.names });
  }
  translated.set(re, t.regexp);
  return t.regexp;
}

/**
 * Translations by source and flags: a table written out route by route has a RegExp object per
 * route (`id: /\d+/` in each), mostly with a few sources. A translation costs ~10-50 µs (it is
 * compiled to check it, and a Unicode property class compiles slowly); another RegExp with the
 * same source costs a lookup (~1-6 µs) and shares the translated RegExp.
 */
interface CachedTranslation extends Translation {
  /** Whether the source is its own translation. */
  readonly same: boolean;
  /** The translated RegExp, made on first use. */
  regexp?: RegExp;
}

const bySource = new BoundedCache<string, CachedTranslation>(2000);

function cachedTranslation(source: string, i: boolean, m: boolean, hasU: boolean): CachedTranslation {
  const key = `${i ? "i" : ""}${m ? "m" : ""}${hasU ? "u" : ""}/${source}`;
  let hit = bySource.get(key);
  if (hit === undefined) {
    const t = translateRuby(source, { i, m });
    // Its own translation when nothing reads differently and it can join a `u` route regexp.
    const same = !t.changed && (hasU || !t.flags.includes("u")) && (hasU || unicodeValid(source));
    hit = { ...t, same };
    bySource.set(key, hit);
  }
  return hit;
}

/** Ruby's `Regexp#to_s` of an interpolated regexp: `(?i-mx:source)`. */
function embedded(re: RegExp): string {
  const form = rubyFormOf(re) ?? {
    source: re.source,
    flags: (re.flags.includes("i") ? "i" : "") + (re.flags.includes("s") ? "m" : ""),
  };
  const on = [..."mix"].filter((f) => form.flags.includes(f)).join("");
  const off = [..."mix"].filter((f) => !form.flags.includes(f)).join("");
  return `(?${on}${off ? `-${off}` : ""}:${form.source})`;
}

const CLOSERS: Readonly<Record<string, string>> = { "{": "}", "(": ")", "[": "]", "<": ">" };

/** A Ruby regexp literal, `/.../flags` or `%r{...}flags`: its source (as `Regexp#source` has it) and flags. */
function parseLiteral(text: string): { source: string; flags: string } {
  const t = text.trim();
  let body: string;
  let rest: string;
  if (t.startsWith("/")) {
    let i = 1;
    for (; i < t.length && t[i] !== "/"; i++) if (t[i] === "\\") i++;
    if (i >= t.length) throw new RubyRegExpError("the literal has no closing /", "write it as /source/flags");
    // In a /.../ literal, Ruby's source has `\/` as `/`.
    body = slashesBare(t.slice(1, i));
    rest = t.slice(i + 1);
  } else if (t.startsWith("%r") && t.length > 2) {
    const open = t[2]!;
    if (/[\w\s]/.test(open)) throw new RubyRegExpError(`%r${open} is not a delimiter`, "write %r{source}flags");
    const close = CLOSERS[open] ?? open;
    let depth = 1;
    let i = 3;
    for (; i < t.length; i++) {
      const c = t[i]!;
      if (c === "\\") i++;
      else if (c === close && --depth === 0) break;
      else if (c === open && close !== open) depth++;
    }
    if (i >= t.length)
      throw new RubyRegExpError(`the literal has no closing ${close}`, `write it as %r${open}source${close}flags`);
    body = t.slice(3, i);
    rest = t.slice(i + 1);
  } else {
    throw new RubyRegExpError(
      "it is not a Ruby regexp literal",
      "write it as /source/flags or %r{source}flags, as in routes.rb",
    );
  }
  if (!/^[imxou]*$/.test(rest)) {
    throw new RubyRegExpError(
      `unknown regexp options ${JSON.stringify(rest)}`,
      "the options are i, m and x (o and u are accepted and change nothing)",
    );
  }
  return { source: body, flags: [..."mix"].filter((f) => rest.includes(f)).join("") };
}

/**
 * A Ruby regexp literal, as routes.rb has it, as a RegExp that matches what Ruby's matches — for
 * what a JavaScript RegExp literal cannot say: Ruby's `x` flag, `(?#...)`, `(?i:...)`, `%r{...}`.
 *
 * ```ts
 * r.get("photos/:id", { to: "photos#show", constraints: { id: ruby`/\d+ # digits only/x` } });
 * r.get("docs/*path", { to: "docs#show", constraints: { path: ruby`%r{[a-z]+(/[a-z]+)*}i` } });
 * ```
 *
 * Backslashes are kept as written (the template's raw text); `${}` interpolates as Ruby's `#{}`
 * does: a string as regexp source, a RegExp as `(?flags-flags:source)`. Also callable with a
 * string: `ruby("/\\d+/x")`. The sheet prints the route as `rails routes` does (`/\d+ # digits
 * only/x`). Throws ArgumentError, naming the literal and what to write instead, for what
 * JavaScript cannot express (possessive quantifiers, atomic groups, `\G`, `\K`...).
 */
export function ruby(literal: TemplateStringsArray | string, ...values: unknown[]): RegExp {
  let text: string;
  if (typeof literal === "string") text = literal;
  else {
    text = literal.raw[0]!;
    values.forEach((v, i) => {
      text += (v instanceof RegExp ? embedded(v) : String(v)) + literal.raw[i + 1]!;
    });
  }
  try {
    const { source, flags } = parseLiteral(text);
    const t = translateRuby(source, { i: flags.includes("i"), m: flags.includes("m"), x: flags.includes("x") });
    const re = new RegExp(t.source, t.flags);
    recordFacts(re, { ruby: { source, flags }, captures: t.captures, names: t.names });
    return re;
  } catch (error) {
    if (error instanceof RubyRegExpError) throw new ArgumentError(`ruby\`${text}\`: ${error.message}`);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Character sets

type Range = readonly [number, number];

/**
 * A set of characters: a class of JavaScript fragments (`\p{L}`, `\d`) and code point ranges,
 * possibly negated — exact, with set algebra, while it has no fragments — or, for what no class
 * can say (the complement of a union of properties, an intersection), a one-character matcher
 * (`(?=A)B`).
 */
type CharSet =
  | {
      readonly kind: "class";
      readonly frags: readonly string[];
      readonly ranges: readonly Range[];
      readonly negated: boolean;
    }
  | { readonly kind: "expr"; readonly source: string };

const MAX = 0x10ffff;
const ranges = (...rs: Range[]): CharSet => ({ kind: "class", frags: [], ranges: rs, negated: false });
const frags = (fs: string[], rs: Range[] = []): CharSet => ({ kind: "class", frags: fs, ranges: rs, negated: false });
const exact = (s: CharSet): s is Extract<CharSet, { kind: "class" }> => s.kind === "class" && s.frags.length === 0;

function normalize(rs: readonly Range[]): Range[] {
  const sorted = [...rs].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

function complementRanges(rs: readonly Range[]): Range[] {
  const out: Range[] = [];
  let next = 0;
  for (const [lo, hi] of normalize(rs)) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX) out.push([next, MAX]);
  return out;
}

function intersectRanges(a: readonly Range[], b: readonly Range[]): Range[] {
  const out: Range[] = [];
  for (const [alo, ahi] of a)
    for (const [blo, bhi] of b) {
      const lo = Math.max(alo, blo);
      const hi = Math.min(ahi, bhi);
      if (lo <= hi) out.push([lo, hi]);
    }
  return normalize(out);
}

const minus = (a: readonly Range[], b: readonly Range[]) => intersectRanges(a, complementRanges(b));
const polar = (rs: Range[], negated: boolean): CharSet => ({ kind: "class", frags: [], ranges: rs, negated });

function union(a: CharSet, b: CharSet, emit: (s: CharSet) => string): CharSet {
  if (exact(a) && exact(b)) {
    if (!a.negated && !b.negated) return polar([...a.ranges, ...b.ranges], false);
    if (a.negated && b.negated) return polar(intersectRanges(a.ranges, b.ranges), true);
    return a.negated ? polar(minus(a.ranges, b.ranges), true) : polar(minus(b.ranges, a.ranges), true);
  }
  if (a.kind === "class" && b.kind === "class" && !a.negated && !b.negated)
    return frags([...a.frags, ...b.frags], [...a.ranges, ...b.ranges]);
  return { kind: "expr", source: `(?:${emit(a)}|${emit(b)})` };
}

function complement(a: CharSet, emit: (s: CharSet) => string): CharSet {
  if (a.kind === "class") return { ...a, negated: !a.negated };
  return { kind: "expr", source: `(?:(?!${emit(a)})[\\s\\S])` };
}

function intersect(a: CharSet, b: CharSet, emit: (s: CharSet) => string): CharSet {
  if (exact(a) && exact(b)) {
    if (!a.negated && !b.negated) return polar(intersectRanges(a.ranges, b.ranges), false);
    if (a.negated && b.negated) return polar(normalize([...a.ranges, ...b.ranges]), true);
    return a.negated ? polar(minus(b.ranges, a.ranges), false) : polar(minus(a.ranges, b.ranges), false);
  }
  return { kind: "expr", source: `(?:(?=${emit(a)})${emit(b)})` };
}

const DIGIT: Range[] = [[0x30, 0x39]];
const UPPER: Range[] = [[0x41, 0x5a]];
const LOWER: Range[] = [[0x61, 0x7a]];
const HEX: Range[] = [
  [0x30, 0x39],
  [0x41, 0x46],
  [0x61, 0x66],
];
const WORD: Range[] = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
const ASCII_SPACE: Range[] = [
  [0x09, 0x0d],
  [0x20, 0x20],
];
/** Unicode White_Space (a fixed list). */
const WHITE_SPACE: Range[] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0x85, 0x85],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
];

/**
 * POSIX bracket classes (and the `\p{...}` names Ruby gives them), Unicode and ASCII. The Unicode
 * ones were compared with Ruby 3.1 on every code point: they differ only where Node's Unicode
 * version (15+) assigns characters Ruby's (13) does not.
 */
function posixClass(name: string, ascii: boolean, ignoreCase: boolean): CharSet | undefined {
  const cased = (set: CharSet) => (ignoreCase ? union(set, ranges(...UPPER, ...LOWER), () => "") : set);
  switch (name) {
    case "alnum":
      return ascii ? ranges(...DIGIT, ...UPPER, ...LOWER) : frags(["\\p{Alphabetic}", "\\p{Nd}"]);
    case "alpha":
      return ascii ? ranges(...UPPER, ...LOWER) : frags(["\\p{Alphabetic}"]);
    case "blank":
      return ascii ? ranges([0x09, 0x09], [0x20, 0x20]) : frags(["\\p{Zs}"], [[0x09, 0x09]]);
    case "cntrl":
      return ascii ? ranges([0x00, 0x1f], [0x7f, 0x7f]) : ranges([0x00, 0x1f], [0x7f, 0x9f]);
    case "digit":
      return ascii ? ranges(...DIGIT) : frags(["\\p{Nd}"]);
    case "graph":
      return ascii
        ? ranges([0x21, 0x7e])
        : complement(frags(["\\p{White_Space}", "\\p{Cc}", "\\p{Cn}", "\\p{Cs}"]), () => "");
    case "lower":
      return cased(ascii ? ranges(...LOWER) : frags(["\\p{Lowercase}"]));
    case "print":
      return ascii
        ? ranges([0x20, 0x7e])
        : complement(frags(["\\p{Cc}", "\\p{Cn}", "\\p{Cs}"], [[0x2028, 0x2029]]), () => "");
    case "punct":
      return ascii
        ? ranges([0x21, 0x2f], [0x3a, 0x40], [0x5b, 0x60], [0x7b, 0x7e])
        : frags(
            ["\\p{P}"],
            [
              [0x24, 0x24],
              [0x2b, 0x2b],
              [0x3c, 0x3e],
              [0x5e, 0x5e],
              [0x60, 0x60],
              [0x7c, 0x7c],
              [0x7e, 0x7e],
            ],
          );
    case "space":
      return ascii ? ranges(...ASCII_SPACE) : ranges(...WHITE_SPACE);
    case "upper":
      return cased(ascii ? ranges(...UPPER) : frags(["\\p{Uppercase}"]));
    case "xdigit":
      return ranges(...HEX);
    case "word":
      return ascii ? ranges(...WORD) : frags(["\\p{Alphabetic}", "\\p{M}", "\\p{Nd}", "\\p{Pc}"]);
    case "ascii":
      return ranges([0x00, 0x7f]);
    default:
      return undefined;
  }
}

const jsProperties = new Map<string, string | null>();

function jsPropertyValid(p: string): boolean {
  try {
    new RegExp(`\\p{${p}}`, "u");
    return true;
  } catch {
    return false;
  }
}

/** The JavaScript `\p{...}` for a Ruby property name other than the POSIX ones: as written, title-cased, or as a script. */
function jsProperty(name: string): string | null {
  let hit = jsProperties.get(name);
  if (hit !== undefined) return hit;
  const title = name
    .split(/[\s_-]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join("_");
  hit = null;
  for (const candidate of [name, title]) {
    if (/^[A-Za-z_=]+$/.test(candidate) && jsPropertyValid(candidate)) {
      hit = candidate;
      break;
    }
    if (/^[A-Za-z_]+$/.test(candidate) && jsPropertyValid(`Script=${candidate}`)) {
      hit = `Script=${candidate}`;
      break;
    }
  }
  if (jsProperties.size < 1000) jsProperties.set(name, hit);
  return hit;
}

// ---------------------------------------------------------------------------------------------
// Emission helpers

function hex(c: number, width: number): string {
  return c.toString(16).toUpperCase().padStart(width, "0");
}

const INVISIBLE = /[\p{White_Space}\p{C}\p{M}]/u;

/** A code point as JavaScript regexp source, outside (`inClass` false) or inside a class. */
function charSource(c: number, inClass: boolean, unicode: boolean): string {
  if (c > 0xffff)
    return unicode
      ? `\\u{${hex(c, 0)}}`
      : `\\u${hex(0xd800 + ((c - 0x10000) >> 10), 4)}\\u${hex(0xdc00 + ((c - 0x10000) & 0x3ff), 4)}`;
  switch (c) {
    case 0x09:
      return "\\t";
    case 0x0a:
      return "\\n";
    case 0x0b:
      return "\\v";
    case 0x0c:
      return "\\f";
    case 0x0d:
      return "\\r";
  }
  if (c < 0x20 || c === 0x7f || (c >= 0x80 && c <= 0x9f)) return `\\x${hex(c, 2)}`;
  const ch = String.fromCodePoint(c);
  // Characters one cannot see (spaces, format and unassigned characters, combining marks) as escapes.
  if (c > 0x7f && INVISIBLE.test(ch)) return `\\u${hex(c, 4)}`;
  if (inClass ? "\\]^-[/".includes(ch) : "^$\\.*+?()[]{}|/".includes(ch)) return "\\" + ch;
  return ch;
}

/** Case variants of a code point (its single-code-point lower and upper case). */
function caseVariants(c: number): number[] {
  const s = String.fromCodePoint(c);
  const out = [c];
  for (const v of [s.toLowerCase(), s.toUpperCase()]) {
    const cp = v.codePointAt(0)!;
    if (v.length === String.fromCodePoint(cp).length && !out.includes(cp)) out.push(cp);
  }
  return out;
}

/** A set of ranges with every character's case variants added (ranges past 20000 characters are left as they are). */
function caseClosed(rs: readonly Range[]): Range[] {
  const extra: Range[] = [];
  for (const [lo, hi] of rs) {
    if (hi - lo > 20000) continue;
    for (let c = lo; c <= hi; c++) for (const v of caseVariants(c)) if (v !== c) extra.push([v, v]);
  }
  return normalize([...rs, ...extra]);
}

// ---------------------------------------------------------------------------------------------
// Parsing

interface Scan {
  /** Capture groups (unnamed and named), and named groups in order. */
  readonly groups: number;
  readonly names: readonly string[];
}

/** Counts the groups before translating: backreferences need the total, and named groups change what `(` means. */
function prescan(src: string, extended: boolean): Scan {
  let groups = 0;
  const names: string[] = [];
  let depth = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === "\\") {
      i++;
      continue;
    }
    if (depth > 0) {
      if (c === "[") depth++;
      else if (c === "]") depth--;
      continue;
    }
    if (c === "[") {
      depth = 1;
      if (src[i + 1] === "^") i++;
      if (src[i + 1] === "]") i++;
      continue;
    }
    if (extended && c === "#") {
      while (i < src.length && src[i] !== "\n") i++;
      continue;
    }
    if (c !== "(") continue;
    if (src[i + 1] !== "?") {
      groups++;
      continue;
    }
    const m = /^\(\?(?:<([A-Za-z_]\w*)>|'([A-Za-z_]\w*)')/.exec(src.slice(i, i + 200));
    if (m) {
      groups++;
      names.push((m[1] ?? m[2])!);
    } else if (src.startsWith("(?#", i)) {
      while (i < src.length && src[i] !== ")") i++;
    }
  }
  return { groups, names };
}

interface Mode {
  readonly i: boolean;
  readonly m: boolean;
  readonly x: boolean;
  /** Ruby's character set option: `d` (default: ASCII `\w\d\s`, Unicode POSIX), `a` (all ASCII), `u` (all Unicode). */
  readonly charset: "d" | "a" | "u";
}

interface Piece {
  source: string;
  /** Whether a quantifier may follow (not an anchor). */
  readonly quantifiable: boolean;
  /** Whether it is already quantified (another quantifier needs a group around it). */
  quantified: boolean;
}

const WHITESPACE = /[ \t\n\r\f\v]/;
const SIMPLE_ESCAPES: Readonly<Record<string, number>> = { t: 9, n: 10, v: 11, f: 12, r: 13, a: 7, e: 0x1b };

interface Output {
  readonly source: string;
  readonly unicode: boolean;
  /** Whether anything reads differently in JavaScript (else the input is its own translation). */
  readonly changed: boolean;
  readonly inlineCase: boolean;
  readonly properties: boolean;
  readonly manualCase: boolean;
}

class Translator {
  pos = 0;
  /** Capture groups opened so far. */
  groupsSeen = 0;
  unicode = false;
  changed = false;
  /** Whether some part switches `i` on or off (`(?i)`, `(?-i:...)`). */
  inlineCase = false;
  /** Whether a Unicode property (`\p{...}`) is used. */
  properties = false;
  readonly named: boolean;
  readonly global: Mode;
  readonly emit = (s: CharSet): string => this.setSource(s);

  constructor(
    readonly src: string,
    flags: RubyFlags,
    readonly scan: Scan,
    /** Spell case-insensitivity out (`[aA]`) instead of leaving it to the `i` flag. */
    readonly manualCase: boolean,
  ) {
    this.named = scan.names.length > 0;
    this.global = { i: !!flags.i, m: !!flags.m, x: !!flags.x, charset: "d" };
    if (flags.x || manualCase) this.changed = true;
  }

  run(): Output {
    const source = this.alternation(this.global, false);
    if (this.pos < this.src.length) this.fail("unmatched close parenthesis");
    const names = this.scan.names;
    const repeated = names.find((n, i) => names.indexOf(n) !== i);
    if (repeated !== undefined)
      this.fail(
        `two groups are named ${repeated}`,
        "JavaScript (Node 20) allows a group name once: rename one of them",
      );
    if (this.named && this.scan.groups > names.length) this.changed = true; // unnamed groups do not capture
    return {
      source,
      unicode: this.unicode,
      changed: this.changed,
      inlineCase: this.inlineCase,
      properties: this.properties,
      manualCase: this.manualCase,
    };
  }

  /** Whether case must be spelled out here (rather than left to the whole regexp's `i` flag). */
  private spellCase(mode: Mode): boolean {
    return mode.i && (this.manualCase || !this.global.i);
  }

  private fail(problem: string, fix = ""): never {
    throw new RubyRegExpError(problem, fix);
  }

  private skipExtended(mode: Mode): void {
    if (!mode.x) return;
    const s = this.src;
    while (this.pos < s.length) {
      const c = s[this.pos]!;
      if (WHITESPACE.test(c)) this.pos++;
      else if (c === "#") {
        while (this.pos < s.length && s[this.pos] !== "\n") this.pos++;
      } else break;
    }
  }

  private alternation(mode: Mode, inGroup: boolean): string {
    const alternatives = [this.sequence(mode, inGroup)];
    while (this.src[this.pos] === "|") {
      this.pos++;
      alternatives.push(this.sequence(mode, inGroup));
    }
    return alternatives.join("|");
  }

  private sequence(mode: Mode, inGroup: boolean): string {
    const pieces: Piece[] = [];
    const s = this.src;
    for (;;) {
      this.skipExtended(mode);
      if (this.pos >= s.length) break;
      const c = s[this.pos]!;
      if (c === "|") break;
      if (c === ")") {
        if (!inGroup) this.fail("unmatched close parenthesis");
        break;
      }
      if (c === "*" || c === "+" || c === "?" || (c === "{" && this.interval() !== null)) {
        const last = pieces[pieces.length - 1];
        if (!last)
          this.fail("target of repeat operator is not specified", "put something before the quantifier, or escape it");
        if (!last.quantifiable)
          this.fail("target of repeat operator is invalid", "a quantifier cannot follow an anchor");
        this.quantifier(last);
        continue;
      }
      // An isolated option group applies to the rest of the enclosing group, alternatives included.
      const options = this.isolatedOptions(mode);
      if (options) {
        const rest = this.alternation(options, inGroup);
        pieces.push({ source: rest === "" ? "" : `(?:${rest})`, quantifiable: false, quantified: false });
        break;
      }
      pieces.push(this.atom(mode));
    }
    return pieces.map((p) => p.source).join("");
  }

  /** `{n}`, `{n,}`, `{,m}`, `{n,m}` at `pos`, or null when the brace is a literal. */
  private interval(): { text: string; length: number } | null {
    const m = /^\{(\d*)(?:(,)(\d*))?\}/.exec(this.src.slice(this.pos, this.pos + 24));
    if (!m || (m[1] === "" && (m[2] === undefined || m[3] === ""))) return null;
    const min = m[1] === "" ? 0 : Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === "" ? null : Number(m[3]);
    if (max !== null && max < min) this.fail("upper is smaller than lower in repeat range");
    const text = m[2] === undefined ? `{${min}}` : max === null ? `{${min},}` : `{${min},${max}}`;
    if (text !== m[0]) this.changed = true;
    return { text, length: m[0].length };
  }

  private quantifier(last: Piece): void {
    const s = this.src;
    const c = s[this.pos]!;
    let text: string;
    if (c === "{") {
      const interval = this.interval()!;
      text = interval.text;
      this.pos += interval.length;
    } else {
      text = c;
      this.pos++;
    }
    const next = s[this.pos];
    if (next === "?") {
      text += "?";
      this.pos++;
    } else if (next === "+" && c !== "{") {
      this.fail(
        `a possessive quantifier (${c}+) has no JavaScript equivalent`,
        `write the greedy ${c} instead (a segment ends at the next / or ., so it rarely needs one), or an alternation that cannot backtrack`,
      );
    }
    if (last.quantified) {
      // Ruby repeats a repeat (`a{2}+`, `a**`); JavaScript needs a group around the first.
      last.source = `(?:${last.source})`;
      this.changed = true;
    }
    last.source += text;
    last.quantified = true;
  }

  /** `(?imx-imx)` at `pos`: the options for the rest of the group, or null. */
  private isolatedOptions(mode: Mode): Mode | null {
    if (this.src[this.pos] !== "(" || this.src[this.pos + 1] !== "?") return null;
    const m = /^\(\?([imxadu]*)(?:-([imx]*))?\)/.exec(this.src.slice(this.pos, this.pos + 16));
    if (!m || (m[1] === "" && m[2] === undefined)) return null;
    this.pos += m[0].length;
    return this.options(mode, m[1]!, m[2] ?? "");
  }

  private options(mode: Mode, on: string, off: string): Mode {
    this.changed = true;
    const charsets = [...on].filter((f) => "adu".includes(f));
    if (charsets.length > 1) this.fail(`conflicting character set options (?${on})`);
    const i = on.includes("i") ? true : off.includes("i") ? false : mode.i;
    if (i !== mode.i) this.inlineCase = true;
    return {
      i,
      m: on.includes("m") ? true : off.includes("m") ? false : mode.m,
      x: on.includes("x") ? true : off.includes("x") ? false : mode.x,
      charset: (charsets[0] as Mode["charset"] | undefined) ?? mode.charset,
    };
  }

  private atom(mode: Mode): Piece {
    const s = this.src;
    const c = s[this.pos]!;
    const piece = (source: string, quantifiable = true): Piece => ({ source, quantifiable, quantified: false });
    switch (c) {
      case "(":
        return this.group(mode);
      case "[": {
        this.pos++;
        return piece(this.setAtom(this.charClass(mode, true)));
      }
      case "\\":
        return this.escape(mode);
      case ".":
        this.pos++;
        if (mode.m === this.global.m) return piece(".");
        this.changed = true;
        return piece(mode.m ? "[\\s\\S]" : "[^\\n]");
      case "^":
      case "$":
        this.pos++;
        this.changed = true;
        return piece(c === "^" ? "(?<![^\\n])" : "(?![^\\n])", false);
    }
    const cp = s.codePointAt(this.pos)!;
    this.pos += cp > 0xffff ? 2 : 1;
    return piece(this.literal(cp, mode));
  }

  private literal(cp: number, mode: Mode): string {
    if (cp > 0xffff) this.unicode = true;
    if (this.spellCase(mode)) {
      const variants = caseVariants(cp);
      if (variants.length > 1) return this.setSource(ranges(...variants.map((v): Range => [v, v])));
    }
    return charSource(cp, false, this.unicode);
  }

  private group(mode: Mode): Piece {
    const s = this.src;
    const rest = s.slice(this.pos, this.pos + 200);
    let open: string;
    let inner: Mode = mode;
    let m: RegExpExecArray | null;
    if (!rest.startsWith("(?")) {
      this.groupsSeen++;
      open = this.named ? "(?:" : "(";
      this.pos += 1;
    } else if (rest.startsWith("(?#")) {
      const close = s.indexOf(")", this.pos);
      if (close < 0) this.fail("end pattern in group");
      this.pos = close + 1;
      this.changed = true;
      return { source: "", quantifiable: false, quantified: false };
    } else if ((m = /^\(\?(?::|=|!|<=|<!)/.exec(rest))) {
      open = m[0];
      this.pos += m[0].length;
    } else if ((m = /^\(\?(?:<([^>=!][^>]*)>|'([^']*)')/.exec(rest))) {
      const name = (m[1] ?? m[2])!;
      if (!/^[A-Za-z_]\w*$/.test(name))
        this.fail(
          `invalid group name <${name}>`,
          "use a name of letters, digits and _ that does not start with a digit",
        );
      if (m[2] !== undefined) this.changed = true;
      this.groupsSeen++;
      open = `(?<${name}>`;
      this.pos += m[0].length;
    } else if ((m = /^\(\?([imxadu]*)(?:-([imx]*))?:/.exec(rest))) {
      inner = this.options(mode, m[1]!, m[2] ?? "");
      open = "(?:";
      this.pos += m[0].length;
    } else if (rest.startsWith("(?>")) {
      this.fail(
        "an atomic group (?>...) has no JavaScript equivalent",
        "write a plain group (?:...) instead, or an alternation that cannot backtrack",
      );
    } else if (rest.startsWith("(?~")) {
      this.fail(
        "an absence operator (?~...) has no JavaScript equivalent",
        "write a negative lookahead instead, e.g. (?:(?!ab)[^\\n])* for (?~ab)",
      );
    } else if (rest.startsWith("(?(")) {
      this.fail(
        "a conditional group (?(cond)yes|no) has no JavaScript equivalent",
        "write the alternatives out with |",
      );
    } else this.fail(`undefined group option ${rest.slice(0, 3)}`);
    const body = this.alternation(inner, true);
    if (s[this.pos] !== ")") this.fail("end pattern with unmatched parenthesis");
    this.pos++;
    return { source: `${open}${body})`, quantifiable: true, quantified: false };
  }

  private escape(mode: Mode): Piece {
    const s = this.src;
    const e = s[this.pos + 1];
    const piece = (source: string, quantifiable = true): Piece => ({ source, quantifiable, quantified: false });
    const changed = (source: string, quantifiable = true): Piece => {
      this.changed = true;
      return piece(source, quantifiable);
    };
    if (e === undefined) this.fail("too short escape sequence");
    switch (e) {
      case "A":
        this.pos += 2;
        return changed("^", false);
      case "z":
        this.pos += 2;
        return changed("$", false);
      case "Z":
        this.pos += 2;
        return changed("(?=\\n?$)", false);
      case "b":
      case "B":
        this.pos += 2;
        return mode.charset === "u" ? changed(this.unicodeBoundary(e === "B"), false) : piece(`\\${e}`, false);
      case "G":
        return this.fail(
          "\\G has no JavaScript equivalent",
          "remove it: a constraint is matched from the start of its segment",
        );
      case "K":
        return this.fail(
          "\\K has no JavaScript equivalent",
          "match the part before it with a lookbehind (?<=...) instead",
        );
      case "X":
        return this.fail(
          "\\X (a grapheme cluster) has no JavaScript equivalent",
          "write a class of the characters you accept instead, e.g. [^/]",
        );
      case "y":
      case "Y":
        return this.fail(`\\${e} (a grapheme cluster boundary) has no JavaScript equivalent`, "remove it");
      case "g":
        return this.fail(
          "a subexpression call \\g<...> has no JavaScript equivalent",
          "write the group's pattern out again",
        );
      case "R":
        this.pos += 2;
        return changed("(?:\\r\\n|(?!\\r\\n)[\\n\\v\\f\\r\\x85\\u2028\\u2029])");
      case "N":
        this.pos += 2;
        return changed("[^\\n]");
      case "O":
        this.pos += 2;
        return changed("[\\s\\S]");
      case "k":
        this.pos += 2;
        return piece(this.namedBackreference());
    }
    if (e >= "1" && e <= "9") return piece(this.numberedEscape());
    const set = this.escapeSet(mode);
    if (set !== null) return piece(this.setAtom(set, true));
    const chars = this.escapedChars();
    return piece(chars.map((cp) => this.literal(cp, mode)).join(""));
  }

  /** `\b`/`\B` with Unicode word characters (`(?u)`). */
  private unicodeBoundary(negated: boolean): string {
    this.unicode = true;
    const w = this.setSource(posixClass("word", false, false)!);
    return negated ? `(?:(?<=${w})(?=${w})|(?<!${w})(?!${w}))` : `(?:(?<=${w})(?!${w})|(?<!${w})(?=${w}))`;
  }

  private namedBackreference(): string {
    const m = /^(?:<([^>]*)>|'([^']*)')/.exec(this.src.slice(this.pos, this.pos + 200));
    if (!m) this.fail("invalid backref number/name");
    this.pos += m[0].length;
    const ref = (m[1] ?? m[2])!;
    if (m[2] !== undefined) this.changed = true;
    if (/^-?\d+$/.test(ref)) {
      if (this.named) this.fail("numbered backref/call is not allowed. (use name)");
      this.changed = true;
      const n = Number(ref);
      const abs = n < 0 ? this.groupsSeen + n + 1 : n;
      if (abs < 1 || abs > this.scan.groups) this.fail("invalid backref number/name");
      return `(?:\\${abs})`;
    }
    if (!this.scan.names.includes(ref)) {
      if (/[+-]\d+$/.test(ref))
        this.fail(
          "a backreference with a nest level has no JavaScript equivalent",
          "refer to the group by its name alone",
        );
      this.fail(`undefined name <${ref}> reference`);
    }
    return `\\k<${ref}>`;
  }

  /** `\1`..`\9`, `\10`...: a backreference when that group exists, else octal (as Onigmo reads it). */
  private numberedEscape(): string {
    const digits = /^\d+/.exec(this.src.slice(this.pos + 1))![0];
    const n = Number(digits);
    if (n <= this.scan.groups) {
      if (this.named) this.fail("numbered backref/call is not allowed. (use name)");
      this.pos += 1 + digits.length;
      // A group, so that a digit after it is not read as part of the number.
      return `(?:\\${n})`;
    }
    if (n < 10 || !/^[0-7]/.test(digits)) this.fail("invalid backref number/name");
    const octal = /^[0-7]{1,3}/.exec(digits)![0];
    this.pos += 1 + octal.length;
    this.changed = true;
    return charSource(parseInt(octal, 8), false, this.unicode);
  }

  /**
   * An escape at `pos` that stands for a set (`\d`, `\h`, `\p{...}`...): consumes it and returns
   * the set, or returns null (consuming nothing) for an escape that stands for characters.
   */
  private escapeSet(mode: Mode): CharSet | null {
    const e = this.src[this.pos + 1]!;
    const ascii = mode.charset !== "u";
    let set: CharSet;
    switch (e) {
      case "d":
      case "D":
        set = ascii ? frags(["\\d"]) : frags(["\\p{Nd}"]);
        break;
      case "w":
      case "W":
        set = ascii ? frags(["\\w"]) : posixClass("word", false, false)!;
        break;
      case "s":
      case "S":
        set = ranges(...(ascii ? ASCII_SPACE : WHITE_SPACE));
        break;
      case "h":
      case "H":
        set = ranges(...HEX);
        break;
      case "p":
      case "P": {
        this.pos += 2;
        const m = /^\{(\^?)([^}]*)\}/.exec(this.src.slice(this.pos, this.pos + 100));
        if (!m) this.fail("invalid character property name");
        this.pos += m[0].length;
        const prop = this.property(m[2]!, mode.i);
        return (e === "P") !== (m[1] === "^") ? complement(prop, this.emit) : prop;
      }
      default:
        return null;
    }
    if (!ascii || "sShH".includes(e)) this.changed = true;
    if (set.kind === "class" && set.frags.some((f) => f.startsWith("\\p"))) this.unicode = this.properties = true;
    this.pos += 2;
    return e === e.toUpperCase() ? complement(set, this.emit) : set;
  }

  private property(name: string, ignoreCase: boolean): CharSet {
    const key = name.toLowerCase().replace(/[\s_-]/g, "");
    if (key === "any") {
      this.changed = true;
      return ranges([0, MAX]);
    }
    const posix = posixClass(key, false, ignoreCase);
    if (posix) {
      this.changed = true;
      if (posix.kind === "class" && posix.frags.length > 0) this.unicode = this.properties = true;
      return posix;
    }
    const js = jsProperty(name);
    if (js === null) {
      this.fail(
        `the character property \\p{${name}} has no JavaScript equivalent`,
        "use a JavaScript Unicode property instead, such as \\p{L}, \\p{Lu}, \\p{Script=Greek} or \\p{Alphabetic}",
      );
    }
    if (js !== name) this.changed = true;
    this.unicode = this.properties = true;
    return frags([`\\p{${js}}`]);
  }

  /** The characters an escape at `pos` stands for (one, or several for `\u{41 42}`); consumes it. */
  private escapedChars(): number[] {
    const s = this.src;
    const e = s[this.pos + 1]!;
    this.pos += 2;
    if (Object.hasOwn(SIMPLE_ESCAPES, e)) {
      if (e === "a" || e === "e") this.changed = true;
      return [SIMPLE_ESCAPES[e]!];
    }
    if (e === "x") {
      const m = /^[0-9a-fA-F]{1,2}/.exec(s.slice(this.pos, this.pos + 2));
      if (!m) this.fail("invalid hex escape", "write \\x followed by one or two hex digits");
      if (m[0].length === 1) this.changed = true;
      this.pos += m[0].length;
      return [parseInt(m[0], 16)];
    }
    if (e === "u") {
      if (s[this.pos] === "{") {
        const close = s.indexOf("}", this.pos);
        const body = close < 0 ? "" : s.slice(this.pos + 1, close).trim();
        if (!/^[0-9a-fA-F]{1,6}(?:\s+[0-9a-fA-F]{1,6})*$/.test(body)) this.fail("invalid Unicode escape");
        this.pos = close + 1;
        this.changed = true;
        const cps = body.split(/\s+/).map((h) => parseInt(h, 16));
        if (cps.some((c) => c > MAX || (c >= 0xd800 && c <= 0xdfff))) this.fail("invalid Unicode range");
        return cps;
      }
      const m = /^[0-9a-fA-F]{4}/.exec(s.slice(this.pos, this.pos + 4));
      if (!m) this.fail("too short escape sequence");
      this.pos += 4;
      return [parseInt(m[0], 16)];
    }
    if (e === "0") {
      const m = /^[0-7]{0,2}/.exec(s.slice(this.pos, this.pos + 2))!;
      if (m[0] !== "") this.changed = true;
      this.pos += m[0].length;
      return [parseInt(m[0] || "0", 8)];
    }
    if (e === "c" || (e === "C" && s[this.pos] === "-")) {
      if (e === "C") {
        this.pos++;
        this.changed = true;
      }
      const x = s[this.pos];
      if (x === undefined) this.fail("end pattern at control");
      if (!/[A-Za-z]/.test(x)) this.changed = true;
      this.pos++;
      return [x === "?" ? 0x7f : x.charCodeAt(0) & 0x1f];
    }
    if (e === "M" && s[this.pos] === "-") {
      this.fail(
        "a meta escape \\M-x has no JavaScript equivalent",
        "write the character itself, or \\u followed by its code point",
      );
    }
    const cp = s.codePointAt(this.pos - 1)!;
    if (cp > 0xffff) this.pos++;
    return [cp];
  }

  // --- classes

  /** A class after its `[`, up to and including its `]`. */
  private charClass(mode: Mode, outermost: boolean): CharSet {
    const s = this.src;
    let negated = false;
    if (s[this.pos] === "^") {
      negated = true;
      this.pos++;
    }
    let result: CharSet | null = null;
    let current: CharSet | null = null;
    let first = true;
    const add = (set: CharSet) => {
      current = current === null ? set : union(current, set, this.emit);
    };
    if (!outermost) this.changed = true; // JavaScript reads `[` in a class as a character
    for (;;) {
      if (this.pos >= s.length) this.fail("premature end of char-class");
      const c = s[this.pos]!;
      if (c === "]" && !first) {
        this.pos++;
        break;
      }
      if (c === "]") this.changed = true; // `[]a]`: Ruby's leading `]` is a character, JavaScript's `[]` is empty
      first = false;
      if (c === "&" && s[this.pos + 1] === "&") {
        this.pos += 2;
        this.changed = true;
        const left: CharSet = current ?? ranges();
        result = result === null ? left : intersect(result, left, this.emit);
        current = null;
        continue;
      }
      if (c === "[") {
        const posix = /^\[:(\^?)([a-z]+):\]/.exec(s.slice(this.pos, this.pos + 16));
        if (posix) {
          const set = posixClass(posix[2]!, mode.charset === "a", mode.i);
          if (!set) this.fail(`invalid POSIX bracket type [:${posix[2]}:]`);
          if (set.kind === "class" && set.frags.length > 0) this.unicode = this.properties = true;
          this.changed = true;
          this.pos += posix[0].length;
          add(posix[1] === "^" ? complement(set, this.emit) : set);
          continue;
        }
        this.pos++;
        add(this.charClass(mode, false));
        continue;
      }
      if (c === "\\") {
        const set = this.escapeSet(mode);
        if (set !== null) {
          if (s[this.pos] === "-" && s[this.pos + 1] !== "]") this.fail("unmatched range specifier in char-class");
          add(set);
          continue;
        }
      }
      const lo = this.classChars();
      if (lo.length === 1 && s[this.pos] === "-" && s[this.pos + 1] !== "]" && s[this.pos + 1] !== undefined) {
        if (s[this.pos + 1] === "[" || (s[this.pos + 1] === "&" && s[this.pos + 2] === "&")) {
          // `a-[...]`, `a-&&...`: the dash is a character.
          add(this.charRange(lo[0]!, lo[0]!, mode));
          continue;
        }
        this.pos++;
        if (/^\\[dDwWsShHpP]/.test(s.slice(this.pos, this.pos + 2)))
          this.fail("unmatched range specifier in char-class");
        const hi = this.classChars();
        if (hi.length !== 1) this.fail("unmatched range specifier in char-class");
        if (hi[0]! < lo[0]!) this.fail("empty range in char class");
        add(this.charRange(lo[0]!, hi[0]!, mode));
        continue;
      }
      for (const cp of lo) add(this.charRange(cp, cp, mode));
    }
    let set: CharSet = current ?? (result === null ? this.fail("empty char-class") : ranges());
    if (result !== null) set = intersect(result, set, this.emit);
    return negated ? complement(set, this.emit) : set;
  }

  /** One literal character (or several, `\u{41 42}`) in a class; `\b` there is a backspace. */
  private classChars(): number[] {
    const s = this.src;
    if (s[this.pos] === "\\") {
      const e = s[this.pos + 1];
      if (e === "b") {
        this.pos += 2;
        return [8];
      }
      if (e !== undefined && /[1-7]/.test(e)) {
        const octal = /^[0-7]{1,3}/.exec(s.slice(this.pos + 1))![0];
        this.pos += 1 + octal.length;
        this.changed = true;
        return [parseInt(octal, 8)];
      }
      if (e !== undefined && /[AzZGKXRNOykg89]/.test(e)) {
        // Outside a class these are anchors, escapes or references; in one, Onigmo reads the letter.
        this.pos += 2;
        this.changed = true;
        return [e.codePointAt(0)!];
      }
      return this.escapedChars();
    }
    const cp = s.codePointAt(this.pos)!;
    this.pos += cp > 0xffff ? 2 : 1;
    return [cp];
  }

  private charRange(lo: number, hi: number, mode: Mode): CharSet {
    if (hi > 0xffff) this.unicode = true;
    const rs: Range[] = [[lo, hi]];
    return ranges(...(this.spellCase(mode) ? caseClosed(rs) : rs));
  }

  // --- sets to source

  /** A set as one atom: `bare` (an escape outside a class) gives `\d`, `\P{L}` where the set is one such. */
  private setAtom(set: CharSet, bare = false): string {
    if (bare && set.kind === "class" && set.frags.length === 1 && set.ranges.length === 0) {
      const f = set.frags[0]!;
      if (!set.negated) return f;
      if (f === "\\d" || f === "\\w") return f.toUpperCase();
      if (f.startsWith("\\p{")) return "\\P" + f.slice(2);
    }
    return this.setSource(set);
  }

  private setSource(set: CharSet): string {
    if (set.kind === "expr") return set.source;
    let body = set.frags.join("");
    for (const [lo, rawHi] of set.ranges) {
      if (!this.unicode && lo > 0xffff) continue;
      const hi = this.unicode ? rawHi : Math.min(rawHi, 0xffff);
      body +=
        lo === hi
          ? charSource(lo, true, this.unicode)
          : `${charSource(lo, true, this.unicode)}-${charSource(hi, true, this.unicode)}`;
    }
    if (body === "") return set.negated ? "[\\s\\S]" : "(?!)";
    return `[${set.negated ? "^" : ""}${body}]`;
  }
}
