/**
 * Ruby's (Onigmo's) anchors and word boundary, written as JavaScript `u`-mode regexp source: `^`
 * and `$` are line anchors in Ruby, `\A`, `\z` and `\Z` string anchors, and `\b` is Unicode-aware
 * (while `\w` and `\d` are ASCII in both). The acronym regexps (inflector.ts) and the inflection
 * rules' compiler (inflections.ts) are written with them.
 */
// Plain string literals, and the boundaries made by a call marked pure: a bundler drops an unused
// constant only if it can tell that making it runs no code (esbuild keeps a `String.raw` template
// or a `+` of constants), and camelize and underscore need `\b` but not `\B`.

/** A Unicode word character as Ruby's `\b` sees it. */
const WORD = "[\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}]";
/** Ruby `\b`. */
export const RUBY_BOUNDARY = /* @__PURE__ */ "(?:(?<=W)(?!W)|(?<!W)(?=W))".replaceAll("W", WORD);
/** Ruby `\B`. */
export const RUBY_NON_BOUNDARY = /* @__PURE__ */ "(?:(?<=W)(?=W)|(?<!W)(?!W))".replaceAll("W", WORD);
/** Ruby `^`. */
export const RUBY_LINE_START = "(?<![^\\n])";
/** Ruby `$`. */
export const RUBY_LINE_END = "(?![^\\n])";
/** Ruby `\A`. */
export const RUBY_STRING_START = "(?<![\\s\\S])";
/** Ruby `\z`. */
export const RUBY_STRING_END = "(?![\\s\\S])";
/** Ruby `\Z`: the end, or before a final newline. */
export const RUBY_STRING_END_NL = "(?=\\n?(?![\\s\\S]))";
