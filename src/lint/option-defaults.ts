// A key of a DSL option set that became a default (Rails' meaning of an unknown key) while one edit
// away from an option: `{ constraint: { id: /\d+/ } }` was meant as `constraints:`.
import { ALL_OPTION_KEYS } from "../dsl/options.js";
import { inspectValue } from "../support/node-inspect.js";
import { nearestWord } from "../support/spelling.js";
import type { Route } from "../table/route.js";

export interface OptionDefaultFinding {
  readonly kind: "option-default";
  /** The first route the key became a default of. */
  readonly route: number;
  /** The other routes the same declaration gave it to (a scope's key reaches every route in it). */
  readonly related: readonly number[];
  /** The key as written, and the option it is one edit from. */
  readonly key: string;
  readonly option: string;
  readonly message: string;
}

/**
 * Keys that became required defaults (what a route's unknown options become, as opposed to
 * `defaults: { ... }`, whose keys are not required) and are one edit from an option key of the DSL.
 * The routes one declaration gave the key to (the same value) are one finding.
 */
export function findOptionDefaults(routes: readonly Route[], label: (index: number) => string): OptionDefaultFinding[] {
  const groups = new Map<string, Map<unknown, { option: string; routes: number[] }>>();
  routes.forEach((route, i) => {
    for (const key of route.requiredDefaults) {
      if (key === "controller" || key === "action" || ALL_OPTION_KEYS.has(key)) continue;
      const option = nearestWord(key, ALL_OPTION_KEYS, 1);
      if (option === undefined) continue;
      let byValue = groups.get(key);
      if (byValue === undefined) groups.set(key, (byValue = new Map()));
      const value = route.defaults[key];
      let group = byValue.get(value);
      if (group === undefined) byValue.set(value, (group = { option, routes: [] }));
      group.routes.push(i);
    }
  });
  const findings: OptionDefaultFinding[] = [];
  for (const [key, byValue] of groups) {
    for (const [
      value,
      {
        option,
        routes: [head, ...rest],
      },
    ] of byValue) {
      const more = rest.length > 0 ? ` (and ${rest.length} more route${rest.length > 1 ? "s" : ""})` : "";
      const shown = inspectValue(value);
      findings.push({
        kind: "option-default",
        route: head!,
        related: rest,
        key,
        option,
        message:
          `${JSON.stringify(key)} became a default of ${label(head!)}${more}; did you mean ${JSON.stringify(option)}? ` +
          `Write ${option}: ${shown}, or, to keep a default, defaults: { ${key}: ${shown} }.`,
      });
    }
  }
  return findings.sort((a, b) => a.route - b.route);
}
