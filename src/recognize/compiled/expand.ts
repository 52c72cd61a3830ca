import type { PatternNode } from "../../pattern/ast.js";
import { singleCharMatcher, type CharClass } from "./char-class.js";
import { hasAnyKey } from "../../support/objects.js";
import type { Requirement } from "../../table/route.js";
import { BoundedCache } from "../../support/bounded-cache.js";

/**
 * A route pattern as the list of concrete token sequences it can match, in the order Journey's
 * regexp would try them (an optional group present before absent, outer decisions first).
 *
 * A path reads as tokens: a separator (`/` or `.`) and the word after it up to the next
 * separator (`/photos/12.json` is `/photos`, `/12`, `.json`). When every expansion of a pattern
 * alternates separators and single words, and every parameter can only end at a separator, the
 * regexp has exactly one way to match each expansion, so "the first expansion whose tokens match"
 * is exactly what the regexp answers — and a trie over tokens can find it. Anything else
 * (globs, `:a-:b`, `v:version`, lazy or open-ended requirements) is left to the regexp.
 */
export type Word =
  /** Literal text between separators (possibly empty: `/` alone, or `/.json`). */
  | { readonly kind: "literal"; readonly value: string }
  /** A parameter with the default pattern `[^/.?]+`: one whole non-empty word. */
  | { readonly kind: "param"; readonly name: string }
  /** A parameter whose requirement is `X+` for a one-character class `X` (`\d+`, `[^\/]+`): the longest run of accepted characters. */
  | {
      readonly kind: "class";
      readonly name: string;
      readonly cls: CharClass;
      readonly key: string;
    };

export interface Token {
  /** `/` (47) or `.` (46). */
  readonly sep: number;
  readonly word: Word;
}

export interface Expansion {
  /** Priority among the route's expansions (0 first). */
  readonly ord: number;
  readonly tokens: readonly Token[];
}

/** More expansions than this (six independent optional groups) and the route is matched by its regexp. */
const MAX_EXPANSIONS = 64;

type Atom = { sep: number } | { word: Word };

class NotTokenized extends Error {}

const EMPTY: Word = { kind: "literal", value: "" };

function expandSequence(nodes: readonly PatternNode[], reqs: Readonly<Record<string, Requirement>>): Atom[][] {
  let acc: Atom[][] = [[]];
  for (const node of nodes) {
    const choices = expandNode(node, reqs);
    const next: Atom[][] = [];
    for (const head of acc) for (const tail of choices) next.push(head.concat(tail));
    if (next.length > MAX_EXPANSIONS) throw new NotTokenized();
    acc = next;
  }
  return acc;
}

function expandNode(node: PatternNode, reqs: Readonly<Record<string, Requirement>>): Atom[][] {
  switch (node.type) {
    case "slash":
      return [[{ sep: 47 }]];
    case "dot":
      return [[{ sep: 46 }]];
    case "literal":
      return [[{ word: { kind: "literal", value: node.value } }]];
    case "symbol": {
      const word = symbolWord(node.name, reqs);
      if (word === null) throw new NotTokenized();
      return [[{ word }]];
    }
    case "group":
      return [...expandSequence(node.children, reqs), []];
    case "star":
    case "or":
      throw new NotTokenized();
  }
}

/**
 * One-character-class matchers by requirement (`/[^\/]+/`, `/\d+/`): a table of 128 tests each,
 * shared by every route with that requirement. Pure by key: the class is a function of the
 * regexp's source and flags. Only RegExps have one: a string requirement is literal text (Journey
 * escapes it), which only its regexp matches, and would otherwise share the key of a RegExp
 * written alike (`"/[a-z]+/"` and `/[a-z]+/`).
 */
const classes = new Map<string, CharClass | null>();

/** The word of a parameter: the default word, a one-character-class run, or null (only its regexp can match it). */
function symbolWord(name: string, reqs: Readonly<Record<string, Requirement>>): Word | null {
  if (!Object.hasOwn(reqs, name)) return { kind: "param", name };
  const req = reqs[name]!;
  // A literal string or a `Regexp.union` list is no one-character run: only its regexp can match it.
  if (!(req instanceof RegExp)) return null;
  const key = `/${req.source}/${req.flags}`;
  let m = classes.get(key);
  if (m === undefined) classes.set(key, (m = singleCharMatcher(req)));
  return m === null ? null : { kind: "class", name, cls: m, key };
}

/**
 * The tokens of a sequence of separators each followed by at most one word (`/photos/:id`),
 * written to `scratch` from `at`; returns where they end, or -1 when the sequence is not that
 * simple. The fast path of `expandPattern` for what nearly every route is: such a sequence,
 * optionally followed by one such group (`(.:format)`). Drawing 10,000 routes spent ~40 ms in the
 * general expansion (arrays of atoms concatenated per node); this is ~5x less. The lists are cut
 * from `scratch` at their length: one grown by `push` or spread takes 17 or more slots (~0.3 KB a
 * route, unused).
 */
function simpleTokens(
  nodes: readonly PatternNode[],
  end: number,
  reqs: Readonly<Record<string, Requirement>>,
  at: number,
): number {
  let n = at;
  for (let i = 0; i < end; i++) {
    const node = nodes[i]!;
    if (node.type !== "slash" && node.type !== "dot") return -1;
    const next = i + 1 < end ? nodes[i + 1]! : null;
    const sep = node.type === "slash" ? 47 : 46;
    let token: Token;
    if (next !== null && next.type === "literal") {
      token = plainToken(sep, "literal", next.value);
      i++;
    } else if (next !== null && next.type === "symbol") {
      if (!Object.hasOwn(reqs, next.name)) token = plainToken(sep, "param", next.name);
      else {
        const word = symbolWord(next.name, reqs);
        if (word === null) return -1;
        token = { sep, word };
      }
      i++;
    } else token = plainToken(sep, "literal", "");
    scratch[n++] = token;
  }
  return n;
}

/**
 * Tokens of literal words and default parameters, by separator, kind and text: one for all the
 * patterns that have it (`/photos`, `/:id`). Expansions are kept with their patterns (see
 * `expandPattern`), and a token and word per segment of each were 1.1 of the 2.8 MB those of the
 * 10,000-route table's ~5,300 patterns took. Immutable, as every token. Let go of all at once past
 * `MAX_TOKENS` (nothing is lost but the sharing). Pure by key: a token is a function of its
 * separator, kind and text.
 */
const MAX_TOKENS = 1 << 16;
const plainTokens = new BoundedCache<string, Token>(MAX_TOKENS);

function plainToken(sep: number, kind: "literal" | "param", text: string): Token {
  // (Keyed by one string: the separator and kind in its first character.)
  const key = (sep === 47 ? (kind === "literal" ? "/" : ":") : kind === "literal" ? "." : ";") + text;
  let token = plainTokens.get(key);
  if (token === undefined) {
    const word: Word = kind === "literal" ? (text === "" ? EMPTY : { kind, value: text }) : { kind, name: text };
    plainTokens.set(key, (token = { sep, word }));
  }
  return token;
}

/** Where `simpleTokens` writes a pattern's tokens before they are cut to their length (scratch space, not a cache: nothing is read from it across calls). */
const scratch: Token[] = [];

/** The token of `(.:format)` with no format requirement, as nearly every route ends: one for all. */
const FORMAT_TOKEN: Token = { sep: 46, word: { kind: "param", name: "format" } };

function isFormatGroup(nodes: readonly PatternNode[], reqs: Readonly<Record<string, Requirement>>): boolean {
  const symbol = nodes[1];
  return (
    nodes.length === 2 &&
    nodes[0]?.type === "dot" &&
    symbol?.type === "symbol" &&
    symbol.name === "format" &&
    !Object.hasOwn(reqs, "format")
  );
}

function quickExpand(
  ast: readonly PatternNode[],
  reqs: Readonly<Record<string, Requirement>>,
): Expansion[] | null | undefined {
  const lastNode = ast[ast.length - 1];
  const group = lastNode?.type === "group" ? lastNode : null;
  const n = simpleTokens(ast, group ? ast.length - 1 : ast.length, reqs, 0);
  if (n <= 0) return undefined;
  if (group === null) return classesEndAtSeparators([{ ord: 0, tokens: scratch.slice(0, n) }]);
  let m: number;
  if (isFormatGroup(group.children, reqs)) {
    scratch[n] = FORMAT_TOKEN;
    m = n + 1;
  } else {
    m = simpleTokens(group.children, group.children.length, reqs, n);
    if (m <= n) return undefined;
  }
  const all = scratch.slice(0, m);
  return classesEndAtSeparators([
    { ord: 0, tokens: all },
    { ord: 1, tokens: all.slice(0, n) },
  ]);
}

/**
 * A class parameter must not be able to run into what follows it in any expansion, or the regexp
 * could backtrack into it: its run must stop exactly at the next separator (or the end).
 */
function classesEndAtSeparators(out: Expansion[]): Expansion[] | null {
  for (const e of out) {
    for (let i = 0; i < e.tokens.length; i++) {
      const w = e.tokens[i]!.word;
      if (w.kind !== "class") continue;
      const next = e.tokens[i + 1];
      if (next && w.cls.table[next.sep] !== 0) return null;
    }
  }
  return out;
}

/** The last plain pattern one compile expanded, and its expansions: a memo its compile owns (see `expandPattern`). */
export interface ExpandMemo {
  lastAst: readonly PatternNode[] | null;
  lastExpansions: Expansion[] | null;
}

/**
 * The token expansions of an anchored pattern, or null when the pattern is not of that shape.
 * Expansions that cannot match any normalized path (empty, or not starting with a separator) are dropped.
 */
export function expandPattern(
  ast: readonly PatternNode[],
  requirements: Readonly<Record<string, Requirement>>,
  anchored: boolean,
  memo: ExpandMemo,
): Expansion[] | null {
  if (!anchored) return null;
  // Without requirements, a pattern's expansions are a function of its AST, and patterns are
  // shared by the routes with their path and kept while routes hold them (see `patternOf`):
  // the expansions are kept with them, so a redraw expands nothing (~5,300 patterns for 10,000
  // routes). Routes with one pattern come in runs (a resource's index and create; its show,
  // update, update and destroy): the last run's, in the compile's memo, are compared first. The
  // expansions are shared, so their users must not change them.
  const plain = !hasAnyKey(requirements);
  if (!plain) return uncachedExpand(ast, requirements);
  if (ast === memo.lastAst) return memo.lastExpansions;
  let expansions = byAst.get(ast);
  if (expansions === undefined) byAst.set(ast, (expansions = uncachedExpand(ast, requirements)));
  memo.lastAst = ast;
  return (memo.lastExpansions = expansions);
}

/** Expansions of plain patterns by AST (pure by key: an AST is never changed once parsed; weak, so a pattern no route holds takes its expansions with it). */
const byAst = new WeakMap<readonly PatternNode[], Expansion[] | null>();

function uncachedExpand(
  ast: readonly PatternNode[],
  requirements: Readonly<Record<string, Requirement>>,
): Expansion[] | null {
  const quick = quickExpand(ast, requirements);
  if (quick !== undefined) return quick;
  let sequences: Atom[][];
  try {
    sequences = expandSequence(ast, requirements);
  } catch (e) {
    if (e instanceof NotTokenized) return null;
    throw e;
  }
  const out: Expansion[] = [];
  for (let ord = 0; ord < sequences.length; ord++) {
    const atoms = sequences[ord]!;
    if (atoms.length === 0 || !("sep" in atoms[0]!)) continue;
    const tokens: { sep: number; word: Word; placed: boolean }[] = [];
    for (const atom of atoms) {
      if ("sep" in atom) tokens.push({ sep: atom.sep, word: EMPTY, placed: false });
      else {
        const last = tokens[tokens.length - 1]!;
        // Two words in a row (`:a:b`, `d(e)`): not one word per token.
        if (last.placed) return null;
        last.word = atom.word;
        last.placed = true;
      }
    }
    out.push({ ord, tokens: tokens.map(({ sep, word }) => ({ sep, word })) });
  }
  return classesEndAtSeparators(out);
}
