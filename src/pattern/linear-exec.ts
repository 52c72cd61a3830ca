/**
 * Running a Journey regexp in time linear in the path's length (`journeyExec`), behind one
 * function so that an app serving a built table (src/built.ts) carries the linear matcher
 * (pattern/linear/) only when its table has a route that needs it: every draw installs the
 * matcher's decision (`installLinearMatcher`), and a built table found at build time which of its
 * regexps need it; its module passes the matcher to `builtRoutes` only then.
 */
import type { JourneyRegExp } from "./regexp.js";
import type { LinearMatcher } from "./linear/vm.js";

/** Which linear matcher runs in a Journey regexp's place, or null where the regexp itself is linear (pattern/linear's `linearMatcher`). */
export type LinearDecision = (j: JourneyRegExp) => LinearMatcher | null;

let decide: LinearDecision | undefined;

/** Installs the linear matcher's decision (every draw, and a built table whose routes need it). */
export function installLinearMatcher(decision: LinearDecision): void {
  decide = decision;
}

/** Whether the linear matcher's decision is installed. */
export function hasLinearMatcher(): boolean {
  return decide !== undefined;
}

/**
 * `j.re.exec(path)` in time linear in the path's length: Journey's regexp where V8's backtracking
 * runs it in linear time, the linear matcher where it may not (see `linearMatcher` in
 * pattern/linear). Which one runs is decided once per regexp, and for a path by its length.
 *
 * Without the matcher installed, the only route sets are built ones (`draw` installs it), and a
 * built table whose routes need the matcher brings it (`builtRoutes` refuses one without it): every
 * regexp reaching here then was found linear when the table was built.
 */
export function journeyExec(j: JourneyRegExp, path: string): RegExpExecArray | null {
  let linear = j.linear;
  if (linear === undefined) linear = j.linear = decide === undefined ? null : decide(j);
  return linear === null || path.length <= linear.nativeUpTo ? j.re.exec(path) : linear.exec(path);
}
