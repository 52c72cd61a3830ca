import { journeyExec } from "../pattern/linear/index.js";
import { answersVerb, type PreparedRoute } from "./prepare.js";
import type { MatchEnv, MatchStrategy } from "./recognizer.js";

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

/**
 * The reference strategy: Journey's own algorithm, nearly verbatim — every route in order, its
 * anchored regexp (plus the simulator filter) tested against the path. Linear in the table; the
 * oracle the compiled strategy is tested against.
 */
export class ReferenceStrategy implements MatchStrategy {
  readonly name = "reference";

  constructor(private readonly routes: readonly PreparedRoute[]) {}

  first(verb: string, path: string, after: number, env: MatchEnv): number {
    const routes = this.routes;
    for (let i = after + 1; i < routes.length; i++) {
      const r = routes[i]!;
      if (!answersVerb(r, verb)) continue;
      const m = regexpMatch(r, path);
      if (m === null || !env.conditionsPass(r, path)) continue;
      captureValues(r, m, env);
      return i;
    }
    return -1;
  }
}
