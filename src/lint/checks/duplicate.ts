/** `duplicate`: the same verb and path declared twice, with the same constraints (see duplicates.ts). */
import { inspectValue } from "../../support/node-inspect.js";
import type { Route } from "../../table/route.js";
import type { LintCheckEntry } from "../check.js";
import { findDuplicates, type DeclaredRoute } from "../duplicates.js";
import { passesOn } from "../routes.js";

export const duplicateCheck: LintCheckEntry<"duplicate"> = {
  kind: "duplicate",
  summary: "verb + path pairs declared twice",
  run: ({ routes, label }) =>
    findDuplicates(declaredRoutes(routes)).map((d) => ({
      kind: "duplicate",
      route: d.index,
      related: [d.first],
      message:
        `${label(d.index)} repeats ${label(d.first)}: the same ${d.verbs.length > 0 ? d.verbs.join("|") : "any-verb"} path, ` +
        `with the same constraints, declared twice; the first declaration answers every request, so this one is never used. Remove one of them.`,
    })),
};

/** The routes as `findDuplicates` reads them: routes that may decline a request they match have no key. */
export function declaredRoutes(routes: readonly Route[]): DeclaredRoute[] {
  return routes.map((route, index) => ({
    index,
    verbs: route.verbs.length === 0 ? null : route.verbs,
    path: route.path,
    key: passesOn(route)
      ? null
      : `${route.anchor} ${inspectValue(sorted(route.requirements))} ${inspectValue(sorted(route.conditions))}`,
  }));
}

const sorted = (o: Readonly<Record<string, unknown>>) =>
  Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
