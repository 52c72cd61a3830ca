/**
 * `backtracking`: segment requirements and request constraints whose regexps can backtrack
 * catastrophically (see regexp-safety.ts). Each distinct regexp is checked once, naming every route
 * that uses it.
 */
import type { Route } from "../../table/route.js";
import type { LintCheckEntry, LintFinding } from "../check.js";
import { checkRegExp } from "../regexp-safety.js";

/** A constraint regexp and the routes that use it, in table order. */
interface RegExpUse {
  readonly re: RegExp;
  readonly usage: "segment" | "request";
  readonly what: string;
  readonly routes: number[];
}

export const backtrackingCheck: LintCheckEntry<"backtracking"> = {
  kind: "backtracking",
  summary: "constraint regexps that backtrack catastrophically",
  run({ routes, label }) {
    const findings: LintFinding<"backtracking">[] = [];
    for (const use of regExpUses(routes)) {
      const found = checkRegExp(use.re, { usage: use.usage });
      if (found === null) continue;
      const [head, ...rest] = use.routes;
      const more = rest.length > 0 ? ` (and ${rest.length} more route${rest.length > 1 ? "s" : ""})` : "";
      findings.push({
        kind: "backtracking",
        route: head!,
        related: rest,
        backtracking: found,
        message: `The ${use.what} of ${label(head!)}${more}: ${found.message}`,
      });
    }
    return findings;
  },
};

/** Whether any route has a constraint regexp: without one the check has nothing to read, and loads none of its libraries. */
export function hasConstraintRegExps(routes: readonly Route[]): boolean {
  return regExpUses(routes).next().done !== true;
}

/** The table's constraint regexps, each distinct one once (by use, name, flags and source), in order of first use. */
function regExpUses(routes: readonly Route[]): IterableIterator<RegExpUse> {
  const uses = new Map<string, RegExpUse>();
  routes.forEach((route, i) => {
    const add = (re: RegExp, usage: "segment" | "request", what: string) => {
      const key = `${usage} ${what} ${re.flags} ${re.source}`;
      let use = uses.get(key);
      if (use === undefined) uses.set(key, (use = { re, usage, what, routes: [] }));
      use.routes.push(i);
    };
    for (const [name, req] of Object.entries(route.requirements)) {
      // A list's RegExps are alternatives of the segment's regexp (Rails' Regexp.union).
      for (const v of Array.isArray(req) ? req : [req])
        if (v instanceof RegExp) add(v, "segment", `segment constraint ${name}:`);
    }
    for (const [name, cond] of Object.entries(route.conditions)) {
      for (const v of Array.isArray(cond) ? cond : [cond])
        if (v instanceof RegExp) add(v, "request", `request constraint ${name}:`);
    }
  });
  return uses.values();
}
