/**
 * What switchyard knows about the RegExps it made from Ruby regexps (`pattern/ruby-regexp.ts`):
 * the Ruby regexp each one was translated from, as the sheet and Rails' messages print it, and
 * how Ruby counts its capture groups. Kept beside the RegExp (a WeakMap, so a RegExp stays a
 * plain RegExp for V8's fast paths) and read by the printers and the regexp builders.
 */

/** A Ruby regexp as written: its source (as Ruby's `Regexp#source` has it) and its flags (`i`, `m`, `x`). */
export interface RubyForm {
  readonly source: string;
  readonly flags: string;
}

/** A translated RegExp's facts. */
export interface RegExpFacts {
  /** The Ruby regexp it means, when it is not the RegExp's own source and flags. */
  readonly ruby: RubyForm | null;
  /** Ruby's capture count (with named groups, only those capture) and the names, in order. */
  readonly captures: number;
  readonly names: readonly string[];
}

const facts = new WeakMap<RegExp, RegExpFacts>();

export function recordFacts(re: RegExp, f: RegExpFacts): void {
  facts.set(re, f);
}

/** The facts of a RegExp switchyard translated (or checked), or undefined for any other. */
export function factsOf(re: RegExp): RegExpFacts | undefined {
  return facts.get(re);
}

/** The Ruby regexp a RegExp was translated from, or undefined when it means its own source. */
export function rubyFormOf(re: RegExp): RubyForm | undefined {
  return facts.get(re)?.ruby ?? undefined;
}
