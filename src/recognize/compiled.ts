import type { PatternNode } from "../pattern/ast.js";
import { expandPattern, type Expansion, type Word } from "./expand.js";
import { answersVerb, type PreparedRoute } from "./prepare.js";
import { normalizeRequestPath } from "./path.js";
import type { MatchEnv, MatchStrategy } from "./recognizer.js";
import { captureValues, regexpMatch } from "./reference.js";

/**
 * The compiled strategy: per verb, a token trie that keeps registration order, a map of static
 * paths, and the few routes only a regexp can match.
 *
 * Choices, each measured on the benchmark tables (bench/RESULTS.md, 2 cores, Node 20):
 * - Routes are bucketed by verb at draw time (an any-verb route is in every bucket): a request
 *   never looks at another verb's routes. Misses by verb (25% of a realistic miss list) cost one
 *   Map lookup.
 * - Static paths (a route expansion without parameters) answer from one `Map<path, route>`
 *   lookup — but only when no earlier route (dynamic, conditional, or regexp-only) could also
 *   match that path, which is decided at draw time by running the full matcher on the path.
 *   Static hits cost ~1.3x the Map baseline instead of ~3x for the trie walk.
 * - The trie's edges are tokens (`/word`, `.word`), so `(.:format)` is just one more optional
 *   token level (`/photos/:id` and `/photos/:id.:format`) rather than a regexp. Each node knows
 *   the smallest route priority below it; the walk explores children in that order and prunes
 *   every subtree that cannot beat the best match found so far, so first-match order costs
 *   nothing on resourceful tables (`/photos/new` before `/photos/:id` is found first and `:id`
 *   is never tried).
 * - Parameters are captured as offsets; strings are cut only for the winning route.
 * - Requirements of the form `X+` (`\d+`, `[^\/]+`, `[a-z0-9-]+`) are a 128-entry table lookup
 *   per character: no regexp runs for them.
 * - Regexp-only routes (globs, `:a-:b`, arbitrary requirements, mounts) are tried in order after
 *   the walk, and only those that precede the walk's best match and whose literal prefix the
 *   path starts with.
 */

const SLASH = 47;
const DOT = 46;


interface StaticEdge {
  /** Separator and word, e.g. `/photos`. */
  readonly text: string;
  readonly child: TrieNode;
}

/**
 * Static children are found by word length, separator and first character (a number: no
 * substring is cut from the path), then one `startsWith` — measured ~2x faster than slicing the
 * word for a `Map<string>` lookup.
 */
const staticKey = (sep: number, length: number, first: number) => (length * 256 + first) * 2 + (sep === DOT ? 1 : 0);

/** Route priority and expansion order folded into one comparable number. */
const KEY_SCALE = 128;
const NONE = Number.MAX_SAFE_INTEGER;

interface Terminal {
  readonly key: number;
  readonly route: PreparedRoute;
  /** For the k-th parameter captured along the walk, its slot in the route's names. */
  readonly slots: Int32Array;
}

interface ClassEdge {
  readonly sep: number;
  readonly table: Uint8Array;
  readonly element: RegExp;
  readonly allButSlash: boolean;
  readonly key: string;
  readonly child: TrieNode;
}

class TrieNode {
  statics: Map<number, StaticEdge[]> | null = null;
  slashParam: TrieNode | null = null;
  dotParam: TrieNode | null = null;
  classEdges: ClassEdge[] | null = null;
  terminals: Terminal[] | null = null;
  /** Smallest terminal key in this subtree. */
  min = NONE;

  child(sep: number, word: Word): TrieNode {
    switch (word.kind) {
      case "literal": {
        const text = String.fromCharCode(sep) + word.value;
        const key = staticKey(sep, word.value.length, word.value.length > 0 ? word.value.charCodeAt(0) : 0);
        this.statics ??= new Map();
        let list = this.statics.get(key);
        if (!list) this.statics.set(key, (list = []));
        let e = list.find((x) => x.text === text);
        if (!e) list.push((e = { text, child: new TrieNode() }));
        return e.child;
      }
      case "param":
        if (sep === SLASH) return (this.slashParam ??= new TrieNode());
        return (this.dotParam ??= new TrieNode());
      case "class": {
        this.classEdges ??= [];
        let e = this.classEdges.find((x) => x.sep === sep && x.key === word.key);
        if (!e) this.classEdges.push((e = { sep, table: word.table, element: word.element, allButSlash: word.allButSlash, key: word.key, child: new TrieNode() }));
        return e.child;
      }
    }
  }

  /** Computes `min` bottom-up and sorts terminals and class edges by priority. */
  seal(): number {
    let min = NONE;
    if (this.terminals) {
      this.terminals.sort((a, b) => a.key - b.key);
      min = this.terminals[0]!.key;
    }
    if (this.statics) for (const list of this.statics.values()) for (const e of list) min = Math.min(min, e.child.seal());
    if (this.slashParam) min = Math.min(min, this.slashParam.seal());
    if (this.dotParam) min = Math.min(min, this.dotParam.seal());
    if (this.classEdges) {
      for (const e of this.classEdges) min = Math.min(min, e.child.seal());
      this.classEdges.sort((a, b) => a.child.min - b.child.min);
    }
    this.min = min;
    return min;
  }
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

class Bucket {
  readonly root = new TrieNode();
  readonly statics = new Map<string, StaticHit>();
  readonly regexpRoutes: RegexpRoute[] = [];
  maxCaptures = 0;
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

function staticPath(e: Expansion): string | null {
  let out = "";
  for (const t of e.tokens) {
    if (t.word.kind !== "literal") return null;
    out += String.fromCharCode(t.sep) + t.word.value;
  }
  return out;
}

export class CompiledStrategy implements MatchStrategy {
  readonly name = "compiled";
  private readonly buckets = new Map<string, Bucket>();
  /** The bucket of verbs no route names (any-verb routes only). */
  private readonly otherVerbs: Bucket;

  // Walk state: one walk at a time (`first` never calls out to user code while walking, except
  // request conditions, which cannot reach this object's walk reentrantly without a new request;
  // a nested walk is detected and given its own state).
  private path = "";
  private len = 0;
  private after = -1;
  private best = NONE;
  private bestTerminal: Terminal | null = null;
  private caps = new Int32Array(64);
  private bestCaps = new Int32Array(64);
  private env: MatchEnv | null = null;
  private ignoreConditions = false;
  // Where the next `/` and `.` are: no separator lies in [from, at) (native indexOf, cached).
  private slashFrom = 0;
  private slashAt = 0;
  private dotFrom = 0;
  private dotAt = 0;
  private walking = false;

  /** Each route's token expansions (null: regexp only), computed once for all buckets. */
  private readonly expansions: (Expansion[] | null)[];

  constructor(private readonly routes: readonly PreparedRoute[]) {
    this.expansions = routes.map((r) => expandPattern(r.route.pattern.ast, r.route.requirements, r.route.anchor));
    const verbs = new Set<string>(["GET", "HEAD"]);
    for (const r of routes) if (r.verbs) for (const v of r.verbs) verbs.add(v);
    for (const v of verbs) this.buckets.set(v, this.build((r) => answersVerb(r, v)));
    this.otherVerbs = this.build((r) => r.verbs === null);
  }

  private build(inBucket: (r: PreparedRoute) => boolean): Bucket {
    const bucket = new Bucket();
    const staticCandidates: [string, PreparedRoute, number][] = [];
    for (const r of this.routes) {
      if (!inBucket(r)) continue;
      const expansions = this.expansions[r.index]!;
      if (expansions === null) {
        bucket.regexpRoutes.push({ route: r, prefix: literalPrefix(r.route.pattern.ast) });
        continue;
      }
      for (const e of expansions) {
        let node = bucket.root;
        const slots: number[] = [];
        for (const t of e.tokens) {
          node = node.child(t.sep, t.word);
          if (t.word.kind !== "literal") slots.push(r.names.indexOf(t.word.name));
        }
        (node.terminals ??= []).push({ key: r.index * KEY_SCALE + e.ord, route: r, slots: Int32Array.from(slots) });
        bucket.maxCaptures = Math.max(bucket.maxCaptures, slots.length);
        const sp = staticPath(e);
        // Only paths a normalized request path can equal.
        if (sp !== null && r.conditions.length === 0 && normalizeRequestPath(sp) === sp) staticCandidates.push([sp, r, e.ord]);
      }
    }
    bucket.root.seal();
    if (bucket.maxCaptures * 2 > this.caps.length) {
      this.caps = new Int32Array(bucket.maxCaptures * 2);
      this.bestCaps = new Int32Array(bucket.maxCaptures * 2);
    }
    // A static path answers from the map only if the whole matcher, counting every request
    // condition as passing, picks that same route for it.
    for (const [path, r, ord] of staticCandidates) {
      if (bucket.statics.has(path)) continue;
      if (this.search(bucket, path, -1, null) === r.index && this.bestTerminal?.key === r.index * KEY_SCALE + ord) {
        bucket.statics.set(path, { route: r, index: r.index });
      }
    }
    return bucket;
  }

  first(verb: string, path: string, after: number, env: MatchEnv): number {
    const bucket = this.buckets.get(verb) ?? (verb === "HEAD" ? undefined : this.otherVerbs);
    if (bucket === undefined) return -1;
    if (after < 0 && (path !== env.rawPath || env.method === "HEAD")) {
      const hit = this.staticIn(bucket, path, env);
      if (hit >= 0) return hit;
    }
    if (this.walking) return new CompiledWalk(this).first(bucket, path, after, env);
    return this.search(bucket, path, after, env);
  }

  lookupStatic(verb: string, rawPath: string, env: MatchEnv): number {
    const bucket = this.buckets.get(verb) ?? this.otherVerbs;
    return this.staticIn(bucket, rawPath, env);
  }

  private staticIn(bucket: Bucket, path: string, env: MatchEnv): number {
    const hit = bucket.statics.get(path);
    if (hit === undefined) return -1;
    const values = env.values;
    for (let i = 0; i < hit.route.names.length; i++) values[i] = undefined;
    return hit.index;
  }

  /** The full search; `env` null counts every request condition as passing (draw-time analysis). */
  search(bucket: Bucket, path: string, after: number, env: MatchEnv | null): number {
    this.walking = true;
    try {
      this.path = path;
      this.len = path.length;
      this.after = after;
      this.best = NONE;
      this.bestTerminal = null;
      this.env = env;
      this.ignoreConditions = env === null;
      this.slashFrom = this.slashAt = this.dotFrom = this.dotAt = 0;
      if (bucket.root.min !== NONE) this.walk(bucket.root, 0, 0);
      const walkBest = this.bestTerminal as Terminal | null;
      const bestIndex = walkBest === null ? NONE : walkBest.route.index;
      // Regexp-only routes that come before the walk's answer.
      const rx = bucket.regexpRoutes;
      for (let i = 0; i < rx.length; i++) {
        const { route: r, prefix } = rx[i]!;
        if (r.index >= bestIndex) break;
        if (r.index <= after || !path.startsWith(prefix)) continue;
        const m = regexpMatch(r, path);
        if (m === null) continue;
        if (env !== null) {
          if (!env.conditionsPass(r, path)) continue;
          captureValues(r, m, env);
        }
        this.bestTerminal = null;
        return r.index;
      }
      if (walkBest === null) return -1;
      if (env !== null) {
        const values = env.values;
        const r = walkBest.route;
        for (let i = 0; i < r.names.length; i++) values[i] = undefined;
        const slots = walkBest.slots;
        const caps = this.bestCaps;
        for (let k = 0; k < slots.length; k++) values[slots[k]!] = path.slice(caps[2 * k]!, caps[2 * k + 1]!);
      }
      return bestIndex;
    } finally {
      this.walking = false;
      this.env = null;
    }
  }

  private walk(node: TrieNode, pos: number, depth: number): void {
    const len = this.len;
    if (pos === len) {
      if (node.terminals !== null) this.terminal(node.terminals, depth);
      return;
    }
    const path = this.path;
    const sep = path.charCodeAt(pos);
    if (sep !== SLASH && sep !== DOT) return;
    const end = this.tokenEnd(pos + 1);
    let stat: TrieNode | undefined;
    if (node.statics !== null) {
      const list = node.statics.get(staticKey(sep, end - pos - 1, end > pos + 1 ? path.charCodeAt(pos + 1) : 0));
      if (list !== undefined) {
        for (let i = 0; i < list.length; i++) {
          if (path.startsWith(list[i]!.text, pos)) { stat = list[i]!.child; break; }
        }
      }
    }
    const param = end > pos + 1 ? (sep === SLASH ? node.slashParam : node.dotParam) : null;
    if (stat !== undefined && (param === null || stat.min <= param.min)) {
      if (stat.min < this.best) this.walk(stat, end, depth);
      if (param !== null && param.min < this.best) this.walkParam(param, pos + 1, end, depth);
    } else {
      if (param !== null && param.min < this.best) this.walkParam(param, pos + 1, end, depth);
      if (stat !== undefined && stat.min < this.best) this.walk(stat, end, depth);
    }
    const edges = node.classEdges;
    if (edges !== null) {
      for (let i = 0; i < edges.length; i++) {
        const e = edges[i]!;
        if (e.child.min >= this.best) break;
        if (e.sep !== sep) continue;
        let stop: number;
        if (e.allButSlash) {
          // `[^\/]+`: one native indexOf instead of a loop over the characters.
          stop = this.slashEnd(pos + 1);
        } else {
          const table = e.table;
          stop = pos + 1;
          while (stop < len) {
            const c = path.charCodeAt(stop);
            if (c < 128 ? table[c] === 0 : !e.element.test(path[stop]!)) break;
            stop++;
          }
        }
        if (stop > pos + 1) this.walkParam(e.child, pos + 1, stop, depth);
      }
    }
  }

  /** The next `/` at or after `start`, or the end of the path. */
  private slashEnd(start: number): number {
    if (start < this.slashFrom || start > this.slashAt) {
      const i = this.path.indexOf("/", start);
      this.slashFrom = start;
      this.slashAt = i < 0 ? this.len : i;
    }
    return this.slashAt;
  }

  /** The end of the word starting at `start`: the next `/` or `.`, or the end of the path. */
  private tokenEnd(start: number): number {
    if (start < this.slashFrom || start > this.slashAt) {
      const i = this.path.indexOf("/", start);
      this.slashFrom = start;
      this.slashAt = i < 0 ? this.len : i;
    }
    if (start < this.dotFrom || start > this.dotAt) {
      const i = this.path.indexOf(".", start);
      this.dotFrom = start;
      this.dotAt = i < 0 ? this.len : i;
    }
    return this.slashAt < this.dotAt ? this.slashAt : this.dotAt;
  }

  private walkParam(child: TrieNode, start: number, end: number, depth: number): void {
    const caps = this.caps;
    caps[2 * depth] = start;
    caps[2 * depth + 1] = end;
    this.walk(child, end, depth + 1);
  }

  private terminal(terminals: Terminal[], depth: number): void {
    for (let i = 0; i < terminals.length; i++) {
      const t = terminals[i]!;
      if (t.key >= this.best) return;
      if (t.route.index <= this.after) continue;
      if (!this.ignoreConditions && !this.env!.conditionsPass(t.route, this.path)) continue;
      this.best = t.key;
      this.bestTerminal = t;
      const caps = this.caps;
      const bestCaps = this.bestCaps;
      for (let k = 0; k < 2 * depth; k++) bestCaps[k] = caps[k]!;
      return;
    }
  }
}

/** A walk with its own state, for a `recognize` made from inside a request condition. */
class CompiledWalk {
  constructor(private readonly outer: CompiledStrategy) {}

  first(bucket: Bucket, path: string, after: number, env: MatchEnv): number {
    const fresh = Object.create(this.outer) as CompiledStrategy;
    const state = fresh as unknown as { caps: Int32Array; bestCaps: Int32Array; walking: boolean };
    state.caps = new Int32Array(this.outer["caps"].length);
    state.bestCaps = new Int32Array(this.outer["bestCaps"].length);
    state.walking = false;
    return fresh.search(bucket, path, after, env);
  }
}
