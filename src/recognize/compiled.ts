import type { PatternNode } from "../pattern/ast.js";
import { expandPattern, type Expansion, type Token, type Word } from "./expand.js";
import { captureParams, type Captures, type Layout, type PreparedRoute } from "./prepare.js";
import { normalizeRequestPath, quickNormal } from "../uri/path.js";
import type { MatchEnv, MatchStrategy } from "./recognizer.js";
import { captureValues, regexpMatch } from "./reference.js";
import { MARK, type CharClass } from "./char-class.js";

/**
 * The compiled strategy: per verb, a token trie that keeps registration order, a map of static
 * paths, and the few routes only a regexp can match. The trie is built from objects and then
 * laid out flat, in one Int32Array (see `TrieWriter`).
 *
 * Choices, each measured on the benchmark tables (bench/RESULTS.md; 2 shared cores, Node 20; time
 * by interleaved A/B rounds, instructions with bench/instructions.mjs). On the Rails-style app the
 * walk now runs fewer instructions than memoirist and still takes 1.1x its time: what is left is
 * loads and branches. Instructions that matter: a `charCodeAt` is ~27 of them in optimized code,
 * so each path character is read as few times as possible.
 * - Routes are bucketed by verb at draw time (an any-verb route is in every bucket): a request
 *   never looks at another verb's routes.
 * - Static paths (a route expansion without parameters) answer from one `Map<path, route>`
 *   lookup — but only when no earlier route (dynamic, conditional, or regexp-only) could also
 *   match that path, which is decided at draw time by running the full matcher on the path. A
 *   filter on (length, last character) keeps dynamic paths from paying for the lookup.
 * - The trie's edges are tokens (`/word`, `.word`), so `(.:format)` is just one more optional
 *   token level (`/photos/:id` and `/photos/:id.:format`) rather than a regexp. Each node knows
 *   the smallest route priority below it; the walk explores children in that order and prunes
 *   every subtree that cannot beat the best match found so far, so first-match order costs
 *   nothing on resourceful tables (`/photos/new` before `/photos/:id` is found first and `:id`
 *   is never tried).
 * - The walk reads the raw request path and checks on the way that `normalize_path` would leave
 *   it alone; only a path that is not normal is normalized and walked again (see `walk`).
 * - Static words are matched in place, in a table keyed by their first one or two characters, or
 *   (where many share those) hashed over numbers the walk has in hand (see `WordTable`): no
 *   substring is cut and no string hashed.
 * - The sealed trie is one Int32Array of records (see `TrieWriter`): nodes, word tables and word
 *   codes of a subtree next to one another. It ran ~5% more instructions than the object trie
 *   it replaced (a typed-array load is a bounds check and an address computation) and was 2-4%
 *   faster on the small benchmark tables and 10-25% on the 10,000-route one in interleaved A/B
 *   (fewer cache lines per step); the 10,000-route table holds 8.3 MB instead of 12.8, and
 *   none of it is scanned or copied by the garbage collector.
 * - Parameters are captured as offsets; strings are cut only for the winning route, by code
 *   generated per params layout (see `captureParams`).
 * - Requirements of the form `X+` (`\d+`, `[^\/]+`, `[a-z0-9-]+`) are a 128-entry table lookup
 *   per character: no regexp runs for them.
 * - Regexp-only routes (globs, `:a-:b`, arbitrary requirements, mounts) are tried in order after
 *   the walk, and only those that precede the walk's best match and whose literal prefix the
 *   path starts with.
 * - Generating JavaScript for the trie itself (a function per node) was tried and dropped: on the
 *   430-route table most of its ~440 functions ran too rarely to be optimized, and recognition
 *   was 1.6x slower than this interpreted walk, whose few functions stay hot.
 */

const SLASH = 47;
const DOT = 46;
const HASH = 35;
const PERCENT = 37;
const QUESTION = 63;

/** Route priority and expansion order folded into one comparable number. */
const KEY_SCALE = 128;
/**
 * No route: the largest small integer (Smi) of V8's compressed pointers, 2^30 - 1. Keys, `min` and
 * `best` then stay Smis (keys reach 2^30 only past 8 million routes): a field holding a number
 * beyond that is a boxed double, two loads per read where the walk reads these on every token.
 */
const NONE = 0x3fffffff;
/** `matchRaw`'s answer when the raw path must be normalized first. */
const UNSURE = -2;

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

/** A parameter edge whose requirement is a run of one character class, while building. */
interface ClassEdge {
  readonly sep: number;
  readonly cls: CharClass;
  readonly key: string;
  readonly child: TrieNode;
}

/** A hashed table's slot for a word: from numbers the walk has in hand (no substring cut, no string hashed). */
const slotOf = (length: number, first: number, mid: number, last: number, mask: number) => {
  const h = Math.imul(first + 31 * length, 0x9e3779b1) ^ Math.imul(mid * 131 + last, 0x85ebca6b);
  return (h ^ (h >>> 15)) & mask;
};

/** How a node's static words after one separator are laid out (see `WordTable`). */
const BY_FIRST = 0;
const BY_PAIR = 1;
const HASHED = 2;
type TableMode = typeof BY_FIRST | typeof BY_PAIR | typeof HASHED;

/** Longest chain of words sharing a key that a table keyed by leading characters takes. */
const MAX_CHAIN = 4;

/** The key of a word's first two characters; a one-character word's second is 0, as is a separator or the end (passed as 0) after a path's first character. */
const pairKey = (first: number, second: number) => first * 31 + (second === SLASH || second === DOT ? 0 : second);

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

/** A word table's lists before its first word (shared, never changed: `WordTable#add` replaces them). */
const NO_WORDS: string[] = [];
const NO_CHILDREN: TrieNode[] = [];

/**
 * The static words after one separator, while building. Laid out (see `TrieWriter#group`) in one
 * of three tables:
 * - keyed by the word's first character (`BY_FIRST`) when at most four words share one (nearly
 *   every table of an app), else by its first two (`BY_PAIR`: `photos`, `posts`, `products`,
 *   `projects` and `payments` under one root): one load finds the chain, and each word is
 *   compared in place against the path (see `sameWord`); the character after it must end the
 *   path's word (a separator, or the end). A matched static word is read once: no scan for its
 *   end, no hash. On the GitHub table this took recognition from 360 to 327 ns against the
 *   hashed table alone; the two-character key spares the Rails-style app's root the same scan.
 * - hashed over the word's length and first, middle and last characters (`HASHED`), when more
 *   words share even two characters (`page_0` ... `page_999`): the walk scans for the word's end
 *   first, then one load finds the chain and four number compares rule out nearly every other
 *   word. Keyed by first character, the 10,000-route table's chains made recognition 1.8x slower.
 * `Map.get` and string-keyed lookups each measured 2-3x the cost of the comparison.
 */
class WordTable {
  /** The empty word (`/` alone: the root path). */
  empty: TrieNode | null = null;
  /**
   * The words and their children, found by a linear scan while there are few (most tables hold
   * one to three words: a Map each was a tenth of compiling 10,000 routes), by a Map once there
   * are many. Made with the first word: a list grown from `[]` takes 17 slots at its first push,
   * and the 3,700 tables of the 10,000-route table were then 0.5 MB that each scavenge of the
   * compile copied. (Until then, shared empty lists, never changed.)
   */
  words: string[] = NO_WORDS;
  children: TrieNode[] = NO_CHILDREN;
  private index: Map<string, TrieNode> | null = null;

  child(word: string): TrieNode {
    if (word === "") return (this.empty ??= new TrieNode());
    if (this.index !== null) {
      let child = this.index.get(word);
      if (child === undefined) this.index.set(word, (child = this.add(word)));
      return child;
    }
    const i = this.words.indexOf(word);
    if (i >= 0) return this.children[i]!;
    const child = this.add(word);
    if (this.words.length > 8) this.index = new Map(this.words.map((w, k) => [w, this.children[k]!]));
    return child;
  }

  private add(word: string): TrieNode {
    const child = new TrieNode();
    if (this.words.length === 0) {
      this.words = [word];
      this.children = [child];
    } else {
      this.words.push(word);
      this.children.push(child);
    }
    return child;
  }

  /** The table's layout for its words. */
  mode(): TableMode {
    const words = this.words;
    // (No chain can be longer than the table: most tables, of one to three words, skip the count.)
    if (words.length <= MAX_CHAIN || longestChain(words, firstOf) <= MAX_CHAIN) return BY_FIRST;
    return longestChain(words, pairOf) <= MAX_CHAIN ? BY_PAIR : HASHED;
  }
}

/** A trie node while building; `TrieWriter` lays the finished trie out flat. */
class TrieNode {
  slashWords: WordTable | null = null;
  dotWords: WordTable | null = null;
  slashParam: TrieNode | null = null;
  dotParam: TrieNode | null = null;
  classEdges: ClassEdge[] | null = null;
  /**
   * The routes ending here, in any order: the first, and the others once there are more. Nearly
   * every node ends one route: a one-element list each was 20,000 small arrays for the 10,000-route
   * table, live until the trie is written, which every scavenge of the compile copied.
   */
  terminal: Terminal | null = null;
  moreTerminals: Terminal[] | null = null;

  child(sep: number, word: Word): TrieNode {
    switch (word.kind) {
      case "literal":
        if (sep === SLASH) return (this.slashWords ??= new WordTable()).child(word.value);
        return (this.dotWords ??= new WordTable()).child(word.value);
      case "param":
        if (sep === SLASH) return (this.slashParam ??= new TrieNode());
        return (this.dotParam ??= new TrieNode());
      case "class": {
        this.classEdges ??= [];
        let e = this.classEdges.find((x) => x.sep === sep && x.key === word.key);
        if (!e) this.classEdges.push((e = { sep, cls: word.cls, key: word.key, child: new TrieNode() }));
        return e.child;
      }
    }
  }
}

// ------------------------------------------------------------------ the flat trie
//
// The sealed trie is one Int32Array of records, each addressed by its offset (0: none). A node's
// record, its word tables and word edges (each edge followed by its word's character codes) are
// laid out next to one another, subtrees depth first, so a walk step reads one or two cache lines
// of one array instead of five objects scattered over the heap; and the garbage collector neither
// scans nor copies it (the object trie of 10,000 routes was 12.5 MB of heap that every scavenge
// during a draw copied).

/** A node: the smallest route key below it, its terminals (a run of `FlatTrie#terms`), a group per separator, its class edges. */
const MIN = 0;
const TERM = 1;
const NTERM = 2;
const SLASH_GROUP = 3;
const DOT_GROUP = 7;
const CLASSES = 11;
const NODE_SIZE = 12;
/** A separator's group, at `SLASH_GROUP` or `DOT_GROUP`: word table, its mask and mode (`mask * 4 + mode`), the empty word's node, the parameter's node. */
const G_SLOTS = 0;
const G_MASK_MODE = 1;
const G_EMPTY = 2;
const G_PARAM = 3;
/** A word edge: the next edge in its slot's chain, the child, the word's length, flags (bit 0: `marked`; above: the word's index in `FlatTrie#words`), then its codes. */
const E_NEXT = 0;
const E_CHILD = 1;
const E_LENGTH = 2;
const E_FLAGS = 3;
const E_CODES = 4;
/**
 * A class edge list: its count, then per edge the separator, the class (its index in
 * `FlatTrie#tables` times 2, plus 1 if it is broad: see `classRun`), the child.
 */
const C_STRIDE = 3;

interface FlatTrie {
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

/**
 * A word as a flat string. Words are cut from their route's pattern, and V8 makes a cut of 13 or
 * more characters a slice pointing into the pattern, which `startsWith` (see `sameWord`) reads
 * through its slow branch. A property key is internalized, and an internalized string is flat.
 */
const flat = (word: string) => Object.keys({ [word]: 0 })[0]!;
/** The longest word compared code by code; longer ones are compared by `startsWith` (see `sameWord`). */
const BY_CODES = 7;
/** The shortest cut V8 makes a slice (shorter ones are copied, so are flat already). */
const SLICED_MIN = 13;

/** Lays a built trie out flat, computing each node's `min` and ordering terminals and class edges by priority. */
class TrieWriter {
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
    return { T: this.T.slice(0, this.size), root: at, terms: this.terms, words: this.words, tables: this.tables, elements: this.elements, marked: this.marked };
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
        const mode = table.mode();
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
          const slot = (mode === HASHED ? slotOf(n, first, word.charCodeAt(n >> 1), word.charCodeAt(n - 1), mask) : mode === BY_PAIR ? pairOf(word) : first) & mask;
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

/**
 * Whether the path holds edge `e`'s word at `start` (its first character already compared).
 * Each `charCodeAt` costs ~27 instructions in optimized code on Node 20 (callgrind), a load of a
 * code from the trie ~5, and `startsWith` ~200 plus ~10 a character: the loop for words of up to
 * 7 characters, `startsWith` beyond (a 12-character word: 445 -> 315 instructions).
 */
function sameWord(s: WalkState, T: Int32Array, e: number, path: string, start: number, n: number): boolean {
  if (n > BY_CODES) return path.startsWith(s.trie.words[T[(e + E_FLAGS) | 0]! >> 1]!, start);
  let k = 1;
  while (k < n && path.charCodeAt(start + k) === T[(e + E_CODES + k) | 0]) k++;
  return k === n;
}

/**
 * In a table keyed by leading characters, from the chain at `slot`: the edge of the static word at
 * `path[start...]`, whose first character is `first`, or 0. The word must be followed by `/`, `.`
 * or the end.
 */
function wordAt(s: WalkState, T: Int32Array, slot: number, path: string, start: number, first: number, len: number): number {
  for (let e = T[slot]!; e !== 0; e = T[(e + E_NEXT) | 0]!) {
    if (T[(e + E_CODES) | 0] !== first) continue;
    const n = T[(e + E_LENGTH) | 0]!;
    const end = start + n;
    if (end > len || !sameWord(s, T, e, path, start, n)) continue;
    if (end < len) {
      const c = path.charCodeAt(end);
      if (c !== SLASH && c !== DOT) continue;
    }
    return e;
  }
  return 0;
}

/** In a hashed table: the edge of the word `path[start, end)` (non-empty), or 0. */
function hashedWord(s: WalkState, T: Int32Array, slots: number, mask: number, path: string, start: number, end: number): number {
  const n = end - start;
  const first = path.charCodeAt(start);
  const mid = path.charCodeAt(start + (n >> 1));
  const last = path.charCodeAt(end - 1);
  for (let e = T[slots + slotOf(n, first, mid, last, mask)]!; e !== 0; e = T[(e + E_NEXT) | 0]!) {
    const codes = e + E_CODES;
    if (T[(e + E_LENGTH) | 0] !== n || T[codes] !== first || T[codes + (n >> 1)] !== mid || T[codes + n - 1] !== last) continue;
    if (sameWord(s, T, e, path, start, n)) return e;
  }
  return 0;
}

interface RegexpRoute {
  readonly route: PreparedRoute;
  /** The pattern's leading literal text: the path must start with it. */
  readonly prefix: string;
}

interface StaticHit {
  readonly route: PreparedRoute;
  readonly index: number;
}

/** An empty trie: a root with no routes below it. */
const EMPTY_TRIE: FlatTrie = new TrieWriter().finish(new TrieNode());

/**
 * A trie while building, and where its last expansion led. Expansions added one after another
 * mostly begin alike: a route's two (`/photos/:id.:format`, `/photos/:id`) share every token but
 * the last, and a resource's routes their leading words (`/photos/:photo_id/products`). Tokens are
 * shared objects (see `expandPattern`), so the leading tokens an expansion has in common with the
 * last one are found by comparing references, and it is added from the node they led to: no
 * lookup in each table on the way. (An equal token that is another object is looked up as usual.)
 */
class TrieBuilder {
  readonly root = new TrieNode();
  /** The last expansion's tokens, and the node after each: `nodes[k]` after `tokens[0...k)`. */
  private readonly tokens: Token[] = [];
  private readonly nodes: TrieNode[] = [this.root];
  /** How many of `tokens` (and `nodes` past the root) are valid. */
  private depth = 0;

  /** The node `tokens` lead to, made as needed. */
  nodeOf(tokens: readonly Token[]): TrieNode {
    const n = tokens.length;
    const last = this.tokens;
    const limit = n < this.depth ? n : this.depth;
    let k = 0;
    while (k < limit && tokens[k] === last[k]) k++;
    // (A prefix of the last path leaves the rest of it valid.)
    if (k === n) return this.nodes[k]!;
    let node = this.nodes[k]!;
    for (let i = k; i < n; i++) {
      const t = tokens[i]!;
      node = node.child(t.sep, t.word);
      last[i] = t;
      this.nodes[i + 1] = node;
    }
    this.depth = n;
    return node;
  }
}

class Bucket {
  /** The trie while building (null once sealed), and sealed. */
  building: TrieBuilder | null = new TrieBuilder();
  /** While building: the expansions whose static path may answer from `statics` (see `CompiledStrategy#seal`). */
  candidates: Entry[] | null = [];
  trie = EMPTY_TRIE;
  readonly statics = new Map<string, StaticHit>();
  /**
   * A filter in front of `statics`: which (length, last character) pairs its paths have. A path
   * that is not static mostly ends in a parameter (`/photos/12`), which no static path of its
   * length ends like: two `charCodeAt` and one load instead of hashing the path for a `Map`
   * lookup, which was ~7% of every recognition on the Rails-style app.
   */
  readonly staticEnds = new Uint8Array(64 * 128);
  readonly regexpRoutes: RegexpRoute[] = [];
  /**
   * Every static word and regexp prefix can be compared against a raw path (none holds `%`, `?`
   * or `#`): the prefixes are checked as they are added, the words as the trie is written.
   */
  rawSafe = true;
}

/** The (length, last character) pair of a path, as an index into `Bucket#staticEnds`. */
const endKey = (path: string) => {
  const n = path.length;
  // (Never `charCodeAt(-1)`: see `walk` on reading out of bounds.)
  return n === 0 ? 0 : (n & 63) * 128 + (path.charCodeAt(n - 1) & 127);
};

/** Whether text can be compared against a raw path: it holds nothing `normalize_path` rewrites or stops at. */
const rawSafe = (text: string) => text.indexOf("%") < 0 && text.indexOf("?") < 0 && text.indexOf("#") < 0;

const NO_DEFAULTS: readonly unknown[] = [];

/**
 * Capture slot lists, shared: nearly every route's are `[]`, `[0]`, `[0, 1]`, ... (a typed array
 * each cost ~10% of compiling 10,000 routes). Keyed by the list read as digits in base 64 (exact
 * up to eight captures of names below 63; longer lists are not shared).
 */
const slotLists = new Map<number, Int32Array>();
function internSlots(slots: readonly number[], count: number): Int32Array {
  if (count > 8) return Int32Array.from(slots.slice(0, count));
  let key = 0;
  for (let i = 0; i < count; i++) {
    const x = slots[i]!;
    if (x >= 63) return Int32Array.from(slots.slice(0, count));
    key = key * 64 + x + 1;
  }
  let list = slotLists.get(key);
  if (list === undefined) slotLists.set(key, (list = Int32Array.from(slots.slice(0, count))));
  return list;
}

/** The capture slots of the expansion being compiled, the first `count` of them (interned by `internSlots`, so one list serves all). */
const scratchSlots: number[] = [];

/** A route's expansion as the buckets take it, worked out once however many buckets hold the route. */
interface Entry {
  readonly terminal: Terminal;
  /** The expansion's path: it has no parameter, and a normalized request path can equal it. */
  readonly staticPath: string;
}

/**
 * The state of one search: the path, the best terminal so far (`best` is its key) and the capture
 * offsets. One per strategy, reused by every request; a search started while a request condition
 * of another runs (a condition recognizing another path) gets a fresh one.
 */
class WalkState {
  path = "";
  len = 0;
  /** Only routes after this index count (a lambda constraint rejected the earlier answer). */
  after = -1;
  best = NONE;
  bestTerminal: Terminal | null = null;
  /** The trie walked, and its array (read once per walk call: see `walk`). */
  trie = EMPTY_TRIE;
  T = EMPTY_TRIE.T;
  /** Start and end offsets of the parameters captured on the current branch, and on the best one. */
  readonly caps: Int32Array;
  readonly bestCaps: Int32Array;
  env: MatchEnv | null = null;
  /** The path is the raw request path, not yet known to be normal. */
  raw = false;
  /** The walk met something `normalize_path` would change: its answer for a raw path does not count. */
  abnormal = false;
  /** A parameter scanned holds a `%`: captured values need unescaping. */
  escaped = false;
  /** A request condition (user code) is running. */
  busy = false;

  constructor(captures: number) {
    this.caps = new Int32Array(Math.max(2, 2 * captures));
    this.bestCaps = new Int32Array(Math.max(2, 2 * captures));
  }
}

/** The literal text a pattern starts with (slashes, dots and literals before the first parameter, glob or group). */
function literalPrefix(ast: readonly PatternNode[]): string {
  let out = "";
  for (const node of ast) {
    if (node.type === "slash") out += "/";
    else if (node.type === "dot") out += ".";
    else if (node.type === "literal") out += node.value;
    else break;
  }
  return out;
}

/** The path of an expansion whose words are all literal. */
function staticPath(e: Expansion): string {
  let out = "";
  for (const t of e.tokens) out += String.fromCharCode(t.sep) + (t.word as Extract<Word, { kind: "literal" }>).value;
  return out;
}

/** Adds a route to the tries of `into` (or to their regexp routes); returns the most tokens of its expansions. */
function addRoute(r: PreparedRoute, into: readonly Bucket[]): number {
  const expansions = expandPattern(r.route.pattern.ast, r.route.requirements, r.route.anchor);
  if (expansions === null) {
    const entry: RegexpRoute = { route: r, prefix: literalPrefix(r.route.pattern.ast) };
    const safe = rawSafe(entry.prefix);
    for (const b of into) {
      b.regexpRoutes.push(entry);
      if (!safe) b.rawSafe = false;
    }
    return 0;
  }
  const facts = factsOf(expansions, r);
  let most = 0;
  for (let i = 0; i < expansions.length; i++) {
    const e = expansions[i]!;
    most = Math.max(most, e.tokens.length);
    addExpansion(r, e, facts[i]!, into);
  }
  return most;
}

/** What compiling an expansion needs beyond its tokens, the same for every route with its pattern. */
interface ExpansionFacts {
  /** For the k-th parameter of the expansion, its slot in the pattern's names (interned). */
  readonly slots: Int32Array;
  /** Its path when it has no parameter and a normalized request path can equal it. */
  readonly staticPath: string | null;
}

/**
 * The facts of a route's expansions. Routes with one pattern come in runs (a resource's index and
 * create; its show, update, update and destroy) and share their expansions (see `expandPattern`):
 * the last run's facts are reused, so 10,000 routes work them out for ~5,300 patterns (draw of
 * synth-10000: `addExpansion` was a tenth of it, the largest single function).
 */
function factsOf(expansions: readonly Expansion[], r: PreparedRoute): readonly ExpansionFacts[] {
  const names = r.names;
  if (expansions === lastExpansions && names === lastNames) return lastFacts;
  const facts = expansions.map((e): ExpansionFacts => {
    const tokens = e.tokens;
    const slots = scratchSlots;
    let count = 0;
    for (let i = 0; i < tokens.length; i++) {
      const word = tokens[i]!.word;
      if (word.kind !== "literal") {
        // (The k-th parameter is mostly the k-th name: one compare instead of a search.)
        slots[count] = names[count] === word.name ? count : names.indexOf(word.name);
        count++;
      }
    }
    // A path is built only for an expansion without parameters, and kept only if a normalized
    // request path can equal it.
    const sp = count === 0 ? staticPath(e) : null;
    return { slots: internSlots(slots, count), staticPath: sp !== null && normalizeRequestPath(sp) === sp ? sp : null };
  });
  lastExpansions = expansions;
  lastNames = names;
  return (lastFacts = facts);
}

// The last run's expansions, names and facts.
let lastExpansions: readonly Expansion[] | null = null;
let lastNames: readonly string[] | null = null;
let lastFacts: readonly ExpansionFacts[] = [];

function addExpansion(r: PreparedRoute, e: Expansion, facts: ExpansionFacts, into: readonly Bucket[]): void {
  const tokens = e.tokens;
  const terminal: Terminal = {
    key: r.index * KEY_SCALE + e.ord, route: r, index: r.index, conditional: r.conditions.length > 0,
    slots: facts.slots, build: null, defaults: NO_DEFAULTS, name: r.name, plain: r.plain,
  };
  const entry: Entry | null = facts.staticPath !== null && r.conditions.length === 0 ? { terminal, staticPath: facts.staticPath } : null;
  for (const b of into) {
    const node = b.building!.nodeOf(tokens);
    if (node.terminal === null) node.terminal = terminal;
    else (node.moreTerminals ??= []).push(terminal);
    if (entry !== null) b.candidates!.push(entry);
  }
}

export class CompiledStrategy implements MatchStrategy {
  readonly name = "compiled";
  private readonly buckets = new Map<string, Bucket>();
  /**
   * The buckets of the five common verbs, found by comparing the verb rather than hashing it: a
   * `Map` lookup was ~140 instructions a request for the third of requests that are not GETs
   * (GitHub table, callgrind). Verbs no route names share `otherVerbs`.
   */
  private readonly get: Bucket;
  private readonly post: Bucket;
  private readonly put: Bucket;
  private readonly patch: Bucket;
  private readonly delete: Bucket;
  /** The bucket of verbs no route names (any-verb routes only). */
  private readonly otherVerbs: Bucket;
  private readonly state: WalkState;
  private readonly maxCaptures: number;

  constructor(routes: readonly PreparedRoute[]) {
    const verbs = new Set<string>(["GET", "HEAD"]);
    for (const r of routes) if (r.verbs) for (const v of r.verbs) verbs.add(v);
    const all: Bucket[] = [];
    for (const v of verbs) {
      const b = new Bucket();
      this.buckets.set(v, b);
      if (v !== "HEAD") all.push(b);
    }
    this.otherVerbs = new Bucket();
    all.push(this.otherVerbs);
    this.get = this.buckets.get("GET")!;
    this.post = this.buckets.get("POST") ?? this.otherVerbs;
    this.put = this.buckets.get("PUT") ?? this.otherVerbs;
    this.patch = this.buckets.get("PATCH") ?? this.otherVerbs;
    this.delete = this.buckets.get("DELETE") ?? this.otherVerbs;
    // The buckets of each verb set (routes share their sets: one list per set, not per route).
    const bucketsOf = new Map<ReadonlySet<string>, Bucket[]>();
    let captures = 0;
    // Routes in order, each into the buckets of its verbs (an any-verb route into all but HEAD's):
    // every bucket receives its routes in registration order. (The work per route is in functions
    // of its own, optimized on their own: as one loop here, the constructor was compiled four
    // times over the first draws, and ran on stack replacement in between.)
    for (let i = 0; i < routes.length; i++) {
      const r = routes[i]!;
      let into = r.verbs === null ? all : bucketsOf.get(r.verbs);
      if (into === undefined) bucketsOf.set(r.verbs!, (into = [...r.verbs!].map((v) => this.buckets.get(v)!)));
      captures = Math.max(captures, addRoute(r, into));
    }
    this.maxCaptures = captures;
    this.state = new WalkState(captures);
    for (const b of this.buckets.values()) this.seal(b);
    this.seal(this.otherVerbs);
  }

  /**
   * Seals a bucket's trie and decides its static map: a static path answers from the map only if
   * the whole matcher, counting every request condition as passing, picks that same route for it.
   */
  private seal(bucket: Bucket): void {
    bucket.trie = new TrieWriter().finish(bucket.building!.root);
    if (bucket.trie.marked) bucket.rawSafe = false;
    const candidates = bucket.candidates!;
    bucket.building = bucket.candidates = null; // only for building
    const s = this.state;
    for (const { staticPath: path, terminal } of candidates) {
      if (bucket.statics.has(path)) continue;
      if (this.search(s, bucket, path, -1, null) === terminal.index && s.bestTerminal === terminal) {
        bucket.statics.set(path, { route: terminal.route, index: terminal.index });
        bucket.staticEnds[endKey(path)] = 1;
      }
    }
  }

  first(verb: string, path: string, after: number, env: MatchEnv): number {
    const bucket = verb === "HEAD" ? this.buckets.get(verb) : this.bucketOf(verb);
    if (bucket === undefined) return -1;
    if (after < 0 && (path !== env.rawPath || env.method === "HEAD")) {
      const hit = this.staticIn(bucket, path, env);
      if (hit >= 0) return hit;
    }
    return this.search(this.stateFor(), bucket, path, after, env);
  }

  matchRaw(verb: string, rawPath: string, env: MatchEnv): number {
    const bucket = this.bucketOf(verb);
    const hit = this.staticIn(bucket, rawPath, env);
    if (hit >= 0) return hit;
    // (Booleans on the request path are compared with `=== true` / `=== false`: V8 does not know
    // these fields hold only booleans, and a bare test checks for false, "", 0, NaN and 0n in turn.
    // Here, in `search`, `terminal` and `answer`: ~20 instructions a request on every table.)
    if (bucket.rawSafe === false) return UNSURE;
    const s = this.stateFor();
    s.raw = true;
    const index = this.search(s, bucket, rawPath, -1, env);
    s.raw = false;
    return index;
  }

  /** The bucket of a verb other than HEAD (whose bucket holds explicit HEAD routes only). */
  private bucketOf(verb: string): Bucket {
    if (verb === "GET") return this.get;
    if (verb === "POST") return this.post;
    if (verb === "DELETE") return this.delete;
    if (verb === "PUT") return this.put;
    if (verb === "PATCH") return this.patch;
    return this.buckets.get(verb) ?? this.otherVerbs;
  }

  private stateFor(): WalkState {
    return this.state.busy ? new WalkState(this.maxCaptures) : this.state;
  }

  private staticIn(bucket: Bucket, path: string, env: MatchEnv): number {
    if (bucket.staticEnds[endKey(path)] === 0) return -1;
    const hit = bucket.statics.get(path);
    if (hit === undefined) return -1;
    env.layout = null;
    const values = env.values;
    for (let i = 0; i < hit.route.names.length; i++) values[i] = undefined;
    return hit.index;
  }

  /**
   * The full search; `env` null counts every request condition as passing (draw-time analysis).
   * On a raw path (`s.raw`), UNSURE when the path turns out not to be normal.
   */
  private search(s: WalkState, bucket: Bucket, path: string, after: number, env: MatchEnv | null): number {
    s.path = path;
    s.len = path.length;
    s.after = after;
    s.best = NONE;
    s.bestTerminal = null;
    s.env = env;
    s.abnormal = s.escaped = false;
    const trie = bucket.trie;
    s.trie = trie;
    s.T = trie.T;
    if (trie.T[trie.root + MIN] !== NONE) {
      if (s.len === 0 || path.charCodeAt(0) !== SLASH) s.abnormal = true;
      else walk(s, trie.root, 0, 0);
    }
    if (s.raw === true && s.abnormal === true) return UNSURE;
    const walkBest = s.bestTerminal as Terminal | null;
    const bestIndex = walkBest === null ? NONE : walkBest.index;
    // Regexp-only routes that come before the walk's answer.
    const rx = bucket.regexpRoutes;
    for (let i = 0; i < rx.length; i++) {
      const { route: r, prefix } = rx[i]!;
      if (r.index >= bestIndex) break;
      if (r.index <= after) continue;
      // Journey's regexps see normalized paths only (and so does the prefix test: `/a//b` is `/a/b`).
      if (s.raw && !quickNormal(path)) return UNSURE;
      if (!path.startsWith(prefix)) continue;
      const m = regexpMatch(r, path);
      if (m === null) continue;
      if (env !== null) {
        if (!conditionsPass(s, r, path)) continue;
        captureValues(r, m, env);
        env.escaped = true;
        env.layout = null;
      }
      s.bestTerminal = null;
      return r.index;
    }
    if (walkBest === null) return -1;
    if (env !== null) {
      if (walkBest.build === null) {
        walkBest.build = captureParams(walkBest.route, walkBest.slots);
        walkBest.defaults = walkBest.route.defaultValues;
      }
      env.walked(walkBest, s);
    }
    return bestIndex;
  }
}

/** A route's request conditions (user code: marks the state busy, so a nested search takes its own). */
function conditionsPass(s: WalkState, r: PreparedRoute, path: string): boolean {
  s.busy = true;
  try {
    return s.env!.conditionsPass(r, path);
  } finally {
    s.busy = false;
  }
}

// ------------------------------------------------------------------ the walk
//
// Offsets into the flat trie are added as `T[(node + MIN) | 0]`: V8 compiles a plain `node + MIN`
// as a 32-bit add checked for overflow, a compare and a branch more for every read (a walk step
// makes ~12). Truncated, the add is one instruction. Seeded callgrind, instructions a request:
// synth-100 2,037 -> 1,994, the Rails-style app 1,917 -> 1,897, GitHub 2,853 -> 2,826, and
// synth-10000 3,765 -> 3,569, where the smaller code also leaves room for more of the walk's
// helpers to be inlined. (Offsets stay far below 2^31: the array would be 8 GB.)

/**
 * Walks the trie from `node` at `pos` (a separator, or the path's end). On a raw path it also
 * checks, on the way, that the path is one `normalize_path` leaves alone — no `?`/`#`, no `//`, no
 * trailing `/`, no `%` inside a parameter — and sets `abnormal` where it is not. A matched path's
 * every character passes through a word comparison or a parameter scan, so the check costs
 * nothing; the four `indexOf` scans that decided it before the walk cost more than the walk.
 */
function walk(s: WalkState, node: number, pos: number, depth: number): void {
  const T = s.T;
  const path = s.path;
  // Typed as 32-bit integers on entry: `node` is a loop variable that otherwise starts as a tagged
  // parameter, and every step then tested and untagged it. Instructions a request (seeded
  // callgrind): GitHub 2,826 -> 2,777, Rails-style app 1,897 -> 1,874, synth-100 1,994 -> 1,976,
  // synth-10000 3,571 -> 3,545. (`pos` and `depth` too gained GitHub 40 more and cost synth-10000
  // 90: its walk then inlined less.)
  const len = s.len | 0;
  node |= 0;
  // The last branch worth taking at a node is taken by looping, not by a call: most steps have
  // one (a word, or a parameter), and a call per step with this function's many live values
  // cost more than the step (Rails-style app: 2,131 -> 2,040 instructions a request, 2-3% of time).
  for (;;) {
    if (pos === len) {
      if (T[(node + NTERM) | 0] !== 0) terminal(s, node, depth);
      return;
    }
    const sep = path.charCodeAt(pos);
    // The word's first character, -1 at the end (each charCodeAt is ~27 instructions: read once).
    // Never read past the end: a `charCodeAt` out of bounds deoptimizes the walk, and the code it
    // is optimized again into calls the runtime's `charCodeAt` at that site from then on (~135
    // instructions a request on synth-100 with formats, callgrind).
    const first = pos + 1 < len ? path.charCodeAt(pos + 1) : -1;
    // The separator's group: both are laid out alike, so one offset serves either.
    let group: number;
    if (sep === SLASH) {
      // `//`, or a `/` ending the path (but the root path): not normal.
      if (first === SLASH || (pos + 1 === len && pos !== 0)) {
        s.abnormal = true;
        return;
      }
      group = node + SLASH_GROUP;
    } else if (sep === DOT) {
      group = node + DOT_GROUP;
    } else {
      if (sep === QUESTION || sep === HASH) s.abnormal = true;
      return;
    }
    // The word after the separator: a static word is matched in place where the table allows it
    // (see `WordTable`); the word's end is scanned for otherwise. The scan marks `%`, `?` and `#`
    // (`?` and `#` end what Rails sees; `%` may need upper-casing and the value unescaping); on a
    // raw path, no static word holds them (see `Bucket#rawSafe`).
    const start = pos + 1;
    const classes = T[(node + CLASSES) | 0]!;
    let param = T[(group + G_PARAM) | 0]!;
    let end: number;
    let stat = 0;
    if (start === len || first === SLASH || first === DOT) {
      stat = T[(group + G_EMPTY) | 0]!;
      param = 0;
      end = start;
    } else {
      const slots = T[(group + G_SLOTS) | 0]!;
      const maskMode = T[(group + G_MASK_MODE) | 0]!;
      const mode = maskMode & 3;
      let e: number;
      if (mode === HASHED) {
        end = scanWord(s, path, start, len);
        e = hashedWord(s, T, slots, maskMode >> 2, path, start, end);
      } else {
        const key = mode === BY_FIRST ? first : pairKey(first, start + 1 < len ? path.charCodeAt(start + 1) : 0);
        e = wordAt(s, T, slots + (key & (maskMode >> 2)), path, start, first, len);
        if (e !== 0) end = start + T[(e + E_LENGTH) | 0]!;
        // No words, no plain parameter, only class edges (`[^\/]+`, `\d+`): they scan the word
        // themselves (see `walkClasses`). (Where a word was tried and failed, a `?` further on may
        // be why: the scan stays.)
        else if (slots === 0 && param === 0 && classes !== 0) end = -1;
        else end = scanWord(s, path, start, len);
      }
      if (e !== 0) {
        stat = T[(e + E_CHILD) | 0]!;
        if ((T[(e + E_FLAGS) | 0]! & 1) !== 0) s.abnormal = s.escaped = true;
      }
    }
    if (param !== 0 && T[(param + MIN) | 0]! < s.best && (stat === 0 || T[(param + MIN) | 0]! < T[(stat + MIN) | 0]!)) {
      if (stat === 0 && classes === 0) {
        keep(s, pos, end, depth++);
        node = param;
        pos = end;
        continue;
      }
      capture(s, param, pos, end, depth);
      param = 0;
    }
    if (stat !== 0 && T[(stat + MIN) | 0]! < s.best) {
      if (param === 0 && classes === 0) {
        node = stat;
        pos = end;
        continue;
      }
      walk(s, stat, end, depth);
    }
    if (param !== 0 && T[(param + MIN) | 0]! < s.best) {
      if (classes === 0) {
        keep(s, pos, end, depth++);
        node = param;
        pos = end;
        continue;
      }
      capture(s, param, pos, end, depth);
    }
    if (classes !== 0) {
      // A single class edge after this separator (every parameter of the GitHub table): scanned
      // here, and walked on by looping rather than by two more calls (walkClasses, capture).
      if (T[classes] === 1 && T[(classes + 1) | 0] === sep) {
        const child = T[(classes + 3) | 0]!;
        if (T[(child + MIN) | 0]! >= s.best) return;
        const stop = classRun(s, T[(classes + 2) | 0]!, pos + 1);
        if (stop > pos + 1) {
          keep(s, pos, stop, depth++);
          node = child;
          pos = stop;
          continue;
        }
        if (end < 0) classStopped(s, stop);
        return;
      }
      walkClasses(s, classes, sep, pos, depth, end < 0);
    }
    return;
  }
}

/** The end of the word starting at `start` (the next `/` or `.`, or the path's end), marking `%`, `?` and `#`. */
function scanWord(s: WalkState, path: string, start: number, len: number): number {
  let end = start;
  for (; end < len; end++) {
    const c = path.charCodeAt(end);
    // (Letters, digits and `_` mostly: one compare rules them out; ~10% of a scan's instructions.)
    if (c <= SLASH || c === QUESTION) {
      if (c === SLASH || c === DOT) break;
      if (c === PERCENT || c === QUESTION || c === HASH) s.abnormal = s.escaped = true;
    }
  }
  return end;
}

/** Records the `depth`-th parameter: from after the separator at `pos` to `end`. */
function keep(s: WalkState, pos: number, end: number, depth: number): void {
  const caps = s.caps;
  caps[2 * depth] = pos + 1;
  caps[2 * depth + 1] = end;
}

/** A parameter from after the separator at `pos` to `end`: record it and walk on. */
function capture(s: WalkState, child: number, pos: number, end: number, depth: number): void {
  keep(s, pos, end, depth);
  walk(s, child, end, depth + 1);
}

/**
 * Parameters whose requirement is a run of one character class (`\d+`, `[^\/]+`), in priority
 * order, from the node's class edge list at `list`. `marks`: the walk left the word unscanned
 * (class edges were all there was after this separator), so the marks `normalize_path` acts on
 * are looked for here. A run that stops at an ordinary character fails the same way on the
 * normalized path; only a `?` or `#` there (which normalizing cuts off) makes the path abnormal.
 * The scan this spares read each character of the GitHub table's `[^\/]+` parameters twice.
 */
function walkClasses(s: WalkState, list: number, sep: number, pos: number, depth: number, marks: boolean): void {
  const T = s.T;
  const count = T[list]!;
  let tried = false;
  for (let i = 0; i < count; i++) {
    const at = list + 1 + C_STRIDE * i;
    const child = T[(at + 2) | 0]!;
    // (Pruned: a match was found, over this same word, by a walk that scanned it.)
    if (T[(child + MIN) | 0]! >= s.best) return;
    if (T[at] !== sep) continue;
    tried = true;
    const stop = classRun(s, T[(at + 1) | 0]!, pos + 1);
    if (stop > pos + 1) capture(s, child, pos, stop, depth);
    else if (marks) classStopped(s, stop);
  }
  if (marks && !tried) scanWord(s, s.path, pos + 1, s.len);
}

/**
 * The end of the run of class `cls`'s characters from `start` (`cls` as a class edge list holds it),
 * marking what `normalize_path` acts on. A broad class (`[^\/]`: every letter, digit and
 * character beyond ASCII) is scanned as a word is, one compare ruling out most characters; the
 * table is read only at or below `/` and at `?`. The GitHub table's `[^\/]+` parameters took ~38
 * instructions a character with the table read for each (callgrind: 2,951 -> 2,849 a request).
 * Two functions, not one with two loops: as one, it grew past what V8 inlines into the walk
 * (2,890).
 */
function classRun(s: WalkState, cls: number, start: number): number {
  return (cls & 1) !== 0 ? broadRun(s, s.trie.tables[cls >> 1]!, start) : tableRun(s, cls >> 1, start);
}

function broadRun(s: WalkState, table: Uint8Array, start: number): number {
  const path = s.path;
  const len = s.len;
  let stop = start;
  for (; stop < len; stop++) {
    const c = path.charCodeAt(stop);
    if (c <= SLASH || c === QUESTION) {
      const t = table[c]!;
      if (t === 0) break;
      if (t !== 1) marked(s, t, stop);
    }
  }
  return stop;
}

function tableRun(s: WalkState, cls: number, start: number): number {
  const path = s.path;
  const len = s.len;
  const table = s.trie.tables[cls]!;
  let stop = start;
  for (; stop < len; stop++) {
    const c = path.charCodeAt(stop);
    if (c < 128) {
      const t = table[c]!;
      if (t === 1) continue;
      if (t === 0) break;
      marked(s, t, stop);
    } else if (!s.trie.elements[cls]!.test(path[stop]!)) break;
  }
  return stop;
}

/**
 * A run accepted a character `normalize_path` may act on (see `singleCharMatcher`): a `%`, `?` or
 * `#`; or a `/` that ends the path or precedes another (`a//b`, `a/`: squeezed, dropped).
 */
function marked(s: WalkState, t: number, at: number): void {
  if (t === MARK) s.abnormal = s.escaped = true;
  else if (at + 1 === s.len || s.path.charCodeAt(at + 1) === SLASH) s.abnormal = true;
}

/** An empty run over a word nothing else scanned: a `?` or `#` where it stopped makes the path abnormal (see `walkClasses`). */
function classStopped(s: WalkState, stop: number): void {
  if (stop < s.len) {
    const c = s.path.charCodeAt(stop);
    if (c === QUESTION || c === HASH) s.abnormal = true;
  }
}

/**
 * The routes ending at `node`, by priority: the first that beats the best so far, comes after the
 * route being retried past (`after`), and whose request conditions pass becomes the best; its
 * captures are copied aside. Conditions see only normal paths.
 */
function terminal(s: WalkState, node: number, depth: number): void {
  const terms = s.trie.terms;
  const T = s.T;
  for (let i = T[(node + TERM) | 0]!, stop = i + T[(node + NTERM) | 0]!; i < stop; i++) {
    const t = terms[i]!;
    if (t.key >= s.best) return;
    if (t.index <= s.after) continue;
    if (t.conditional === true && s.env !== null) {
      if (s.raw && !quickNormal(s.path)) {
        s.abnormal = true;
        return;
      }
      if (!conditionsPass(s, t.route, s.path)) continue;
    }
    s.best = t.key;
    s.bestTerminal = t;
    const caps = s.caps;
    const bestCaps = s.bestCaps;
    for (let k = 0; k < 2 * depth; k++) bestCaps[k] = caps[k]!;
    return;
  }
}
