import type { PathDomain } from "./languages.js";
import { prepareProof } from "./reach-prepare.js";
import { proveUnreachable } from "./reach-prove.js";

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
interface UnmatchableFinding {
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

/**
 * Finds the routes that can never answer a request (see `ReachRoute`), in two steps: preparing
 * the routes (reach-prepare.ts) and proving (reach-prove.ts).
 */
export function findUnreachable(
  routes: readonly ReachRoute[],
  options: ReachOptions,
  stats?: ReachStats,
): ReachFinding[] {
  const table = prepareProof(
    routes,
    options.methods.map((m) => m.toUpperCase()),
  );
  const st: ReachStats = Object.assign(stats ?? {}, { routes: table.routes.length, pairsAsked: 0, undecided: 0 });
  return proveUnreachable(table, options.paths ?? "request", st);
}
