import { type PatternNode, formatNodes } from "./ast.js";
import { parsePath } from "./parse.js";

/**
 * Patterns by path, shared by every route drawn with that path: a resource's show, update (twice)
 * and destroy routes have one path, so a 10,000-route table has ~5,300 distinct paths, and a
 * redraw (a reload) parses none. A pattern is a pure function of its path, never changed once
 * made. Each entry records the last draw that used it, and each draw lets go of the patterns the
 * previous draw did not use (see {@link agePatternCache}): the cache holds the paths of the last
 * two draws only (a cached pattern takes ~1.4 KB). One map stamped with draws, rather than a map
 * per draw, makes a redraw's lookup one `get` instead of a `get`, a `get` and a `set` into a
 * map that grows anew each draw.
 */
const cache = new Map<string, { readonly pattern: PathPattern; used: number }>();
let draws = 0;

/** Starts a draw: patterns used by neither the previous draw nor this one are let go. */
export function agePatternCache(): void {
  draws++;
  // (The last path of the previous draw must be stamped for this one too: no shortcut across draws.)
  lastPath = null;
  // (`forEach`: run once a draw, unoptimized, `for...of` with destructuring made an array per
  // entry, 0.33 MB a draw for 10,000 routes.)
  cache.forEach((entry, spec) => {
    if (entry.used < draws - 1) cache.delete(spec);
  });
}

/**
 * A parsed route path: the AST plus the facts every consumer asks for (Journey's
 * `Path::Pattern`: `names`, `required_names`, `optional_names`). Shared by the routes with its
 * path, so immutable: the object is frozen; its lists and AST nodes must not be changed either,
 * but are not frozen, as V8 walks a frozen array 3-6x slower (measured on Node 20), and the
 * recognizer and the URL helpers walk them.
 */
export class PathPattern {
  readonly spec: string;
  readonly ast: readonly PatternNode[];
  /** Every `:name` and `*name`, in order of appearance, without repeats. */
  readonly names: readonly string[];
  /** Names outside optional groups. */
  readonly requiredNames: readonly string[];
  /** Names inside optional groups. */
  readonly optionalNames: readonly string[];
  /** Names of `*glob` segments. */
  readonly globNames: readonly string[];

  /** The pattern of `spec`, parsed once and shared by the routes of this draw and the next. */
  static of(spec: string): PathPattern {
    // Routes with one path come in runs (a resource's show, update, update, destroy): comparing
    // with the last path is cheaper than hashing a new string for the map (~0.4 µs a lookup).
    if (spec === lastPath) return lastPattern;
    const entry = cache.get(spec);
    let pattern: PathPattern;
    if (entry === undefined) cache.set(spec, { pattern: (pattern = new PathPattern(spec)), used: draws });
    else {
      entry.used = draws;
      pattern = entry.pattern;
    }
    lastPath = spec;
    return (lastPattern = pattern);
  }

  constructor(spec: string) {
    const { ast, names, optionalNames, globNames } = parsePath(spec);
    this.ast = ast;
    // The AST prints back as the path itself unless the path escapes a literal (`\:`, `\(`, `\)`).
    this.spec = spec.includes("\\") ? formatNodes(ast) : spec;
    this.names = names;
    this.optionalNames = optionalNames;
    this.requiredNames = names.filter((n) => !optionalNames.includes(n));
    this.globNames = globNames;
    Object.freeze(this);
  }

  toString(): string {
    return this.spec;
  }
}

/** The last path looked up, and its pattern (the path itself: a pattern's spec drops escapes). */
let lastPath: string | null = "/";
let lastPattern = new PathPattern(lastPath);
