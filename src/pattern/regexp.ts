import type { PatternNode } from "./ast.js";
import { factsOf } from "../support/regexp-forms.js";
import { rubyInspect } from "../support/ruby.js";
import type { LinearMatcher } from "./linear/vm.js";
import type { Translation } from "./ruby-regexp.js";
import { translated } from "./translations.js";
import { escapeRegExp } from "../support/regexp-escape.js";

/**
 * A route's path pattern as one RegExp, as Journey builds it (`Path::Pattern::AnchoredRegexp` and
 * `UnanchoredRegexp`): a symbol is `([^/.?]+)` or its requirement, a glob `(.+)` or its
 * requirement, a group `(?:...)?`, anchored `\A...\Z` (or, for mounts, `\A...(?:\b|\Z|/)`).
 *
 * Requirements are RegExps as Ruby reads them (`pattern/ruby-regexp.ts` translated the declared
 * ones at draw time), literal strings, or `Regexp.union` lists. JavaScript cannot switch flags
 * inside a pattern (`(?i:...)` is not in Node 20), so a requirement's own flags are compiled into
 * its source: `i` by spelling both cases, and Ruby's `.` (anything but `\n`) for an unflagged dot.
 */
export interface JourneyRegExp {
  readonly re: RegExp;
  /** For each capture group of `re` (index 1..), the parameter name, or null for a group inside a requirement. */
  readonly groupNames: readonly (string | null)[];
  /** What `re` was built from. */
  readonly ast: readonly PatternNode[];
  readonly requirements: Requirements;
  readonly anchored: boolean;
  /** Some requirement has named groups, so only those capture (Ruby's rule): `groupNames` is then not one group a parameter. */
  readonly named: boolean;
  /**
   * The linear matcher that runs in `re`'s place where `re` could backtrack super-linearly (see
   * `journeyExec` in pattern/linear-exec.ts): undefined until decided, null where `re` itself is linear.
   */
  linear: LinearMatcher | null | undefined;
}

/**
 * A segment requirement: a RegExp (as Ruby reads the declared one: see `ruby`), a literal string,
 * or a list of strings and RegExps, which Rails joins with `Regexp.union` (`id: ["first", "last"]`).
 */
export type Requirement = RegExp | string | readonly (RegExp | string | number)[];

/** Segment requirements by parameter name. */
export type Requirements = Readonly<Record<string, Requirement>>;

/** How many capture groups a regexp source has (Rails' `/#{re}|/.match("").length - 1`). */
function captureCount(source: string, flags: string): number {
  try {
    return new RegExp(`${source}|`, flags).exec("")!.length - 1;
  } catch {
    return 0;
  }
}

/** A requirement RegExp's capture groups as Ruby counts them (with named groups, only those). */
function regexpCaptures(re: RegExp): number {
  return factsOf(re)?.captures ?? captureCount(re.source, re.flags.replace(/[gy]/g, ""));
}

/** The RegExps of a requirement: itself, or a list's. */
export function regexpsOf(req: Requirement): readonly RegExp[] {
  if (req instanceof RegExp) return [req];
  return Array.isArray(req) ? (req as readonly unknown[]).filter((v): v is RegExp => v instanceof RegExp) : [];
}

/** The capture groups Journey counts for a requirement (`/#{Regexp.union(req)}|/`): a list's are its RegExps'. */
function requirementCaptures(req: Requirement): number {
  return regexpsOf(req).reduce((n, re) => n + regexpCaptures(re), 0);
}

/** A requirement RegExp's named groups, in order. */
function namesOf(re: RegExp): readonly string[] {
  const known = factsOf(re)?.names;
  if (known) return known;
  return [...re.source.matchAll(/\(\?<([A-Za-z_$][\w$]*)>/g)].map((m) => m[1]!);
}

const namedGroups = (req: Requirement) => regexpsOf(req).reduce((n, re) => n + namesOf(re).length, 0);

/** Whether a requirement needs the `u` flag (a Unicode property, an astral character). */
function needsUnicode(req: Requirement): boolean {
  return regexpsOf(req).some((re) => re.flags.includes("u") || re.flags.includes("v"));
}

/**
 * What a glob's list requirement matches: Journey writes a glob's requirement into the route
 * regexp with `"(#{re})"`, so a list becomes its `inspect` (`["a/b", "c"]`) read as a regexp — a
 * class of single characters. Null when Ruby could not compile that either.
 */
export function listAsRegexp(list: readonly unknown[]): Translation | null {
  return translated(rubyInspect(list));
}

/**
 * A requirement's source, rewritten so that it means the same without its flags: a RegExp's own
 * (`i` and Ruby's dot compiled in), a literal string escaped, a list as `Regexp.union` joins it
 * (each RegExp in a group, with its own flags), and for a glob (`glob`) a list as Journey writes
 * it (see {@link listAsRegexp}). `groupOffset` is how many capture groups come before it in the
 * regexp it joins, for its backreferences to named groups.
 */
export function requirementSource(req: Requirement, glob = false, groupOffset = 0): string {
  if (typeof req === "string") return escapeRegExp(req);
  if (req instanceof RegExp)
    return flagFree(req.source, req.flags.includes("i"), req.flags.includes("s"), namesOf(req), groupOffset);
  if (!Array.isArray(req)) return escapeRegExp(String(req));
  if (glob) {
    const t = listAsRegexp(req);
    return t === null ? "(?!)" : flagFree(t.source, false, false);
  }
  if (req.length === 0) return "(?!)"; // Regexp.union([])
  let offset = groupOffset;
  return (req as readonly unknown[])
    .map((v) => {
      if (!(v instanceof RegExp)) return escapeRegExp(String(v));
      const source = `(?:${requirementSource(v, false, offset)})`;
      offset += namesOf(v).length;
      return source;
    })
    .join("|");
}

/**
 * Rewrites `i` (case-insensitive) and Ruby's dot into flag-free source. Named groups become plain
 * groups (names could repeat across requirements), and a backreference to one (`\k<name>`) the
 * numbered one: `names` are the source's group names in order, `groupOffset` the groups before it.
 */
export function flagFree(
  source: string,
  ignoreCase: boolean,
  dotAll: boolean,
  names: readonly string[] = [],
  groupOffset = 0,
): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === "\\") {
      const next = source[i + 1] ?? "";
      // \p{..}, \u{..}, \x.., \cX keep their arguments.
      let esc = ch + next;
      i++;
      if (next === "k" && source[i + 1] === "<") {
        const close = source.indexOf(">", i);
        const index = close > 0 ? names.indexOf(source.slice(i + 2, close)) : -1;
        if (index >= 0) {
          out += `(?:\\${groupOffset + index + 1})`;
          i = close;
          continue;
        }
      }
      if (
        ((next === "p" || next === "P" || next === "u" || next === "k") && source[i + 1] === "{") ||
        (next === "k" && source[i + 1] === "<")
      ) {
        const close = source.indexOf(next === "k" && source[i + 1] === "<" ? ">" : "}", i);
        if (close > 0) {
          esc += source.slice(i + 1, close + 1);
          i = close;
        }
      }
      out += esc;
      continue;
    }
    if (inClass) {
      if (ch === "]") {
        inClass = false;
        out += ch;
        continue;
      }
      if (ignoreCase && /[A-Za-z]/.test(ch)) {
        // a range a-z: add the other case's range too.
        if (source[i + 1] === "-" && /[A-Za-z]/.test(source[i + 2] ?? "") && source[i + 2] !== "]") {
          const hi = source[i + 2]!;
          out += `${ch}-${hi}${swapCase(ch)}-${swapCase(hi)}`;
          i += 2;
          continue;
        }
        out += ch + swapCase(ch);
        continue;
      }
      out += ch;
      continue;
    }
    if (ch === "[") {
      inClass = true;
      out += ch;
      if (source[i + 1] === "^") {
        out += "^";
        i++;
      }
      if (source[i + 1] === "]") {
        out += "\\]";
        i++;
      }
      continue;
    }
    if (ch === ".") {
      out += dotAll ? "[\\s\\S]" : "[^\\n]";
      continue;
    }
    if (
      ch === "(" &&
      source[i + 1] === "?" &&
      source[i + 2] === "<" &&
      source[i + 3] !== "=" &&
      source[i + 3] !== "!"
    ) {
      // Named groups become plain groups: names could repeat across requirements.
      const close = source.indexOf(">", i);
      if (close > 0) {
        out += "(";
        i = close;
        continue;
      }
    }
    if (ignoreCase && /[A-Za-z]/.test(ch)) {
      out += `[${ch}${swapCase(ch)}]`;
      continue;
    }
    out += ch;
  }
  return out;
}

const swapCase = (c: string) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase());

interface Builder {
  src: string;
  /** Capture groups written so far. */
  groups: number;
  /** The parameters in order (Journey's `names`), each with its requirement's capture groups (Journey's `offsets`). */
  params: { name: string; captures: number }[];
  requirements: Requirements;
  tokens: boolean;
  /** Some requirement has named groups: Ruby's route regexp then captures only named groups. */
  named: boolean;
}

const SEGMENT = "[^/.?]+";

function visit(nodes: readonly PatternNode[], b: Builder): void {
  for (const node of nodes) {
    switch (node.type) {
      case "literal":
        b.src += b.tokens ? `(?<=[/.])${escapeRegExp(node.value)}(?![^/.?])` : escapeRegExp(node.value);
        break;
      case "slash":
        b.src += "/";
        break;
      case "dot":
        b.src += "\\.";
        break;
      case "symbol": {
        const req = Object.hasOwn(b.requirements, node.name) ? b.requirements[node.name] : undefined;
        if (b.tokens) {
          b.src += `(?<=[/.])(${SEGMENT})(?![^/.?])`;
          param(b, node.name, 0);
        } else if (req === undefined) {
          b.src += b.named ? `(?:${SEGMENT})` : `(${SEGMENT})`;
          param(b, node.name, 0);
        } else {
          pushRequirement(b, node.name, req, false);
        }
        break;
      }
      case "star": {
        const req = Object.hasOwn(b.requirements, node.name) ? b.requirements[node.name] : undefined;
        if (req === undefined) {
          b.src += b.named ? "(?:[^\\n]+)" : "([^\\n]+)";
          param(b, node.name, 0);
        } else {
          pushRequirement(b, node.name, req, true);
        }
        break;
      }
      case "group":
        b.src += "(?:";
        visit(node.children, b);
        b.src += ")?";
        break;
      case "or":
        b.src += "(?:";
        node.alternatives.forEach((alt, i) => {
          if (i > 0) b.src += "|";
          visit(alt, b);
        });
        b.src += ")";
        break;
    }
  }
}

/** A parameter, whose capture group was just written (or, with named groups, not). */
function param(b: Builder, name: string, captures: number): void {
  if (!b.named) b.groups += 1 + captures;
  b.params.push({ name, captures });
}

function pushRequirement(b: Builder, name: string, req: Requirement, glob: boolean): void {
  const src = requirementSource(req, glob, b.named ? b.groups : b.groups + 1);
  b.src += b.named ? `(?:${src})` : `(${src})`;
  if (b.named) b.groups += namedGroups(req);
  param(b, name, requirementCaptures(req));
}

const builder = (requirements: Requirements, tokens: boolean): Builder => ({
  src: "",
  groups: 0,
  params: [],
  requirements,
  tokens,
  named: !tokens && Object.values(requirements).some((req) => namedGroups(req) > 0),
});

/** One node's part of Journey's regexp, as `journeyRegExp` writes it. */
export function nodeSource(node: PatternNode, requirements: Requirements): string {
  const b = builder(requirements, false);
  visit([node], b);
  return b.src;
}

/**
 * Journey's regexp for a route pattern. A parameter's value is the group Journey's `MatchData`
 * reads for it: for the `k`th parameter, group `k + 1` plus the capture groups of the requirements
 * before it. Without named groups that is the parameter's own group; with them (Ruby's route regexp
 * then captures only named groups) it can be another one, or none, as in Rails.
 */
export function journeyRegExp(
  ast: readonly PatternNode[],
  requirements: Requirements,
  anchored: boolean,
): JourneyRegExp {
  const b = builder(requirements, false);
  visit(ast, b);
  const unicode = Object.values(requirements).some(needsUnicode);
  let source: string;
  if (anchored) source = `^${b.src}$`;
  else source = b.src === "/" ? "^/" : `^${b.src}(?:\\b|$|/)`;
  let re: RegExp;
  try {
    re = new RegExp(source, unicode ? "u" : "");
  } catch {
    re = new RegExp(source);
  }
  const groupNames = new Array<string | null>(b.groups).fill(null);
  let offset = 0;
  b.params.forEach((p, k) => {
    const group = offset + k + 1;
    if (group <= b.groups) groupNames[group - 1] = p.name;
    offset += p.captures;
  });
  return { re, groupNames, ast, requirements, anchored, named: b.named, linear: undefined };
}

/**
 * Journey's transition-table simulator, as a RegExp: for routes whose symbols all use the default
 * pattern, Rails first asks the GTG simulator, which reads the path as tokens (`/`, `.`, runs of
 * other characters) and lets each literal or symbol consume exactly one whole token. A route the
 * simulator rejects never matches, even where its regexp would (`get "d(e)"` and `/de`).
 */
export function simulatorRegExp(ast: readonly PatternNode[]): RegExp {
  const b = builder({}, true);
  visit(ast, b);
  return new RegExp(`^${b.src}$`);
}

/** Whether Journey routes this pattern through the simulator (anchored, every symbol default, no glob, no literal next to a symbol). */
export function usesSimulator(ast: readonly PatternNode[], requirements: Requirements, anchored: boolean): boolean {
  if (!anchored) return false;
  let ok = true;
  const check = (nodes: readonly PatternNode[]) => {
    for (let i = 0; i < nodes.length && ok; i++) {
      const node = nodes[i]!;
      if (node.type === "star") ok = false;
      else if (node.type === "symbol") {
        if (Object.hasOwn(requirements, node.name)) ok = false;
        // Mapping#alter_regex_for_custom_routes: a symbol next to a literal in the same sequence.
        const prev = nodes[i - 1];
        const next = nodes[i + 1];
        if (prev?.type === "literal" || next?.type === "literal") ok = false;
      } else if (node.type === "group") check(node.children);
      else if (node.type === "or") node.alternatives.forEach(check);
    }
  };
  check(ast);
  return ok;
}
