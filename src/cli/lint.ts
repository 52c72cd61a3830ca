/**
 * `switchyard routes --lint`: the findings `draw` hands its `warn` callback — every kind the lint
 * and the mapper report — numbered, each headed by its kind and the routes it is about as `-E`
 * numbers them (`Route 4`, counted from 1 in the whole table), then the message, which names the
 * routes with their source locations and says the fix.
 *
 * The whole table is always linted (whether a route is reachable depends on every route before
 * it); `-c`/`-g` choose which findings are printed: those about a route that passes the filter, or
 * naming one that does. A finding about no route (a declaration that drew none) is printed only
 * without a filter.
 */
import { filterRoutes, type InspectOptions } from "../inspect/sheet.js";
import type { RouteLintFinding } from "../lint/index.js";
import type { Route } from "../table/route.js";

/** Whether `i` is an index into a table of `count` routes. */
const inTable = (i: unknown, count: number): i is number =>
  Number.isInteger(i) && (i as number) >= 0 && (i as number) < count;

/** The routes a finding is about, as table indexes: its route first, then the related ones (those that exist). */
function routesOf(finding: RouteLintFinding, count: number): { own: number[]; related: number[] } {
  return {
    own: inTable(finding.route, count) ? [finding.route] : [],
    related: (finding.related ?? []).filter((i) => inTable(i, count)),
  };
}

function numbered(indexes: readonly number[]): string {
  return `Route${indexes.length > 1 ? "s" : ""} ${indexes.map((i) => i + 1).join(", ")}`;
}

/** The text `--lint` prints, and how many findings it shows. */
export function formatLintFindings(
  routes: readonly Route[],
  findings: readonly RouteLintFinding[],
  filter: Pick<InspectOptions, "controller" | "grep">,
): { readonly text: string; readonly shown: number } {
  const filtered = filter.controller != null || filter.grep != null;
  const kept = filtered ? new Set(filterRoutes(routes, filter)) : null;
  const shown = findings.filter((f) => {
    if (kept === null) return true;
    const { own, related } = routesOf(f, routes.length);
    return [...own, ...related].some((i) => kept.has(routes[i]!));
  });
  if (shown.length === 0) {
    const scope =
      filter.controller != null ? " for this controller" : filter.grep != null ? " for this grep pattern" : "";
    return { text: `No problems found${scope}.`, shown: 0 };
  }
  const blocks = shown.map((f, n) => {
    const { own, related } = routesOf(f, routes.length);
    const parts = [own.length > 0 ? numbered(own) : "", related.length > 0 ? `(see ${numbered(related)})` : ""].filter(
      (p) => p !== "",
    );
    const about = parts.length > 0 ? `: ${parts.join(" ")}` : "";
    return `${n + 1}) ${f.kind}${about}\n${indent(f.message)}`;
  });
  return {
    text: `Found ${shown.length} ${shown.length === 1 ? "problem" : "problems"}:\n\n${blocks.join("\n\n")}`,
    shown: shown.length,
  };
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => (line === "" ? line : `   ${line}`))
    .join("\n");
}
