/**
 * Parsing a route's path into its `PathPattern` (path.ts), once a path: what a drawn table does, and
 * a table `switchyard build` wrote does not (built.ts restores its patterns from their parts), so
 * its bundle carries no path parser.
 */
import { parsePath } from "./parse.js";
import { PathPattern } from "./path.js";

/**
 * Patterns by path, shared by every route drawn with that path: a resource's show, update (twice)
 * and destroy routes have one path, so a 10,000-route table has ~5,300 distinct paths, and a
 * redraw (a reload) parses none. Pure by key: a pattern is a function of its path, never changed
 * once made. Held weakly: a pattern lives as long as some route holds it, so route sets drawn one
 * after another, side by side or one inside another's declaration each keep theirs (no draw
 * lets go of another's), and a route set let go takes its patterns with it (a cached pattern takes
 * ~1.4 KB). An entry whose pattern was collected is removed by `collected`.
 */
const cache = new Map<string, WeakRef<PathPattern>>();
const collected = new FinalizationRegistry<string>((spec) => {
  if (cache.get(spec)?.deref() === undefined) cache.delete(spec);
});

/** The pattern of `spec`, parsed once and shared by every route with that path while one holds it. */
export function patternOf(spec: string): PathPattern {
  let pattern = cache.get(spec)?.deref();
  if (pattern === undefined) {
    pattern = new PathPattern(spec, parsePath(spec));
    cache.set(spec, new WeakRef(pattern));
    collected.register(pattern, spec);
  }
  return pattern;
}

/**
 * One draw's view of the patterns: `patternOf` behind a memo of the last path. Routes with
 * one path come in runs (a resource's show, update, update, destroy): comparing with the last path
 * is cheaper than hashing a new string for the map (~0.4 µs a lookup). Made per draw (see
 * `TableBuilder`), so its memo is that draw's own.
 */
export class PatternCache {
  #lastPath: string | null = null;
  #lastPattern: PathPattern | null = null;

  /** The pattern of `spec` (see `patternOf`). */
  of(spec: string): PathPattern {
    if (spec === this.#lastPath) return this.#lastPattern!;
    this.#lastPath = spec;
    return (this.#lastPattern = patternOf(spec));
  }
}
