import type { RequestInfo } from "../../table/request.js";
import type { RequestConstraint } from "../../table/route.js";
import { present } from "../../support/ruby.js";
import type { RequestContext } from "./request-context.js";

/**
 * `Journey::Route#matches?` for the request conditions: Regexp/String via `===` on the attribute's
 * string form (a RegExp is unanchored, as Ruby's `===`), Array membership, `true`/`false` for
 * presence/blankness, a function called with the attribute (Ruby's `Proc#===`), else equality.
 */
export function conditionsMatch(conditions: ReadonlyArray<readonly [string, unknown]>, ctx: RequestContext): boolean {
  for (let i = 0; i < conditions.length; i++) {
    const [name, expected] = conditions[i]!;
    const actual = ctx.attribute(name);
    if (expected instanceof RegExp) {
      expected.lastIndex = 0;
      if (!expected.test(actual == null ? "" : String(actual))) return false;
    } else if (typeof expected === "string") {
      if (expected !== (actual == null ? "" : String(actual))) return false;
    } else if (Array.isArray(expected)) {
      if (
        !expected.some(
          (e) =>
            e === actual || (e != null && actual != null && String(e) === String(actual) && typeof e === typeof actual),
        )
      )
        return false;
    } else if (expected === true) {
      if (!present(actual)) return false;
    } else if (expected === false) {
      if (present(actual)) return false;
    } else if (typeof expected === "function") {
      if (!(expected as (v: unknown) => unknown)(actual)) return false;
    } else if (expected !== actual && !(typeof expected === "number" && Number(actual) === expected)) {
      return false;
    }
  }
  return true;
}

/**
 * `Mapper::Constraints#matches?`: every block passes. A block passes when its `matches(req)` is
 * true or, failing that (none, or false), when calling it is: a function, or an object's `call`
 * method. A call gets arguments by the function's arity, as Rails' `constraint_args`:
 * 0 → `()`, 1 → `(req)`, 2+ → `(params, req)`.
 */
export function blocksMatch(
  blocks: readonly RequestConstraint[],
  params: Record<string, unknown>,
  ctx: RequestContext,
): boolean {
  const req = ctx.info(params);
  for (const block of blocks) {
    const b = block as unknown as { matches?: unknown; call?: unknown };
    if (typeof b.matches === "function" && Reflect.apply(b.matches, block, [req])) continue;
    // A function is called itself (its `call` is Function.prototype.call); an object, through its `call`.
    const fn = typeof block === "function" ? block : b.call;
    if (typeof fn === "function" && callConstraint(fn as (...args: unknown[]) => unknown, block, params, req)) continue;
    return false;
  }
  return true;
}

function callConstraint(
  fn: (...args: unknown[]) => unknown,
  self: unknown,
  params: Record<string, unknown>,
  req: RequestInfo,
): unknown {
  const arity = fn.length;
  return Reflect.apply(fn, self, arity < 1 ? [] : arity === 1 ? [req] : [{ ...params }, req]);
}
