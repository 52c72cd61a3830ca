import { ArgumentError } from "../errors.js";
import type { DotNode, PatternNode, SlashNode } from "./ast.js";

/**
 * Journey's scanner and parser: a route path (already escaped and normalized) to its AST.
 * Tokens as `journey/scanner.rb`: `/ ( ) | .`, `:name`, `*name`, runs of literal characters
 * (`\:`, `\(`, `\)` escape a literal), and any other single character as a literal.
 *
 * Paths that are not of the simple shape below are scanned with one native RegExp match per
 * token into reused token arrays (no token objects): a loop over the characters is as fast once
 * V8 has optimized it, but ~3x slower before, which is where the first draw runs.
 */

const enum Tok {
  Slash,
  Open,
  Close,
  Pipe,
  Dot,
  Symbol,
  Star,
  Literal,
}

/** One token per match: a punctuation character, `:name`/`*name`, a literal run, or one code point. */
const TOKEN = /([/()|.])|([:*])([A-Za-z0-9_]+)|((?:[A-Za-z0-9_%\-~!$&'*+,;=@]|\\[:()])+)|([\s\S])/gu;
const PUNCTUATION: Record<string, Tok> = { "/": Tok.Slash, "(": Tok.Open, ")": Tok.Close, "|": Tok.Pipe, ".": Tok.Dot };

// The token stream of the path being parsed. Parsing is synchronous and never re-entered, so
// one pair of arrays serves every call.
const kinds: Tok[] = [];
const texts: string[] = [];

function scan(path: string): number {
  let n = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(path); m !== null; m = TOKEN.exec(path)) {
    if (m[1] !== undefined) {
      kinds[n] = PUNCTUATION[m[1]]!;
      texts[n++] = "";
    } else if (m[3] !== undefined) {
      kinds[n] = m[2] === ":" ? Tok.Symbol : Tok.Star;
      texts[n++] = m[3];
    } else {
      kinds[n] = Tok.Literal;
      texts[n++] = m[4] !== undefined && m[4].includes("\\") ? m[4].replaceAll("\\", "") : m[0];
    }
  }
  return n;
}

const SLASH_NODE: SlashNode = Object.freeze({ type: "slash" });
const DOT_NODE: DotNode = Object.freeze({ type: "dot" });
const TOKEN_TEXT: Record<number, string> = {
  [Tok.Slash]: "/",
  [Tok.Open]: "(",
  [Tok.Close]: ")",
  [Tok.Pipe]: "|",
  [Tok.Dot]: ".",
};

/** A parsed path with the facts {@link PathPattern} keeps, collected during the one walk the parser makes. */
export interface ParsedPath {
  readonly ast: readonly PatternNode[];
  /** Every `:name`/`*name` in order of appearance, without repeats. */
  readonly names: string[];
  /** Names that appear inside an optional group. */
  readonly optionalNames: string[];
  /** `*name` segments, in order (with repeats, as Journey lists them). */
  readonly globNames: string[];
}

/**
 * The shape of nearly every route path: `/literal` and `/:name` segments (no `*`, `.`, `|`,
 * escapes or groups inside), an optional trailing slash, an optional `(.:format)`. Such a path
 * scans to one token per segment, so it is parsed from `split("/")`: the first draw parses every
 * distinct path of its table (~5,000 for 10,000 routes), mostly before V8 optimizes the parser;
 * measured there, ~2.5 µs a path this way against ~7 µs through the scanner.
 */
const SIMPLE = /^(?:\/(?:[A-Za-z0-9_%\-~!$&'+,;=@]+|:[A-Za-z0-9_]+))*\/?(?:\(\.:format\))?$/;
const FORMAT_GROUP = "(.:format)";

function parseSimple(path: string): ParsedPath {
  const formatted = path.endsWith(FORMAT_GROUP);
  const body = formatted ? path.slice(0, -FORMAT_GROUP.length) : path;
  const ast: PatternNode[] = [];
  const names: string[] = [];
  const segments = body.split("/");
  for (let i = 1; i < segments.length; i++) {
    ast.push(SLASH_NODE);
    const segment = segments[i]!;
    if (segment === "") continue;
    if (segment.startsWith(":")) {
      const name = segment.slice(1);
      if (!names.includes(name)) names.push(name);
      ast.push({ type: "symbol", name });
    } else ast.push({ type: "literal", value: segment });
  }
  if (!formatted) return { ast, names, optionalNames: [], globNames: [] };
  ast.push({ type: "group", children: [DOT_NODE, { type: "symbol", name: "format" }] });
  if (!names.includes("format")) names.push("format");
  return { ast, names, optionalNames: ["format"], globNames: [] };
}

// The state of the parse in progress (module-level rather than closures: ~4 closures per route).
let source = "";
let count = 0;
let pos = 0;
let depth = 0;
let names: string[] = [];
let optionalNames: string[] = [];
let globNames: string[] = [];

/**
 * Parses a route path into its AST and names; throws ArgumentError naming the path on unbalanced
 * groups. Slash and dot nodes are shared frozen singletons; every other node is a fresh object.
 * Nodes come out in source order, which is also the AST's depth-first order, so names are
 * collected as the nodes are made.
 */
export function parsePath(path: string): ParsedPath {
  if (SIMPLE.test(path)) return parseSimple(path);
  source = path;
  count = scan(path);
  pos = 0;
  depth = 0;
  names = [];
  optionalNames = [];
  globNames = [];
  const ast = sequence(false);
  const parsed: ParsedPath = { ast, names, optionalNames, globNames };
  source = "";
  return parsed;
}

function fail(why: string): never {
  throw new ArgumentError(`Invalid route path ${JSON.stringify(source)}: ${why}`);
}

function named(name: string): void {
  if (!names.includes(name)) names.push(name);
  if (depth > 0 && !optionalNames.includes(name)) optionalNames.push(name);
}

function sequence(inGroup: boolean): PatternNode[] {
  const nodes: PatternNode[] = [];
  while (pos < count) {
    const kind = kinds[pos]!;
    if (kind === Tok.Close) {
      if (!inGroup) fail("unmatched ')'; every optional group needs its opening '('");
      break;
    }
    if (kind === Tok.Pipe) {
      const left = nodes.pop();
      if (!left) fail("'|' needs an alternative on each side");
      pos++;
      if (pos >= count || kinds[pos] === Tok.Close || kinds[pos] === Tok.Pipe)
        fail("'|' needs an alternative on each side");
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
  const i = pos++;
  switch (kinds[i]) {
    case Tok.Slash:
      return SLASH_NODE;
    case Tok.Dot:
      return DOT_NODE;
    case Tok.Symbol: {
      const name = texts[i]!;
      named(name);
      return { type: "symbol", name };
    }
    case Tok.Star: {
      const name = texts[i]!;
      named(name);
      globNames.push(name);
      return { type: "star", name };
    }
    case Tok.Literal:
      return { type: "literal", value: texts[i]! };
    case Tok.Open: {
      depth++;
      const children = sequence(true);
      depth--;
      if (pos >= count || kinds[pos] !== Tok.Close) fail("unclosed '('; close every optional group with ')'");
      pos++;
      if (children.length === 0) fail("empty optional group '()'");
      return { type: "group", children };
    }
    default:
      return fail(`unexpected '${TOKEN_TEXT[kinds[i]!]}'`);
  }
}

/** Parses a route path into its AST; throws ArgumentError naming the path on unbalanced groups. */
// Exported for its unit tests (test/pattern/); PathPattern is what the rest of src/ parses with.
export function parsePattern(path: string): readonly PatternNode[] {
  return parsePath(path).ast;
}
