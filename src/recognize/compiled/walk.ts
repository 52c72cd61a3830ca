import { quickNormal } from "../../uri/path.js";
import { MARK } from "./char-class.js";
import { captureParams, type PreparedRoute } from "../prepare.js";
import { captureValues, regexpMatch } from "../regexp-match.js";
import type { MatchEnv } from "../match-strategy.js";
import * as chars from "./chars.js";
import * as layout from "./flat.js";
import type { FlatTrie } from "./flat.js";
import type { Terminal } from "./flat.js";

// One request's search of a verb's bucket: the walk of its flat trie (flat.ts), then the routes
// only a regexp can match that come before the walk's answer.
//
// The layout's offsets and the character codes are bound to constants of this module: an imported
// binding is read through its module cell at every use, where a constant of the module is folded
// into the optimized code (four reads in a loop take about half the instructions), and the walk reads a
// dozen a step.
const { SLASH, DOT, HASH, PERCENT, QUESTION } = chars;
const {
  NONE,
  MIN,
  TERM,
  NTERM,
  SLASH_GROUP,
  DOT_GROUP,
  CLASSES,
  G_SLOTS,
  G_MASK_MODE,
  G_EMPTY,
  G_PARAM,
  E_NEXT,
  E_CHILD,
  E_LENGTH,
  E_FLAGS,
  E_CODES,
  C_STRIDE,
} = layout;
const { BY_FIRST, HASHED, BY_CODES, EMPTY_TRIE, slotOf, pairKey } = layout;

/** `search`'s answer on a raw path that must be normalized first (`MatchStrategy#matchRaw`'s -2). */
export const UNSURE = -2;

/** A route only its regexp can match, in a bucket. */
export interface RegexpRoute {
  readonly route: PreparedRoute;
  /** The pattern's leading literal text: the path must start with it. */
  readonly prefix: string;
}

/** What a search reads of a verb's bucket: its sealed trie and the routes only a regexp can match, in order. */
export interface SearchBucket {
  readonly trie: FlatTrie;
  readonly regexpRoutes: readonly RegexpRoute[];
}

/**
 * The state of one search: the path, the best terminal so far (`best` is its key) and the capture
 * offsets. One per strategy, reused by every request; a search started while a request condition
 * of another runs (a condition recognizing another path) gets a fresh one.
 */
export class WalkState {
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

/**
 * Whether the path holds edge `e`'s word at `start` (its first character already compared).
 * Each `charCodeAt` costs ~27 instructions in optimized code on Node 20 (callgrind), a load of a
 * code from the trie ~5, and `startsWith` ~200 plus ~10 a character: the loop for words of up to
 * 7 characters, `startsWith` beyond.
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
function wordAt(
  s: WalkState,
  T: Int32Array,
  slot: number,
  path: string,
  start: number,
  first: number,
  len: number,
): number {
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

/** In a hashed table: the edge of the word `path[start, end)` (non-empty, starting with `first`), or 0. */
function hashedWord(
  s: WalkState,
  T: Int32Array,
  slots: number,
  mask: number,
  path: string,
  start: number,
  first: number,
  end: number,
): number {
  const n = end - start;
  const mid = path.charCodeAt(start + (n >> 1));
  const last = path.charCodeAt(end - 1);
  for (let e = T[slots + slotOf(n, first, mid, last, mask)]!; e !== 0; e = T[(e + E_NEXT) | 0]!) {
    const codes = e + E_CODES;
    if (T[(e + E_LENGTH) | 0] !== n || T[codes] !== first || T[codes + (n >> 1)] !== mid || T[codes + n - 1] !== last)
      continue;
    if (sameWord(s, T, e, path, start, n)) return e;
  }
  return 0;
}

/**
 * The full search of `bucket` for `path`, routes after `after` only; `env` null counts every
 * request condition as passing (draw-time analysis). On a raw path (`s.raw`), UNSURE when the path
 * turns out not to be normal.
 */
export function search(s: WalkState, bucket: SearchBucket, path: string, after: number, env: MatchEnv | null): number {
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
    // (A path not starting with `/` is not normal: the walk's first step, reading that character
    // anyway, says so. Read here too, it cost a `charCodeAt` a search: synth-100 1,989 -> 1,976
    // instructions a request, with formats 2,250 -> 2,234, callgrind.)
    if (s.len === 0) s.abnormal = true;
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
// makes ~12). Truncated, the add is one instruction: ~5% fewer instructions a request on the
// 10,000-route table, where the smaller code also leaves room for more of the walk's helpers to be
// inlined. (Offsets stay far below 2^31: the array would be 8 GB.)

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
  // parameter, and every step then tested and untagged it (up to ~2% of a request's instructions).
  // `pos` and `depth` are not: typed too, they cost the 10,000-route table more than they saved.
  const len = s.len | 0;
  node |= 0;
  // The last branch worth taking at a node is taken by looping, not by a call: most steps have
  // one (a word, or a parameter), and a call per step with this function's many live values
  // cost more than the step (~4% of a request's instructions on the Rails-style app).
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
    } else if (sep === DOT && pos !== 0) {
      group = node + DOT_GROUP;
    } else {
      // (At 0: the path does not start with `/`.)
      if (sep === QUESTION || sep === HASH || pos === 0) s.abnormal = true;
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
        end = scanWord(s, path, start, first, len);
        e = hashedWord(s, T, slots, maskMode >> 2, path, start, first, end);
      } else {
        const key = mode === BY_FIRST ? first : pairKey(first, start + 1 < len ? path.charCodeAt(start + 1) : 0);
        const slot = slots + (key & (maskMode >> 2));
        e = wordAt(s, T, slot, path, start, first, len);
        if (e !== 0) end = start + T[(e + E_LENGTH) | 0]!;
        else if (param !== 0) end = scanWord(s, path, start, first, len);
        // No words, no plain parameter, only class edges (`[^\/]+`, `\d+`): they scan the word
        // themselves (see `walkClasses`). (Where a word was tried and failed, a `?` further on may
        // be why: the scan stays.)
        else if (classes !== 0) end = slots === 0 ? -1 : scanWord(s, path, start, first, len);
        else {
          // Nothing after this separator takes the word: the walk ends here, and the scan would
          // only look for a `?` or `#` that, cut off by normalizing, could leave a word that
          // matches. None can where no word starts with the word's first character (an empty
          // chain keyed by it alone; a group without words has one), unless that is the mark
          // itself: the scan is skipped. Mostly misses: `/photos/1/frobnicate`, `/wp-admin/1`
          // (synth-100: its misses 1,792 -> 1,635 instructions a request, the table 2,013 -> 1,989,
          // callgrind).
          if (mode !== BY_FIRST || T[slot] !== 0 || first === QUESTION || first === HASH)
            scanWord(s, path, start, first, len);
          return;
        }
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

/**
 * The end of the word starting at `start` (the next `/` or `.`, or the path's end), marking `%`, `?`
 * and `#`. Its first character, `first` (neither `/` nor `.`), the caller has read already: read
 * again, it cost a `charCodeAt` a scan (with `hashedWord` taking it too: synth-100 1,976 -> 1,962
 * instructions a request, with formats 2,234 -> 2,207, callgrind).
 */
function scanWord(s: WalkState, path: string, start: number, first: number, len: number): number {
  if (first === PERCENT || first === QUESTION || first === HASH) s.abnormal = s.escaped = true;
  let end = start + 1;
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
  if (marks && !tried) scanWord(s, s.path, pos + 1, s.path.charCodeAt(pos + 1), s.len);
}

/**
 * The end of the run of class `cls`'s characters from `start` (`cls` as a class edge list holds it),
 * marking what `normalize_path` acts on. A broad class (`[^\/]`: every letter, digit and
 * character beyond ASCII) is scanned as a word is, one compare ruling out most characters; the
 * table is read only at or below `/` and at `?` (read for each character, the GitHub table's
 * `[^\/]+` parameters took ~38 instructions a character). Two functions, not one with two loops:
 * as one, it grew past what V8 inlines into the walk.
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
