import type { DFA, Expression, NFA, NoParent, Node } from "refa";
import { refa } from "./libs.js";
import { BoundedCache } from "../support/bounded-cache.js";

/**
 * Regular languages of JavaScript RegExps, with refa (finite automata over UTF-16 code units, or
 * code points for `u`/`v` regexps): the set of strings `re.test(s)` accepts, exactly where refa can
 * model the regexp, and otherwise a proven bound from the side that keeps a conclusion sound.
 *
 * - `"over"`: a superset. An assertion refa cannot resolve is taken as always true (every path it
 *   guarded stays); a regexp with a backreference refa cannot resolve has no language (null).
 * - `"under"`: a subset. An unresolved assertion or backreference is taken as never matching (the
 *   paths through it are dropped).
 *
 * So "every string of over(B) is in under(A)" proves L(B) ⊆ L(A) whatever refa could not model.
 * Replacing one assertion at a time is monotone because only outermost assertions are replaced:
 * one nested inside another goes with it.
 */
export type Bound = "over" | "under";

export interface Language {
  readonly nfa: NFA;
  /** 0xFFFF (UTF-16 code units) or 0x10FFFF (code points, `u`/`v` flags). */
  readonly maxCharacter: number;
  /** No approximation was needed: the NFA accepts exactly what the regexp tests true. */
  readonly exact: boolean;
}

/** Automata beyond this many states are not built: the question is left open rather than slow. */
const MAX_NODES = 20_000;

/** Flags that do not change which strings `test` accepts when it starts at index 0. */
const stateless = (flags: string) => flags.replace(/[gyd]/g, "");

/** Languages by bound, flags and source. Pure by key, and never changed by their users (refa builds new automata from them). */
const cache = new BoundedCache<string, Language | null>(50_000);

/** The language of `re` (what `re.test(s)` accepts, from index 0), or null where no bound could be built. */
export function languageOf(re: RegExp, bound: Bound): Language | null {
  const flags = stateless(re.flags);
  const key = `${bound} ${flags} ${re.source}`;
  let lang = cache.get(key);
  if (lang === undefined) {
    lang = build(re.source, flags, bound);
    cache.set(key, lang);
  }
  return lang;
}

function build(source: string, flags: string, bound: Bound): Language | null {
  try {
    const { start, end } = anchoring(source, flags);
    // `test` finds a match anywhere: the strings accepted are prefix · match · suffix, with the
    // regexp's own edge assertions checked against that text.
    const wrapped = `${start ? "" : "[^]*?"}(?:${source})${end ? "" : "[^]*"}`;
    const parser = refa().JS.Parser.fromLiteral({ source: wrapped, flags });
    const { expression, maxCharacter } = parser.parse({
      backreferences: bound === "under" ? "disable" : "unknown",
      maxNodes: MAX_NODES,
    });
    let expr: NoParent<Expression> = refa().transform(
      refa().Transformers.patternEdgeAssertions({ remove: true, inline: false }),
      expression,
    );
    if (hasNode(expr, "Assertion"))
      expr = refa().transform(
        refa().Transformers.patternEdgeAssertions({ remove: true }),
        refa().transform(refa().Transformers.simplify(), expr),
      );
    if (hasNode(expr, "Unknown")) return null; // over: an unresolved backreference
    const exact = !hasNode(expr, "Assertion");
    const nfa = refa().NFA.fromRegex(
      expr,
      { maxCharacter },
      { assertions: bound === "over" ? "ignore" : "disable", unknowns: "disable" },
      new (refa().NFA.LimitedNodeFactory)(MAX_NODES),
    );
    return { nfa, maxCharacter, exact };
  } catch (e) {
    // Too many nodes, or a construct refa refuses: no language rather than a guess.
    if (e instanceof Error) return null;
    throw e;
  }
}

/**
 * Whether every top-level alternative starts with `^` and ends with `$` (without the `m` flag):
 * the match then spans the whole string, and no free prefix or suffix is added around it.
 */
function anchoring(source: string, flags: string): { start: boolean; end: boolean } {
  if (flags.includes("m")) return { start: false, end: false };
  const { pattern } = refa().JS.Parser.fromLiteral({ source, flags }).ast;
  const isAssertion = (e: unknown, kind: "start" | "end") =>
    typeof e === "object" &&
    e !== null &&
    (e as { type?: string }).type === "Assertion" &&
    (e as { kind?: string }).kind === kind;
  return {
    start: pattern.alternatives.every((alt) => isAssertion(alt.elements[0], "start")),
    end: pattern.alternatives.every((alt) => isAssertion(alt.elements[alt.elements.length - 1], "end")),
  };
}

function hasNode(node: NoParent<Node>, type: "Assertion" | "Unknown"): boolean {
  switch (node.type) {
    case "Unknown":
    case "Assertion":
      return node.type === type || (node.type === "Assertion" && node.alternatives.some((a) => hasNode(a, type)));
    case "CharacterClass":
      return false;
    case "Concatenation":
      return node.elements.some((e) => hasNode(e, type));
    default:
      return node.alternatives.some((a) => hasNode(a, type));
  }
}

/** Intersection of languages over the same alphabet (a route's regexp and its simulator filter); null if none is given. */
export function intersectAll(langs: readonly Language[]): Language | null {
  if (langs.length === 0) return null;
  let nfa = langs[0]!.nfa;
  for (let i = 1; i < langs.length; i++) {
    if (langs[i]!.maxCharacter !== langs[0]!.maxCharacter) return null;
    try {
      nfa = refa().NFA.fromIntersection(nfa, langs[i]!.nfa, new (refa().NFA.LimitedNodeFactory)(MAX_NODES));
    } catch (e) {
      if (e instanceof refa().TooManyNodesError) return null;
      throw e;
    }
  }
  return { nfa, maxCharacter: langs[0]!.maxCharacter, exact: langs.every((l) => l.exact) };
}

// ------------------------------------------------------------------ normalized request paths

/**
 * Which request paths a proof covers.
 *
 * - `"any"`: every string `recognize` can be given, normalized (src/recognize/path.ts): a leading
 *   `/`, no empty segment (no `//`, no trailing `/` but for `/` itself), no `?` or `#` (the query
 *   and fragment are cut off), no `%` followed by two lower-case hex digits (they are upper-cased).
 *   Every such string is its own normal form, so this is exactly the set of paths a route is
 *   matched against.
 * - `"request"` (the default): those of them an HTTP request can carry: no control character, space
 *   or DEL, which a request line cannot hold (it is split at spaces and ends at CRLF; the WHATWG URL
 *   parser drops tabs and newlines and percent-encodes the rest). Characters beyond ASCII stay, as a
 *   lenient server may pass them raw. Journey's globs and dots (`[^\n]`) never match a newline, so
 *   under `"any"` a glob cannot be proven to answer every path a `:segment` matches.
 *
 * A proof over a set smaller than what reaches the matcher would miss requests; over these it
 * misses none (of the kind it names).
 */
export type PathDomain = "request" | "any";

const NORMAL_SHAPE: Record<PathDomain, string> = {
  any: String.raw`^\/(?:[^\/?#]+(?:\/[^\/?#]+)*)?$`,
  request: String.raw`^\/(?:[^\/?#\x00-\x20\x7f]+(?:\/[^\/?#\x00-\x20\x7f]+)*)?$`,
};
const LOWER_ESCAPE = "^[^]*%[a-f0-9]{2}[^]*$";

/** By alphabet and domain. Pure by key; read only (see `cache`). */
const normalPaths = new Map<string, DFA>();

/** The normalized request paths of a domain, as a minimal DFA over the given alphabet. */
export function normalizedPaths(maxCharacter: number, domain: PathDomain): DFA {
  const key = `${maxCharacter} ${domain}`;
  let dfa = normalPaths.get(key);
  if (dfa === undefined) {
    const flags = maxCharacter > 0xffff ? "u" : "";
    const shape = refa().DFA.fromFA(languageOf(new RegExp(NORMAL_SHAPE[domain], flags), "under")!.nfa);
    const lower = refa().DFA.fromFA(languageOf(new RegExp(LOWER_ESCAPE, flags), "under")!.nfa);
    lower.complement();
    dfa = refa().DFA.fromIntersection(shape, lower);
    dfa.minimize();
    normalPaths.set(key, dfa);
  }
  return dfa;
}

/** Whether a string is a normalized request path of the domain (what `normalizedPaths` accepts). */
export function isNormalPath(path: string, domain: PathDomain): boolean {
  return (
    path.charCodeAt(0) === 47 &&
    (path.length === 1 || path.charCodeAt(path.length - 1) !== 47) &&
    !path.includes("//") &&
    !/[?#]|%[a-f0-9]{2}/.test(path) &&
    (domain === "any" || !/[\x00-\x20\x7f]/.test(path))
  );
}

// ------------------------------------------------------------------ questions

/** L(sub) ⊆ L(sup), decided on the automata (`notSup` is the complement DFA of sup); null when the product exceeds the node limit. */
export function isSubset(sub: NFA, notSup: DFA): boolean | null {
  try {
    return refa().isDisjointWith(sub, notSup, MAX_NODES);
  } catch (e) {
    if (e instanceof refa().TooManyNodesError) return null;
    throw e;
  }
}

/** The complement of a language, as a refa().DFA (null when determinizing would exceed the node limit). */
export function complementOf(lang: Language): DFA | null {
  try {
    const dfa = refa().DFA.fromFA(lang.nfa, new (refa().DFA.LimitedNodeFactory)(MAX_NODES));
    dfa.complement();
    return dfa;
  } catch (e) {
    if (e instanceof refa().TooManyNodesError) return null;
    throw e;
  }
}

/** A language restricted to normalized request paths. */
export function withinNormalPaths(lang: Language, domain: PathDomain): NFA | null {
  try {
    return refa().NFA.fromIntersection(
      lang.nfa,
      normalizedPaths(lang.maxCharacter, domain),
      new (refa().NFA.LimitedNodeFactory)(MAX_NODES),
    );
  } catch (e) {
    if (e instanceof refa().TooManyNodesError) return null;
    throw e;
  }
}

/** Up to `count` readable words of an automaton, shortest first ("" for the empty word). */
export function sampleWords(nfa: NFA, maxCharacter: number, count: number): string[] {
  const out: string[] = [];
  const toString = maxCharacter > 0xffff ? refa().Words.fromUnicodeToString : refa().Words.fromUTF16ToString;
  for (const set of nfa.wordSets()) {
    out.push(toString(refa().Words.pickMostReadableWord(set)));
    if (out.length >= count) break;
  }
  return out;
}
