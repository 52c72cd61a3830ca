/** `unreachable`: routes no request reaches, proven (see reachability.ts); also reports `unmatchable` routes, which match no request path. */
import type { LintCheckEntry, LintContext, LintFinding } from "../check.js";
import { verbLabel } from "../check.js";
import { findUnreachable, type UnreachableFinding } from "../reachability.js";
import { reachRoutes, REQUEST_METHODS } from "../routes.js";

export const unreachableCheck: LintCheckEntry<"unreachable", "unreachable" | "unmatchable"> = {
  kind: "unreachable",
  summary: "routes no request can reach",
  run(context) {
    const { routes, options, label, earlier } = context;
    // A repeat of an unconditional route is reported once, as a repeat (when the duplicate check ran).
    const repeats = new Map(earlier.filter((f) => f.kind === "duplicate").map((f) => [f.route, f.related[0]]));
    const findings: LintFinding<"unreachable" | "unmatchable">[] = [];
    for (const f of findUnreachable(
      reachRoutes(routes),
      { methods: REQUEST_METHODS, paths: options.paths },
      options.stats,
    )) {
      if (f.kind === "unmatchable") {
        findings.push({
          kind: "unmatchable",
          route: f.index,
          related: [],
          message:
            `${label(f.index)} matches no request path: a normalized path has no empty segment, no trailing slash, ` +
            `no ?, # or control character, and its segment requirements leave nothing else. Fix its path or requirements.`,
        });
      } else if (
        !(f.shadowedBy.length === 1 && repeats.has(f.index) && repeats.get(f.index) === f.shadowedBy[0]!.index)
      ) {
        findings.push(unreachableFinding(context, f));
      }
    }
    return findings;
  },
};

function unreachableFinding({ routes, label }: LintContext, f: UnreachableFinding): LintFinding<"unreachable"> {
  const b = routes[f.index]!;
  const by = f.shadowedBy.map((s) => {
    const verbs =
      f.shadowedBy.length > 1 ? ` for ${s.verbs.length > 3 ? `${s.verbs.length} verbs` : s.verbs.join("|")}` : "";
    return `${label(s.index)}${verbs}`;
  });
  const first = routes[f.shadowedBy[0]!.index]!;
  const verb = b.verbs.length > 0 ? b.verbs[0] : "GET";
  const segments = first.pattern.names.filter((n) => n !== "format").map((n) => `:${n}`);
  const narrow =
    segments.length > 0
      ? `, or constrain ${segments.join(" or ")} of that route so that it no longer matches ${f.example}`
      : ", or remove it";
  return {
    kind: "unreachable",
    route: f.index,
    related: f.shadowedBy.map((s) => s.index),
    example: f.example,
    message:
      `${label(f.index)} can never be reached: ${by.join(" and ")}, declared earlier, ` +
      `${by.length > 1 ? "answer" : "answers"} every request it matches (e.g. ${verb} ${f.example}). ` +
      `Declare it before ${verbLabel(first)} ${first.path}${narrow}.`,
  };
}
