/**
 * The generator compiler: each route's pattern AST becomes, once, at helper-build time,
 *  - a formatter (Journey's `Format`, from `Visitors::FormatBuilder`): literal runs, escaped
 *    parameters, nested optional groups that vanish when one of their own parameters is nil;
 *  - a positional template for the "optimized" helper (Rails' `OptimizedUrlHelper`): when a
 *    helper gets exactly its required segments, the path is `lit0 + esc(v0) + lit1 + ...`,
 *    optional groups already evaluated (they can only hold optional names, so they render
 *    their literals or nothing);
 *  - the facts route selection needs: parts, required parts, required defaults, and the
 *    anchored requirement tests of `requirements_for_missing_keys_check`.
 * No pattern is parsed and no RegExp is built per call.
 */
import type { PatternNode } from "../pattern/ast.js";
import { formatNodes } from "../pattern/ast.js";
import type { Route } from "../table/route.js";
import { escapePath, escapeSegment } from "./escape.js";
import type { Dict } from "./url.js";
import { dict } from "./values.js";

type Escaper = (s: string) => string;
/** A path-parameter slot: its name and escaper (`*glob` and `:controller` keep `/`). */
interface Slot { readonly name: string; readonly escape: Escaper }
type Item = string | Slot | Formatter;

/** Journey::Format#evaluate: "" as soon as one of this level's own parameters is nil. */
export type Formatter = (params: Dict) => string;

function slotFor(node: PatternNode): Slot | null {
  if (node.type === "symbol") return { name: node.name, escape: node.name === "controller" ? escapePath : escapeSegment };
  if (node.type === "star") return { name: node.name, escape: escapePath };
  return null;
}

function items(nodes: readonly PatternNode[]): Item[] {
  const out: Item[] = [];
  const push = (item: Item) => {
    const last = out[out.length - 1];
    if (typeof item === "string" && typeof last === "string") out[out.length - 1] = last + item;
    else out.push(item);
  };
  for (const node of nodes) {
    switch (node.type) {
      case "literal": push(node.value); break;
      case "slash": push("/"); break;
      case "dot": push("."); break;
      case "symbol": case "star": push(slotFor(node)!); break;
      case "group": push(compileFormatter(node.children)); break;
      // Journey's FormatBuilder has no OR rule: the alternatives print as their spec text.
      case "or": push(node.alternatives.map(formatNodes).join("")); break;
    }
  }
  return out;
}

function valueString(v: unknown): string {
  return typeof v === "string" ? v : String(v);
}

export function compileFormatter(nodes: readonly PatternNode[]): Formatter {
  const list = items(nodes);
  if (list.length === 1 && typeof list[0] === "string") {
    const s = list[0];
    return () => s;
  }
  const n = list.length;
  return (params) => {
    let out = "";
    for (let i = 0; i < n; i++) {
      const item = list[i]!;
      if (typeof item === "string") out += item;
      else if (typeof item === "function") out += item(params);
      else {
        const v = params[item.name];
        if (v === null || v === undefined) return "";
        out += item.escape(valueString(v));
      }
    }
    return out;
  };
}

/** `lit[0] + esc(values[idx[0]]) + lit[1] + ... + lit[n]`, the optimized helper's path. */
export interface PositionalTemplate {
  readonly literals: readonly string[];
  readonly indexes: readonly number[];
  readonly escapers: readonly Escaper[];
}

function positionalTemplate(nodes: readonly PatternNode[], required: readonly string[]): PositionalTemplate {
  const literals: string[] = [""];
  const indexes: number[] = [];
  const escapers: Escaper[] = [];
  for (const item of items(nodes)) {
    if (typeof item === "string") literals[literals.length - 1] += item;
    else if (typeof item === "function") literals[literals.length - 1] += item(dict());
    else {
      indexes.push(required.indexOf(item.name));
      escapers.push(item.escape);
      literals.push("");
    }
  }
  return { literals, indexes, escapers };
}

/** Builds the optimized path function for a template; specialised for the common arities. */
function templateFunction(t: PositionalTemplate): (values: readonly string[]) => string {
  const { literals: L, indexes: I, escapers: E } = t;
  switch (I.length) {
    case 0: { const s = L[0]!; return () => s; }
    case 1: {
      const [a, b] = L as [string, string]; const i0 = I[0]!; const e0 = E[0]!;
      return (v) => a + e0(v[i0]!) + b;
    }
    case 2: {
      const [a, b, c] = L as [string, string, string]; const [i0, i1] = I as [number, number]; const [e0, e1] = E as [Escaper, Escaper];
      return (v) => a + e0(v[i0]!) + b + e1(v[i1]!) + c;
    }
    default:
      return (v) => {
        let out = L[0]!;
        for (let k = 0; k < I.length; k++) out += E[k]!(v[I[k]!]!) + L[k + 1]!;
        return out;
      };
  }
}

/** Everything URL generation needs to know about one route, computed once. */
export interface CompiledRoute {
  readonly route: Route;
  readonly index: number;
  readonly name: string | null;
  /** `route.parts` / `segment_keys`: every path parameter name, in order. */
  readonly parts: readonly string[];
  readonly requiredParts: readonly string[];
  readonly requiredSet: ReadonlySet<string>;
  readonly hasFormatPart: boolean;
  readonly defaults: Dict;
  /** `required_defaults` as `[key, value]` pairs a `url_for` hash must match. */
  readonly requiredDefaults: readonly (readonly [string, unknown])[];
  /** `Route#requirements` (defaults and segment requirements, less globs' `/.+?/`), for error messages. */
  readonly messageRequirements: Dict;
  /** Anchored requirement tests for required parts (`/\A#{re}\Z/`). */
  readonly tests: ReadonlyMap<string, RegExp>;
  readonly dispatcher: boolean;
  readonly format: Formatter;
  /** Rails' `optimize_helper?`: no segment requirements and no glob. */
  readonly optimizable: boolean;
  readonly positional: (values: readonly string[]) => string;
}

const STRIP_FLAGS = /[gym]/g;

function anchoredTest(re: RegExp | string): RegExp {
  if (typeof re === "string") return new RegExp(`^(?:${re.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")})\\n?$`);
  return new RegExp(`^(?:${re.source})\\n?$`, re.flags.replace(STRIP_FLAGS, ""));
}

function isLazyAny(re: unknown): boolean {
  return re instanceof RegExp && re.source === ".+?" && re.flags === "";
}

export function compileRoute(route: Route, index: number): CompiledRoute {
  const pattern = route.pattern;
  const parts = pattern.names;
  const requiredParts = pattern.requiredNames;
  const defaults: Dict = Object.assign(dict(), route.defaults);
  const requirements = route.requirements;
  const tests = new Map<string, RegExp>();
  for (const key of requiredParts) {
    if (Object.hasOwn(requirements, key)) tests.set(key, anchoredTest(requirements[key]!));
  }
  const messageRequirements: Dict = dict();
  for (const [key, value] of [...Object.entries(route.defaults), ...Object.entries(requirements)]) {
    if (isLazyAny(value)) delete messageRequirements[key];
    else messageRequirements[key] = value;
  }
  const requiredDefaults: (readonly [string, unknown])[] = [];
  for (const key of route.requiredDefaults) {
    if (Object.hasOwn(route.defaults, key) && !parts.includes(key)) requiredDefaults.push([key, route.defaults[key]]);
  }
  const optimizable = Object.keys(requirements).length === 0 && pattern.globNames.length === 0;
  return {
    route,
    index,
    name: route.name,
    parts,
    requiredParts,
    requiredSet: new Set(requiredParts),
    hasFormatPart: parts.includes("format"),
    defaults,
    requiredDefaults,
    messageRequirements,
    tests,
    dispatcher: route.endpoint.kind === "dispatch",
    format: compileFormatter(pattern.ast),
    optimizable,
    positional: templateFunction(positionalTemplate(pattern.ast, requiredParts)),
  };
}

/** `Route#score`: -1 unless every required name is supplied; else required defaults count double. */
export function scoreRoute(cr: CompiledRoute, supplied: ReadonlySet<string>): number {
  for (const k of cr.requiredParts) if (!supplied.has(k)) return -1;
  let score = cr.requiredDefaults.length * 2;
  for (const k of cr.parts) if (supplied.has(k)) score++;
  return score;
}
