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
  /** The trie's array: its length, then its values, a run of k zeros written as -k (60% of the array is zeros). */
  T: readonly number[],
  root: number,
  /** Per terminal, in order: its key and its slot list (an index into `StrategyData#slots`). */
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
        zeroRuns(trie.T),
        trie.root,
        trie.terms.flatMap((t) => [t.key, slotsOf(t.slots)]),
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

/** The array `zeroRuns` wrote. (As JSON, decoded in ~60% of the time of the array's bytes in base64, or of its numbers in full: bench/RESULTS.md, "A built table carries its trie".) */
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
  // (Indexes are checked to be integers: JSON can spell \`"__proto__"\` where a number belongs.)
  const at = <T>(list: readonly T[], index: unknown, what: string): T => {
    if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= list.length)
      throw new MalformedStrategy(`${what} (${String(index)})`);
    return list[index as number]!;
  };
  const routeAt = (index: unknown) => at(routes, index, "a route index");
  const restored = buckets.map(([array, root, termData, words, tables, statics, regexpData]) => {
    const terms: Terminal[] = [];
    for (let i = 0; i < termData.length; i += 2) {
      const key = termData[i]!;
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
 * Checks that a trie read back can be walked: the root and every node it reaches lie inside the
 * array, each reached once (a tree: no cycle, no node shared, so a walk ends), every chain of words
 * runs to lower offsets and ends, each word's codes, each terminal run, class and word index are
 * inside their arrays; a group with no words has no table. Returns the most parameters a walk
 * captures (the walk's capture arrays are made that long) and whether a word holds `%`, `?` or `#`.
 */
function checkTrie(trie: FlatTrie): { captures: number; marked: boolean } {
  const { T, root } = trie;
  const n = T.length;
  const terms = trie.terms.length;
  const words = trie.words.length;
  const tables = trie.tables.length;
  if (T[0] !== 0) throw new MalformedStrategy("a trie's first value");
  const seen = new Uint8Array(n);
  const stack: number[] = [];
  const reach = (at: number, depth: number) => {
    if (!(Number.isInteger(at) && at >= 1 && at + NODE_SIZE <= n) || seen[at] !== 0)
      throw new MalformedStrategy(`a trie's node at ${at}`);
    seen[at] = 1;
    stack.push(at, depth);
  };
  reach(root, 0);
  let captures = 0;
  let marked = false;
  while (stack.length > 0) {
    const depth = stack.pop()!;
    const at = stack.pop()!;
    if (depth > captures) captures = depth;
    const term = T[at + TERM]!;
    const nterm = T[at + NTERM]!;
    if (term < 0 || nterm < 0 || term + nterm > terms) throw new MalformedStrategy(`the terminals of node ${at}`);
    for (const group of [at + SLASH_GROUP, at + DOT_GROUP]) {
      const slots = T[group + G_SLOTS]!;
      const maskMode = T[group + G_MASK_MODE]!;
      const mask = maskMode >> 2;
      if (slots === 0 ? maskMode !== 0 : slots < 1 || mask < 0 || (maskMode & 3) > HASHED || slots + mask >= n)
        throw new MalformedStrategy(`the word table of node ${at}`);
      for (let slot = slots; slots !== 0 && slot <= slots + mask; slot++) {
        for (let e = T[slot]!, last = n; e !== 0; last = e, e = T[e + E_NEXT]!) {
          const length = T[e + E_LENGTH]!;
          const flags = T[e + E_FLAGS]!;
          if (!(e >= 1 && e < last && e + E_CODES < n && length >= 1 && e + E_CODES + length <= n))
            throw new MalformedStrategy(`a word edge at ${e}`);
          if (flags < 0 || flags >> 1 >= words) throw new MalformedStrategy(`the word of the edge at ${e}`);
          if ((flags & 1) !== 0) marked = true;
          reach(T[e + E_CHILD]!, depth);
        }
      }
      const empty = T[group + G_EMPTY]!;
      if (empty !== 0) reach(empty, depth);
      const param = T[group + G_PARAM]!;
      if (param !== 0) reach(param, depth + 1);
    }
    const list = T[at + CLASSES]!;
    if (list !== 0) {
      const count = T[list]!;
      if (!(list >= 1 && count >= 1 && list + 1 + C_STRIDE * count <= n))
        throw new MalformedStrategy(`the class edges of node ${at}`);
      for (let i = 0; i < count; i++) {
        const edge = list + 1 + C_STRIDE * i;
        const sep = T[edge]!;
        const cls = T[edge + 1]!;
        if ((sep !== SLASH && sep !== DOT) || cls < 0 || cls >> 1 >= tables)
          throw new MalformedStrategy(`a class edge of node ${at}`);
        reach(T[edge + 2]!, depth + 1);
      }
    }
  }
  return { captures, marked };
}
