/**
 * A port of ActiveSupport::Inflector (Rails 6.1) for English: the rule registry
 * (`ActiveSupport::Inflector.inflections(:en)`), the default English inflection table, and the
 * string methods that apply its rules (pluralize, singularize, humanize). camelize, underscore and
 * the acronyms they use are in inflector.ts, which needs none of this file.
 *
 * Why not an npm package: `inflection` and `pluralize` each disagree with Rails on about 7 of 55
 * common nouns (analyses, axes, shoes, heroes, media, cafes, octopi, ...), and route names and
 * controller names must come out exactly as Rails makes them. So this file ports the semantics
 * and the rule data of activesupport-6.1 `inflector/inflections.rb`, `inflections.rb` and
 * `inflector/methods.rb`, and its tests check it against Ruby's output.
 *
 * Ruby regexps differ from JavaScript's in ways that matter here: `^`/`$` are line anchors,
 * `\b` is Unicode-aware while `\w` and `\d` are ASCII, and `/i` folds case for non-ASCII too.
 * Built-in rules are therefore compiled once through {@link rubyRegExp}, which rewrites those
 * constructs into equivalent JavaScript (always with the `u` flag). RegExps passed in by users
 * are used as given (JavaScript semantics), except that `g`/`y` flags are dropped, since a rule
 * replaces the first match only (Ruby `sub!`).
 */
import { escapeRegExp } from "./regexp-escape.js";
import { BoundedCache } from "./bounded-cache.js";
import { Acronyms, acronyms as globalAcronyms } from "./inflector.js";
import {
  RUBY_BOUNDARY,
  RUBY_LINE_END,
  RUBY_LINE_START,
  RUBY_NON_BOUNDARY,
  RUBY_STRING_END,
  RUBY_STRING_END_NL,
  RUBY_STRING_START,
} from "./ruby-anchors.js";

/** A rule as registered: the pattern (RegExp or literal string) and its replacement. */
export type InflectionRule = readonly [rule: RegExp | string, replacement: string];

/** What {@link Inflections.clear} can clear. */
export type InflectionScope = "all" | "plurals" | "singulars" | "uncountables" | "humans" | "acronyms";

/** A rule compiled for application. */
interface CompiledRule {
  readonly rule: RegExp | string;
  readonly replacement: string;
  readonly re: RegExp;
  readonly template: readonly TemplatePart[];
}

interface Uncountable {
  readonly word: string;
  /** Made when first needed: the 10 default entries' Unicode regexps cost ~5 ms of CPU to make at import, and most words never reach them. */
  re: RegExp | undefined;
  /** Whether `word` is all ASCII (then an ASCII word can only match by ending with it). */
  readonly ascii: boolean;
}

const ASCII = /^[\x00-\x7f]*$/;

/**
 * Compiles Ruby regexp source into an equivalent JavaScript RegExp (with the `u` flag): `^`/`$`
 * become line anchors, `\A`, `\z`, `\Z` string anchors, and `\b`/`\B` Unicode word boundaries.
 * Handles the subset of Ruby syntax used by the inflector (no nested character classes).
 */
function rubyRegExp(source: RegExp | string, flags = ""): RegExp {
  if (source instanceof RegExp) {
    flags = source.flags;
    source = source.source;
  }
  let out = "";
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === "\\") {
      const n = source[++i] ?? "";
      if (inClass) out += c + n;
      else if (n === "b") out += RUBY_BOUNDARY;
      else if (n === "B") out += RUBY_NON_BOUNDARY;
      else if (n === "A") out += RUBY_STRING_START;
      else if (n === "z") out += RUBY_STRING_END;
      else if (n === "Z") out += RUBY_STRING_END_NL;
      else out += c + n;
    } else if (inClass) {
      if (c === "]") inClass = false;
      out += c;
    } else if (c === "[") {
      inClass = true;
      out += c;
      if (source[i + 1] === "^") out += source[++i];
    } else if (c === "^") out += RUBY_LINE_START;
    else if (c === "$") out += RUBY_LINE_END;
    else out += c;
  }
  return new RegExp(out, flags.includes("u") ? flags : flags + "u");
}

/** Literal text, case-insensitive, as Ruby's inline `(?i)` would match it. */
function caseInsensitiveSource(s: string): string {
  let out = "";
  for (const c of s) {
    const variants = [...new Set([c, c.toLowerCase(), c.toUpperCase()])].filter((v) => [...v].length === 1);
    if (variants.length === 1) out += escapeRegExp(c);
    else out += `[${variants.map((v) => v.replace(/[\\\]\[^-]/g, "\\$&")).join("")}]`;
  }
  return out;
}

/** One piece of a compiled replacement: literal text, a group number, a group name, or pre/post-match. */
type TemplatePart = string | number | { readonly name: string } | { readonly side: "pre" | "post" };

/**
 * Compiles a replacement string once. Both notations are understood:
 * - Ruby's (as in a Rails initializer): `\1`..`\9` and `\0`/`\&` (a group that did not take
 *   part, or does not exist, gives ""), `\k<name>`, `` \` ``, `\'`, and `\\` for a backslash;
 * - JavaScript's `String#replace` syntax: `$1`/`$01`, `$&`, `` $` ``, `$'`, `$<name>`, `$$`.
 */
function compileReplacement(replacement: string, groupCount: number, hasNames: boolean): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let text = "";
  const push = (part: TemplatePart) => {
    if (text !== "") parts.push(text);
    text = "";
    parts.push(part);
  };
  for (let i = 0; i < replacement.length; i++) {
    const c = replacement[i]!;
    const n = replacement[i + 1] ?? "";
    if (c === "\\") {
      if (/[0-9]/.test(n)) push(Number(n));
      else if (n === "&") push(0);
      else if (n === "`") push({ side: "pre" });
      else if (n === "'") push({ side: "post" });
      else if (n === "\\") text += "\\";
      else if (n === "k" && replacement[i + 2] === "<" && replacement.indexOf(">", i + 3) !== -1) {
        const close = replacement.indexOf(">", i + 3);
        push({ name: replacement.slice(i + 3, close) });
        i = close - 1;
      } else {
        text += c;
        continue;
      }
      i++;
    } else if (c === "$") {
      const two = /^[0-9]{2}/.test(replacement.slice(i + 1, i + 3)) ? Number(replacement.slice(i + 1, i + 3)) : 0;
      if (n === "$") text += "$";
      else if (n === "&") push(0);
      else if (n === "`") push({ side: "pre" });
      else if (n === "'") push({ side: "post" });
      else if (two >= 1 && two <= groupCount) {
        push(two);
        i++;
      } else if (/[1-9]/.test(n) && Number(n) <= groupCount) push(Number(n));
      else if (n === "<" && hasNames && replacement.indexOf(">", i + 2) !== -1) {
        const close = replacement.indexOf(">", i + 2);
        push({ name: replacement.slice(i + 2, close) });
        i = close - 1;
      } else {
        text += c;
        continue;
      }
      i++;
    } else text += c;
  }
  if (text !== "") parts.push(text);
  return parts;
}

/** Escapes text so {@link compileReplacement} inserts it literally. */
function literalReplacement(s: string): string {
  return s.replace(/[\\$]/g, (c) => c + c);
}

function compileRule(rule: RegExp | string, replacement: string): CompiledRule {
  const re =
    typeof rule === "string"
      ? new RegExp(escapeRegExp(rule), "u")
      : rule.global || rule.sticky
        ? new RegExp(rule.source, rule.flags.replace(/[gy]/g, ""))
        : rule;
  const groupCount = new RegExp(`(?:${re.source})|`, re.flags).exec("")!.length - 1;
  const hasNames = /\(\?<(?![=!])/.test(re.source);
  return { rule, replacement, re, template: compileReplacement(replacement, groupCount, hasNames) };
}

/** Ruby `sub!` over a rule list: replaces the first match of the first rule that matches. */
function applyFirst(word: string, rules: readonly CompiledRule[]): string | undefined {
  for (const r of rules) {
    const m = r.re.exec(word);
    if (m === null) continue;
    let out = word.slice(0, m.index);
    for (const part of r.template) {
      if (typeof part === "string") out += part;
      else if (typeof part === "number") out += m[part] ?? "";
      else if ("name" in part) out += m.groups?.[part.name] ?? "";
      else out += part.side === "pre" ? word.slice(0, m.index) : word.slice(m.index + m[0].length);
    }
    return out + word.slice(m.index + m[0].length);
  }
  return undefined;
}

function flattenWords(words: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const w of words) {
    if (Array.isArray(w)) out.push(...flattenWords(w));
    else out.push(String(w));
  }
  return out;
}

const CACHE_LIMIT = 2000;

/** Restores one registry from another (defined in the class's static block). */
let copyInflections!: (target: Inflections, source: Inflections) => void;
/** Makes a registry whose acronyms are `acronyms` (defined in the class's static block). */
let withAcronyms!: (acronyms: Acronyms) => Inflections;

/**
 * A registry of inflection rules, like `ActiveSupport::Inflector::Inflections`. `new Inflections()`
 * is an empty one; {@link inflections} is the global English one, which camelize and underscore read.
 */
export class Inflections {
  #plurals: CompiledRule[] = [];
  #singulars: CompiledRule[] = [];
  #uncountables: Uncountable[] = [];
  #humans: CompiledRule[] = [];
  #acronyms = new Acronyms();
  #pluralCache = new BoundedCache<string, string>(CACHE_LIMIT);
  #singularCache = new BoundedCache<string, string>(CACHE_LIMIT);

  static {
    copyInflections = (target, source) => {
      target.#plurals = source.#plurals.slice();
      target.#singulars = source.#singulars.slice();
      target.#uncountables = source.#uncountables.slice();
      target.#humans = source.#humans.slice();
      target.#acronyms.copy(source.#acronyms);
      target.#changed();
    };
    withAcronyms = (acronyms) => {
      const registry = new Inflections();
      registry.#acronyms = acronyms;
      return registry;
    };
  }

  /** Plural rules, in the order they are tried (most recently registered first). */
  get plurals(): readonly InflectionRule[] {
    return this.#plurals.map((r) => [r.rule, r.replacement] as const);
  }

  /** Singular rules, in the order they are tried (most recently registered first). */
  get singulars(): readonly InflectionRule[] {
    return this.#singulars.map((r) => [r.rule, r.replacement] as const);
  }

  /** Humanize rules, in the order they are tried (most recently registered first). */
  get humans(): readonly InflectionRule[] {
    return this.#humans.map((r) => [r.rule, r.replacement] as const);
  }

  /** Uncountable words (lower-cased), in registration order. */
  get uncountables(): readonly string[] {
    return this.#uncountables.map((u) => u.word);
  }

  /** Acronyms, keyed by their lower-case form. */
  get acronyms(): ReadonlyMap<string, string> {
    return this.#acronyms.words;
  }

  /** Regexp camelize uses to lower-case a leading acronym or letter (Rails' `acronyms_camelize_regex`). */
  get acronymsCamelizeRegex(): RegExp {
    return this.#acronyms.camelizeRegex;
  }

  /** Regexp underscore uses to split acronyms (Rails' `acronyms_underscore_regex`; global). */
  get acronymsUnderscoreRegex(): RegExp {
    return this.#acronyms.underscoreRegex;
  }

  /**
   * Whether `word` is uncountable: it ends with an uncountable word (case-insensitively) that
   * starts at a word boundary (`\b`), so `user-sheep` and `admin/sheep` are, `user_sheep` is not.
   */
  isUncountable(word: string): boolean {
    // The Unicode-aware RegExps cost ~18 µs per new word for the default list (measured cold, as
    // in a first draw, which singularizes ~700 new words for 10,000 routes); with this test ~2 µs.
    // An ASCII word matches an ASCII entry only if it ends with it (case aside, before an
    // optional final newline), so that is checked first.
    const lower = ASCII.test(word) ? word.toLowerCase() : undefined;
    return this.#uncountables.some(
      (u) =>
        (lower === undefined || !u.ascii || lower.endsWith(u.word) || lower.endsWith(`${u.word}\n`)) &&
        (u.re ??= new RegExp(`${RUBY_BOUNDARY}${escapeRegExp(u.word)}${RUBY_STRING_END_NL}`, "iu")).test(word),
    );
  }

  /**
   * Registers an acronym (`"HTML"`, `"API"`, `"RESTful"`): camelize and underscore keep it as
   * one unit, e.g. `underscore("HTMLParser")` is `html_parser` and its camelize is `HTMLParser`.
   */
  acronym(word: string): void {
    this.#acronyms.add(word);
    this.#changed();
  }

  /**
   * Adds a plural rule, tried before all existing ones. A string rule matches literally and
   * case-sensitively anywhere in the word. The replacement may use `String#replace` syntax
   * (`$1`, `$&`, `$$`) or Ruby's (`\1`, `\0`; a missing group gives "").
   */
  plural(rule: RegExp | string, replacement: string): void {
    if (typeof rule === "string") this.#deleteUncountable(rule);
    this.#deleteUncountable(replacement);
    this.#plurals.unshift(compileRule(rule, replacement));
    this.#changed();
  }

  /** Adds a singular rule, tried before all existing ones (same rule syntax as {@link plural}). */
  singular(rule: RegExp | string, replacement: string): void {
    if (typeof rule === "string") this.#deleteUncountable(rule);
    this.#deleteUncountable(replacement);
    this.#singulars.unshift(compileRule(rule, replacement));
    this.#changed();
  }

  /**
   * Adds an irregular pair (`irregular("person", "people")`), matched at the end of a word; the
   * case of the first letter is kept. Removes both words from the uncountables.
   */
  irregular(singular: string, plural: string): void {
    this.#deleteUncountable(singular);
    this.#deleteUncountable(plural);
    const [s0 = "", ...sRestChars] = [...singular];
    const [p0 = "", ...pRestChars] = [...plural];
    if (s0 === "" || p0 === "") throw new TypeError("irregular: words must not be empty");
    const srest = sRestChars.join("");
    const prest = pRestChars.join("");

    const ruby = (pattern: string) => rubyRegExp(pattern, "i");
    if (s0.toUpperCase() === p0.toUpperCase()) {
      this.plural(ruby(`(${escapeRegExp(s0)})${escapeRegExp(srest)}$`), "\\1" + literalReplacement(prest));
      this.plural(ruby(`(${escapeRegExp(p0)})${escapeRegExp(prest)}$`), "\\1" + literalReplacement(prest));
      this.singular(ruby(`(${escapeRegExp(s0)})${escapeRegExp(srest)}$`), "\\1" + literalReplacement(srest));
      this.singular(ruby(`(${escapeRegExp(p0)})${escapeRegExp(prest)}$`), "\\1" + literalReplacement(srest));
    } else {
      // Ruby: /#{s0.upcase}(?i)#{srest}$/ — the first letter is matched case-sensitively.
      const firstExact = (first: string, rest: string) =>
        rubyRegExp(`${escapeRegExp(first)}${caseInsensitiveSource(rest)}$`);
      const lit = literalReplacement;
      this.plural(firstExact(s0.toUpperCase(), srest), lit(p0.toUpperCase() + prest));
      this.plural(firstExact(s0.toLowerCase(), srest), lit(p0.toLowerCase() + prest));
      this.plural(firstExact(p0.toUpperCase(), prest), lit(p0.toUpperCase() + prest));
      this.plural(firstExact(p0.toLowerCase(), prest), lit(p0.toLowerCase() + prest));
      this.singular(firstExact(s0.toUpperCase(), srest), lit(s0.toUpperCase() + srest));
      this.singular(firstExact(s0.toLowerCase(), srest), lit(s0.toLowerCase() + srest));
      this.singular(firstExact(p0.toUpperCase(), prest), lit(s0.toUpperCase() + srest));
      this.singular(firstExact(p0.toLowerCase(), prest), lit(s0.toLowerCase() + srest));
    }
  }

  /** Marks words (or arrays of words) as uncountable: pluralize and singularize leave them alone. */
  uncountable(...words: (string | readonly string[])[]): void {
    for (const w of flattenWords(words)) {
      const word = w.toLowerCase();
      this.#uncountables.push({ word, re: undefined, ascii: ASCII.test(word) });
    }
    this.#changed();
  }

  /** Adds a humanize rule, tried before all existing ones (same rule syntax as {@link plural}). */
  human(rule: RegExp | string, replacement: string): void {
    this.#humans.unshift(compileRule(rule, replacement));
    this.#changed();
  }

  /** Clears rules: `"all"` (the default) clears plurals, singulars, uncountables and humans. */
  clear(scope: InflectionScope = "all"): void {
    switch (scope) {
      case "all":
        this.#plurals = [];
        this.#singulars = [];
        this.#uncountables = [];
        this.#humans = [];
        break;
      case "plurals":
        this.#plurals = [];
        break;
      case "singulars":
        this.#singulars = [];
        break;
      case "uncountables":
        this.#uncountables = [];
        break;
      case "humans":
        this.#humans = [];
        break;
      case "acronyms":
        this.#acronyms.clear();
        break;
    }
    this.#changed();
  }

  /** Pluralizes with this registry's rules (see {@link pluralize}). */
  pluralize(word: string): string {
    return this.#inflect(word, this.#plurals, this.#pluralCache);
  }

  /** Singularizes with this registry's rules (see {@link singularize}). */
  singularize(word: string): string {
    return this.#inflect(word, this.#singulars, this.#singularCache);
  }

  /** Applies this registry's humanize rules: the first one that matches, if any. */
  applyHumans(word: string): string {
    return applyFirst(word, this.#humans) ?? word;
  }

  /** Ruby `apply_inflections`. */
  #inflect(word: string, rules: readonly CompiledRule[], cache: Map<string, string>): string {
    const hit = cache.get(word);
    if (hit !== undefined) return hit;
    const result = word === "" || this.isUncountable(word) ? word : (applyFirst(word, rules) ?? word);
    cache.set(word, result);
    return result;
  }

  #deleteUncountable(entry: string): void {
    this.#uncountables = this.#uncountables.filter((u) => u.word !== entry);
  }

  #changed(): void {
    this.#pluralCache.clear();
    this.#singularCache.clear();
  }
}

/** The default English rules (activesupport-6.1 `inflections.rb`), in registration order. */
function loadEnglish(inflect: Inflections): void {
  const plurals: [RegExp, string][] = [
    [/$/, "s"],
    [/s$/i, "s"],
    [/^(ax|test)is$/i, "$1es"],
    [/(octop|vir)us$/i, "$1i"],
    [/(octop|vir)i$/i, "$1i"],
    [/(alias|status)$/i, "$1es"],
    [/(bu)s$/i, "$1ses"],
    [/(buffal|tomat)o$/i, "$1oes"],
    [/([ti])um$/i, "$1a"],
    [/([ti])a$/i, "$1a"],
    [/sis$/i, "ses"],
    [/(?:([^f])fe|([lr])f)$/i, "$1$2ves"],
    [/(hive)$/i, "$1s"],
    [/([^aeiouy]|qu)y$/i, "$1ies"],
    [/(x|ch|ss|sh)$/i, "$1es"],
    [/(matr|vert|ind)(?:ix|ex)$/i, "$1ices"],
    [/^(m|l)ouse$/i, "$1ice"],
    [/^(m|l)ice$/i, "$1ice"],
    [/^(ox)$/i, "$1en"],
    [/^(oxen)$/i, "$1"],
    [/(quiz)$/i, "$1zes"],
  ];
  const singulars: [RegExp, string][] = [
    [/s$/i, ""],
    [/(ss)$/i, "$1"],
    [/(n)ews$/i, "$1ews"],
    [/([ti])a$/i, "$1um"],
    [/((a)naly|(b)a|(d)iagno|(p)arenthe|(p)rogno|(s)ynop|(t)he)(sis|ses)$/i, "$1sis"],
    [/(^analy)(sis|ses)$/i, "$1sis"],
    [/([^f])ves$/i, "$1fe"],
    [/(hive)s$/i, "$1"],
    [/(tive)s$/i, "$1"],
    [/([lr])ves$/i, "$1f"],
    [/([^aeiouy]|qu)ies$/i, "$1y"],
    [/(s)eries$/i, "$1eries"],
    [/(m)ovies$/i, "$1ovie"],
    [/(x|ch|ss|sh)es$/i, "$1"],
    [/^(m|l)ice$/i, "$1ouse"],
    [/(bus)(es)?$/i, "$1"],
    [/(o)es$/i, "$1"],
    [/(shoe)s$/i, "$1"],
    [/(cris|test)(is|es)$/i, "$1is"],
    [/^(a)x[ie]s$/i, "$1xis"],
    [/(octop|vir)(us|i)$/i, "$1us"],
    [/(alias|status)(es)?$/i, "$1"],
    [/^(ox)en/i, "$1"],
    [/(vert|ind)ices$/i, "$1ex"],
    [/(matr)ices$/i, "$1ix"],
    [/(quiz)zes$/i, "$1"],
    [/(database)s$/i, "$1"],
  ];
  for (const [rule, replacement] of plurals) inflect.plural(rubyRegExp(rule), replacement);
  for (const [rule, replacement] of singulars) inflect.singular(rubyRegExp(rule), replacement);

  inflect.irregular("person", "people");
  inflect.irregular("man", "men");
  inflect.irregular("child", "children");
  inflect.irregular("sex", "sexes");
  inflect.irregular("move", "moves");
  inflect.irregular("zombie", "zombies");

  inflect.uncountable([
    "equipment",
    "information",
    "rice",
    "money",
    "species",
    "series",
    "fish",
    "sheep",
    "jeans",
    "police",
  ]);
}

// The English rules and the global registry are compiled on first use, not at import: their Ruby
// regexps cost 7-10 ms of CPU (the first `pluralize`, in-process, five runs), which an import
// that never inflects (a precompiled table, a CLI command) need not pay.
let defaults: Inflections | undefined;
let globalRegistry: Inflections | undefined;

/** The default English rules, compiled once. */
function englishDefaults(): Inflections {
  if (defaults === undefined) {
    defaults = new Inflections();
    loadEnglish(defaults);
  }
  return defaults;
}

/** The global registry (see {@link inflections}); its acronyms are the ones camelize and underscore read. */
function registry(): Inflections {
  if (globalRegistry === undefined) {
    globalRegistry = withAcronyms(globalAcronyms());
    copyInflections(globalRegistry, englishDefaults());
  }
  return globalRegistry;
}

/**
 * The global English registry, like `ActiveSupport::Inflector.inflections(:en)`; with a
 * callback, configures it first (`inflections((inflect) => inflect.irregular("cow", "kine"))`).
 */
export function inflections(configure?: (inflect: Inflections) => void): Inflections {
  const global = registry();
  configure?.(global);
  return global;
}

/** Restores the global registry to the default English rules (drops user rules and acronyms). */
export function resetInflections(): void {
  copyInflections(registry(), englishDefaults());
}

/** The plural form of `word` (`"octopus"` → `"octopi"`, `"Person"` → `"People"`), as Rails makes it. */
export function pluralize(word: string): string {
  return registry().pluralize(word);
}

/** The singular form of `word` (`"analyses"` → `"analysis"`, `"People"` → `"Person"`), as Rails makes it. */
export function singularize(word: string): string {
  return registry().singularize(word);
}

/** Options for {@link humanize} and {@link titleize}. */
export interface HumanizeOptions {
  /** Upper-case the first letter (default true; humanize only). */
  capitalize?: boolean;
  /** Keep a trailing `_id` (default false). */
  keepIdSuffix?: boolean;
}

// Exported for its unit test, which pins Rails' table; routing does not call it (it is what `inflections.human` rules feed).
/** Human-readable text from an attribute name: `"employee_salary"` → `"Employee salary"`, `"author_id"` → `"Author"`. */
export function humanize(word: string, options: HumanizeOptions = {}): string {
  const global = registry();
  const acronyms = global.acronyms;
  let result = global.applyHumans(word);
  result = result.replace(/^_+/, "");
  if (!options.keepIdSuffix && result.endsWith("_id")) result = result.slice(0, -3);
  result = result.replaceAll("_", " ");
  result = result.replace(/([a-z\d]*)/giu, (m) => acronyms.get(m.toLowerCase()) ?? m.toLowerCase());
  if (options.capitalize ?? true) result = result.replace(/^\w/, (m) => m.toUpperCase());
  return result;
}
