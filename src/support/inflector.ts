/**
 * ActiveSupport::Inflector's string methods that need no rules (Rails 6.1 `inflector/methods.rb`):
 * camelize, underscore and demodulize, and the acronyms they use (`inflect.acronym("API")`), held
 * once for the global registry. The rules (plural, singular, uncountable, human), the English
 * defaults and the Ruby regexp translation they are compiled with live in inflections.ts, so that
 * a bundle that only names a controller (`API::UsersController`) or underscores one carries none
 * of them.
 */
import { escapeRegExp } from "./regexp-escape.js";
import { RUBY_BOUNDARY, RUBY_LINE_START } from "./ruby-anchors.js";

/** A registry's acronyms, and the two regexps camelize and underscore build from them. */
export class Acronyms {
  /** Acronyms, keyed by their lower-case form. */
  readonly words = new Map<string, string>();
  #camelizeRegex!: RegExp;
  #underscoreRegex!: RegExp;

  constructor() {
    this.#define();
  }

  /** Rails' `acronyms_camelize_regex`: a leading acronym or letter, for lowerCamelCase. */
  get camelizeRegex(): RegExp {
    return this.#camelizeRegex;
  }

  /** Rails' `acronyms_underscore_regex` (global): an acronym to split off as one word. */
  get underscoreRegex(): RegExp {
    return this.#underscoreRegex;
  }

  /** Registers `word` (`"HTML"`, `"RESTful"`). */
  add(word: string): void {
    this.words.set(word.toLowerCase(), word);
    this.#define();
  }

  /** Drops every acronym. */
  clear(): void {
    this.words.clear();
    this.#define();
  }

  /** Makes these acronyms a copy of `source`'s. */
  copy(source: Acronyms): void {
    this.words.clear();
    for (const [k, v] of source.words) this.words.set(k, v);
    this.#define();
  }

  // Rails' /^(?:#{acronym_regex}(?=\b|[A-Z_])|\w)/ and /(?:(?<=([A-Za-z\d]))|\b)(#{acronym_regex})(?=\b|[^a-z])/,
  // with Ruby's `^` and `\b`.
  #define(): void {
    const values = [...this.words.values()];
    const acronym = values.length === 0 ? "(?=a)b" : values.map(escapeRegExp).join("|");
    this.#camelizeRegex = new RegExp(`${RUBY_LINE_START}(?:(?:${acronym})(?=${RUBY_BOUNDARY}|[A-Z_])|\\w)`, "u");
    this.#underscoreRegex = new RegExp(
      `(?:(?<=([A-Za-z\\d]))|${RUBY_BOUNDARY})((?:${acronym}))(?=${RUBY_BOUNDARY}|[^a-z])`,
      "gu",
    );
  }
}

let shared: Acronyms | undefined;

/** The global registry's acronyms (`inflections().acronym(...)` adds to them; `resetInflections()` clears them). */
export function acronyms(): Acronyms {
  shared ??= new Acronyms();
  return shared;
}

/** Upper-cases the first character and lower-cases the rest (Ruby `String#capitalize`). */
function capitalize(s: string): string {
  const first = s.codePointAt(0);
  if (first === undefined) return s;
  const n = first > 0xffff ? 2 : 1;
  return s.slice(0, n).toUpperCase() + s.slice(n).toLowerCase();
}

/** UpperCamelCase (or lowerCamelCase) from underscored words, `/` becoming `::`: `"admin/users"` → `"Admin::Users"`. */
export function camelize(term: string, uppercaseFirst = true): string {
  const { words, camelizeRegex } = acronyms();
  let s = term;
  if (uppercaseFirst) {
    s = s.replace(/^[a-z\d]*/, (m) => words.get(m) ?? capitalize(m));
  } else {
    s = s.replace(camelizeRegex, (m) => m.toLowerCase());
  }
  s = s.replace(
    /(?:_|(\/))([a-z\d]*)/giu,
    (_m, slash: string | undefined, word: string) => `${slash ?? ""}${words.get(word) ?? capitalize(word)}`,
  );
  return s.replaceAll("/", "::");
}

/** snake_case from CamelCase, `::` becoming `/` (`"Admin::UserPermissions"` → `"admin/user_permissions"`). */
export function underscore(camelCasedWord: string): string {
  if (!/[A-Z-]|::/.test(camelCasedWord)) return camelCasedWord;
  let word = camelCasedWord.replaceAll("::", "/");
  word = word.replace(
    acronyms().underscoreRegex,
    (_m, before: string | undefined, acronym: string) => `${before !== undefined ? "_" : ""}${acronym.toLowerCase()}`,
  );
  word = word.replace(
    /([A-Z])(?=[A-Z][a-z])|([a-z\d])(?=[A-Z])/g,
    (_m, a: string | undefined, b: string | undefined) => (a ?? b ?? "") + "_",
  );
  return word.replaceAll("-", "_").toLowerCase();
}

// Exported for its unit test, which pins Rails' table; routing does not call it.
/** The last segment of a `::` path (`"Admin::UsersController"` → `"UsersController"`). */
export function demodulize(path: string): string {
  const i = path.lastIndexOf("::");
  return i === -1 ? path : path.slice(i + 2);
}
