import type { PatternNode } from "./ast.js";
import type { LinearMatcher } from "./linear/vm.js";

/**
 * A route's path pattern as one RegExp, as Journey builds it (`Path::Pattern::AnchoredRegexp` and
 * `UnanchoredRegexp`): a symbol is `([^/.?]+)` or its requirement, a glob `(.+)` or its
 * requirement, a group `(?:...)?`, anchored `\A...\Z` (or, for mounts, `\A...(?:\b|\Z|/)`).
 *
 * JavaScript cannot switch flags inside a pattern (`(?i:...)` is not in Node 20), so a
 * requirement's own flags are compiled into its source: `i` by spelling both cases, and Ruby's
 * `.` (anything but `\n`) for an unflagged dot. The request path is normalized ASCII without
 * controls, so the remaining dialect differences cannot show.
 */
export interface JourneyRegExp {
  readonly re: RegExp;
  /** For each capture group of `re` (index 1..), the parameter name, or null for a group inside a requirement. */
  readonly groupNames: readonly (string | null)[];
  /** What `re` was built from. */
  readonly ast: readonly PatternNode[];
  readonly requirements: Readonly<Record<string, RegExp | string>>;
  readonly anchored: boolean;
  /**
   * The linear matcher that runs in `re`'s place where `re` could backtrack super-linearly (see
   * `journeyExec` in pattern/linear): undefined until decided, null where `re` itself is linear.
   */
  linear: LinearMatcher | null | undefined;
}

const escapeLiteral = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** How many capture groups a regexp source has (Rails' `/#{re}|/.match("").length - 1`). */
function captureCount(source: string, flags: string): number {
  try {
    return new RegExp(`${source}|`, flags).exec("")!.length - 1;
  } catch {
    return 0;
  }
}

/** A requirement's source, rewritten so that it means the same without its flags. */
export function requirementSource(req: RegExp | string): string {
  if (typeof req === "string") return escapeLiteral(req);
  return flagFree(req.source, req.flags.includes("i"), req.flags.includes("s"));
}

/** Rewrites `i` (case-insensitive) and Ruby's dot into flag-free source. */
export function flagFree(source: string, ignoreCase: boolean, dotAll: boolean): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === "\\") {
      const next = source[i + 1] ?? "";
      // \p{..}, \u{..}, \x.., \cX keep their arguments.
      let esc = ch + next;
      i++;
      if ((next === "p" || next === "P" || next === "u" || next === "k") && source[i + 1] === "{" || next === "k" && source[i + 1] === "<") {
        const close = source.indexOf(next === "k" && source[i + 1] === "<" ? ">" : "}", i);
        if (close > 0) { esc += source.slice(i + 1, close + 1); i = close; }
      }
      out += esc;
      continue;
    }
    if (inClass) {
      if (ch === "]") { inClass = false; out += ch; continue; }
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
      if (source[i + 1] === "^") { out += "^"; i++; }
      if (source[i + 1] === "]") { out += "\\]"; i++; }
      continue;
    }
    if (ch === "." && !dotAll) { out += "[^\\n]"; continue; }
    if (ch === "(" && source[i + 1] === "?" && source[i + 2] === "<" && source[i + 3] !== "=" && source[i + 3] !== "!") {
      // Named groups become plain groups: names could repeat across requirements.
      const close = source.indexOf(">", i);
      if (close > 0) { out += "("; i = close; continue; }
    }
    if (ignoreCase && /[A-Za-z]/.test(ch)) { out += `[${ch}${swapCase(ch)}]`; continue; }
    out += ch;
  }
  return out;
}

const swapCase = (c: string) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase());

interface Builder {
  src: string;
  names: (string | null)[];
  requirements: Readonly<Record<string, RegExp | string>>;
  tokens: boolean;
}

const SEGMENT = "[^/.?]+";

function visit(nodes: readonly PatternNode[], b: Builder): void {
  for (const node of nodes) {
    switch (node.type) {
      case "literal":
        b.src += b.tokens ? `(?<=[/.])${escapeLiteral(node.value)}(?![^/.?])` : escapeLiteral(node.value);
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
          b.names.push(node.name);
        } else if (req === undefined) {
          b.src += `(${SEGMENT})`;
          b.names.push(node.name);
        } else {
          pushRequirement(b, node.name, req);
        }
        break;
      }
      case "star": {
        const req = Object.hasOwn(b.requirements, node.name) ? b.requirements[node.name] : undefined;
        if (req === undefined) {
          b.src += "([^\\n]+)";
          b.names.push(node.name);
        } else {
          pushRequirement(b, node.name, req);
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

function pushRequirement(b: Builder, name: string, req: RegExp | string): void {
  const src = requirementSource(req);
  b.src += `(${src})`;
  b.names.push(name);
  const inner = typeof req === "string" ? 0 : captureCount(req.source, req.flags.replace(/[gy]/g, ""));
  for (let i = 0; i < inner; i++) b.names.push(null);
}

/** One node's part of Journey's regexp, as `journeyRegExp` writes it. */
export function nodeSource(node: PatternNode, requirements: Readonly<Record<string, RegExp | string>>): string {
  const b: Builder = { src: "", names: [], requirements, tokens: false };
  visit([node], b);
  return b.src;
}

/** Journey's regexp for a route pattern. */
export function journeyRegExp(
  ast: readonly PatternNode[],
  requirements: Readonly<Record<string, RegExp | string>>,
  anchored: boolean,
): JourneyRegExp {
  const b: Builder = { src: "", names: [], requirements, tokens: false };
  visit(ast, b);
  const unicode = Object.values(requirements).some((r) => r instanceof RegExp && (r.flags.includes("u") || r.flags.includes("v")));
  let source: string;
  if (anchored) source = `^${b.src}$`;
  else source = b.src === "/" ? "^/" : `^${b.src}(?:\\b|$|/)`;
  let re: RegExp;
  try {
    re = new RegExp(source, unicode ? "u" : "");
  } catch {
    re = new RegExp(source);
  }
  return { re, groupNames: b.names, ast, requirements, anchored, linear: undefined };
}

/**
 * Journey's transition-table simulator, as a RegExp: for routes whose symbols all use the default
 * pattern, Rails first asks the GTG simulator, which reads the path as tokens (`/`, `.`, runs of
 * other characters) and lets each literal or symbol consume exactly one whole token. A route the
 * simulator rejects never matches, even where its regexp would (`get "d(e)"` and `/de`).
 */
export function simulatorRegExp(ast: readonly PatternNode[]): RegExp {
  const b: Builder = { src: "", names: [], requirements: {}, tokens: true };
  visit(ast, b);
  return new RegExp(`^${b.src}$`);
}

/** Whether Journey routes this pattern through the simulator (anchored, every symbol default, no glob, no literal next to a symbol). */
export function usesSimulator(ast: readonly PatternNode[], requirements: Readonly<Record<string, RegExp | string>>, anchored: boolean): boolean {
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
