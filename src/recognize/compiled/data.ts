import type { PreparedRoute } from "../prepare.js";
import { Bucket, CompiledStrategy } from "./compiled-strategy.js";
import { DOT, SLASH } from "./chars.js";
import {
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
  KEY_SCALE,
  MIN,
  NODE_SIZE,
  NONE,
  NTERM,
  SLASH_GROUP,
  TERM,
  type Terminal,
  terminalOf,
} from "./flat.js";
import type { RegexpRoute } from "./walk.js";

// The compiled strategy as data: what `switchyard build` writes into a built table
// (`strategyData`), and the strategy read back from it (`restoreStrategy`) without compiling
// anything: no pattern expanded, no trie built or laid out (compile.ts, expand.ts, trie.ts and
// flat-writer.ts, which an app loading a built table leaves out of its bundle). The two are each
// other's inverse, and live together so that a field added to one is added to the other.
//
// A built module is read back as it is, so what it holds is checked first (`checkTrie`): every
// offset the walk can follow lies inside the array, the nodes form a tree, a chain of words ends,
// every index names something that exists. A module that fails is refused (`MalformedStrategy`):
// whatever its bytes, a recognition on it can neither read out of bounds nor loop.

/** A compiled strategy as JSON-safe data. */
export interface StrategyData {
  /** The verbs with a bucket, in the strategy's order (GET and HEAD among them); the bucket of the other verbs comes last in `buckets`. */
  readonly verbs: readonly string[];
  readonly buckets: readonly BucketData[];
  /** The capture slot lists the terminals name, by index (see `Terminal#slots`). */
  readonly slots: readonly (readonly number[])[];
  /** The character classes the tries name, by index: which of the 128 ASCII characters each accepts (`CharClass#table`, one digit each), and the test beyond ASCII as a regexp's source and flags. */
  readonly classes: readonly (readonly [table: string, source: string, flags: string])[];
}

/** A sealed bucket as data. */
type BucketData = readonly [
  /**
   * The trie's array, its values relative (see `relativeTrie`): its length, then its values, a run
   * of k zeros written as -k (60% of the array is zeros).
   */
  T: readonly number[],
  root: number,
  /** Per terminal, in order: its key (after the first, less the key before it) and its slot list (an index into `StrategyData#slots`). */
  terms: readonly number[],
  words: readonly string[],
  /** The trie's classes, each an index into `StrategyData#classes`. */
  tables: readonly number[],
  /** Per static path: the path and its route's index. */
  statics: readonly (string | number)[],
  /** Per route only a regexp matches, in order: its index and its literal prefix. */
  regexpRoutes: readonly (string | number)[],
];

/** What a built table's strategy data holds that cannot be read back; `restoreStrategy` throws it naming what. */
export class MalformedStrategy extends Error {}

/** The data of a compiled strategy, for a built table. */
export function strategyData(strategy: CompiledStrategy): StrategyData {
  const slotLists = new Map<string, number>();
  const slots: number[][] = [];
  const slotsOf = (list: Int32Array) => {
    const key = list.join(",");
    let i = slotLists.get(key);
    if (i === undefined) slotLists.set(key, (i = slots.push([...list]) - 1));
    return i;
  };
  const classIndex = new Map<string, number>();
  const classes: [string, string, string][] = [];
  const classOf = (table: Uint8Array, element: RegExp) => {
    const entry: [string, string, string] = [table.join(""), element.source, element.flags];
    const key = JSON.stringify(entry);
    let i = classIndex.get(key);
    if (i === undefined) classIndex.set(key, (i = classes.push(entry) - 1));
    return i;
  };
  const buckets = strategy.bucketsByVerb();
  return {
    verbs: buckets.slice(0, -1).map(([verb]) => verb),
    buckets: buckets.map(
      ([, { trie, statics, regexpRoutes }]): BucketData => [
        zeroRuns(relativeTrie(trie)),
        trie.root,
        trie.terms.flatMap((t, i) => [i === 0 ? t.key : t.key - trie.terms[i - 1]!.key, slotsOf(t.slots)]),
        [...trie.words],
        trie.tables.map((table, i) => classOf(table, trie.elements[i]!)),
        [...statics].flatMap(([path, hit]) => [path, hit.index]),
        regexpRoutes.flatMap((r) => [r.route.index, r.prefix]),
      ],
    ),
    slots,
    classes,
  };
}

/**
 * A trie's array with what differs between alike subtrees written relative, so that two resources'
 * subtrees are the same numbers and compress as one (the 10,000-route table's arrays, as a module
 * holds them: 281 KB gzipped, 151 relative; bench/trie-encoding.mjs): an offset as the distance
 * from its field (forward; a chain's next edge backward), a node's smallest key less its parent's,
 * its first terminal less the first terminal after its ancestors', a word's index less that of the
 * word leading to its node. Every value stays at or above zero (what `zeroRuns` needs);
 * `checkTrie` reads them back.
 */
function relativeTrie(trie: FlatTrie): Int32Array {
  const T = trie.T;
  const R = Int32Array.from(T);
  const relative = (field: number, value: number) => {
    if (value < 0) throw new MalformedStrategy(`a value of its trie read relative (${value} at ${field})`);
    R[field] = value;
  };
  // Per node to visit: its offset, its parent's smallest key (-1: the root), the terminal and the word its relative indexes start from.
  const stack = [trie.root, -1, 0, 0];
  while (stack.length > 0) {
    const words = stack.pop()!;
    let terms = stack.pop()!;
    const parentMin = stack.pop()!;
    const at = stack.pop()!;
    const min = T[at + MIN]!;
    if (parentMin >= 0) relative(at + MIN, min - parentMin);
    if (T[at + NTERM] !== 0) {
      relative(at + TERM, T[at + TERM]! - terms);
      terms = T[at + TERM]! + T[at + NTERM]!;
    }
    for (const group of [at + SLASH_GROUP, at + DOT_GROUP]) {
      const slots = T[group + G_SLOTS]!;
      if (slots !== 0) {
        relative(group + G_SLOTS, slots - group - G_SLOTS);
        for (let slot = slots; slot <= slots + (T[group + G_MASK_MODE]! >> 2); slot++) {
          const first = T[slot]!;
          if (first !== 0) relative(slot, first - slot);
          for (let e = first; e !== 0; e = T[e + E_NEXT]!) {
            if (T[e + E_NEXT] !== 0) relative(e + E_NEXT, e - T[e + E_NEXT]!);
            const child = T[e + E_CHILD]!;
            relative(e + E_CHILD, child - e - E_CHILD);
            const word = T[e + E_FLAGS]! >> 1;
            relative(e + E_FLAGS, (word - words) * 2 + (T[e + E_FLAGS]! & 1));
            stack.push(child, min, terms, word);
          }
        }
      }
      for (const field of [group + G_EMPTY, group + G_PARAM]) {
        const child = T[field]!;
        if (child === 0) continue;
        relative(field, child - field);
        stack.push(child, min, terms, words);
      }
    }
    const list = T[at + CLASSES]!;
    if (list !== 0) {
      relative(at + CLASSES, list - at - CLASSES);
      for (let i = 0; i < T[list]!; i++) {
        const field = list + 3 + C_STRIDE * i;
        relative(field, T[field]! - field);
        stack.push(T[field]!, min, terms, words);
      }
    }
  }
  return R;
}

/** An Int32Array as `BucketData`'s `T`: its length, then its values with each run of zeros as minus its length. */
function zeroRuns(T: Int32Array): number[] {
  const out = [T.length];
  for (let i = 0; i < T.length; ) {
    if (T[i] !== 0) out.push(T[i++]!);
    else {
      const from = i;
      while (i < T.length && T[i] === 0) i++;
      out.push(from - i);
    }
  }
  return out;
}

/**
 * The array `zeroRuns` wrote. Of the encodings measured for the 10,000-route table's tries
 * (bench/trie-encoding.mjs), the smallest text and the quickest to load where no runtime's own
 * base64 decoder can be counted on: 13 ms of CPU over an empty module and 681 KB, against 17 ms
 * and 1,128 KB for the numbers in full, 32 ms and 2,422 KB for base64 read with `atob`
 * (bench/RESULTS.md, "A built table carries its compiled recognizer").
 */
function fromZeroRuns(data: readonly number[]): Int32Array {
  const length = data[0];
  if (!Number.isInteger(length) || length! < 1 + NODE_SIZE || length! > MAX_LENGTH)
    throw new MalformedStrategy(`a trie's length (${String(length)})`);
  const T = new Int32Array(length!);
  let j = 0;
  for (let i = 1; i < data.length; i++) {
    const x = data[i]!;
    if (x < 0) j -= x;
    else T[j++] = x;
  }
  if (j !== length) throw new MalformedStrategy(`a trie's values (${j} of ${length})`);
  return T;
}

/** The longest trie array read back: 2^26 values, 256 MB (the 10,000-route table's largest is 117,000). */
const MAX_LENGTH = 1 << 26;

/** The strategy `data` holds, for the table's prepared routes; throws `MalformedStrategy` naming what does not hold. */
export function restoreStrategy(routes: readonly PreparedRoute[], data: StrategyData): CompiledStrategy {
  const slots = data.slots.map((list) => Int32Array.from(list));
  const classes = data.classes.map(([table, source, flags]) => {
    if (typeof table !== "string" || !/^[0-3]{128}$/.test(table)) throw new MalformedStrategy("a class's table");
    return { table: Uint8Array.from(table, Number), element: new RegExp(source, flags) };
  });
  const { verbs, buckets } = data;
  if (!verbs.includes("GET") || !verbs.includes("HEAD") || buckets.length !== verbs.length + 1)
    throw new MalformedStrategy("its verbs");
  let captures = 0;
  // (Indexes are checked to be integers: JSON can spell `"__proto__"` where a number belongs.)
  const at = <T>(list: readonly T[], index: unknown, what: string): T => {
    if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= list.length)
      throw new MalformedStrategy(`${what} (${String(index)})`);
    return list[index as number]!;
  };
  const routeAt = (index: unknown) => at(routes, index, "a route index");
  const restored = buckets.map(([array, root, termData, words, tables, statics, regexpData]) => {
    const terms: Terminal[] = [];
    let key = 0;
    for (let i = 0; i < termData.length; i += 2) {
      key = i === 0 ? termData[i]! : key + termData[i]!;
      if (!(Number.isInteger(key) && key >= 0 && key < NONE)) throw new MalformedStrategy(`a terminal's key (${key})`);
      const list = at(slots, termData[i + 1], "a terminal's slot list");
      terms.push(terminalOf(routeAt(Math.floor(key / KEY_SCALE)), key % KEY_SCALE, list));
    }
    const trie: FlatTrie = {
      T: fromZeroRuns(array),
      root,
      terms,
      words,
      tables: tables.map((i) => at(classes, i, "a class index").table),
      elements: tables.map((i) => at(classes, i, "a class index").element),
      marked: false,
    };
    const checked = checkTrie(trie);
    captures = Math.max(captures, checked.captures);
    const regexpRoutes: RegexpRoute[] = [];
    for (let i = 0; i < regexpData.length; i += 2) {
      const route = routeAt(regexpData[i]);
      if (i > 0 && route.index <= regexpRoutes[regexpRoutes.length - 1]!.route.index)
        throw new MalformedStrategy("the order of its regexp routes");
      regexpRoutes.push({ route, prefix: String(regexpData[i + 1]) });
    }
    const bucket = new Bucket({ ...trie, marked: checked.marked }, regexpRoutes);
    for (let i = 0; i < statics.length; i += 2) bucket.addStatic(String(statics[i]), routeAt(statics[i + 1]));
    return bucket;
  });
  return new CompiledStrategy(new Map(verbs.map((verb, i) => [verb, restored[i]!])), restored.at(-1)!, captures);
}

/**
 * Reads a trie's relative values back (see `relativeTrie`), in place, and checks that the trie can
 * be walked: the root and every node it reaches lie inside the array, each reached once (a tree: no
 * cycle, no node shared, so a walk ends), no two records (nodes, word tables, word edges, class
 * lists) overlap, so each value is read back once and stays as checked; every chain of words runs to
 * lower offsets and ends; each word's codes, each terminal run, class and word index are inside
 * their arrays; a group with no words has no table. Returns the most parameters a walk captures
 * (the walk's capture arrays are made that long) and whether a word holds `%`, `?` or `#`.
 */
function checkTrie(trie: FlatTrie): { captures: number; marked: boolean } {
  const { T, root } = trie;
  const n = T.length;
  const terms = trie.terms.length;
  const words = trie.words.length;
  const tables = trie.tables.length;
  if (T[0] !== 0) throw new MalformedStrategy("a trie's first value");
  const owned = new Uint8Array(n);
  owned[0] = 1;
  /** Claims `length` values from `at` for one record; throws if any lies outside the array or in another record. */
  const claim = (at: number, length: number, what: string) => {
    if (!(Number.isInteger(at) && at >= 1 && length >= 1 && at + length <= n))
      throw new MalformedStrategy(`${what} at ${at}`);
    for (let i = at; i < at + length; i++) {
      if (owned[i] !== 0) throw new MalformedStrategy(`${what} at ${at}`);
      owned[i] = 1;
    }
  };
  /** The absolute offset of the relative one at `field` (0: none). */
  const forward = (field: number) => {
    const value = T[field]!;
    return value === 0 ? 0 : (T[field] = field + value);
  };
  // Per node to visit: its offset, its parent's smallest key (-1: the root), the terminal and the
  // word its relative indexes start from, the parameters captured on the way to it.
  const stack: number[] = [root, -1, 0, 0, 0];
  let captures = 0;
  let marked = false;
  while (stack.length > 0) {
    const depth = stack.pop()!;
    const base = stack.pop()!;
    let term = stack.pop()!;
    const parentMin = stack.pop()!;
    const at = stack.pop()!;
    claim(at, NODE_SIZE, "a trie's node");
    if (depth > captures) captures = depth;
    if (parentMin >= 0) T[at + MIN] = T[at + MIN]! + parentMin;
    const min = T[at + MIN]!;
    const nterm = T[at + NTERM]!;
    if (nterm !== 0) {
      const first = T[at + TERM]! + term;
      T[at + TERM] = first;
      if (T[at + TERM] !== first || nterm < 0 || first + nterm > terms)
        throw new MalformedStrategy(`the terminals of node ${at}`);
      term = first + nterm;
    }
    // (Both groups, with no array made per node: 100,000 nodes at 10,000 routes.)
    for (let group = at + SLASH_GROUP; group <= at + DOT_GROUP; group += DOT_GROUP - SLASH_GROUP) {
      const slots = forward(group + G_SLOTS);
      const maskMode = T[group + G_MASK_MODE]!;
      const mask = maskMode >> 2;
      if (slots === 0 ? maskMode !== 0 : mask < 0 || (maskMode & 3) > HASHED)
        throw new MalformedStrategy(`the word table of node ${at}`);
      if (slots !== 0) claim(slots, mask + 1, "a word table");
      for (let slot = slots; slots !== 0 && slot <= slots + mask; slot++) {
        for (let e = forward(slot); e !== 0; ) {
          claim(e, E_CODES, "a word edge");
          const length = T[e + E_LENGTH]!;
          if (length < 1) throw new MalformedStrategy(`a word edge at ${e}`);
          claim(e + E_CODES, length, "a word's codes");
          const flags = T[e + E_FLAGS]!;
          const word = base + (flags >> 1);
          if (flags < 0 || word >= words) throw new MalformedStrategy(`the word of the edge at ${e}`);
          T[e + E_FLAGS] = word * 2 + (flags & 1);
          if ((flags & 1) !== 0) marked = true;
          stack.push(forward(e + E_CHILD), min, term, word, depth);
          const next = T[e + E_NEXT]!;
          if (next !== 0) T[e + E_NEXT] = e - next;
          e = T[e + E_NEXT]!;
        }
      }
      const empty = forward(group + G_EMPTY);
      if (empty !== 0) stack.push(empty, min, term, base, depth);
      const param = forward(group + G_PARAM);
      if (param !== 0) stack.push(param, min, term, base, depth + 1);
    }
    const list = forward(at + CLASSES);
    if (list !== 0) {
      const count = T[list]!;
      if (!(count >= 1)) throw new MalformedStrategy(`the class edges of node ${at}`);
      claim(list, 1 + C_STRIDE * count, "a class edge list");
      for (let i = 0; i < count; i++) {
        const edge = list + 1 + C_STRIDE * i;
        const sep = T[edge]!;
        const cls = T[edge + 1]!;
        if ((sep !== SLASH && sep !== DOT) || cls < 0 || cls >> 1 >= tables)
          throw new MalformedStrategy(`a class edge of node ${at}`);
        stack.push(forward(edge + 2), min, term, base, depth + 1);
      }
    }
  }
  return { captures, marked };
}
