/**
 * The lint as `draw` runs it (the backtracking check, or the whole lint given `warn`), installed by
 * lint/index.ts as it loads: `import "switchyard"` loads it on Node, Bun and Deno, and a bundle
 * that never imports the lint (a Worker drawing its table) leaves it out, where its libraries
 * could not load anyway (no synchronous `require`). Without it, `draw` says once that the table's
 * constraint regexps were not checked.
 */
import type { RouteSet } from "../route-set.js";
import { emitWarning } from "../support/runtime.js";
import type { RouteLintFinding } from "./index.js";

/** Lints a drawn table: every finding to `warn`, or without it the backtracking check as process warnings. */
export type DrawLint = (set: RouteSet, warn: ((finding: RouteLintFinding) => void) | undefined) => void;

let installed: DrawLint | undefined;

export function installDrawLint(lint: DrawLint): void {
  installed = lint;
}

/** The installed lint, or undefined where the lint is not loaded. */
export function drawLint(): DrawLint | undefined {
  return installed;
}

let uncheckedWarned = false;

/** Says, once a process, that a table's constraint regexps could not be checked, and why. */
export function warnUnchecked(reason: string): void {
  if (uncheckedWarned) return;
  uncheckedWarned = true;
  emitWarning(
    `The constraint regexps of this route table were not checked for catastrophic backtracking (${reason}). Run \`switchyard routes --lint\` on Node to check them.`,
    "SWITCHYARD_BACKTRACKING_UNCHECKED",
  );
}
