import { journeyExec } from "../pattern/linear-exec.js";
import type { PreparedRoute } from "./prepare.js";
import type { MatchEnv } from "./match-strategy.js";

// Matching one route by its Journey regexp: what the reference strategy does for every route, and
// the compiled one for the routes its trie cannot hold (globs, `:a-:b`, arbitrary requirements,
// mounts). Shared by both, so neither strategy's folder imports the other's.

/** Writes the captures of a Journey regexp match into `env.values` (a later repeat of a name wins, as in Journey). */
export function captureValues(r: PreparedRoute, m: RegExpExecArray, env: MatchEnv): void {
  const values = env.values;
  for (let i = 0; i < r.names.length; i++) values[i] = undefined;
  const slots = r.groupSlots;
  for (let g = 1; g < m.length; g++) {
    const slot = slots[g]!;
    if (slot >= 0 && m[g] !== undefined) values[slot] = m[g];
  }
}

/**
 * Whether a route's pattern matches a normalized path: Journey's regexp, behind the GTG simulator
 * where Journey uses it; run in linear time where the regexp could backtrack (`journeyExec`).
 */
export function regexpMatch(r: PreparedRoute, path: string): RegExpExecArray | null {
  if (r.simulator !== null && !r.simulator.test(path)) return null;
  return journeyExec(r.journey, path);
}
