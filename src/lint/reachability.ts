import type { DFA, NFA } from "refa";
import { complementOf, intersectAll, isNormalPath, isSubset, languageOf, sampleWords, withinNormalPaths, type Language, type PathDomain } from "./languages.js";
import { literalFacts, parse, sampleOf, type LiteralFacts, type Sample } from "./literals.js";

/**
 * Which routes can never answer a request, proven on regular languages.
 *
 * Routes are tried in order; the first whose verb, path and conditions match wins (HEAD asks the
 * HEAD routes, then falls back to the GET routes). A route B is unreachable when, for every verb
 * whose requests reach B's bucket, an earlier route A in that bucket that cannot decline a request
 * matches every normalized path B matches: L(B) ∩ N ⊆ L(A), N being every normalized request path.
 * That inclusion is decided on automata (refa), from an over-approximation of L(B) and an
 * under-approximation of L(A) where a regexp holds something automata cannot model, so every
 * reported route is unreachable; a pair that cannot be decided is not reported.
 *
 * The input is plain data, independent of how the recognizer stores its routes.
 */
export interface ReachRoute {
  /** Precedence: routes are tried in ascending index order. */
  readonly index: number;
  /** Upper-case verbs the route answers, or null for any verb (`via: :all`, mounts). */
  readonly verbs: readonly string[] | null;
  /** A normalized path matches the route when every one of these tests true on it (Journey's regexp, and the simulator filter where Journey uses it). */
  readonly regexps: readonly RegExp[];
  /**
   * The route may decline a request whose verb and path it matches: request conditions, lambda or
   * `matches` constraints, or an endpoint that can pass a request on (a mounted app answering
   * `X-Cascade: pass`, a dynamic `:controller`). A conditional route shadows nothing.
   */
  readonly conditional: boolean;
}

export interface ReachOptions {
  /**
   * The request methods that reach routing (others are rejected before it): the buckets an
   * any-verb route is in, less HEAD (a HEAD request reaches GET and any-verb routes only through
   * the GET bucket, after the HEAD routes).
   */
  readonly methods: readonly string[];
  /** The request paths the proof is over (default `"request"`: what an HTTP request can carry; see `PathDomain`). */
  readonly paths?: PathDomain;
}

/** A route no request reaches: each of its verbs is answered first by an earlier route. */
export interface UnreachableFinding {
  readonly kind: "unreachable";
  /** The unreachable route's index. */
  readonly index: number;
  /** The earlier routes that answer its requests: each with the verbs (buckets) it takes. Usually one. */
  readonly shadowedBy: readonly { readonly index: number; readonly verbs: readonly string[] }[];
  /** A normalized path the route matches (and the earlier route answers), for messages. */
  readonly example: string;
}

/** A route whose path matches no normalized request path at all (e.g. a requirement that needs a `?` or `//`). */
export interface UnmatchableFinding {
  readonly kind: "unmatchable";
  readonly index: number;
}

export type ReachFinding = UnreachableFinding | UnmatchableFinding;

export interface ReachStats {
  routes: number;
  /** Pairs that passed the cheap filters (literal index, verbs, sample strings) and went to the automata. */
  pairsAsked: number;
  /** Routes or pairs left undecided (an automaton over the node limit, alphabets that differ, no sample). */
  undecided: number;
}

interface Prepared {
  readonly route: ReachRoute;
  readonly facts: LiteralFacts;
  /** Strings built from the first regexp's syntax (to be checked). */
  readonly sketches: readonly (Sample | null)[];
  /** The verbs (buckets) whose requests must all be answered earlier for the route to be unreachable. */
  readonly buckets: readonly string[];
  readonly answers: (verb: string) => boolean;
  readonly testers: readonly RegExp[];
}

/** Finds the routes that can never answer a request (see `ReachRoute`). */
export function findUnreachable(routes: readonly ReachRoute[], options: ReachOptions, stats?: ReachStats): ReachFinding[] {
  const methods = options.methods.map((m) => m.toUpperCase());
  const domain = options.paths ?? "request";
  const sorted = [...routes].sort((a, b) => a.index - b.index);
  const prepared: Prepared[] = sorted.map((route) => {
    const verbs = route.verbs === null ? null : new Set(route.verbs.map((v) => v.toUpperCase()));
    const first = route.regexps[0] ?? /(?!)/;
    const ast = parse(first);
    return {
      route,
      facts: literalFacts(first, ast),
      sketches: [sampleOf(first, 0, ast), sampleOf(first, 1, ast)],
      buckets: verbs === null ? methods.filter((m) => m !== "HEAD") : [...verbs],
      // Rails' `match_head_routes`: an any-verb route is not in the HEAD bucket.
      answers: verbs === null ? (v: string) => v !== "HEAD" : (v: string) => verbs.has(v),
      testers: route.regexps.map((re) => (re.global || re.sticky ? new RegExp(re.source, re.flags.replace(/[gy]/g, "")) : re)),
    };
  });
  const st: ReachStats = Object.assign(stats ?? {}, { routes: 0, pairsAsked: 0, undecided: 0 });
  st.routes = prepared.length;

  // The candidate index: each route that can shadow others, under one key that its every string
  // contains, starting at a "/": of the suffixes of its literal runs from their first "/", the one
  // fewest routes share. A sample of a later route is then looked up only at its slashes.
  const eligible = (p: Prepared) => !p.route.conditional && p.route.regexps.length > 0;
  const keysOf = (p: Prepared) => {
    const keys = new Set<string>();
    for (const run of p.facts.runs) {
      const slash = run.indexOf("/");
      if (slash >= 0) keys.add(run.slice(slash));
    }
    return keys;
  };
  const frequency = new Map<string, number>();
  for (const p of prepared) if (eligible(p)) for (const k of keysOf(p)) frequency.set(k, (frequency.get(k) ?? 0) + 1);
  const byKey = new Map<string, number[]>();
  const keyLengths = new Set<number>();
  const unkeyed: number[] = [];
  prepared.forEach((p, i) => {
    if (!eligible(p)) return;
    let key = "";
    for (const k of keysOf(p)) if (key === "" || frequency.get(k)! < frequency.get(key)!) key = k;
    if (key === "") { unkeyed.push(i); return; }
    keyLengths.add(key.length);
    let list = byKey.get(key);
    if (list === undefined) byKey.set(key, (list = []));
    list.push(i);
  });
  const lengths = [...keyLengths].sort((a, b) => a - b);

  const seen = new Int32Array(prepared.length).fill(-1);
  const cover = new Map<number, Language | null>();
  const notCover = new Map<number, DFA | null>();
  const findings: ReachFinding[] = [];

  prepared.forEach((b, bi) => {
    if (b.route.regexps.length === 0 || b.buckets.length === 0) return;
    let within: NFA | null | undefined; // L(B) ∩ N, over-approximated; built on demand
    let maxCharacter = 0;
    const language = (): NFA | null => {
      if (within !== undefined) return within;
      const langs = b.route.regexps.map((re) => languageOf(re, "over")).filter((l): l is Language => l !== null);
      const lang = intersectAll(langs);
      within = lang === null ? null : withinNormalPaths(lang, domain);
      if (lang !== null) maxCharacter = lang.maxCharacter;
      return within;
    };

    // Strings B accepts: the cheap walk first, the automaton when the walk's strings do not match.
    const samples: string[] = [];
    for (const sample of b.sketches) {
      if (sample === null || samples.includes(sample.text) || !isNormalPath(sample.text, domain)) continue;
      const s = sample.text;
      // A sample the walk knows to match its regexp is tested against the other regexps only.
      if (b.testers.every((re, i) => (i === 0 && sample.certain) || re.test(s))) samples.push(s);
    }
    if (samples.length === 0) {
      const nfa = language();
      if (nfa === null) { st.undecided++; return; }
      if (nfa.isEmpty) {
        // Even the over-approximation holds no normalized path.
        findings.push({ kind: "unmatchable", index: b.route.index });
        return;
      }
      for (const s of sampleWords(nfa, maxCharacter, 4)) if (b.testers.every((re) => re.test(s))) samples.push(s);
      if (samples.length === 0) { st.undecided++; return; }
    }

    // Candidates: earlier routes whose key occurs in the first sample and that accept every sample.
    const w = samples[0]!;
    const candidates: number[] = [];
    const consider = (ai: number) => {
      if (ai >= bi || seen[ai] === bi) return;
      seen[ai] = bi;
      const a = prepared[ai]!;
      if (a.route.index >= b.route.index) return;
      if (!b.buckets.some(a.answers)) return;
      if (!w.startsWith(a.facts.prefix) || !a.facts.runs.every((r) => w.includes(r))) return;
      if (!samples.every((s) => a.testers.every((re) => re.test(s)))) return;
      candidates.push(ai);
    };
    for (const ai of unkeyed) consider(ai);
    for (let i = w.indexOf("/"); i >= 0; i = w.indexOf("/", i + 1)) {
      for (const len of lengths) {
        if (i + len > w.length) break;
        const list = byKey.get(w.substr(i, len));
        if (list !== undefined) for (const ai of list) consider(ai);
      }
    }
    if (candidates.length === 0) return;
    candidates.sort((x, y) => x - y);

    const uncovered = new Set(b.buckets);
    const shadowedBy: { index: number; verbs: string[] }[] = [];
    for (const ai of candidates) {
      const a = prepared[ai]!;
      const verbs = [...uncovered].filter(a.answers);
      if (verbs.length === 0) continue;
      const sub = language();
      if (sub === null) { st.undecided++; return; }
      const not = complementOfCover(ai, a);
      st.pairsAsked++;
      if (not === null || cover.get(ai)!.maxCharacter !== maxCharacter) { st.undecided++; continue; }
      const subset = isSubset(sub, not);
      if (subset === null) { st.undecided++; continue; }
      if (!subset) continue;
      for (const v of verbs) uncovered.delete(v);
      shadowedBy.push({ index: a.route.index, verbs });
      if (uncovered.size === 0) {
        findings.push({ kind: "unreachable", index: b.route.index, shadowedBy, example: w });
        return;
      }
    }
  });

  function complementOfCover(ai: number, a: Prepared): DFA | null {
    if (notCover.has(ai)) return notCover.get(ai)!;
    const langs = a.route.regexps.map((re) => languageOf(re, "under"));
    const lang = langs.includes(null) ? null : intersectAll(langs as Language[]);
    cover.set(ai, lang);
    const not = lang === null ? null : complementOf(lang);
    notCover.set(ai, not);
    return not;
  }

  return findings;
}
