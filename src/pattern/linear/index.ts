import type { JourneyRegExp } from "../regexp.js";
import { backtrackingGrowth, separatedSymbols } from "./ambiguity.js";
import { compileJourney } from "./compile.js";
import { TooLarge, type Program } from "./program.js";
import { LinearMatcher } from "./vm.js";

export { LinearMatcher } from "./vm.js";

/** A native regexp's steps up to which it runs in place of the VM (see `journeyExec` in pattern/linear-exec.ts). */
const NATIVE_STEPS = 4096;

/**
 * The linear matcher for a Journey regexp that needs one, or null where the regexp itself is
 * linear (or the VM cannot run it); `journeyExec` (pattern/linear-exec.ts) runs the one decided:
 * Journey's regexp where V8's backtracking runs it in linear time, the linear matcher (a Pike VM
 * over the same pattern, with the same captures) where it may not.
 *
 * Which one runs is decided once per regexp from the shape of its pattern (`linearMatcher`), and
 * for a path by its length. Journey's regexp is kept wherever its automaton is finitely ambiguous
 * (see `backtrackingGrowth`): every route of a resourceful table (`/photos/:id(.:format)`),
 * `*path(.:format)`, `*path/:id`, `:name.:ext`, requirements such as `\d+` or `\w+(?:-\w+)*`.
 * The rest (`:a-:b`, `:a-:b-:c`, `*a/*b`, `*path-:id`, `\d+\d+` in a requirement) get the
 * VM, ~20x slower than the native regexp on a real path. So a path short enough that the native
 * regexp's worst case, ~n^e steps, stays within 4,096 still runs natively: up to 64 characters for
 * `:a-:b` (e = 2), 16 for `:a-:b-:c`, 8 for `:a-:b-:c-:d`; at that bound the native worst case
 * costs about what the VM does (figures: bench/RESULTS.md).
 *
 * A requirement's own cost: its regexp is compiled into the VM with the pattern around it, so a
 * requirement that could backtrack (`(a+)+`) in a route the VM runs is linear too; in a route
 * whose structure cannot backtrack it runs natively as the user wrote it, at what it costs (the
 * lint warns about it: regexp-safety), and the pattern around it adds no more than a constant
 * factor. Where the VM cannot say what the regexp says (a backreference, a `v` flag: see
 * `compileJourney`), the native regexp runs.
 */
export function linearMatcher(j: JourneyRegExp): LinearMatcher | null {
  if (separatedSymbols(j.ast, j.requirements)) return null;
  const program = compileJourney(j);
  if (program === null) return null;
  const growth = backtrackingGrowth(program);
  if (growth <= 1) return null;
  return matcherOf(program, growth === Infinity ? 0 : Math.floor(NATIVE_STEPS ** (1 / growth) + 1e-9));
}

/** The linear matcher for a Journey regexp, whether or not the regexp needs one, run at every length (tests compare the two). */
export function forcedLinearMatcher(j: JourneyRegExp): LinearMatcher | null {
  const program = compileJourney(j);
  return program === null ? null : matcherOf(program, -1);
}

function matcherOf(program: Program, nativeUpTo: number): LinearMatcher | null {
  try {
    return new LinearMatcher(program, nativeUpTo);
  } catch (e) {
    if (e instanceof TooLarge) return null;
    throw e;
  }
}
