/**
 * The linear matcher's program: a Thompson automaton over code units, as flat arrays. Every
 * instruction names its successors explicitly (`x`, `y`), so a part of the program can be cloned
 * with its edges remapped (see `Builder#consuming`).
 *
 * - `LIT c, next`: consume the code unit `c`.
 * - `CHAR atom, next`: consume one character (one code point under `u`) the atom accepts.
 * - `SPLIT first, second`: try `first`, then `second` (a backtracking engine's order).
 * - `SAVE slot, next`: record the position in a capture slot.
 * - `ASSERT kind, next`: a zero-width test (`^`, `$`, `\b`, `\B`, or a native lookaround).
 * - `MATCH`, `FAIL`.
 */
export const LIT = 0;
export const CHAR = 1;
export const SPLIT = 2;
export const SAVE = 3;
export const ASSERT = 4;
export const MATCH = 5;
const FAIL = 6;

/** Assertion kinds; a kind from `LOOK` on is the native lookaround `looks[kind - LOOK]`. */
export const START = 0;
export const END = 1;
export const WORD_BOUNDARY = 2;
export const NOT_WORD_BOUNDARY = 3;
export const LOOK = 4;

/** A set of characters one `CHAR` accepts. */
export interface Atom {
  /** The 128 ASCII characters: 1 where accepted. */
  readonly ascii: Uint8Array;
  /** Characters beyond ASCII: all accepted (1), none (0), or as a sticky native regexp answers. */
  readonly other: 0 | 1 | RegExp;
}

export interface Program {
  readonly op: Uint8Array;
  readonly x: Int32Array;
  readonly y: Int32Array;
  readonly start: number;
  readonly atoms: readonly Atom[];
  /** Sticky native regexps of the lookarounds, tested at a position (`lastIndex`). */
  readonly looks: readonly RegExp[];
  /** Capture slots: a start and an end per parameter (`2k`, `2k + 1`). */
  readonly slots: number;
  /** For the k-th parameter, its group's number in Journey's regexp. */
  readonly groups: Int32Array;
  /** How many groups Journey's regexp has (a requirement's own groups included). */
  readonly groupCount: number;
  /** Steps over code points rather than code units (the regexp has the `u` flag). */
  readonly unicode: boolean;
}

/** The program would be larger than `MAX_INSTRUCTIONS` (a requirement such as `\d{1,100000}`), or too long to prepare. */
export class TooLarge extends Error {}
const MAX_INSTRUCTIONS = 5_000;

/** Builds a program from the end: each `add` returns the instruction's index, its successors already built (or patched with `set`). */
export class Builder {
  readonly op: number[] = [];
  readonly x: number[] = [];
  readonly y: number[] = [];
  readonly atoms: Atom[] = [];
  readonly looks: RegExp[] = [];
  readonly #atomIds = new Map<Atom | string, number>();

  get size(): number {
    return this.op.length;
  }

  add(op: number, x = -1, y = -1): number {
    if (this.op.length >= MAX_INSTRUCTIONS) throw new TooLarge();
    this.op.push(op);
    this.x.push(x);
    this.y.push(y);
    return this.op.length - 1;
  }

  set(at: number, x: number, y: number): void {
    this.x[at] = x;
    this.y[at] = y;
  }

  /** An atom's index; `key` shares one atom between equal sources. */
  atom(key: Atom | string, make: () => Atom): number {
    let id = this.#atomIds.get(key);
    if (id === undefined) {
      id = this.atoms.push(make()) - 1;
      this.#atomIds.set(key, id);
    }
    return id;
  }

  /**
   * The part built by `build(next)`, restricted to its paths that consume a character before they
   * reach `next` — ECMAScript's rule for a quantified group: an iteration past the minimum that
   * matched the empty string fails (`/(?:(a*))?/.exec("")` leaves the group undefined). Where the
   * part cannot reach `next` without consuming, it is returned as built. Otherwise its
   * instructions are cloned: in the clone, an edge to `next` goes to `FAIL` instead, and a
   * consuming instruction continues into the original, where nothing is left to check.
   */
  consuming(next: number, build: (next: number) => number): number {
    const first = this.size;
    const entry = build(next);
    const last = this.size;
    if (!this.#emptyReaches(entry, next, first, last)) return entry;
    const fail = this.add(FAIL);
    const base = this.size - first;
    const inPart = (i: number) => i >= first && i < last;
    for (let i = first; i < last; i++) {
      const op = this.op[i]!;
      let x = this.x[i]!;
      let y = this.y[i]!;
      const map = (t: number) => (t === next ? fail : inPart(t) ? t + base : t);
      if (op === SPLIT) {
        x = map(x);
        y = map(y);
      } else if (op === SAVE || op === ASSERT) {
        y = map(y);
      }
      // LIT and CHAR keep their successor: past a character, the original goes on.
      this.add(op, x, y);
    }
    return inPart(entry) ? entry + base : entry;
  }

  /** Whether `target` is reachable from `from` without consuming, through the part `[first, last)`. */
  #emptyReaches(from: number, target: number, first: number, last: number): boolean {
    const seen = new Set<number>();
    const stack = [from];
    while (stack.length > 0) {
      const i = stack.pop()!;
      if (i === target) return true;
      if (i < first || i >= last || seen.has(i)) continue;
      seen.add(i);
      const op = this.op[i]!;
      if (op === SPLIT) stack.push(this.x[i]!, this.y[i]!);
      else if (op === SAVE || op === ASSERT) stack.push(this.y[i]!);
    }
    return false;
  }

  /** A literal string before `next`. */
  literal(text: string, next: number): number {
    for (let i = text.length - 1; i >= 0; i--) next = this.add(LIT, text.charCodeAt(i), next);
    return next;
  }

  /** `CHAR+` (greedy) or `CHAR+?` (lazy) before `next`. */
  plus(atom: number, greedy: boolean, next: number): number {
    const loop = this.add(SPLIT);
    const body = this.add(CHAR, atom, loop);
    this.set(loop, greedy ? body : next, greedy ? next : body);
    return body;
  }

  finish(start: number, slots: number, groups: Int32Array, groupCount: number, unicode: boolean): Program {
    return {
      op: Uint8Array.from(this.op),
      x: Int32Array.from(this.x),
      y: Int32Array.from(this.y),
      start,
      atoms: this.atoms,
      looks: this.looks,
      slots,
      groups,
      groupCount,
      unicode,
    };
  }
}
