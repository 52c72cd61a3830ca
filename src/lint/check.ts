/**
 * What one lint check is: a `kind` (the name `LintOptions.checks` selects it by) and a `run` that
 * reads the table and returns its findings. The table of checks is `LINT_CHECKS` in index.ts;
 * each entry lives in its own file in checks/.
 */
import type { Route } from "../table/route.js";
import type { LintOptions } from "./index.js";
import type { BacktrackingFinding } from "./regexp-safety.js";
import type { ResourceDeclaration } from "./resources.js";

/** A finding of kind `Kind`: one problem in a route table, about `route` (an index into the table), naming the `related` routes. */
export interface LintFinding<Kind extends string = string> {
  readonly kind: Kind;
  /**
   * The route the finding is about (for a shared constraint regexp: the first route using it);
   * -1 for a finding about no route: an `empty-resource` declaration drew none (its
   * `resource.position` says where it stands in the table; findings come in that order).
   */
  readonly route: number;
  /** The other routes involved: the earlier routes that answer first, the first declaration, or the other routes using the regexp. */
  readonly related: readonly number[];
  /** What is wrong, naming the routes, and the fix. */
  readonly message: string;
  /** For `unreachable`: a path the route matches, which an earlier route answers. */
  readonly example?: string;
  /** For `backtracking`: the analysis. */
  readonly backtracking?: BacktrackingFinding;
  /** For `empty-resource`: the declaration (kind, name, `only`/`except`, the scope it is in). */
  readonly resource?: ResourceDeclaration;
}

/** What a check reads: the table, `lintRoutes`' options, how to name a route, and what the checks before it found. */
export interface LintContext {
  readonly routes: readonly Route[];
  readonly options: LintOptions;
  /** A route as messages name it (`LintOptions.describe`, given the index). */
  readonly label: (index: number) => string;
  /** The findings of the checks before this one in the table (so a check can leave out what one of them reported). */
  readonly earlier: readonly LintFinding[];
}

/** One entry of the table: `Kind` selects it; it reports findings of the kinds `Reports` (usually `Kind` alone). */
export interface LintCheckEntry<Kind extends string, Reports extends string = Kind> {
  readonly kind: Kind;
  /**
   * What it finds, as a plural noun phrase in lower case ("routes no request can reach"): the CLI's
   * usage and the README list the checks from these (`lintCheckSummary`).
   */
  readonly summary: string;
  readonly run: (context: LintContext) => LintFinding<Reports>[];
}

/** How `describeRoute` and messages write a route's verb. */
export const verbLabel = (route: Route): string => route.verb || "any verb";
