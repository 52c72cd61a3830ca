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
import { formatNodes, walk } from "../pattern/ast.js";
import { flagFree, listAsRegexp, requirementSource } from "../pattern/regexp.js";
import type { Translation } from "../pattern/ruby-regexp.js";
import { translated } from "../pattern/translations.js";
import type { Requirement, Route } from "../table/route.js";
import { dict } from "../support/ruby.js";
import { escapePath, escapeSegment } from "../uri/escape.js";
import type { Dict } from "../uri/url.js";
import { escapeRegExp } from "../support/regexp-escape.js";

type Escaper = (s: string) => string;
/** A path-parameter slot: its name, its index in the route's `parts`, and its escaper (`*glob` and `:controller` keep `/`). */
interface Slot {
  readonly name: string;
  readonly index: number;
  readonly escape: Escaper;
}
/** A literal, a parameter, or an optional group's nodes. */
export type Item = string | Slot | readonly PatternNode[];

export function isGroup(item: Item): item is readonly PatternNode[] {
  return Array.isArray(item);
}

/**
 * Journey::Format#evaluate over the segment values by part index (`values[i]` for `parts[i]`,
 * `undefined` when absent): "" as soon as one of this level's own parameters is nil.
 */
type Formatter = (values: readonly unknown[]) => string;

function slotFor(node: PatternNode, parts: readonly string[]): Slot | null {
  if (node.type === "symbol")
    return {
      name: node.name,
      index: parts.indexOf(node.name),
      escape: node.name === "controller" ? escapePath : escapeSegment,
    };
  if (node.type === "star") return { name: node.name, index: parts.indexOf(node.name), escape: escapePath };
  return null;
}

/** A level of a pattern as the formatter reads it: literal runs, parameter slots, optional groups (also what `switchyard js` writes). */
export function items(nodes: readonly PatternNode[], parts: readonly string[]): Item[] {
  const out: Item[] = [];
  const push = (item: Item) => {
    const last = out[out.length - 1];
    if (typeof item === "string" && typeof last === "string") out[out.length - 1] = last + item;
    else out.push(item);
  };
  for (const node of nodes) {
    switch (node.type) {
      case "literal":
        push(node.value);
        break;
      case "slash":
        push("/");
        break;
      case "dot":
        push(".");
        break;
      case "symbol":
      case "star":
        push(slotFor(node, parts)!);
        break;
      case "group":
        push(node.children);
        break;
      // Journey's FormatBuilder has no OR rule: the alternatives print as their spec text.
      case "or":
        push(node.alternatives.map(formatNodes).join(""));
        break;
    }
  }
  return out;
}

/**
 * One step of a formatter level: a literal and a parameter (its part index), a literal alone
 * (slot -1), or a nested optional group. One object shape for every step, and the escapers called
 * by name, keep the formatter's loop monomorphic: a mixed list of strings, slots and functions with
 * the escaper as a property cost ~25 ns more per path.
 */
interface Step {
  readonly text: string;
  readonly slot: number;
  readonly keepSlash: boolean;
  /**
   * The step is a whole optional group of one literal and one parameter — `(.:format)`, which
   * ends nearly every route — printed or skipped here rather than by a nested formatter.
   */
  readonly optional: boolean;
  readonly group: Appender | null;
}

/**
 * A formatter level appending to `out`: the extended string, or null as soon as one of this
 * level's own parameters is nil (Journey prints the whole optional group as ""). Appending, not
 * returning its own string for the caller to concatenate, saves a string per group (each
 * concatenation costs ~60 instructions).
 */
type Appender = (values: readonly unknown[], out: string) => string | null;

function steps(list: readonly Item[], parts: readonly string[]): Step[] {
  const out: Step[] = [];
  let text = "";
  const flush = () => {
    if (text !== "") out.push({ text, slot: -1, keepSlash: false, optional: false, group: null });
    text = "";
  };
  for (const item of list) {
    if (typeof item === "string") {
      text += item;
      continue;
    }
    if (!isGroup(item)) {
      out.push({ text, slot: item.index, keepSlash: item.escape === escapePath, optional: false, group: null });
      text = "";
      continue;
    }
    flush();
    const inner = items(item, parts);
    const [literal, slot] = inner;
    if (
      inner.length === 2 &&
      typeof literal === "string" &&
      slot !== undefined &&
      typeof slot !== "string" &&
      !isGroup(slot)
    ) {
      out.push({ text: literal, slot: slot.index, keepSlash: slot.escape === escapePath, optional: true, group: null });
    } else out.push({ text: "", slot: -1, keepSlash: false, optional: false, group: appender(item, parts) });
  }
  flush();
  return out;
}

/** A parameter's text, escaped. A safe integer's digits and sign need no escaping (~120 instructions saved). */
function printed(v: unknown, keepSlash: boolean): string {
  if (typeof v === "number" && Number.isSafeInteger(v)) return String(v);
  const s = typeof v === "string" ? v : String(v);
  return keepSlash ? escapePath(s) : escapeSegment(s);
}

function appender(nodes: readonly PatternNode[], parts: readonly string[]): Appender {
  const list = steps(items(nodes, parts), parts);
  const n = list.length;
  return (values, out) => {
    for (let i = 0; i < n; i++) {
      const step = list[i]!;
      if (step.slot >= 0) {
        const v = values[step.slot];
        if (v === null || v === undefined) {
          if (step.optional) continue;
          return null;
        }
        if (step.text !== "") out = out === "" ? step.text : out + step.text;
        out += printed(v, step.keepSlash);
      } else if (step.group !== null) {
        const extended = step.group(values, out);
        if (extended !== null) out = extended;
      } else out = out === "" ? step.text : out + step.text;
    }
    return out;
  };
}

function compileFormatter(nodes: readonly PatternNode[], parts: readonly string[]): Formatter {
  const append = appender(nodes, parts);
  return (values) => append(values, "") ?? "";
}

/** `lit[0] + esc(values[idx[0]]) + lit[1] + ... + lit[n]`, the optimized helper's path. */
interface PositionalTemplate {
  readonly literals: readonly string[];
  readonly indexes: readonly number[];
  readonly escapers: readonly Escaper[];
}

/**
 * The template for the optimized helper's arguments, `positional[i]` for `values[i]`. A name the
 * path repeats takes the value of its last argument (Rails fills a hash in order), though every
 * argument is still checked: `/a/:x/b/:x` called `(1, 2)` prints `/a/2/b/2`.
 */
function positionalTemplate(
  nodes: readonly PatternNode[],
  parts: readonly string[],
  positional: readonly string[],
): PositionalTemplate {
  const literals: string[] = [""];
  const indexes: number[] = [];
  const escapers: Escaper[] = [];
  for (const item of items(nodes, parts)) {
    if (typeof item === "string") literals[literals.length - 1] += item;
    else if (isGroup(item)) literals[literals.length - 1] += compileFormatter(item, parts)([]);
    else {
      indexes.push(positional.lastIndexOf(item.name));
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
    case 0: {
      const s = L[0]!;
      return () => s;
    }
    case 1: {
      const [a, b] = L as [string, string];
      const i0 = I[0]!;
      const e0 = E[0]!;
      return (v) => a + e0(v[i0]!) + b;
    }
    case 2: {
      const [a, b, c] = L as [string, string, string];
      const [i0, i1] = I as [number, number];
      const [e0, e1] = E as [Escaper, Escaper];
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
  /** The required parts, each once. */
  readonly requiredParts: readonly string[];
  /**
   * Rails' `Route#required_parts`: the required names as the path spells them, a repeated name
   * once per occurrence (`/a/:x/b/:x` -> `[x, x]`). Their count is the optimized helper's
   * argument count; every other call keys positional arguments by the distinct `parts`.
   */
  readonly positionalParts: readonly string[];
  /** For each required part, its index in `parts` and its anchored requirement test (`/\A#{re}\Z/`), if any. */
  readonly requiredIndexes: readonly number[];
  readonly requiredTests: readonly (RegExp | undefined)[];
  /** For each part: is it required, and its route default (`undefined` when none). */
  readonly partRequired: readonly boolean[];
  readonly partDefaults: readonly unknown[];
  /** The index of a legacy `:controller` part (its value is not `to_param`'d), or -1. */
  readonly controllerIndex: number;
  /** How many parts there are besides `format` (positional arguments beyond them fill `format`). */
  readonly sizeWithoutFormat: number;
  readonly defaults: Dict;
  readonly defaultKeys: readonly string[];
  /** `required_defaults`: the keys and values a `url_for` hash must match. */
  readonly requiredDefaultKeys: readonly string[];
  readonly requiredDefaultValues: readonly unknown[];
  /** `Route#requirements` (defaults and segment requirements, less globs' `/.+?/`), for error messages. */
  readonly messageRequirements: Dict;
  readonly dispatcher: boolean;
  readonly format: Formatter;
  /** Rails' `optimize_helper?`: no segment requirements and no glob. */
  readonly optimizable: boolean;
  readonly template: PositionalTemplate;
  /** The optimized helper's path from exactly the `positionalParts` values, `to_param`'d, in order. */
  readonly positional: (values: readonly string[]) => string;
}

/**
 * A required segment's generation test: Rails' `requirements_for_missing_keys_check`, `/\A#{req}\Z/`.
 * A RegExp is tested as Ruby reads it (its source made flag-free, as the route regexp embeds it);
 * a string, or an integer Ruby would accept too, is interpolated as regexp source, unescaped, so
 * `constraints: { slug: "a.b" }` lets `s_path("axb")` through and `{ id: 5 }` tests `/\A5\Z/`
 * (source Ruby cannot compile is matched literally instead); a `Regexp.union` list is interpolated
 * as its `inspect`, `["first", "last"]`: a class of single characters, so that Rails lets
 * `item_path("f")` through and not `item_path("first")` (an empty list compiles in neither).
 */
function anchoredTest(req: Requirement): RegExp {
  let source: string;
  let unicode = false;
  if (req instanceof RegExp) {
    source = requirementSource(req);
    unicode = req.flags.includes("u") || req.flags.includes("v");
  } else {
    const t = Array.isArray(req) ? listAsRegexp(req) : stringAsRegexp(String(req));
    if (t === null) return NEVER;
    source = flagFree(t.source, t.flags.includes("i"), false);
    unicode = t.flags.includes("u");
  }
  return new RegExp(`^(?:${source})\\n?$`, unicode ? "u" : "");
}

const NEVER = /(?!)/;

function stringAsRegexp(source: string): Translation {
  return translated(source) ?? { source: escapeRegExp(source), flags: "", captures: 0, names: [], changed: true };
}

function isLazyAny(re: unknown): boolean {
  return re instanceof RegExp && re.source === ".+?" && re.flags === "";
}

/**
 * The internalized copy of a name (a property key is one): the parser slices names out of the
 * path, and comparing those to a caller's keys compares characters, where two internalized strings
 * compare by pointer.
 */
function intern(name: string): string {
  return Object.keys({ [name]: 0 })[0]!;
}

/** `names - optional_names` in Journey, where `names` keeps repeats: the required names (`required`'s own strings) in path order. */
function positionalNames(nodes: readonly PatternNode[], required: readonly string[]): string[] {
  const out: string[] = [];
  walk(nodes, (node, optional) => {
    if (optional || (node.type !== "symbol" && node.type !== "star")) return;
    const i = required.indexOf(node.name);
    if (i >= 0) out.push(required[i]!);
  });
  return out;
}

export function compileRoute(route: Route, index: number): CompiledRoute {
  const pattern = route.pattern;
  const parts = pattern.names.map(intern);
  const requiredParts = pattern.requiredNames.map(intern);
  const defaults: Dict = Object.assign(dict(), route.defaults);
  const requirements = route.requirements;
  const requiredTests = requiredParts.map((key) =>
    Object.hasOwn(requirements, key) ? anchoredTest(requirements[key]!) : undefined,
  );
  const messageRequirements: Dict = dict();
  for (const [key, value] of [...Object.entries(route.defaults), ...Object.entries(requirements)]) {
    if (isLazyAny(value)) delete messageRequirements[key];
    else messageRequirements[key] = value;
  }
  const requiredDefaultKeys = route.requiredDefaults
    .filter((key) => Object.hasOwn(route.defaults, key) && !parts.includes(key))
    .map(intern);
  const optimizable = Object.keys(requirements).length === 0 && pattern.globNames.length === 0;
  const positionalParts = positionalNames(pattern.ast, requiredParts);
  const template = positionalTemplate(pattern.ast, parts, positionalParts);
  return {
    route,
    index,
    name: route.name,
    parts,
    requiredParts,
    positionalParts,
    requiredIndexes: requiredParts.map((k) => parts.indexOf(k)),
    requiredTests,
    partRequired: parts.map((k) => requiredParts.includes(k)),
    partDefaults: parts.map((k) => defaults[k]),
    controllerIndex: parts.indexOf("controller"),
    sizeWithoutFormat: parts.includes("format") ? parts.length - 1 : parts.length,
    defaults,
    defaultKeys: Object.keys(defaults),
    requiredDefaultKeys,
    requiredDefaultValues: requiredDefaultKeys.map((key) => route.defaults[key]),
    messageRequirements,
    dispatcher: route.endpoint.kind === "dispatch",
    format: compileFormatter(pattern.ast, parts),
    optimizable,
    template,
    positional: templateFunction(template),
  };
}
