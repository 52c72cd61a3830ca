import * as chars from "./chars.js";
import type { Captures, Layout, PreparedRoute } from "../prepare.js";

// The sealed trie is one Int32Array of records, each addressed by its offset (0: none). A node's
// record, its word tables and word edges (each edge followed by its word's character codes) are
// laid out next to one another, subtrees depth first, so a walk step reads one or two cache lines
// of one array instead of five objects scattered over the heap; and the garbage collector neither
// scans nor copies it (the object trie of 10,000 routes was 12.5 MB of heap that every scavenge
// during a draw copied).
//
// The layout is defined here, once: `TrieWriter` (flat-writer.ts) writes it, the walk (walk.ts) reads it,
// `dumpTrie` (dump.ts) prints it and data.ts writes it into a built table and checks it when read back.

// Constants of this module, not imported bindings (read through their module cell at each use):
// `pairKey` runs inside the walk, and with SLASH and DOT imported the format requests of the
// Rails-style table took 20-40 instructions more each (see walk.ts).
const { DOT, SLASH } = chars;

/**
 * No route: the largest small integer (Smi) of V8's compressed pointers, 2^30 - 1. Keys, `min` and
 * `best` then stay Smis (keys reach 2^30 only past 8 million routes): a field holding a number
 * beyond that is a boxed double, two loads per read where the walk reads these on every token.
 */
export const NONE = 0x3fffffff;

/** A node: the smallest route key below it, its terminals (a run of `FlatTrie#terms`), a group per separator, its class edges. */
export const MIN = 0;
export const TERM = 1;
export const NTERM = 2;
export const SLASH_GROUP = 3;
export const DOT_GROUP = 7;
export const CLASSES = 11;
export const NODE_SIZE = 12;
/** A separator's group, at `SLASH_GROUP` or `DOT_GROUP`: word table, its mask and mode (`mask * 4 + mode`), the empty word's node, the parameter's node. */
export const G_SLOTS = 0;
export const G_MASK_MODE = 1;
export const G_EMPTY = 2;
export const G_PARAM = 3;
/** A word edge: the next edge in its slot's chain, the child, the word's length, flags (bit 0: `marked`; above: the word's index in `FlatTrie#words`), then its codes. */
export const E_NEXT = 0;
export const E_CHILD = 1;
export const E_LENGTH = 2;
export const E_FLAGS = 3;
export const E_CODES = 4;
/**
 * A class edge list: its count, then per edge the separator, the class (its index in
 * `FlatTrie#tables` times 2, plus 1 if it is broad: see `classRun`), the child.
 */
export const C_STRIDE = 3;

/** Route priority and expansion order folded into one comparable number: `index * KEY_SCALE + ord`. */
export const KEY_SCALE = 128;

export interface Terminal {
  readonly key: number;
  readonly route: PreparedRoute;
  /**
   * The route's index, whether it has request conditions and how many names it has, copied here:
   * the walk and the capture copy load one object per terminal, not three (loads, not arithmetic,
   * are what a recognition waits on: ~15% of a request went to them).
   */
  readonly index: number;
  readonly conditional: boolean;
  /** For the k-th parameter captured along the walk, its slot in the route's names. */
  readonly slots: Int32Array;
  /** The route's name, and whether its answer is just `{ name, params }` (no blocks, no redirect): copied, so a plain answer needs no other object. */
  readonly name: string | null;
  readonly plain: boolean;
  /** Builds the route's params from the captures, with the route's default values (both set on the terminal's first win). */
  build: Layout<Captures> | null;
  defaults: readonly unknown[];
}

const NO_DEFAULTS: readonly unknown[] = [];

/** The terminal of route `r`'s expansion of priority `ord`, its k-th parameter captured into name `slots[k]`. */
export function terminalOf(r: PreparedRoute, ord: number, slots: Int32Array): Terminal {
  // (Every terminal made here, with its fields in this order: the walk's loads of them stay monomorphic.)
  return {
    key: r.index * KEY_SCALE + ord,
    route: r,
    index: r.index,
    conditional: r.conditions.length > 0,
    slots,
    build: null,
    defaults: NO_DEFAULTS,
    name: r.name,
    plain: r.plain,
  };
}

export interface FlatTrie {
  readonly T: Int32Array;
  readonly root: number;
  /** Terminals, each node's as a run sorted by key. */
  readonly terms: readonly Terminal[];
  /** Word strings (compared with `startsWith` when long: see `sameWord`). */
  readonly words: readonly string[];
  /** Character classes: the 128-entry table and the test beyond ASCII. */
  readonly tables: readonly Uint8Array[];
  readonly elements: readonly RegExp[];
  /** Some word holds `%`, `?` or `#` (its edge is marked): the trie cannot be walked on a raw path. */
  readonly marked: boolean;
}

/** A hashed table's slot for a word: from numbers the walk has in hand (no substring cut, no string hashed). */
export const slotOf = (length: number, first: number, mid: number, last: number, mask: number) => {
  const h = Math.imul(first + 31 * length, 0x9e3779b1) ^ Math.imul(mid * 131 + last, 0x85ebca6b);
  return (h ^ (h >>> 15)) & mask;
};

/** How a node's static words after one separator are laid out (see `WordTable`). */
export const BY_FIRST = 0;
export const BY_PAIR = 1;
export const HASHED = 2;
/** The key of a word's first two characters; a one-character word's second is 0, as is a separator or the end (passed as 0) after a path's first character. */
export const pairKey = (first: number, second: number) =>
  first * 31 + (second === SLASH || second === DOT ? 0 : second);

/** The longest word compared code by code; longer ones are compared by `startsWith` (see `sameWord`). */
export const BY_CODES = 7;

/** An empty trie: a root with no routes below it (what `TrieWriter` writes for an empty node). */
export const EMPTY_TRIE: FlatTrie = {
  T: Int32Array.of(0, NONE, ...new Array<number>(NODE_SIZE - 1).fill(0)),
  root: 1,
  terms: [],
  words: [],
  tables: [],
  elements: [],
  marked: false,
};
