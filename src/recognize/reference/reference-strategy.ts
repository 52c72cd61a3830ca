import { answersVerb, type PreparedRoute } from "../prepare.js";
import { captureValues, regexpMatch } from "../regexp-match.js";
import type { MatchEnv, MatchStrategy } from "../match-strategy.js";

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
