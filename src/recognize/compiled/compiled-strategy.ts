import type { PreparedRoute } from "../prepare.js";
import type { MatchEnv, MatchStrategy } from "../match-strategy.js";
import type { FlatTrie } from "./flat.js";
import { search, UNSURE, WalkState, type RegexpRoute } from "./walk.js";

// The compiled strategy's routes by verb (`Bucket`), and the `MatchStrategy` methods that pick a
// request's bucket and search it (walk.ts). A table is compiled into buckets by compile.ts, or read
// back into them from a built table by data.ts.

interface StaticHit {
  readonly route: PreparedRoute;
  readonly index: number;
}

/** A verb's routes: its sealed trie, its static paths, and the routes only a regexp can match. */
export class Bucket {
  readonly statics = new Map<string, StaticHit>();
  /**
   * A filter in front of `statics`: which (length, last character) pairs its paths have. A path
   * that is not static mostly ends in a parameter (`/photos/12`), which no static path of its
   * length ends like: two `charCodeAt` and one load instead of hashing the path for a `Map`
   * lookup, which was ~7% of every recognition on the Rails-style app.
   */
  readonly staticEnds = new Uint8Array(64 * 128);
  /**
   * Every static word and regexp prefix can be compared against a raw path (none holds `%`, `?`
   * or `#`): the words were checked as the trie was written (`FlatTrie#marked`).
   */
  readonly rawSafe: boolean;

  constructor(
    readonly trie: FlatTrie,
    readonly regexpRoutes: readonly RegexpRoute[],
  ) {
    this.rawSafe = !trie.marked && regexpRoutes.every((r) => rawSafe(r.prefix));
  }

  /** Answers `path` from the static map: the matcher, every request condition passing, picks this route for it. */
  addStatic(path: string, route: PreparedRoute): void {
    this.statics.set(path, { route, index: route.index });
    this.staticEnds[endKey(path)] = 1;
  }
}

/** The (length, last character) pair of a path, as an index into `Bucket#staticEnds`. */
const endKey = (path: string) => {
  const n = path.length;
  // (Never `charCodeAt(-1)`: see `walk` on reading out of bounds.)
  return n === 0 ? 0 : (n & 63) * 128 + (path.charCodeAt(n - 1) & 127);
};

/** Whether text can be compared against a raw path: it holds nothing `normalize_path` rewrites or stops at. */
const rawSafe = (text: string) => text.indexOf("%") < 0 && text.indexOf("?") < 0 && text.indexOf("#") < 0;

export class CompiledStrategy implements MatchStrategy {
  readonly name = "compiled";
  private readonly buckets: ReadonlyMap<string, Bucket>;
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

  /**
   * The strategy of sealed buckets: `buckets` by verb (GET's and HEAD's among them), `otherVerbs`
   * for verbs no route names, and the most parameters any walk captures. Made by compiling a table
   * (`compileStrategy`, compile.ts) or by reading one back from a built table (`restoreStrategy`, data.ts).
   */
  constructor(buckets: ReadonlyMap<string, Bucket>, otherVerbs: Bucket, maxCaptures: number) {
    this.buckets = buckets;
    this.otherVerbs = otherVerbs;
    this.get = buckets.get("GET")!;
    this.post = buckets.get("POST") ?? otherVerbs;
    this.put = buckets.get("PUT") ?? otherVerbs;
    this.patch = buckets.get("PATCH") ?? otherVerbs;
    this.delete = buckets.get("DELETE") ?? otherVerbs;
    this.maxCaptures = maxCaptures;
    this.state = new WalkState(maxCaptures);
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
