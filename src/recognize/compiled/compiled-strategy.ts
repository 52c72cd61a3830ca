import type { PatternNode } from "../../pattern/ast.js";
import { normalizeRequestPath } from "../../uri/path.js";
import { expandPattern, type Expansion, type ExpandMemo, type Word } from "./expand.js";
import type { PreparedRoute } from "../prepare.js";
import type { MatchEnv, MatchStrategy } from "../match-strategy.js";
import { EMPTY_TRIE, TrieWriter } from "./flat.js";
import { KEY_SCALE, TrieBuilder, type Terminal } from "./trie.js";
import { search, UNSURE, WalkState, type RegexpRoute } from "./walk.js";

// The compiled strategy's routes by verb (`Bucket`), how a table is compiled into them, and the
// `MatchStrategy` methods that pick a request's bucket and search it (walk.ts).

interface StaticHit {
  readonly route: PreparedRoute;
  readonly index: number;
}

/** A verb's routes: its trie, its static paths, and the routes only a regexp can match. */
export class Bucket {
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
 * What compiling one table carries from route to route. Each `CompiledStrategy` makes its own and
 * drops it when compiled: no memo of one compile is seen by the next, nor by a compile that runs
 * inside it (a request condition or a draw in user code).
 */
class CompileContext implements ExpandMemo {
  /** The last plain pattern expanded, and its expansions (see `expandPattern`). */
  lastAst: readonly PatternNode[] | null = null;
  lastExpansions: Expansion[] | null = null;
  /** The last run's expansions, names and facts (see `factsOf`). */
  factsExpansions: readonly Expansion[] | null = null;
  factsNames: readonly string[] | null = null;
  facts: readonly ExpansionFacts[] = [];
  /**
   * Capture slot lists, shared: nearly every route's are `[]`, `[0]`, `[0, 1]`, ... (a typed array
   * each cost ~10% of compiling 10,000 routes). Keyed by the list read as digits in base 64 (exact
   * up to eight captures of names below 63; longer lists are not shared).
   */
  readonly slotLists = new Map<number, Int32Array>();
  /** The capture slots of the expansion being compiled, the first `count` of them (interned by `internSlots`, so one list serves all). */
  readonly scratchSlots: number[] = [];
}

function internSlots(c: CompileContext, slots: readonly number[], count: number): Int32Array {
  if (count > 8) return Int32Array.from(slots.slice(0, count));
  let key = 0;
  for (let i = 0; i < count; i++) {
    const x = slots[i]!;
    if (x >= 63) return Int32Array.from(slots.slice(0, count));
    key = key * 64 + x + 1;
  }
  let list = c.slotLists.get(key);
  if (list === undefined) c.slotLists.set(key, (list = Int32Array.from(slots.slice(0, count))));
  return list;
}

/** A route's expansion as the buckets take it, worked out once however many buckets hold the route. */
interface Entry {
  readonly terminal: Terminal;
  /** The expansion's path: it has no parameter, and a normalized request path can equal it. */
  readonly staticPath: string;
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
function addRoute(c: CompileContext, r: PreparedRoute, into: readonly Bucket[]): number {
  const expansions = expandPattern(r.route.pattern.ast, r.route.requirements, r.route.anchor, c);
  if (expansions === null) {
    const entry: RegexpRoute = { route: r, prefix: literalPrefix(r.route.pattern.ast) };
    const safe = rawSafe(entry.prefix);
    for (const b of into) {
      b.regexpRoutes.push(entry);
      if (!safe) b.rawSafe = false;
    }
    return 0;
  }
  const facts = factsOf(c, expansions, r);
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
function factsOf(c: CompileContext, expansions: readonly Expansion[], r: PreparedRoute): readonly ExpansionFacts[] {
  const names = r.names;
  if (expansions === c.factsExpansions && names === c.factsNames) return c.facts;
  const facts = expansions.map((e): ExpansionFacts => {
    const tokens = e.tokens;
    const slots = c.scratchSlots;
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
    return {
      slots: internSlots(c, slots, count),
      staticPath: sp !== null && normalizeRequestPath(sp) === sp ? sp : null,
    };
  });
  c.factsExpansions = expansions;
  c.factsNames = names;
  return (c.facts = facts);
}

function addExpansion(r: PreparedRoute, e: Expansion, facts: ExpansionFacts, into: readonly Bucket[]): void {
  const tokens = e.tokens;
  const terminal: Terminal = {
    key: r.index * KEY_SCALE + e.ord,
    route: r,
    index: r.index,
    conditional: r.conditions.length > 0,
    slots: facts.slots,
    build: null,
    defaults: NO_DEFAULTS,
    name: r.name,
    plain: r.plain,
  };
  const entry: Entry | null =
    facts.staticPath !== null && r.conditions.length === 0 ? { terminal, staticPath: facts.staticPath } : null;
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
    const context = new CompileContext();
    let captures = 0;
    // Routes in order, each into the buckets of its verbs (an any-verb route into all but HEAD's):
    // every bucket receives its routes in registration order. (The work per route is in functions
    // of its own, optimized on their own: as one loop here, the constructor was compiled four
    // times over the first draws, and ran on stack replacement in between.)
    for (let i = 0; i < routes.length; i++) {
      const r = routes[i]!;
      let into = r.verbs === null ? all : bucketsOf.get(r.verbs);
      if (into === undefined) bucketsOf.set(r.verbs!, (into = [...r.verbs!].map((v) => this.buckets.get(v)!)));
      captures = Math.max(captures, addRoute(context, r, into));
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
      if (search(s, bucket, path, -1, null) === terminal.index && s.bestTerminal === terminal) {
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
    return search(this.stateFor(), bucket, path, after, env);
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
    const index = search(s, bucket, rawPath, -1, env);
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

  /** The sealed buckets by verb, the other verbs' last (what `dumpStrategy` in dump.ts prints). */
  bucketsByVerb(): (readonly [verb: string, bucket: Bucket])[] {
    return [...this.buckets, ["other verbs", this.otherVerbs]];
  }
}
