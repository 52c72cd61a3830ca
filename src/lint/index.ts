import type { Route } from "../table/route.js";
import { sourceText } from "../table/source.js";
import { emitWarning } from "../support/runtime.js";
import { hasConstraintRegExps } from "./checks/backtracking.js";
import { installDrawLint, warnUnchecked } from "./draw-hook.js";
import { lintLibrariesMissing } from "./libs.js";
import { verbLabel, type LintFinding } from "./check.js";
import { backtrackingCheck } from "./checks/backtracking.js";
import { duplicateCheck } from "./checks/duplicate.js";
import { emptyResourceCheck } from "./checks/empty-resource.js";
import { optionDefaultCheck } from "./checks/option-default.js";
import { unreachableCheck } from "./checks/unreachable.js";
import type { PathDomain } from "./languages.js";
import type { ReachStats } from "./reachability.js";
import type { ResourceDeclaration } from "./resources.js";

export { checkRegExp } from "./regexp-safety.js";
export type { BacktrackingFinding } from "./regexp-safety.js";
// The checks' pieces below are exported for their unit tests in test/lint/ (no other folder uses them).
export { findUnreachable } from "./reachability.js";
export type { ReachRoute } from "./reachability.js";
export { emptyResource, resourceActions } from "./resources.js";
export type { ResourceDeclaration } from "./resources.js";
export { reachRoutes, REQUEST_METHODS, tokensAlwaysWhole } from "./routes.js";
export { declaredRoutes } from "./checks/duplicate.js";

/**
 * The checks `lintRoutes` runs, in this order. To add one: write `checks/<kind>.ts` exporting a
 * `LintCheckEntry` (`kind` names it in `LintOptions.checks`; `summary` says what it finds, for the
 * lists that `lintCheckSummary` renders; `run` reads the `LintContext` and returns findings whose
 * message names the routes and says the fix), and add it here; test/lint/checks-table.test.ts
 * holds the README and docs/architecture.md to this table. `LintCheck`
 * and `RouteLintFinding["kind"]` are read off this table. A check sees the findings of the checks
 * before it (`context.earlier`): `unreachable` leaves out what `duplicate` reported. Findings of
 * one route come in this order.
 */
const LINT_CHECKS = [
  emptyResourceCheck,
  duplicateCheck,
  unreachableCheck,
  backtrackingCheck,
  optionDefaultCheck,
] as const;

/** One problem in a route table, about `route` (an index into the table), naming the `related` routes. */
export type RouteLintFinding = LintFinding<ReturnType<(typeof LINT_CHECKS)[number]["run"]>[number]["kind"]>;

/** What `lintRoutes` looks for: everything (the default), or some of it (`["backtracking"]` is cheap enough for every draw). */
export type LintCheck = (typeof LINT_CHECKS)[number]["kind"];

export interface LintOptions {
  /** The checks to run; default all. (`unreachable` also reports `unmatchable` routes.) */
  readonly checks?: readonly LintCheck[];
  /** How a route is named in messages; default `GET /photos/:id(.:format) (photos#show)`, with ` at config/routes.ts:4` when the route records its source. */
  readonly describe?: (route: Route, index: number) => string;
  /** The request paths "unreachable" is proven over (see `PathDomain`). */
  readonly paths?: PathDomain;
  /** Filled with the reachability engine's counters. */
  readonly stats?: ReachStats;
  /**
   * `resources`/`resource` declarations that drew no route, as the mapper records them
   * (`RouteSet#emptyResources`): each is an `empty-resource` finding. (They leave nothing in
   * `routes` to find them by; `draw(..., { warn })` passes its own.)
   */
  readonly emptyResources?: readonly ResourceDeclaration[];
}

/** `GET /photos/:id(.:format) (photos#show)`, and ` at config/routes.ts:4` when the route records where it was declared. */
function describeRoute(route: Route): string {
  const at = sourceText(route.source);
  return `${verbLabel(route)} ${route.path} (${route.reqs})${at === "" ? "" : ` at ${at}`}`;
}

/** The kinds of `LINT_CHECKS`, in its order. */
export const LINT_CHECK_KINDS: readonly LintCheck[] = LINT_CHECKS.map((check) => check.kind);

/**
 * What the checks find, as one phrase: "routes no request can reach, verb + path pairs declared
 * twice, ... and option keys that became defaults ..." (the summaries of `LINT_CHECKS`, in order).
 */
export function lintCheckSummary(): string {
  const all = LINT_CHECKS.map((check) => check.summary);
  return all.length < 2 ? all.join("") : `${all.slice(0, -1).join(", ")} and ${all.at(-1)}`;
}

/**
 * Lints a route table with each check of `LINT_CHECKS` (`lintCheckSummary` says what they find;
 * "unreachable" is proven, and `empty-resource` needs `emptyResources`). Findings come in table order.
 */
export function lintRoutes(routes: readonly Route[], options: LintOptions = {}): RouteLintFinding[] {
  const describe = options.describe ?? ((route: Route) => describeRoute(route));
  const label = (i: number) => describe(routes[i]!, i);
  const wanted = new Set<LintCheck>(options.checks ?? LINT_CHECK_KINDS);
  const findings: RouteLintFinding[] = [];
  for (const check of LINT_CHECKS) {
    if (wanted.has(check.kind)) findings.push(...check.run({ routes, options, label, earlier: findings }));
  }
  // In table order; a finding about no route where its declaration stands (before the route declared after it).
  const place = (f: RouteLintFinding) => (f.route >= 0 ? f.route : (f.resource?.position ?? routes.length) - 0.5);
  return findings.sort((x, y) => place(x) - place(y));
}

/**
 * What `draw` runs on the table it drew: the whole lint, each finding to `warn`; without `warn`,
 * the constraint regexps that can backtrack catastrophically, each reported as a process warning.
 * Where the runtime cannot load the check's libraries (no synchronous `require`), a table with
 * constraint regexps is reported once as unchecked rather than passed as safe.
 */
installDrawLint((set, warn) => {
  if (warn !== undefined) {
    for (const finding of lintRoutes(set.routes, { emptyResources: set.emptyResources })) warn(finding);
    return;
  }
  // (A table without constraint regexps loads none of the check's libraries: ~50 ms of CPU.)
  if (!hasConstraintRegExps(set.routes)) return;
  const missing = lintLibrariesMissing();
  if (missing === null) {
    for (const finding of lintRoutes(set.routes, { checks: ["backtracking"] }))
      emitWarning(finding.message, "SWITCHYARD_BACKTRACKING_REGEXP");
  } else warnUnchecked(missing);
});
