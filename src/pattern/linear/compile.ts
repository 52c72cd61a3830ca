import type { AST } from "@eslint-community/regexpp";
import type { PatternNode } from "../ast.js";
import { regexpsOf, requirementSource, type JourneyRegExp, type Requirement, type Requirements } from "../regexp.js";
import { regexpp } from "../../support/regexpp.js";
import {
  ASSERT,
  Builder,
  CHAR,
  END,
  LIT,
  LOOK,
  MATCH,
  NOT_WORD_BOUNDARY,
  SAVE,
  SPLIT,
  START,
  TooLarge,
  WORD_BOUNDARY,
  type Atom,
  type Program,
} from "./program.js";

/**
 * Journey's regexp for a route (`journeyRegExp`), compiled to the linear matcher's program: the
 * same alternatives in the same order, so that a search in priority order finds the captures the
 * backtracking regexp finds. Literals, `:symbol` (`[^/.?]+`), `*glob` (`[^\n]+`, or `[^\n]+?`
 * with a formatted route's `/.+?/`), optional groups and alternatives come from the pattern's
 * AST; a requirement regexp is parsed (regexpp) and compiled element by element, its lookarounds
 * left to native regexps tested at a position.
 *
 * Null where the program cannot say exactly what the regexp says: a backreference (`\1`,
 * `\k<x>`: no linear matcher exists for them), a `v`-flag requirement, a requirement regexpp
 * does not parse alone, or a program over `MAX_INSTRUCTIONS` (`\d{1,100000}`). Those routes keep
 * the native regexp.
 */
export function compileJourney(j: JourneyRegExp): Program | null {
  const { ast, requirements } = j;
  // With named groups in a requirement only those capture (Ruby's rule), and a parameter's value
  // may come from another group or none: the native regexp keeps that mapping.
  if (j.named) return null;
  for (const name in requirements) {
    for (const re of regexpsOf(requirements[name]!)) {
      if (re.flags.includes("v") || /\\(?:[1-9]|k)/.test(re.source)) return null;
    }
  }
  const params = j.groupNames.flatMap((name, i) => (name === null ? [] : [i + 1]));
  const c = new Compiler(new Builder(), requirements, j.re.unicode, params.length);
  try {
    const match = c.b.add(MATCH);
    let end: number;
    if (j.anchored) end = c.b.add(ASSERT, END, match);
    else if (ast.length === 1 && ast[0]!.type === "slash")
      end = match; // `^/`: a mount at the root
    else {
      // `(?:\b|$|/)`
      const slash = c.b.add(LIT, 47, match);
      end = c.b.add(SPLIT, c.b.add(ASSERT, WORD_BOUNDARY, match), c.b.add(SPLIT, c.b.add(ASSERT, END, match), slash));
    }
    const start = c.sequence(ast, end);
    if (c.failed) return null;
    return c.b.finish(start, 2 * params.length, Int32Array.from(params), j.groupNames.length, j.re.unicode);
  } catch (e) {
    if (e instanceof TooLarge) return null;
    throw e;
  }
}

/** `[^/.?]`, a symbol's character. */
const SEGMENT_ATOM: Atom = asciiAtom((c) => c !== 47 && c !== 46 && c !== 63, 1);
/** `[^\n]`, a glob's character. */
const GLOB_ATOM: Atom = asciiAtom((c) => c !== 10, 1);

function asciiAtom(accepts: (c: number) => boolean, other: 0 | 1): Atom {
  const ascii = new Uint8Array(128);
  for (let c = 0; c < 128; c++) ascii[c] = accepts(c) ? 1 : 0;
  return { ascii, other };
}

class Compiler {
  /** Parameters are compiled from the last to the first. */
  #param: number;
  failed = false;

  constructor(
    readonly b: Builder,
    private readonly requirements: Requirements,
    private readonly unicode: boolean,
    params: number,
  ) {
    this.#param = params;
  }

  sequence(nodes: readonly PatternNode[], next: number): number {
    for (let i = nodes.length - 1; i >= 0; i--) next = this.node(nodes[i]!, next);
    return next;
  }

  node(node: PatternNode, next: number): number {
    const b = this.b;
    switch (node.type) {
      case "literal":
        return b.literal(node.value, next);
      case "slash":
        return b.add(LIT, 47, next);
      case "dot":
        return b.add(LIT, 46, next);
      case "symbol":
      case "star": {
        const k = --this.#param;
        const req = Object.hasOwn(this.requirements, node.name) ? this.requirements[node.name] : undefined;
        let body = b.add(SAVE, 2 * k + 1, next);
        if (req !== undefined) body = this.requirement(req, node.type === "star", body);
        else {
          const atom = node.type === "symbol" ? SEGMENT_ATOM : GLOB_ATOM;
          body = b.plus(
            b.atom(atom, () => atom),
            true,
            body,
          );
        }
        return b.add(SAVE, 2 * k, body);
      }
      case "group":
        return b.add(
          SPLIT,
          b.consuming(next, (n) => this.sequence(node.children, n)),
          next,
        );
      case "or":
        return this.alternatives(node.alternatives.length, (i, n) => this.sequence(node.alternatives[i]!, n), next);
    }
  }

  /** `(?:a|b|c)`: each alternative before `next`, tried in order. */
  alternatives(count: number, build: (i: number, next: number) => number, next: number): number {
    let entry = build(count - 1, next);
    for (let i = count - 2; i >= 0; i--) entry = this.b.add(SPLIT, build(i, next), entry);
    return entry;
  }

  requirement(req: Requirement, glob: boolean, next: number): number {
    if (typeof req === "string") return this.b.literal(req, next);
    // A list is Regexp.union's alternatives (or, on a glob, its inspect read as a regexp).
    const source = requirementSource(req, glob);
    // A formatted route's glob requirement, `/.+?/`: no parser needed.
    if (source === "[^\\n]+?" || source === "[^\\n]+")
      return this.b.plus(
        this.b.atom(GLOB_ATOM, () => GLOB_ATOM),
        !source.endsWith("?"),
        next,
      );
    let pattern: AST.Pattern;
    try {
      pattern = new (regexpp().RegExpParser)({ ecmaVersion: 2025 }).parsePattern(source, 0, source.length, {
        unicode: this.unicode,
      });
    } catch {
      this.failed = true;
      return next;
    }
    return this.alternativesOf(pattern.alternatives, next);
  }

  alternativesOf(alternatives: readonly AST.Alternative[], next: number): number {
    return this.alternatives(
      alternatives.length,
      (i, n) => {
        const elements = alternatives[i]!.elements;
        for (let e = elements.length - 1; e >= 0; e--) n = this.element(elements[e]!, n);
        return n;
      },
      next,
    );
  }

  element(el: AST.Element, next: number): number {
    const b = this.b;
    switch (el.type) {
      case "Character":
        // A code unit that is a whole character under either flag.
        if (el.value < 0xd800 || (el.value >= 0xe000 && el.value < 0x10000)) return b.add(LIT, el.value, next);
        return b.add(CHAR, this.atom(el), next);
      case "CharacterClass":
      case "CharacterSet":
        if (el.type === "CharacterClass" && el.unicodeSets) break;
        if (el.type === "CharacterSet" && el.kind === "property" && el.strings) break;
        return b.add(CHAR, this.atom(el), next);
      case "ExpressionCharacterClass":
        break;
      case "Group":
        if (el.modifiers) break;
        return this.alternativesOf(el.alternatives, next);
      case "CapturingGroup":
        // Its capture is the requirement's own (Journey names it nil): only where it ends matters.
        return this.alternativesOf(el.alternatives, next);
      case "Assertion":
        return b.add(ASSERT, this.assertion(el), next);
      case "Quantifier":
        return this.quantifier(el, next);
      case "Backreference":
        break;
    }
    this.failed = true;
    return next;
  }

  assertion(el: AST.Assertion): number {
    switch (el.kind) {
      case "start":
        return START;
      case "end":
        return END;
      case "word":
        return el.negate ? NOT_WORD_BOUNDARY : WORD_BOUNDARY;
      default: {
        const id = this.b.looks.length;
        this.b.looks.push(new RegExp(el.raw, this.unicode ? "uy" : "y"));
        return LOOK + id;
      }
    }
  }

  /**
   * `X{min,max}` as ECMAScript runs it: `min` copies of `X`, then each further iteration optional
   * (tried first when greedy) and required to consume (see `Builder#consuming`).
   */
  quantifier(q: AST.Quantifier, next: number): number {
    const b = this.b;
    const body = (n: number) => this.element(q.element, n);
    let tail = next;
    if (q.max === Infinity) {
      const loop = b.add(SPLIT);
      const iteration = b.consuming(loop, body);
      b.set(loop, q.greedy ? iteration : next, q.greedy ? next : iteration);
      tail = loop;
    } else {
      // `(?:X(?:X(?:X)?)?)?`: leaving at any iteration goes on to `next`.
      for (let i = q.min; i < q.max; i++) {
        const iteration = b.consuming(tail, body);
        tail = q.greedy ? b.add(SPLIT, iteration, next) : b.add(SPLIT, next, iteration);
      }
    }
    for (let i = 0; i < q.min; i++) tail = body(tail);
    return tail;
  }

  atom(el: AST.Character | AST.CharacterClass | AST.CharacterSet): number {
    return this.b.atom(el.raw, () => {
      const flags = this.unicode ? "u" : "";
      const whole = new RegExp(`^(?:${el.raw})$`, flags);
      const ascii = new Uint8Array(128);
      for (let c = 0; c < 128; c++) ascii[c] = whole.test(String.fromCharCode(c)) ? 1 : 0;
      const known = beyondAscii(el);
      return { ascii, other: known ?? new RegExp(`(?:${el.raw})`, flags + "y") };
    });
  }
}

/**
 * Whether an element accepts no character beyond ASCII (0) or every one (1), where that follows
 * from its parts (ASCII characters and ranges, `\d`, `\w`; flags are compiled into the source);
 * null where a native regexp must say (`.`, `\s`, `\p{..}`, non-ASCII members).
 */
function beyondAscii(el: AST.Character | AST.CharacterClass | AST.CharacterSet): 0 | 1 | null {
  const asciiOnly = (e: AST.Node): boolean =>
    e.type === "Character"
      ? e.value < 128
      : e.type === "CharacterClassRange"
        ? e.max.value < 128
        : e.type === "CharacterSet"
          ? (e.kind === "digit" || e.kind === "word") && !e.negate
          : false;
  if (el.type === "Character") return el.value < 128 ? 0 : null;
  if (el.type === "CharacterSet") {
    if (el.kind === "digit" || el.kind === "word") return el.negate ? 1 : 0;
    return null;
  }
  if (el.unicodeSets || !el.elements.every(asciiOnly)) return null;
  return el.negate ? 1 : 0;
}
