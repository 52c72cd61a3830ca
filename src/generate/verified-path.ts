/**
 * Verified paths, after Phoenix's `~p"/posts/#{post}"`: `p("/about")` and
 * `p(\`/photos/${photo.id}/edit\`)` return the path; once `switchyard types` has run, they compile
 * only when a route matches the path segment by segment. The tagged form p`/photos/${photo}`
 * escapes each value as a path helper escapes a segment.
 *
 * One model of "a route matches this path" serves the `.d.ts` (`renderPathTree`) and
 * `switchyard routes --verify` (`matchPath`): each route's pattern, its optional groups expanded,
 * as a list of segment shapes — literal text, text with parameters, a glob (one or more
 * segments), or, after a mount, any rest — merged into one tree keyed by literal segments. A path
 * is looked up segment by segment (a literal segment by name, then the few parameter shapes of
 * that node), so the cost of checking one path does not grow with the route table: the point of
 * the tree at 10,000 routes, where `tsc` checking `p` against a union of every path took minutes
 * (bench/types.mjs). What it does not check (so neither does `tsc`): verbs, segment constraints
 * (a `${...}` or literal text fills any parameter), request constraints.
 */
import { ArgumentError } from "../errors.js";
import type { PatternNode } from "../pattern/ast.js";
import type { Route } from "../table/route.js";
import type { RouteTable } from "../table/route-table.js";
import { escapeSegment } from "../uri/escape.js";
import { recordParam, toParam } from "../uri/query.js";
import type { VerifiedPath } from "./typed-routes.js";

/** One segment of a path shape: literal text with `null` for each parameter, a glob, or (last) the rest after a mount. */
type ShapeSegment =
  | { readonly kind: "text"; readonly parts: readonly (string | null)[] }
  | { readonly kind: "glob" }
  | { readonly kind: "rest" };
export type PathShape = readonly ShapeSegment[];

/** More expansions of one route's optional groups than this and the rest are left out (seven independent groups). */
const MAX_EXPANSIONS = 128;

type Flat = Exclude<PatternNode, { type: "group" } | { type: "or" }>;

function expand(nodes: readonly PatternNode[]): Flat[][] {
  let acc: Flat[][] = [[]];
  for (const node of nodes) {
    let choices: Flat[][];
    if (node.type === "group") choices = [...expand(node.children), []];
    else if (node.type === "or") choices = node.alternatives.flatMap((alt) => expand(alt));
    else choices = [[node]];
    const next: Flat[][] = [];
    for (const head of acc) for (const tail of choices) if (next.length < MAX_EXPANSIONS) next.push(head.concat(tail));
    acc = next;
  }
  return acc;
}

function shapeOf(nodes: readonly Flat[], anchored: boolean): ShapeSegment[] {
  const segments: { parts: (string | null)[]; glob: boolean }[] = [];
  let current: { parts: (string | null)[]; glob: boolean } | null = null;
  for (const node of nodes) {
    if (node.type === "slash" || current === null) {
      current = { parts: [], glob: false };
      segments.push(current);
      if (node.type === "slash") continue;
    }
    const parts = current.parts;
    if (node.type === "star") current.glob = true;
    else if (node.type === "symbol") {
      if (parts.at(-1) !== null) parts.push(null);
    } else {
      const text = node.type === "dot" ? "." : node.value;
      if (typeof parts.at(-1) === "string") parts[parts.length - 1] += text;
      else parts.push(text);
    }
  }
  // "/" is no segment; neither is a trailing "/" (recognition drops it).
  if (segments.length > 0 && segments.at(-1)!.parts.length === 0 && !segments.at(-1)!.glob) segments.pop();
  const shape: ShapeSegment[] = segments.map((s) => (s.glob ? { kind: "glob" } : { kind: "text", parts: s.parts }));
  if (!anchored) shape.push({ kind: "rest" });
  return shape;
}

/** The TypeScript type of one segment shape (`"photos"`, `string`, `` `${string}.${string}` ``, `GlobSegment`). */
function segmentType(segment: ShapeSegment): string {
  if (segment.kind === "glob") return "GlobSegment";
  if (segment.kind === "rest") return "RestSegments";
  const { parts } = segment;
  if (parts.length === 1 && parts[0] === null) return "string";
  if (parts.every((x) => x !== null)) return JSON.stringify(parts.join(""));
  return "`" + parts.map((x) => (x === null ? "${string}" : x.replace(/[\\`$]/g, (c) => "\\" + c))).join("") + "`";
}

/** The TypeScript type of a path shape: a readonly tuple of segment types. */
export function shapeType(shape: PathShape): string {
  return `readonly [${shape.map(segmentType).join(", ")}]`;
}

/** Every path shape of a route table, deduplicated, in table order. */
export function pathShapes(routes: readonly Route[]): PathShape[] {
  const seen = new Set<string>();
  const out: PathShape[] = [];
  for (const route of routes) {
    for (const nodes of expand(route.pattern.ast)) {
      const shape = shapeOf(nodes, route.anchor);
      const key = shapeType(shape);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(shape);
    }
  }
  return out;
}

/** A node of the path tree (the root: every path of a table): the segments that can follow, and whether a path may end here. */
export interface PathTree {
  /** Literal segments (`"photos"`), by their text. */
  readonly literals: Map<string, PathTree>;
  /**
   * Literal text, a dot, then one parameter (`photos.:format`, the expansion of
   * `photos(.:format)`), by the text before the dot: every resource has one, so listing them with
   * the other parameter shapes would make a node's list grow with the table.
   */
  readonly dotted: Map<string, PathTree>;
  /** Segments with parameters (`:id`, `:id.:format`, `v:version`), by their TypeScript type. */
  readonly patterns: Map<string, { readonly segment: ShapeSegment & { kind: "text" }; readonly node: PathTree }>;
  /** After a glob (`*path`): one or more segments, then this node. */
  glob: PathTree | null;
  /** A mounted application: any rest, none included. */
  rest: boolean;
  /** A route's path ends here. */
  end: boolean;
}

const node = (): PathTree => ({
  literals: new Map(),
  dotted: new Map(),
  patterns: new Map(),
  glob: null,
  rest: false,
  end: false,
});

/** `photos` for the segment `photos.:format`: literal text without a dot, a dot, one parameter; else null. */
function dottedHead(segment: ShapeSegment & { kind: "text" }): string | null {
  const [text, param, ...more] = segment.parts;
  if (typeof text !== "string" || param !== null || more.length > 0) return null;
  const dot = text.indexOf(".");
  return dot > 0 && dot === text.length - 1 ? text.slice(0, -1) : null;
}

/** Every route's path shapes merged into one tree keyed by literal segments. */
export function pathTree(routes: readonly Route[]): PathTree {
  const root = node();
  for (const shape of pathShapes(routes)) {
    let at = root;
    for (const segment of shape) {
      if (segment.kind === "rest") {
        at.rest = true;
        break;
      }
      if (segment.kind === "glob") at = at.glob ??= node();
      else if (segment.parts.every((x) => x !== null)) {
        const text = segment.parts.join("");
        let next = at.literals.get(text);
        if (next === undefined) at.literals.set(text, (next = node()));
        at = next;
      } else if (dottedHead(segment) !== null) {
        const head = dottedHead(segment)!;
        let next = at.dotted.get(head);
        if (next === undefined) at.dotted.set(head, (next = node()));
        at = next;
      } else {
        const type = segmentType(segment);
        let next = at.patterns.get(type);
        if (next === undefined) at.patterns.set(type, (next = { segment, node: node() }));
        at = next.node;
      }
    }
    if (!shape.some((s) => s.kind === "rest")) at.end = true;
  }
  return root;
}

/**
 * The `.d.ts` lines declaring `AppPaths`, the path tree `p` looks paths up in, one type per
 * distinct subtree (`{ l: literal segments; f: literal text then a dot and a parameter, by the
 * text; d: other parameter shapes; g: after a glob; e: a path ends here }`, every member written:
 * `typed-routes.ts` reads them by index); `renderHelperTypes` registers it as `Register["paths"]`.
 * A mount's any rest is the shape `[string, PathRest]` and an end.
 */
export function renderPathTree(table: RouteTable): string[] {
  const names = new Map<string, string>();
  const types: string[] = [];
  const emit = (n: PathTree): string => {
    const members: string[] = [];
    for (const [key, map] of [
      ["l", n.literals],
      ["f", n.dotted],
    ] as const) {
      const entries = [...map].map(([text, child]) => `${JSON.stringify(text)}: ${emit(child)}`);
      members.push(`${key}: {${entries.length === 0 ? "" : ` ${entries.join("; ")} `}}`);
    }
    const shapes = [...n.patterns].map(([type, child]) => `[${type}, ${emit(child.node)}]`);
    if (n.rest) shapes.push("[string, PathRest]");
    members.push(`d: ${shapes.length === 0 ? "never" : shapes.join(" | ")}`);
    members.push(`g: ${n.glob === null ? "false" : emit(n.glob)}`);
    members.push(`e: ${n.end || n.rest}`);
    const body = `{ ${members.join("; ")} }`;
    let name = names.get(body);
    if (name === undefined) {
      name = `PathNode_${names.size}`;
      names.set(body, name);
      types.push(`interface ${name} extends PathNode ${body}`);
    }
    return name;
  };
  const root = emit(pathTree(table.routes));
  return [
    "/** Every path a route matches, as a tree of segments: what `p(path)` accepts. */",
    `export type AppPaths = ${root};`,
    ...types,
  ];
}

/**
 * A path written for `p`: its literal text, with one hole for each `${...}` between the pieces.
 * `["/photos/", "/edit"]` is `/photos/${...}/edit`.
 */
export type PathTemplate = readonly string[];

// A hole in a path template: a character no route's literal text holds (route literals are URI-escaped).
const HOLE = "\u{E000}";

/** Whether `pieces` starts as an absolute path: literal text "/...", holes never filling the first segment's slash. */
function segmentsOf(pieces: PathTemplate): string[] | null {
  let path = pieces.join(HOLE);
  const end = path.search(/[?#]/);
  if (end >= 0) path = path.slice(0, end);
  if (!path.startsWith("/")) return null;
  if (path === "/") return [];
  const body = path.endsWith("/") ? path.slice(1, -1) : path.slice(1);
  return body.split("/");
}

function segmentMatches(text: string, segment: ShapeSegment & { kind: "text" }): boolean {
  const { parts } = segment;
  if (parts.length === 1 && parts[0] === null) return true;
  // Literal text where the route has it; anything (a hole included) where it has a parameter.
  let source = "^";
  for (const x of parts) source += x === null ? "[^/]*" : x.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");
  return new RegExp(source + "$", "u").test(text);
}

function walk(segments: readonly string[], i: number, at: PathTree): boolean {
  if (at.rest) return true;
  if (i === segments.length) return at.end;
  const text = segments[i]!;
  const literal = text.includes(HOLE) ? undefined : at.literals.get(text);
  if (literal !== undefined && walk(segments, i + 1, literal)) return true;
  const dot = text.indexOf(".");
  const head = dot > 0 ? text.slice(0, dot) : HOLE;
  const dotted = head.includes(HOLE) ? undefined : at.dotted.get(head);
  if (dotted !== undefined && walk(segments, i + 1, dotted)) return true;
  for (const { segment, node } of at.patterns.values())
    if (segmentMatches(text, segment) && walk(segments, i + 1, node)) return true;
  // A glob takes this segment and any number after it.
  if (at.glob !== null) for (let j = i + 1; j <= segments.length; j++) if (walk(segments, j, at.glob)) return true;
  return false;
}

/**
 * Whether a route matches the path template, looked up in the tree segment by segment: the same
 * test `p`'s types make. A `${...}` stands for exactly one non-empty segment's text (or part of
 * one), never a "/", and never for literal text the route has.
 */
export function matchPath(tree: PathTree, pieces: PathTemplate): boolean {
  const segments = segmentsOf(pieces);
  if (segments === null || segments.some((s) => s === "")) return false;
  return walk(segments, 0, tree);
}

/**
 * A `${...}` value of p`...`: `to_param` — an object is a record here, never an options hash (its
 * `toParam()`, else its `id`) — escaped as one segment.
 */
function segmentValue(value: unknown, strings: TemplateStringsArray, i: number): string {
  const param =
    value !== null && typeof value === "object" && !Array.isArray(value) ? recordParam(value) : toParam(value);
  if (param === null || param === "" || param === false) {
    const shown = typeof value === "string" ? '""' : String(value);
    throw new ArgumentError(
      `p\`${strings.join("${...}")}\`: its \${...} number ${i + 1} is ${shown}; each one fills a path segment and needs a value (a string, a number or a record)`,
    );
  }
  return escapeSegment(String(param));
}

/**
 * `p`'s two forms: the call, verified by `tsc` once `switchyard types` has run, and the tag. One
 * signature rather than two overloads: for a call no overload accepts, TypeScript 7 reports only
 * the last overload's complaint (the tag's "not assignable to 'TemplateStringsArray'"), which
 * would hide the path no route matches.
 */
export type PathFunction = <const S extends string | TemplateStringsArray>(
  path: S extends string ? VerifiedPath<S> : S,
  ...values: S extends string ? [] : unknown[]
) => string;

/**
 * A path of the application: `p("/about")`, `p(\`/photos/${photo.id}/edit\`)` (returned as
 * written), or p`/photos/${photo}/edit` (each value escaped as helpers escape a segment:
 * p`/tags/${"a b/c"}` is `/tags/a%20b%2Fc`).
 *
 * Once `switchyard types` has run, the call form compiles only if a route matches the path segment
 * by segment (`VerifiedPath`); `switchyard routes --verify` checks both forms in the source.
 */
export const p: PathFunction = (path: string | TemplateStringsArray, ...values: unknown[]): string => {
  if (typeof path === "string") return path;
  let out = path[0]!;
  for (let i = 0; i < values.length; i++) out += segmentValue(values[i], path, i) + path[i + 1]!;
  return out;
};
