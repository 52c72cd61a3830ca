/**
 * Verified paths, after Phoenix's `~p"/posts/#{post}"`: `p("/about")` and
 * `p(\`/photos/${photo.id}/edit\`)` return the path; once `switchyard types` has run, they compile
 * only when a route matches the path segment by segment. The tagged form p`/photos/${photo}`
 * escapes each value as a path helper escapes a segment.
 *
 * One model of "a route matches this path" serves the `.d.ts` (`renderPathShapes`) and
 * `switchyard routes --verify` (`matchPath`): each route's pattern, its optional groups expanded,
 * as a list of segment shapes — literal text, text with parameters, a glob (one or more
 * segments), or, after a mount, any rest. What it does not check (so neither does `tsc`): verbs,
 * segment constraints (a `${...}` or literal text fills any parameter), request constraints.
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

/**
 * The `.d.ts` lines declaring `AppPathShapes` (the union `p` checks against); `renderHelperTypes`
 * registers it as `Register["paths"]`.
 */
export function renderPathShapes(table: RouteTable): string[] {
  const shapes = pathShapes(table.routes).map(shapeType);
  return [
    "/** Every path a route matches, segment by segment: what `p(path)` accepts. */",
    `export type AppPathShapes =${shapes.length === 0 ? " never" : ""}`,
    ...shapes.map((s, i) => `  | ${s}${i === shapes.length - 1 ? ";" : ""}`),
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
  if (parts.every((x) => x !== null)) return text === parts.join("");
  // Literal text where the route has it; anything (a hole included) where it has a parameter.
  let source = "^";
  for (const x of parts) source += x === null ? "[^/]*" : x.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");
  return new RegExp(source + "$", "u").test(text);
}

function matchFrom(segments: readonly string[], i: number, shape: PathShape, j: number): boolean {
  if (j < shape.length && shape[j]!.kind === "rest") return true;
  if (i === segments.length) return j === shape.length;
  if (j === shape.length) return false;
  const s = shape[j]!;
  if (s.kind === "glob") return matchFrom(segments, i + 1, shape, j + 1) || matchFrom(segments, i + 1, shape, j);
  return s.kind === "text" && segmentMatches(segments[i]!, s) && matchFrom(segments, i + 1, shape, j + 1);
}

/**
 * Whether a route shape matches the path template: the same test `p`'s types make. A `${...}`
 * stands for exactly one non-empty segment's text (or part of one), never a "/", and never for
 * literal text the route has.
 */
export function matchPath(shapes: readonly PathShape[], pieces: PathTemplate): boolean {
  const segments = segmentsOf(pieces);
  if (segments === null || segments.some((s) => s === "")) return false;
  return shapes.some((shape) => matchFrom(segments, 0, shape, 0));
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

/** `p`'s two forms: the call, verified by `tsc` once `switchyard types` has run, and the tag. */
export interface PathFunction {
  <const S extends string>(path: VerifiedPath<S>): string;
  (strings: TemplateStringsArray, ...values: unknown[]): string;
}

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
