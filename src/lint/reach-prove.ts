/**
 * The reachability proof's second step: for each prepared route B (reach-prepare.ts), strings B
 * accepts, the earlier routes that accept them all (the candidates), and for each candidate A, in
 * order, whether L(B) ∩ N ⊆ L(A) on automata, until every verb bucket of B is answered.
 */
import type { DFA, NFA } from "refa";
import {
  complementOf,
  intersectAll,
  isNormalPath,
  isSubset,
  languageOf,
  sampleWords,
  withinNormalPaths,
  type Language,
  type PathDomain,
} from "./languages.js";
import type { ProofRoute, ProofTable } from "./reach-prepare.js";
import type { ReachFinding, ReachStats } from "./reachability.js";

/** Proves which prepared routes no request reaches, counting in `stats`. */
export function proveUnreachable(table: ProofTable, domain: PathDomain, stats: ReachStats): ReachFinding[] {
  const prover = new Prover(table, domain, stats);
  const findings: ReachFinding[] = [];
  for (let bi = 0; bi < table.routes.length; bi++) {
    const found = prover.route(bi);
    if (found !== null) findings.push(found);
  }
  return findings;
}

/** L(B) ∩ N, over-approximated, built on first use; `maxCharacter` is its alphabet's once built. */
class Within {
  private nfa: NFA | null | undefined;
  maxCharacter = 0;

  constructor(
    private readonly route: ProofRoute,
    private readonly domain: PathDomain,
  ) {}

  get(): NFA | null {
    if (this.nfa !== undefined) return this.nfa;
    const langs = this.route.route.regexps.map((re) => languageOf(re, "over")).filter((l): l is Language => l !== null);
    const lang = intersectAll(langs);
    this.nfa = lang === null ? null : withinNormalPaths(lang, this.domain);
    if (lang !== null) this.maxCharacter = lang.maxCharacter;
    return this.nfa;
  }
}

class Prover {
  /** `seen[ai] === bi`: route ai was already considered as a candidate for route bi. */
  private readonly seen: Int32Array;
  /** L(A), under-approximated, and its complement, per candidate position: built once, on first use. */
  private readonly cover = new Map<number, Language | null>();
  private readonly notCover = new Map<number, DFA | null>();

  constructor(
    private readonly table: ProofTable,
    private readonly domain: PathDomain,
    private readonly stats: ReachStats,
  ) {
    this.seen = new Int32Array(table.routes.length).fill(-1);
  }

  /** The finding for the route at position `bi`, or null (reachable, or undecided: counted). */
  route(bi: number): ReachFinding | null {
    const b = this.table.routes[bi]!;
    if (b.route.regexps.length === 0 || b.buckets.length === 0) return null;
    const within = new Within(b, this.domain);
    const samples = this.samples(b, within);
    if (samples === "none") return { kind: "unmatchable", index: b.route.index };
    if (samples === null) {
      this.stats.undecided++;
      return null;
    }
    const candidates = this.candidates(bi, samples);
    return candidates.length === 0 ? null : this.shadowing(b, within, candidates, samples[0]!);
  }

  /**
   * Strings B accepts: the cheap walk first, the automaton when the walk's strings do not match;
   * "none" when even the over-approximation holds no normalized path, null when undecided.
   */
  private samples(b: ProofRoute, within: Within): string[] | "none" | null {
    const samples: string[] = [];
    for (const sample of b.sketches) {
      if (sample === null || samples.includes(sample.text) || !isNormalPath(sample.text, this.domain)) continue;
      const s = sample.text;
      // A sample the walk knows to match its regexp is tested against the other regexps only.
      if (b.testers.every((re, i) => (i === 0 && sample.certain) || re.test(s))) samples.push(s);
    }
    if (samples.length > 0) return samples;
    const nfa = within.get();
    if (nfa === null) return null;
    if (nfa.isEmpty) return "none";
    for (const s of sampleWords(nfa, within.maxCharacter, 4)) if (b.testers.every((re) => re.test(s))) samples.push(s);
    return samples.length > 0 ? samples : null;
  }

  /** Earlier routes in one of B's buckets whose key occurs in the first sample and that accept every sample, in order. */
  private candidates(bi: number, samples: readonly string[]): number[] {
    const { routes, index } = this.table;
    const b = routes[bi]!;
    const w = samples[0]!;
    const candidates: number[] = [];
    const consider = (ai: number) => {
      if (ai >= bi || this.seen[ai] === bi) return;
      this.seen[ai] = bi;
      const a = routes[ai]!;
      if (a.route.index >= b.route.index) return;
      if (!b.buckets.some(a.answers)) return;
      if (!w.startsWith(a.facts.prefix) || !a.facts.runs.every((r) => w.includes(r))) return;
      if (!samples.every((s) => a.testers.every((re) => re.test(s)))) return;
      candidates.push(ai);
    };
    for (const ai of index.unkeyed) consider(ai);
    for (let i = w.indexOf("/"); i >= 0; i = w.indexOf("/", i + 1)) {
      for (const len of index.lengths) {
        if (i + len > w.length) break;
        const list = index.byKey.get(w.substr(i, len));
        if (list !== undefined) for (const ai of list) consider(ai);
      }
    }
    return candidates.sort((x, y) => x - y);
  }

  /** The candidates that answer all of B's requests, proven, for each bucket; null when some bucket is left. */
  private shadowing(
    b: ProofRoute,
    within: Within,
    candidates: readonly number[],
    example: string,
  ): ReachFinding | null {
    const st = this.stats;
    const uncovered = new Set(b.buckets);
    const shadowedBy: { index: number; verbs: string[] }[] = [];
    for (const ai of candidates) {
      const a = this.table.routes[ai]!;
      const verbs = [...uncovered].filter(a.answers);
      if (verbs.length === 0) continue;
      const sub = within.get();
      if (sub === null) {
        st.undecided++;
        return null;
      }
      const not = this.complementOfCover(ai);
      st.pairsAsked++;
      if (not === null || this.cover.get(ai)!.maxCharacter !== within.maxCharacter) {
        st.undecided++;
        continue;
      }
      const subset = isSubset(sub, not);
      if (subset === null) st.undecided++;
      if (subset !== true) continue;
      for (const v of verbs) uncovered.delete(v);
      shadowedBy.push({ index: a.route.index, verbs });
      if (uncovered.size === 0) return { kind: "unreachable", index: b.route.index, shadowedBy, example };
    }
    return null;
  }

  /** The complement of L(A), A's language under-approximated (so a proven inclusion holds for A itself); null where it cannot be built. */
  private complementOfCover(ai: number): DFA | null {
    if (this.notCover.has(ai)) return this.notCover.get(ai)!;
    const langs = this.table.routes[ai]!.route.regexps.map((re) => languageOf(re, "under"));
    const lang = langs.includes(null) ? null : intersectAll(langs as Language[]);
    this.cover.set(ai, lang);
    const not = lang === null ? null : complementOf(lang);
    this.notCover.set(ai, not);
    return not;
  }
}
