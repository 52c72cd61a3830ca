import type { PatternNode } from "../pattern/ast.js";
import { nodeSource, requirementSource } from "../pattern/regexp.js";
import type { Requirement } from "../table/route.js";
import { escapeRegExp } from "../support/regexp-escape.js";

/**
 * The "partial match" of the route table's search: a RegExp source that matches a path `t` when
 * `t` is the beginning of some path the route's Journey regexp matches — the typed text could
 * still become a request this route answers. Built from the same walk as the Journey regexp
 * (`nodeSource`), so it follows switchyard's matching: optional groups, `(.:format)`, globs,
 * segment requirements, mounts.
 *
 * The prefixes of a sequence `a b c` are those of `a`, or all of `a` then the prefixes of `b c`:
 * `(?:A(?:B(?:C|C')|B')|A')`, where `X` matches a whole node and `X'` any beginning of one. Each
 * node appears twice, never the rest of the sequence, so the source grows linearly with the
 * pattern, not with 2^(optional groups).
 *
 * A requirement's beginnings are derived from its regexp (`requirementPrefix`); one that uses a
 * backreference, a lookaround or an anchor cannot be, and then any text that reaches that segment
 * counts as a partial match (a superset: never a route left out).
 */
export function prefixSource(
  ast: readonly PatternNode[],
  requirements: Readonly<Record<string, Requirement>>,
  anchored: boolean,
): string {
  const beginnings = sequencePrefix(ast, 0, requirements);
  if (anchored) return `^${beginnings}$`;
  // A mount matches its path and anything below it: a beginning of the path, or the path itself
  // at a boundary then anything (Journey's unanchored regexp).
  const whole = ast.map((node) => nodeSource(node, requirements)).join("");
  return `^(?:${beginnings}$|${whole}${whole === "/" ? "" : "(?:\\b|$|/)"})`;
}

/** Any text: the beginnings of a requirement whose regexp cannot be read. */
const ANYTHING = "[\\s\\S]*";

function sequencePrefix(
  nodes: readonly PatternNode[],
  from: number,
  requirements: Readonly<Record<string, Requirement>>,
): string {
  let out = "";
  for (let i = nodes.length - 1; i >= from; i--) {
    const own = nodePrefix(nodes[i]!, requirements);
    out = i === nodes.length - 1 ? own : `(?:${nodeSource(nodes[i]!, requirements)}${out}|${own})`;
  }
  return out;
}

function nodePrefix(node: PatternNode, requirements: Readonly<Record<string, Requirement>>): string {
  switch (node.type) {
    case "literal": {
      let out = "";
      for (const ch of [...node.value].reverse()) out = `(?:${escapeRegExp(ch)}${out})?`;
      return out;
    }
    case "slash":
      return "/?";
    case "dot":
      return "\\.?";
    case "symbol":
    case "star": {
      const req = Object.hasOwn(requirements, node.name) ? requirements[node.name] : undefined;
      if (req !== undefined) return requirementPrefix(requirementSource(req, node.type === "star"));
      return node.type === "symbol" ? "[^/.?]*" : "[^\\n]*";
    }
    case "group":
      return `(?:${sequencePrefix(node.children, 0, requirements)})`;
    case "or":
      return `(?:${node.alternatives.map((alt) => sequencePrefix(alt, 0, requirements)).join("|")})`;
  }
}

class Unreadable extends Error {}

/**
 * The beginnings of the strings a (flag-free) regexp source matches, as a regexp source: `\d+`
 * gives `(?:\d)*(?:\d)?`, `en|nl` gives `(?:(?:e(?:n)?)?|(?:n(?:l)?)?)`. A quantified atom `A{m,n}`
 * begins with up to n-1 whole `A`s then a beginning of one. Falls back to {@link ANYTHING} for a
 * source it cannot read exactly (backreferences, lookarounds, anchors, `\b`).
 */
export function requirementPrefix(source: string): string {
  const reader = new RegExpReader(source);
  try {
    const out = reader.alternation();
    if (reader.pos !== source.length) throw new Unreadable();
    return `(?:${out})`;
  } catch (error) {
    if (error instanceof Unreadable) return ANYTHING;
    throw error;
  }
}

interface Item {
  readonly whole: string;
  readonly prefix: string;
}

/** A recursive-descent reader of JavaScript regexp syntax that writes the beginnings of what it reads. */
class RegExpReader {
  pos = 0;
  constructor(private readonly src: string) {}

  alternation(): string {
    const alternatives = [this.sequence()];
    while (this.src[this.pos] === "|") {
      this.pos++;
      alternatives.push(this.sequence());
    }
    return alternatives.length === 1 ? alternatives[0]! : `(?:${alternatives.join("|")})`;
  }

  private sequence(): string {
    const items: Item[] = [];
    while (this.pos < this.src.length && this.src[this.pos] !== "|" && this.src[this.pos] !== ")")
      items.push(this.item());
    let out = "";
    for (let i = items.length - 1; i >= 0; i--)
      out = i === items.length - 1 ? items[i]!.prefix : `(?:${items[i]!.whole}${out}|${items[i]!.prefix})`;
    return out;
  }

  private item(): Item {
    const start = this.pos;
    const prefix = this.atom();
    const atom = this.src.slice(start, this.pos);
    const quantifier = this.quantifier();
    if (quantifier === null) return { whole: atom, prefix };
    const whole = atom + quantifier.text;
    const { max } = quantifier;
    if (max === 0) return { whole, prefix: "" };
    const repeats = max === Infinity ? `(?:${atom})*` : max === 1 ? "" : `(?:${atom}){0,${max - 1}}`;
    return { whole, prefix: `(?:${repeats}${prefix})` };
  }

  /** Reads one atom; returns the source of its beginnings (always one unit: a group or `(?:x)?`). */
  private atom(): string {
    const s = this.src;
    const c = s[this.pos];
    if (c === "(") {
      if (s.startsWith("(?:", this.pos)) this.pos += 3;
      else if (s.startsWith("(?<", this.pos) && s[this.pos + 3] !== "=" && s[this.pos + 3] !== "!") {
        const close = s.indexOf(">", this.pos);
        if (close < 0) throw new Unreadable();
        this.pos = close + 1;
      } else if (s[this.pos + 1] === "?")
        throw new Unreadable(); // lookaround
      else this.pos++;
      const inner = this.alternation();
      if (s[this.pos] !== ")") throw new Unreadable();
      this.pos++;
      return `(?:${inner})`;
    }
    if (c === "[") {
      let j = this.pos + 1;
      if (s[j] === "^") j++;
      while (j < s.length && s[j] !== "]") j += s[j] === "\\" ? 2 : 1;
      if (j >= s.length) throw new Unreadable();
      const cls = s.slice(this.pos, j + 1);
      this.pos = j + 1;
      return `(?:${cls})?`;
    }
    if (c === "\\") {
      const e = s[this.pos + 1];
      if (e === undefined || /[1-9kbB]/.test(e)) throw new Unreadable(); // backreference, \b
      let end = this.pos + 2;
      if ((e === "p" || e === "P" || e === "u") && s[end] === "{") {
        const close = s.indexOf("}", end);
        if (close < 0) throw new Unreadable();
        end = close + 1;
      } else if (e === "u") end += 4;
      else if (e === "x") end += 2;
      else if (e === "c") end += 1;
      const escape = s.slice(this.pos, end);
      this.pos = end;
      return `(?:${escape})?`;
    }
    if (c === "^" || c === "$" || c === "*" || c === "+" || c === "?" || c === ")" || c === "|" || c === undefined)
      throw new Unreadable();
    this.pos++;
    return `(?:${c})?`;
  }

  private quantifier(): { text: string; max: number } | null {
    const s = this.src;
    const c = s[this.pos];
    let text: string;
    let max: number;
    if (c === "*" || c === "+") [text, max] = [c, Infinity];
    else if (c === "?") [text, max] = [c, 1];
    else if (c === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(s.slice(this.pos));
      if (!m) return null; // a literal `{`
      text = m[0];
      max = m[2] === undefined ? Number(m[1]) : m[3] === "" ? Infinity : Number(m[3]);
    } else return null;
    this.pos += text.length;
    if (s[this.pos] === "?") {
      text += "?";
      this.pos++;
    }
    return { text, max };
  }
}
