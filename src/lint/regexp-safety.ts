import type { AST as RegExpAST } from "@eslint-community/regexpp";
import { regexpp } from "./libs.js";
import type { DFA, NFA } from "refa";
import { refa } from "./libs.js";
import type { Report } from "scslre";
import { scslre } from "./libs.js";
import { ambiguityOf } from "./ambiguity.js";
import { inspectValue } from "../support/node-inspect.js";
import { rubyFormOf } from "../support/regexp-forms.js";
import { BoundedCache } from "../support/bounded-cache.js";

/**
 * Regexps that can backtrack super-linearly in V8 (catastrophic backtracking), from two analyses:
 *
 * - scslre (RunDevelopment): nested and adjacent quantifiers that can trade one character back
 *   and forth (`(a+)+`, `(\d+)*x`, `\d+\d+`, `(.*a){12}`), including regexps with assertions and
 *   backreferences, with fixes that provably match the same strings where it has one;
 * - the ambiguity of the regexp's position automaton (`ambiguity.ts`), for what scslre does not
 *   look for: repetitions whose alternatives match the same text in several ways (`(a|a)+`,
 *   `(a|aa)+`, `(a|b|ab)*c`, `(?:a|a?)+`) and multi-character trades (`(ab)*(ab)*`).
 *
 * Both report only proven causes: a regexp they pass may still be slow for reasons neither
 * models (see the report), but a regexp they flag takes super-linear time on some input.
 */
export interface BacktrackingFinding {
  readonly kind: "backtracking";
  readonly regexp: RegExp;
  /** Exponential (`(a+)+`), or polynomial of the given degree (`\d+\d+`: 2, `(.*a){12}`: 12). */
  readonly growth: "exponential" | "polynomial";
  readonly degree: number | null;
  /** The part of the source responsible (one or more quantifiers). */
  readonly part: string;
  /** A string the part matches in several ways: repeating it (then failing) multiplies the work. */
  readonly pump: string;
  /** A regexp that matches exactly the same strings without the problem, when one was found. */
  readonly fix: RegExp | null;
  /** What is wrong, where, and how to fix it. */
  readonly message: string;
}

export interface SafetyOptions {
  /**
   * How the regexp is used. `"segment"` (default): a segment requirement, embedded in the route's
   * regexp, where the rest of the path can always make a match fail. `"request"`: a request
   * constraint tested on its own (unanchored, as Ruby's `===`), where a repetition followed by
   * nothing that can fail ends the match on its first path and cannot be made to backtrack.
   */
  readonly usage?: "segment" | "request";
}

/**
 * Findings by usage, flags and source. Pure by key but for `regexp`, the RegExp the finding was
 * made for: another RegExp written alike gets the finding with its own (see `checkRegExp`).
 */
const cache = new BoundedCache<string, BacktrackingFinding | null>(10_000);

/** Whether `re` can backtrack super-linearly; the finding says where, why and how to fix it, or null. */
export function checkRegExp(re: RegExp, options: SafetyOptions = {}): BacktrackingFinding | null {
  const usage = options.usage ?? "segment";
  const ruby = rubyFormOf(re);
  const key = `${usage} ${re.flags} ${re.source}${ruby ? ` ${ruby.flags} ${ruby.source}` : ""}`;
  let hit = cache.get(key);
  if (hit === undefined) {
    hit = analyseRegExp(re, usage, { rounds: FIX_ROUNDS, budget: { left: FIX_BUDGET } });
    cache.set(key, hit);
  }
  return hit === null || hit.regexp === re ? hit : { ...hit, regexp: re };
}

interface Cause {
  readonly growth: "exponential" | "polynomial";
  readonly degree: number | null;
  /** Source ranges of the quantifiers at fault, and of the part to quote. */
  readonly quantifiers: readonly { start: number; end: number }[];
  readonly part: { start: number; end: number };
  readonly pump: string;
  readonly why: string;
  readonly advice: string;
  readonly fix: RegExp | null;
}

/**
 * The search for a fix: rounds of rewriting (a fix for one cause may leave another, fixed in the
 * next round), within a budget of analyses and DFA comparisons shared by the whole search, so that
 * a large regexp is answered in bounded time (with advice instead of a fix).
 */
interface FixSearch {
  rounds: number;
  budget: { left: number };
}
const FIX_ROUNDS = 3;
const FIX_BUDGET = 12;
/** Longer sources get advice only: their DFAs and analyses cost too much to try rewrites. */
const FIX_MAX_SOURCE = 60;

function analyseRegExp(re: RegExp, usage: "segment" | "request", search: FixSearch | null): BacktrackingFinding | null {
  const flags = re.flags.replace(/[gyd]/g, "");
  const withFix = search !== null && search.rounds > 0 && search.budget.left > 0 && re.source.length <= FIX_MAX_SOURCE;
  const cause = fromScslre(re.source, flags, usage, withFix) ?? fromAmbiguity(new RegExp(re.source, flags), usage);
  if (cause === null) return null;
  const fix = withFix
    ? (safeFix(sameLanguage(cause.fix, re.source, flags), usage, search) ??
      equivalentFix(re.source, flags, cause, usage, search))
    : null;
  const part = re.source.slice(cause.part.start, cause.part.end) || re.source;
  const time =
    cause.growth === "exponential"
      ? "exponential time"
      : `polynomial time (about n^${cause.degree ?? 2} steps for n characters)`;
  // A translated Ruby regexp is named as declared, then as the JavaScript the analysis read.
  const shown = rubyFormOf(re) ? `${inspectValue(re)} (in JavaScript ${String(re)})` : String(re);
  const message =
    `${shown} can take ${time} to fail: ${cause.why} ` +
    (fix ? `Use ${String(fix)} instead: it matches exactly the same strings.` : cause.advice);
  return {
    kind: "backtracking",
    regexp: re,
    growth: cause.growth,
    degree: cause.degree,
    part,
    pump: cause.pump,
    fix,
    message,
  };
}

// ------------------------------------------------------------------ scslre

function fromScslre(source: string, flags: string, usage: "segment" | "request", withFix: boolean): Cause | null {
  let reports: Report[];
  try {
    reports = scslre().analyse(
      { source, flags },
      { assumeRejectingSuffix: usage === "segment", reportTypes: { Move: false } },
    ).reports;
  } catch {
    return null;
  }
  if (reports.length === 0) return null;
  // The worst report: exponential first, then the highest degree.
  const degreeOf = (r: Report) => (r.exponential ? Infinity : r.type === "Self" ? Math.max(2, r.parentQuant.max) : 2);
  const report = [...reports].sort((a, b) => degreeOf(b) - degreeOf(a))[0]!;
  const degree = degreeOf(report);
  const pick = JSON.stringify(report.character.pick);
  const fixed = withFix ? report.fix() : undefined;
  const fix = fixed ? new RegExp(fixed.source, fixed.flags) : null;
  const range = (q: RegExpAST.Quantifier) => ({ start: q.start, end: q.end });
  if (report.type === "Self") {
    const q = report.quant.raw;
    const parent = report.parentQuant.raw;
    return {
      growth: degree === Infinity ? "exponential" : "polynomial",
      degree: degree === Infinity ? null : degree,
      quantifiers: [range(report.parentQuant)],
      part: range(report.parentQuant),
      pump: report.character.pick,
      why: `${q} is repeated by ${parent}, so a run of ${pick} can be split between the repetitions in ${degree === Infinity ? "exponentially" : "polynomially"} many ways, and each is tried before the match fails.`,
      advice: `Let only one of them repeat: drop the quantifier of ${q} or of ${parent}, or make what ${q} matches unable to start another repetition.`,
      fix,
    };
  }
  if (report.type === "Trade") {
    const a = report.startQuant;
    const b = report.endQuant;
    const [first, second] = a.start <= b.start ? [a, b] : [b, a];
    const part = first.end >= second.end ? range(first) : { start: first.start, end: second.end };
    return {
      growth: report.exponential ? "exponential" : "polynomial",
      degree: report.exponential ? null : 2,
      quantifiers: [range(first), range(second)],
      part,
      pump: report.character.pick,
      why: `${first.raw} and ${second.raw} can both match a run of ${pick}, so the run can be divided between them in many ways, and each is tried before the match fails.`,
      advice: `Make ${first.raw} and ${second.raw} unable to match the same characters (exclude ${pick} from one of them), or merge them into one quantifier.`,
      fix,
    };
  }
  return null;
}

// ------------------------------------------------------------------ position-automaton ambiguity

function fromAmbiguity(re: RegExp, usage: "segment" | "request"): Cause | null {
  const found = ambiguityOf(re);
  if (found === null) return null;
  if (usage === "request" && !canFailAfter(re, found.part.end)) return null;
  const part = re.source.slice(found.part.start, found.part.end);
  const pump = JSON.stringify(found.pump);
  return {
    growth: found.growth,
    degree: found.growth === "exponential" ? null : 2,
    quantifiers: found.quantifiers,
    part: found.part,
    pump: found.pump,
    why:
      found.growth === "exponential"
        ? `${part} can match ${pump} in more than one way, so each repetition of it multiplies the ways a longer text can be matched, and each is tried before the match fails.`
        : `the repetitions in ${part} can divide a run of ${pump} between them in many ways, and each is tried before the match fails.`,
    advice:
      found.growth === "exponential"
        ? `Make the alternatives of ${part} unable to match the same text (no alternative matching what another one, or two repetitions, match).`
        : `Make the repetitions in ${part} unable to match the same text, or merge them into one.`,
    fix: null,
  };
}

let regexpParser: InstanceType<ReturnType<typeof regexpp>["RegExpParser"]> | undefined;
const parser = () => (regexpParser ??= new (regexpp().RegExpParser)({ ecmaVersion: 2025 }));

function patternOf(source: string, flags: string): RegExpAST.Pattern | null {
  try {
    return parser().parsePattern(source, 0, source.length, {
      unicode: flags.includes("u"),
      unicodeSets: flags.includes("v"),
    });
  } catch {
    return null;
  }
}

/**
 * For a request constraint (tested unanchored): whether anything after the top-level element
 * holding `end` can fail to match. If nothing can, the first path that reaches it succeeds.
 */
function canFailAfter(re: RegExp, end: number): boolean {
  const pattern = patternOf(re.source, re.flags);
  if (pattern === null) return true;
  return pattern.alternatives.some((alt) => {
    const i = alt.elements.findIndex((el) => el.start < end && end <= el.end);
    return i >= 0 && alt.elements.slice(i + 1).some((el) => !nullable(el));
  });
}

function nullable(el: RegExpAST.Element): boolean {
  switch (el.type) {
    case "Quantifier":
      return el.min === 0 || nullable(el.element);
    case "Group":
    case "CapturingGroup":
      return el.alternatives.some((a) => a.elements.every(nullable));
    case "Assertion":
      // `$`, `\b`, lookarounds can fail.
      return false;
    case "Backreference":
      return true;
    default:
      return false;
  }
}

// ------------------------------------------------------------------ fixes

/**
 * A rewrite of the regexp that matches exactly the same strings and is not flagged: dropping the
 * outer or an inner quantifier of the part at fault, or one of its alternatives. Equality of the
 * languages is decided on minimal DFAs, so a suggested fix never changes what the route accepts.
 */
function equivalentFix(
  source: string,
  flags: string,
  cause: Cause,
  usage: "segment" | "request",
  search: FixSearch,
): RegExp | null {
  const pattern = patternOf(source, flags);
  if (pattern === null) return null;
  const edits = rewritesOf(source, pattern, cause);
  search.budget.left--;
  const original = languageKey(source, flags);
  if (original === null) return null;
  // A few rewrites at most: each costs an analysis and a DFA comparison.
  for (const edit of edits.slice(0, MAX_REWRITES)) {
    let candidate: RegExp;
    try {
      candidate = new RegExp(edit, flags);
    } catch {
      continue;
    }
    if (--search.budget.left < 0) return null;
    const lang = languageKey(edit, flags);
    if (lang === null || !equalLanguages(lang, original)) continue;
    const safe = safeFix(candidate, usage, search);
    if (safe !== null) return safe;
  }
  return null;
}

/** The rewrites `equivalentFix` tries, in order: for each quantifier at fault, itself once, an inner quantifier once, one alternative fewer. */
function rewritesOf(source: string, pattern: RegExpAST.Pattern, cause: Cause): string[] {
  const edits: string[] = [];
  const replace = (node: RegExpAST.Node, text: string) => source.slice(0, node.start) + text + source.slice(node.end);
  const atFault = quantifiersIn(pattern, (node) =>
    cause.quantifiers.some((r) => r.start === node.start && r.end === node.end),
  );
  for (const q of atFault) {
    // The quantifier once (or optional): (a+)+ -> (a+).
    edits.push(replace(q, q.min === 0 ? optional(q.element) : q.element.raw));
    // An inner quantifier once: (\d+)* -> (\d)*.
    for (const i of quantifiersIn(q.element, (node) => node !== q && node.max > 1))
      edits.push(replace(i, i.min === 0 ? optional(i.element) : i.element.raw));
    // One alternative fewer: (a|aa)+ -> (a)+.
    const el = q.element;
    if ((el.type === "Group" || el.type === "CapturingGroup") && el.alternatives.length > 1) {
      el.alternatives.forEach((alt, k) => {
        const from = k === 0 ? alt.start : el.alternatives[k - 1]!.end;
        const to = k === 0 ? el.alternatives[1]!.start : alt.end;
        edits.push(source.slice(0, from) + source.slice(to));
      });
    }
  }
  return edits;
}

/** The quantifiers in `root` (itself included) that pass `test`, in source order. */
function quantifiersIn(root: RegExpAST.Node, test: (node: RegExpAST.Quantifier) => boolean): RegExpAST.Quantifier[] {
  const found: RegExpAST.Quantifier[] = [];
  const visit = (node: RegExpAST.Node) => {
    if (node.type === "Quantifier" && test(node)) found.push(node);
    if ("alternatives" in node) for (const alt of node.alternatives) visit(alt);
    if ("elements" in node) for (const el of node.elements) visit(el);
    if (node.type === "Quantifier") visit(node.element);
  };
  visit(root);
  return found;
}

/**
 * scslre's own fix, when it matches exactly the strings `source` matches as a whole (as a route
 * segment's requirement is matched): scslre keeps what a regexp finds *somewhere* in a string,
 * which is not enough here (`(?:\w{1,3}\w)+` -> `(?:\w\w)+` drops "aaa").
 */
function sameLanguage(candidate: RegExp | null, source: string, flags: string): RegExp | null {
  if (candidate === null) return null;
  const original = languageKey(source, flags);
  const rewritten = languageKey(candidate.source, candidate.flags);
  return original !== null && rewritten !== null && equalLanguages(rewritten, original) ? candidate : null;
}

/** A rewrite that matches the same strings, or the rewrite of it that fixes what it still has (null if it has causes left). */
function safeFix(candidate: RegExp | null, usage: "segment" | "request", search: FixSearch): RegExp | null {
  if (candidate === null || --search.budget.left < 0) return null;
  const left = analyseRegExp(candidate, usage, { rounds: search.rounds - 1, budget: search.budget });
  return left === null ? candidate : left.fix;
}

const MAX_REWRITES = 8;

const optional = (el: RegExpAST.QuantifiableElement) =>
  el.type === "Character" ||
  el.type === "CharacterSet" ||
  el.type === "CharacterClass" ||
  el.type === "Group" ||
  el.type === "CapturingGroup"
    ? `${el.raw}?`
    : `(?:${el.raw})?`;

/**
 * Whether two DFAs accept the same strings: neither accepts a string outside the other. (refa's
 * `structurallyEqual` compares the graphs' shapes, not which states accept: it called
 * `(?:\w{1,3}\w)+` and `(?:\w\w)+` equal.)
 */
function equalLanguages(a: DFA, b: DFA): boolean {
  const notA = a.copy(),
    notB = b.copy();
  notA.complement();
  notB.complement();
  return refa().isDisjointWith(a, notB) && refa().isDisjointWith(b, notA);
}

/** The minimal DFA of the strings the whole pattern matches, when refa models it exactly. */
function languageKey(source: string, flags: string): DFA | null {
  try {
    const { expression, maxCharacter } = refa()
      .JS.Parser.fromLiteral({ source, flags })
      .parse({ backreferences: "throw" });
    let expr = refa().transform(refa().Transformers.patternEdgeAssertions({ remove: true }), expression);
    const nfa = (e: typeof expr) =>
      refa().NFA.fromRegex(e, { maxCharacter }, { assertions: "throw" }, new (refa().NFA.LimitedNodeFactory)(5_000));
    let fa: NFA;
    try {
      fa = nfa(expr);
    } catch {
      // Assertions inside: resolve what refa can (slower), else no key.
      expr = refa().transform(refa().Transformers.simplify(), expr);
      fa = nfa(expr);
    }
    const dfa = refa().DFA.fromFA(fa, new (refa().DFA.LimitedNodeFactory)(5_000));
    dfa.minimize();
    return dfa;
  } catch {
    return null;
  }
}
