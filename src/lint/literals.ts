import type { AST } from "@eslint-community/regexpp";
import { regexpp } from "./libs.js";
import { BoundedCache } from "../support/bounded-cache.js";

/**
 * Cheap facts about a regexp's language, for filtering candidate pairs before any automaton is
 * built: literal text every accepted string contains, and a few strings it accepts. Each fact is
 * either certain or absent; a filter built on them never drops a pair that could be proven.
 */
export interface LiteralFacts {
  /** Every string `test` accepts starts with this ("" when unknown). */
  readonly prefix: string;
  /** Every string `test` accepts contains each of these. */
  readonly runs: readonly string[];
}

const NONE: LiteralFacts = Object.freeze({ prefix: "", runs: Object.freeze([]) as readonly string[] });

let regexpParser: InstanceType<ReturnType<typeof regexpp>["RegExpParser"]> | undefined;
const parser = () => (regexpParser ??= new (regexpp().RegExpParser)({ ecmaVersion: 2025 }));

/** The regexp's syntax tree (regexpp), or null where it does not parse. */
export function parse(re: RegExp): AST.Pattern | null {
  try {
    return parser().parsePattern(re.source, 0, re.source.length, {
      unicode: re.unicode,
      unicodeSets: re.flags.includes("v"),
    });
  } catch {
    return null;
  }
}

/**
 * The literal runs of the top-level sequence: characters outside any group, class or quantifier,
 * in a regexp with a single top-level alternative. A `^` at the very start (without `m`) makes
 * the first run a prefix. Case-insensitive regexps have no runs (their literals match either case).
 */
export function literalFacts(re: RegExp, parsed?: AST.Pattern | null): LiteralFacts {
  if (re.ignoreCase) return NONE;
  const pattern = parsed === undefined ? parse(re) : parsed;
  if (pattern === null || pattern.alternatives.length !== 1) return NONE;
  const runs: string[] = [];
  let prefix = "";
  let cur = "";
  let anchoredRun = false;
  const elements = pattern.alternatives[0]!.elements;
  const flush = () => {
    if (cur !== "") {
      if (anchoredRun) prefix = cur;
      runs.push(cur);
    }
    cur = "";
    anchoredRun = false;
  };
  elements.forEach((el, i) => {
    if (i === 0 && el.type === "Assertion" && el.kind === "start" && !re.multiline) {
      anchoredRun = true;
      return;
    }
    if (el.type === "Character") {
      cur += String.fromCodePoint(el.value);
      return;
    }
    flush();
  });
  flush();
  return { prefix, runs };
}

/** A string built from a regexp's syntax; `certain`: it is known to match (no assertion but a leading `^` and a trailing `$` was passed over). */
export interface Sample {
  readonly text: string;
  readonly certain: boolean;
}

/**
 * A string the regexp accepts, built by walking its syntax: the first alternative everywhere, each
 * quantifier `variant === 0 ? min : max(min, 1)` times (bounded by its max), a readable member of
 * each class. Where the walk passed over an assertion other than the pattern's own `^`/`$` edges,
 * the string may not match (`certain` is false) and the caller must test it.
 */
export function sampleOf(re: RegExp, variant: 0 | 1, parsed?: AST.Pattern | null): Sample | null {
  const pattern = parsed === undefined ? parse(re) : parsed;
  if (pattern === null) return null;
  const flags = re.flags.replace(/[gyd]/g, "");
  let out = "";
  let ok = true;
  let certain = true;
  const top = pattern.alternatives.length === 1 ? pattern.alternatives[0]!.elements : [];
  const visit = (node: AST.Node): void => {
    if (!ok) return;
    switch (node.type) {
      case "Pattern":
      case "Group":
      case "CapturingGroup":
        visit(node.alternatives[0]!);
        break;
      case "Alternative":
        for (const el of node.elements) visit(el);
        break;
      case "Character":
        out += String.fromCodePoint(node.value);
        break;
      case "CharacterSet":
      case "CharacterClass":
      case "ExpressionCharacterClass": {
        const c = memberOf(node.raw, flags, variant);
        if (c === null) ok = false;
        else out += c;
        break;
      }
      case "Quantifier": {
        const reps = variant === 0 ? node.min : Math.min(node.max, Math.max(node.min, 1));
        if (reps > 64) {
          ok = false;
          break;
        }
        for (let i = 0; i < reps; i++) visit(node.element);
        break;
      }
      case "Assertion":
        if (!((node.kind === "start" && node === top[0]) || (node.kind === "end" && node === top[top.length - 1])))
          certain = false;
        break;
      default:
        ok = false;
    }
  };
  visit(pattern);
  return ok ? { text: out, certain } : null;
}

/** Readable characters tried first, in order; the second variant prefers others, to tell routes apart. */
const PREFERRED = [
  "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-_~",
  "z9yx8w7v6u5tsrqponmlkjihgfedcbaZYX-_~",
];
/** A member of each class by variant, flags and source. Pure by key. */
const members = new BoundedCache<string, string | null>(10_000);

/** A character a one-character class (`[a-z]`, `\d`, `.`) accepts, preferring readable ones; null if none is found. */
function memberOf(raw: string, flags: string, variant: 0 | 1): string | null {
  const key = `${variant}/${flags}/${raw}`;
  let hit = members.get(key);
  if (hit !== undefined) return hit;
  hit = null;
  try {
    const re = new RegExp(`^(?:${raw})$`, flags);
    for (const c of PREFERRED[variant]!)
      if (re.test(c)) {
        hit = c;
        break;
      }
    if (hit === null)
      for (let code = 33; code < 0x3000 && hit === null; code++) {
        const c = String.fromCharCode(code);
        if (re.test(c)) hit = c;
      }
  } catch {
    hit = null;
  }
  members.set(key, hit);
  return hit;
}
