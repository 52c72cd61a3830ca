import type { PatternNode } from "../pattern/ast.js";
import type { Route } from "../table/route.js";
import { HTTP_METHODS } from "../recognize/prepare.js";
import { journeyRegExp, simulatorRegExp, usesSimulator } from "../pattern/regexp.js";
import { hasAnyKey } from "../support/objects.js";
import type { ReachRoute } from "./reachability.js";

/**
 * The route table as the reachability engine reads it: each route's verbs, the regexps a
 * normalized path must match (Journey's, and the simulator filter Journey puts in front of it), and
 * whether it may decline a request it matches.
 *
 * A route is conditional (shadows nothing) when it has request conditions (`subdomain:`, ...) or
 * can pass a request on (`passesOn`). A redirect answers like any route, and a mount matches a
 * prefix of the path: both are in the regexp.
 */
export function reachRoutes(routes: readonly Route[]): ReachRoute[] {
  return routes.map((route, i) => {
    const regexps = [journeyRegExp(route.pattern.ast, route.requirements, route.anchor).re];
    const ast = route.pattern.ast;
    if (usesSimulator(ast, route.requirements, route.anchor) && !tokensAlwaysWhole(ast))
      regexps.push(simulatorRegExp(ast));
    return {
      index: i,
      verbs: route.verbs.length === 0 ? null : route.verbs,
      regexps,
      conditional: hasAnyKey(route.conditions) || passesOn(route),
    };
  });
}

/**
 * Whether a route can hand a request it matched on to the next route, whatever the request: a
 * lambda or `matches` constraint, an app endpoint (Rails' router goes on when the app answers
 * `X-Cascade: pass`), or a controller named by the path (Rails' dispatcher passes when no such
 * controller exists: `raise_on_name_error` is false without a `controller` default).
 */
export function passesOn(route: Route): boolean {
  return (
    route.blocks.length > 0 ||
    route.endpoint.kind === "app" ||
    (route.endpoint.kind === "dispatch" && !Object.hasOwn(route.defaults, "controller"))
  );
}

/** The request methods Rails routes (others are rejected before routing): the buckets of an any-verb route. */
export const REQUEST_METHODS: readonly string[] = [...HTTP_METHODS];

/** What can stand at one side of a token: a separator (`/`, `.`), another character, or the path's edge. */
type Side = "sep" | "other" | "edge";

/**
 * Whether the GTG simulator accepts every path the route's regexp matches, so that it need not be
 * modelled: Journey's simulator lets a literal or a symbol match only a whole token (a separator
 * or the path's start before it, a separator or the end after it), and in most patterns the
 * neighbours already guarantee it (`/photos/:id(.:format)`). It matters where a token can touch
 * another character (`/d(e)`: `/de` matches the regexp, not the simulator). Symbols here are the
 * default `[^/.?]+` (the simulator is used only then), so their characters are never separators.
 */
export function tokensAlwaysWhole(ast: readonly PatternNode[]): boolean {
  return wholeIn(ast, new Set<Side>(["edge"]), new Set<Side>(["edge"]));
}

function wholeIn(nodes: readonly PatternNode[], before: ReadonlySet<Side>, after: ReadonlySet<Side>): boolean {
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    const pre = sideOf(nodes.slice(0, i).reverse(), "last", before);
    const post = sideOf(nodes.slice(i + 1), "first", after);
    switch (node.type) {
      case "literal":
      case "symbol":
        // A token at the path's start has no separator before it: the simulator's lookbehind fails.
        if (pre.has("other") || pre.has("edge") || post.has("other")) return false;
        break;
      case "group":
        if (!wholeIn(node.children, pre, post)) return false;
        break;
      case "or":
        if (!node.alternatives.every((alt) => wholeIn(alt, pre, post))) return false;
        break;
      default:
        if (node.type !== "slash" && node.type !== "dot") return false;
    }
  }
  return true;
}

/** The characters that can stand first (or last) in a sequence (given nearest first), with `outer` where it can be empty. */
function sideOf(nodes: readonly PatternNode[], end: "first" | "last", outer: ReadonlySet<Side>): Set<Side> {
  const out = new Set<Side>();
  for (const node of nodes) {
    const e = edgeOf(node, end);
    for (const s of e.sides) out.add(s);
    if (!e.empty) return out;
  }
  for (const s of outer) out.add(s);
  return out;
}

function edgeOf(node: PatternNode, end: "first" | "last"): { sides: Set<Side>; empty: boolean } {
  switch (node.type) {
    case "slash":
    case "dot":
      return { sides: new Set(["sep"]), empty: false };
    case "literal": {
      const c = end === "first" ? node.value[0] : node.value[node.value.length - 1];
      return { sides: new Set([c === "/" || c === "." ? "sep" : "other"]), empty: node.value === "" };
    }
    case "symbol":
      return { sides: new Set(["other"]), empty: false };
    case "star":
      return { sides: new Set(["sep", "other"]), empty: false };
    case "group": {
      const children = end === "first" ? node.children : [...node.children].reverse();
      return { sides: sideOf(children, end, new Set()), empty: true };
    }
    case "or": {
      const sides = new Set<Side>();
      let empty = false;
      for (const alt of node.alternatives) {
        const seq = end === "first" ? alt : [...alt].reverse();
        const inner = sideOf(seq, end, new Set(["edge"]));
        if (inner.delete("edge")) empty = true;
        for (const s of inner) sides.add(s);
      }
      return { sides, empty };
    }
  }
}
