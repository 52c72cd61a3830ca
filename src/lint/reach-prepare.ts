/**
 * The reachability proof's first step: what it needs from each route (cheap literal facts, sample
 * strings, the verb buckets it must be answered in) and the index of the routes that can shadow
 * others, read once before any pair is compared. The second step is reach-prove.ts.
 */
import { literalFacts, parse, sampleOf, type LiteralFacts, type Sample } from "./literals.js";
import type { ReachRoute } from "./reachability.js";

/** A route as the proof reads it. */
export interface ProofRoute {
  readonly route: ReachRoute;
  readonly facts: LiteralFacts;
  /** Strings built from the first regexp's syntax (to be checked). */
  readonly sketches: readonly (Sample | null)[];
  /** The verbs (buckets) whose requests must all be answered earlier for the route to be unreachable. */
  readonly buckets: readonly string[];
  readonly answers: (verb: string) => boolean;
  /** The route's regexps, without the `g`/`y` flags that would make `test` stateful. */
  readonly testers: readonly RegExp[];
}

/**
 * The candidate index: each route that can shadow others (a position in the prepared list), under
 * one key that its every string contains, starting at a "/": of the suffixes of its literal runs
 * from their first "/", the one fewest routes share. A sample of a later route is then looked up
 * only at its slashes, for each key length.
 */
interface CandidateIndex {
  readonly byKey: ReadonlyMap<string, readonly number[]>;
  /** The keys' lengths, ascending. */
  readonly lengths: readonly number[];
  /** Routes with no key: a candidate for every later route. */
  readonly unkeyed: readonly number[];
}

export interface ProofTable {
  /** In ascending index (precedence) order. */
  readonly routes: readonly ProofRoute[];
  readonly index: CandidateIndex;
}

/** Reads the routes once for the proof; `methods` are the request methods that reach routing, upper-case. */
export function prepareProof(routes: readonly ReachRoute[], methods: readonly string[]): ProofTable {
  const prepared = [...routes].sort((a, b) => a.index - b.index).map((route) => proofRoute(route, methods));
  return { routes: prepared, index: candidateIndex(prepared) };
}

function proofRoute(route: ReachRoute, methods: readonly string[]): ProofRoute {
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
    testers: route.regexps.map((re) =>
      re.global || re.sticky ? new RegExp(re.source, re.flags.replace(/[gy]/g, "")) : re,
    ),
  };
}

/** A route can shadow others when it cannot decline a request it matches and has a regexp. */
const canShadow = (p: ProofRoute) => !p.route.conditional && p.route.regexps.length > 0;

/** The suffixes of a route's literal runs from their first "/". */
function keysOf(p: ProofRoute): Set<string> {
  const keys = new Set<string>();
  for (const run of p.facts.runs) {
    const slash = run.indexOf("/");
    if (slash >= 0) keys.add(run.slice(slash));
  }
  return keys;
}

function candidateIndex(prepared: readonly ProofRoute[]): CandidateIndex {
  const frequency = new Map<string, number>();
  for (const p of prepared) if (canShadow(p)) for (const k of keysOf(p)) frequency.set(k, (frequency.get(k) ?? 0) + 1);
  const byKey = new Map<string, number[]>();
  const keyLengths = new Set<number>();
  const unkeyed: number[] = [];
  prepared.forEach((p, i) => {
    if (!canShadow(p)) return;
    let key = "";
    for (const k of keysOf(p)) if (key === "" || frequency.get(k)! < frequency.get(key)!) key = k;
    if (key === "") {
      unkeyed.push(i);
      return;
    }
    keyLengths.add(key.length);
    let list = byKey.get(key);
    if (list === undefined) byKey.set(key, (list = []));
    list.push(i);
  });
  return { byKey, lengths: [...keyLengths].sort((a, b) => a - b), unkeyed };
}
