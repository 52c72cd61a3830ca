import { ArgumentError } from "../errors.js";
import type { PatternNode } from "./ast.js";

/**
 * Journey's scanner and parser: a route path (already escaped and normalized) to its AST.
 * Tokens as `journey/scanner.rb`: `/ ( ) | .`, `:name`, `*name`, runs of literal characters
 * (`\:`, `\(`, `\)` escape a literal), and any other single character as a literal.
 */
const SYMBOL = /[:*][A-Za-z0-9_]+/y;
const LITERAL_RUN = /(?:[A-Za-z0-9_%\-~!$&'*+,;=@]|\\[:()])+/y;

type Token =
  | { kind: "/" | "(" | ")" | "|" | "." }
  | { kind: "symbol" | "star" | "literal"; text: string };

function scan(path: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < path.length) {
    const c = path[i]!;
    if (c === "/" || c === "(" || c === ")" || c === "|" || c === ".") {
      tokens.push({ kind: c });
      i++;
      continue;
    }
    if (c === ":" || c === "*") {
      SYMBOL.lastIndex = i;
      const m = SYMBOL.exec(path);
      if (m) {
        tokens.push({ kind: c === ":" ? "symbol" : "star", text: m[0].slice(1) });
        i += m[0].length;
        continue;
      }
    }
    LITERAL_RUN.lastIndex = i;
    const m = LITERAL_RUN.exec(path);
    if (m) {
      tokens.push({ kind: "literal", text: m[0].replace(/\\/g, "") });
      i += m[0].length;
    } else {
      // One code point, as Ruby's /./ on a UTF-8 string.
      const ch = String.fromCodePoint(path.codePointAt(i)!);
      tokens.push({ kind: "literal", text: ch });
      i += ch.length;
    }
  }
  return tokens;
}

/** Parses a route path into its AST; throws ArgumentError naming the path on unbalanced groups. */
export function parsePattern(path: string): PatternNode[] {
  const tokens = scan(path);
  let pos = 0;
  const fail = (why: string): never => {
    throw new ArgumentError(`Invalid route path ${JSON.stringify(path)}: ${why}`);
  };

  function sequence(inGroup: boolean): PatternNode[] {
    const nodes: PatternNode[] = [];
    while (pos < tokens.length) {
      const t = tokens[pos]!;
      if (t.kind === ")") {
        if (!inGroup) fail("unmatched ')'; every optional group needs its opening '('");
        break;
      }
      if (t.kind === "|") {
        const left = nodes.pop();
        if (!left) fail("'|' needs an alternative on each side");
        pos++;
        if (pos >= tokens.length || tokens[pos]!.kind === ")" || tokens[pos]!.kind === "|") fail("'|' needs an alternative on each side");
        const right = expression();
        const alternatives = left!.type === "or" ? [...left!.alternatives, [right]] : [[left!], [right]];
        nodes.push({ type: "or", alternatives });
        continue;
      }
      nodes.push(expression());
    }
    return nodes;
  }

  function expression(): PatternNode {
    const t = tokens[pos++]!;
    switch (t.kind) {
      case "/": return { type: "slash" };
      case ".": return { type: "dot" };
      case "symbol": return { type: "symbol", name: t.text };
      case "star": return { type: "star", name: t.text };
      case "literal": return { type: "literal", value: t.text };
      case "(": {
        const children = sequence(true);
        if (tokens[pos]?.kind !== ")") fail("unclosed '('; close every optional group with ')'");
        pos++;
        if (children.length === 0) fail("empty optional group '()'");
        return { type: "group", children };
      }
      default:
        return fail(`unexpected '${t.kind}'`);
    }
  }

  return sequence(false);
}
