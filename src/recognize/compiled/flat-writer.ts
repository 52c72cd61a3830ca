// `TrieWriter`: a built trie (trie.ts) laid out flat, in the layout flat.ts defines. Only compiling
// a table reaches it: a table written by `switchyard build` is read back already flat (data.ts),
// so an app's bundle that loads one leaves this out.
import * as chars from "./chars.js";
import {
  BY_FIRST,
  BY_PAIR,
  C_STRIDE,
  CLASSES,
  DOT_GROUP,
  E_CHILD,
  E_CODES,
  E_FLAGS,
  E_LENGTH,
  E_NEXT,
  type FlatTrie,
  G_EMPTY,
  G_MASK_MODE,
  G_PARAM,
  G_SLOTS,
  HASHED,
  MIN,
  NODE_SIZE,
  NONE,
  NTERM,
  pairKey,
  SLASH_GROUP,
  slotOf,
  TERM,
  type Terminal,
} from "./flat.js";
import type { ClassEdge, TrieNode, WordTable } from "./trie.js";

const { HASH, PERCENT, QUESTION } = chars;

type TableMode = typeof BY_FIRST | typeof BY_PAIR | typeof HASHED;
/** Longest chain of words sharing a key that a table keyed by leading characters takes. */
const MAX_CHAIN = 4;

const firstOf = (w: string) => w.charCodeAt(0);
const pairOf = (w: string) => pairKey(w.charCodeAt(0), w.length > 1 ? w.charCodeAt(1) : 0);

/** The most words sharing one key. */
function longestChain(words: readonly string[], key: (w: string) => number): number {
  const chains = new Map<number, number>();
  let most = 0;
  for (const w of words) {
    const n = (chains.get(key(w)) ?? 0) + 1;
    chains.set(key(w), n);
    if (n > most) most = n;
  }
  return most;
}

/** The table a node's static words after one separator are laid out in (see `WordTable`). */
function tableMode(table: WordTable): TableMode {
  const words = table.words;
  // (No chain can be longer than the table: most tables, of one to three words, skip the count.)
  if (words.length <= MAX_CHAIN || longestChain(words, firstOf) <= MAX_CHAIN) return BY_FIRST;
  return longestChain(words, pairOf) <= MAX_CHAIN ? BY_PAIR : HASHED;
}

/**
 * A word as a flat string. Words are cut from their route's pattern, and V8 makes a cut of 13 or
 * more characters a slice pointing into the pattern, which `startsWith` (see `sameWord`) reads
 * through its slow branch. A property key is internalized, and an internalized string is flat.
 */
const flat = (word: string) => Object.keys({ [word]: 0 })[0]!;
/** The shortest cut V8 makes a slice (shorter ones are copied, so are flat already). */
const SLICED_MIN = 13;

/** Lays a built trie out flat, computing each node's `min` and ordering terminals and class edges by priority. */
export class TrieWriter {
  // T[0] stays 0: the one-slot table of a group without words, and "none".
  T = new Int32Array(1024);
  private size = 1;
  readonly terms: Terminal[] = [];
  readonly words: string[] = [];
  readonly tables: Uint8Array[] = [];
  readonly elements: RegExp[] = [];
  private readonly classIndex = new Map<string, number>();
  private marked = false;

  private alloc(n: number): number {
    const at = this.size;
    const need = at + n;
    if (need > this.T.length) {
      let cap = this.T.length * 2;
      while (cap < need) cap *= 2;
      const grown = new Int32Array(cap);
      grown.set(this.T);
      this.T = grown;
    }
    this.size = need;
    return at;
  }

  finish(root: TrieNode): FlatTrie {
    const at = this.node(root);
    return {
      T: this.T.slice(0, this.size),
      root: at,
      terms: this.terms,
      words: this.words,
      tables: this.tables,
      elements: this.elements,
      marked: this.marked,
    };
  }

  /** Writes a node and its subtree; returns its offset. */
  private node(n: TrieNode): number {
    const at = this.alloc(NODE_SIZE);
    let min = NONE;
    const first = n.terminal;
    if (first !== null) {
      this.T[at + TERM] = this.terms.length;
      if (n.moreTerminals === null) {
        this.T[at + NTERM] = 1;
        this.terms.push(first);
        min = first.key;
      } else {
        const terms = [first, ...n.moreTerminals].sort((a, b) => a.key - b.key);
        this.T[at + NTERM] = terms.length;
        for (const t of terms) this.terms.push(t);
        min = terms[0]!.key;
      }
    }
    min = Math.min(min, this.group(n.slashWords, n.slashParam, at + SLASH_GROUP));
    min = Math.min(min, this.group(n.dotWords, n.dotParam, at + DOT_GROUP));
    if (n.classEdges !== null) min = Math.min(min, this.classes(n.classEdges, at));
    this.T[at + MIN] = min;
    return at;
  }

  /** Writes a separator's group at `field`; returns the smallest key below it. */
  private group(table: WordTable | null, param: TrieNode | null, field: number): number {
    let min = NONE;
    if (table !== null) {
      const { words, children } = table;
      const count = words.length;
      if (count > 0) {
        const mode = tableMode(table);
        let size = 1;
        while (size < 2 * count) size *= 2;
        const mask = size - 1;
        const slots = this.alloc(size);
        const edges: number[] = [];
        // Last word first, so that each chain lists its words in the order they were added.
        for (let k = count - 1; k >= 0; k--) {
          const word = words[k]!;
          const n = word.length;
          const e = this.alloc(E_CODES + n);
          const T = this.T;
          T[e + E_LENGTH] = n;
          // (Whether the word is raw-safe, found while its codes are copied: three `indexOf` per
          // word, each a builtin call, were ~3% of the instructions of drawing 10,000 routes.)
          let marked = 0;
          for (let i = 0; i < n; i++) {
            const c = word.charCodeAt(i);
            T[e + E_CODES + i] = c;
            if (c === PERCENT || c === QUESTION || c === HASH) marked = 1;
          }
          T[e + E_FLAGS] = this.words.length * 2 + marked;
          if (marked !== 0) this.marked = true;
          // (Only words compared as strings, and long enough to be slices: see `flat`.)
          this.words.push(n >= SLICED_MIN ? flat(word) : word);
          const first = T[e + E_CODES]!;
          const slot =
            (mode === HASHED
              ? slotOf(n, first, word.charCodeAt(n >> 1), word.charCodeAt(n - 1), mask)
              : mode === BY_PAIR
                ? pairOf(word)
                : first) & mask;
          T[e + E_NEXT] = T[slots + slot]!;
          T[slots + slot] = e;
          edges[k] = e;
        }
        for (let k = 0; k < count; k++) {
          const child = this.node(children[k]!);
          this.T[edges[k]! + E_CHILD] = child;
          min = Math.min(min, this.T[child + MIN]!);
        }
        this.T[field + G_SLOTS] = slots;
        this.T[field + G_MASK_MODE] = mask * 4 + mode;
      }
      if (table.empty !== null) {
        const empty = this.node(table.empty);
        this.T[field + G_EMPTY] = empty;
        min = Math.min(min, this.T[empty + MIN]!);
      }
    }
    if (param !== null) {
      const p = this.node(param);
      this.T[field + G_PARAM] = p;
      min = Math.min(min, this.T[p + MIN]!);
    }
    return min;
  }

  /** Writes a node's class edges, by priority; returns the smallest key below them. */
  private classes(edges: readonly ClassEdge[], node: number): number {
    const list = this.alloc(1 + C_STRIDE * edges.length);
    const written = edges.map((e) => {
      const child = this.node(e.child);
      return { sep: e.sep, cls: this.classOf(e), child, min: this.T[child + MIN]! };
    });
    written.sort((a, b) => a.min - b.min);
    const T = this.T;
    T[list] = written.length;
    written.forEach((w, i) => {
      T[list + 1 + C_STRIDE * i] = w.sep;
      T[list + 2 + C_STRIDE * i] = w.cls;
      T[list + 3 + C_STRIDE * i] = w.child;
    });
    T[node + CLASSES] = list;
    return written[0]!.min;
  }

  private classOf(e: ClassEdge): number {
    let cls = this.classIndex.get(e.key);
    if (cls === undefined) {
      this.classIndex.set(e.key, (cls = this.tables.length * 2 + (e.cls.broad ? 1 : 0)));
      this.tables.push(e.cls.table);
      this.elements.push(e.cls.element);
    }
    return cls;
  }
}
