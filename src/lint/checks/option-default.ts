/** `option-default`: a key of a declaration's options that became a default while one edit from an option (see option-defaults.ts). */
import type { LintCheckEntry } from "../check.js";
import { findOptionDefaults } from "../option-defaults.js";

export const optionDefaultCheck: LintCheckEntry<"option-default"> = {
  kind: "option-default",
  summary: "option keys that became defaults one edit away from an option",
  run({ routes, label }) {
    return findOptionDefaults(routes, label).map((f) => ({
      kind: f.kind,
      route: f.route,
      related: f.related,
      message: f.message,
    }));
  },
};
