/**
 * Literal text as regexp source: every character a JS regexp gives a meaning (in `u` mode too)
 * escaped with a backslash, and `/` so that the source also prints as a regexp literal. What Ruby's
 * `Regexp.escape` is for here: a literal path segment in Journey's regexp, a string requirement,
 * text a filter or an inflection rule must match as written.
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
