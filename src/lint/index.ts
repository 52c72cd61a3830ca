import type { Route } from "../table/route.js";
import { inspectValue } from "../support/node-inspect.js";
import { sourceText } from "../table/source.js";
import { findDuplicates, type DeclaredRoute } from "./duplicates.js";
import type { PathDomain } from "./languages.js";
import { findUnreachable, type ReachStats } from "./reachability.js";
import { checkRegExp, type BacktrackingFinding } from "./regexp-safety.js";
import { emptyResource, type ResourceDeclaration } from "./resources.js";
import { passesOn, reachRoutes, REQUEST_METHODS } from "./routes.js";

export { checkRegExp } from "./regexp-safety.js";
export type { BacktrackingFinding, SafetyOptions } from "./regexp-safety.js";
export { findUnreachable } from "./reachability.js";
export type { ReachRoute, ReachOptions, ReachFinding, UnreachableFinding, UnmatchableFinding, ReachStats } from "./reachability.js";
export { findDuplicates } from "./duplicates.js";
export type { DeclaredRoute, DuplicateFinding } from "./duplicates.js";
export { emptyResource, resourceActions } from "./resources.js";
export type { ResourceDeclaration, EmptyResourceFinding } from "./resources.js";
export { passesOn, reachRoutes, REQUEST_METHODS, tokensAlwaysWhole } from "./routes.js";
export type { PathDomain } from "./languages.js";

/** One problem in a route table, about `route` (an index into the table), naming the `related` routes. */
export interface RouteLintFinding {
  readonly kind: "unreachable" | "unmatchable" | "duplicate" | "backtracking" | "empty-resource";
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

/** What `lintRoutes` looks for: everything (the default), or some of it (`["backtracking"]` is cheap enough for every draw). */
export type LintCheck = "unreachable" | "duplicate" | "backtracking" | "empty-resource";

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

const verbLabel = (route: Route) => route.verb || "any verb";

/** `GET /photos/:id(.:format) (photos#show)`, and ` at config/routes.ts:4` when the route records where it was declared. */
export function describeRoute(route: Route): string {
  const at = sourceText(route.source);
  return `${verbLabel(route)} ${route.path} (${route.reqs})${at === "" ? "" : ` at ${at}`}`;
}

/**
 * Lints a route table: routes no request reaches (proven), repeated verb + path declarations,
 * segment requirements or request constraints whose regexps can backtrack catastrophically, and
 * (given `emptyResources`) resources whose `only`/`except` leave no route. Findings come in table order.
 */
export function lintRoutes(routes: readonly Route[], options: LintOptions = {}): RouteLintFinding[] {
  const describe = options.describe ?? ((route: Route) => describeRoute(route));
  const label = (i: number) => describe(routes[i]!, i);
  const findings: RouteLintFinding[] = [];
  const checks = new Set<LintCheck>(options.checks ?? ["unreachable", "duplicate", "backtracking", "empty-resource"]);

  if (checks.has("empty-resource")) {
    for (const declaration of options.emptyResources ?? []) {
      const found = emptyResource(declaration);
      if (found === null) continue;
      findings.push({ kind: "empty-resource", route: -1, related: [], message: found.message, resource: declaration });
    }
  }

  const duplicates = checks.has("duplicate") ? findDuplicates(declaredRoutes(routes)) : [];
  const duplicateOf = new Map(duplicates.map((d) => [d.index, d]));
  for (const d of duplicates) {
    findings.push({
      kind: "duplicate",
      route: d.index,
      related: [d.first],
      message:
        `${label(d.index)} repeats ${label(d.first)}: the same ${d.verbs.length > 0 ? d.verbs.join("|") : "any-verb"} path, ` +
        `with the same constraints, declared twice; the first declaration answers every request, so this one is never used. Remove one of them.`,
    });
  }

  const unreachable = checks.has("unreachable") ? findUnreachable(reachRoutes(routes), { methods: REQUEST_METHODS, paths: options.paths }, options.stats) : [];
  for (const f of unreachable) {
    if (f.kind === "unmatchable") {
      findings.push({
        kind: "unmatchable",
        route: f.index,
        related: [],
        message:
          `${label(f.index)} matches no request path: a normalized path has no empty segment, no trailing slash, ` +
          `no ?, # or control character, and its segment requirements leave nothing else. Fix its path or requirements.`,
      });
      continue;
    }
    // A repeat of an unconditional route is reported once, as a repeat.
    if (duplicateOf.has(f.index) && f.shadowedBy.length === 1 && f.shadowedBy[0]!.index === duplicateOf.get(f.index)!.first) continue;
    const b = routes[f.index]!;
    const by = f.shadowedBy.map((s) => {
      const verbs = f.shadowedBy.length > 1 ? ` for ${s.verbs.length > 3 ? `${s.verbs.length} verbs` : s.verbs.join("|")}` : "";
      return `${label(s.index)}${verbs}`;
    });
    const first = routes[f.shadowedBy[0]!.index]!;
    const verb = b.verbs.length > 0 ? b.verbs[0] : "GET";
    const segments = first.pattern.names.filter((n) => n !== "format").map((n) => `:${n}`);
    const narrow = segments.length > 0 ? `, or constrain ${segments.join(" or ")} of that route so that it no longer matches ${f.example}` : ", or remove it";
    findings.push({
      kind: "unreachable",
      route: f.index,
      related: f.shadowedBy.map((s) => s.index),
      example: f.example,
      message:
        `${label(f.index)} can never be reached: ${by.join(" and ")}, declared earlier, ` +
        `${by.length > 1 ? "answer" : "answers"} every request it matches (e.g. ${verb} ${f.example}). ` +
        `Declare it before ${verbLabel(first)} ${first.path}${narrow}.`,
    });
  }

  if (checks.has("backtracking")) {
    // Constraint regexps: each distinct one once, naming every route that uses it.
    const uses = new Map<string, { re: RegExp; usage: "segment" | "request"; what: string; routes: number[] }>();
    routes.forEach((route, i) => {
      const add = (re: RegExp, usage: "segment" | "request", what: string) => {
        const key = `${usage} ${what} ${re.flags} ${re.source}`;
        let use = uses.get(key);
        if (use === undefined) uses.set(key, (use = { re, usage, what, routes: [] }));
        use.routes.push(i);
      };
      for (const [name, req] of Object.entries(route.requirements)) {
        // A list's RegExps are alternatives of the segment's regexp (Rails' Regexp.union).
        for (const v of Array.isArray(req) ? req : [req]) if (v instanceof RegExp) add(v, "segment", `segment constraint ${name}:`);
      }
      for (const [name, cond] of Object.entries(route.conditions)) {
        for (const v of Array.isArray(cond) ? cond : [cond]) if (v instanceof RegExp) add(v, "request", `request constraint ${name}:`);
      }
    });
    for (const use of uses.values()) {
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
  }

  // In table order; a declaration that drew no route where it stands (before the route declared after it).
  const place = (f: RouteLintFinding) => (f.kind === "empty-resource" ? (f.resource?.position ?? routes.length) - 0.5 : f.route);
  return findings.sort((x, y) => place(x) - place(y));
}

/** The routes as `findDuplicates` reads them: routes that may decline a request they match have no key. */
export function declaredRoutes(routes: readonly Route[]): DeclaredRoute[] {
  return routes.map((route, index) => ({
    index,
    verbs: route.verbs.length === 0 ? null : route.verbs,
    path: route.path,
    key: passesOn(route) ? null : `${route.anchor} ${inspectValue(sorted(route.requirements))} ${inspectValue(sorted(route.conditions))}`,
  }));
}

const sorted = (o: Readonly<Record<string, unknown>>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
