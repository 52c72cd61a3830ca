/** `empty-resource`: a `resources`/`resource` declaration whose `only`/`except` leave no route (given `LintOptions.emptyResources`). */
import type { LintCheckEntry, LintFinding } from "../check.js";
import { emptyResource } from "../resources.js";

export const emptyResourceCheck: LintCheckEntry<"empty-resource"> = {
  kind: "empty-resource",
  summary: "resources whose only/except leave no route",
  run({ options }) {
    const findings: LintFinding<"empty-resource">[] = [];
    for (const declaration of options.emptyResources ?? []) {
      const found = emptyResource(declaration);
      if (found === null) continue;
      findings.push({ kind: "empty-resource", route: -1, related: [], message: found.message, resource: declaration });
    }
    return findings;
  },
};
