import { type PatternNode, formatNodes } from "./ast.js";
import { parsePath } from "./parse.js";

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

/**
 * One draw's view of the patterns: `PathPattern.of` behind a memo of the last path. Routes with
 * one path come in runs (a resource's show, update, update, destroy): comparing with the last path
 * is cheaper than hashing a new string for the map (~0.4 µs a lookup). Made per draw (see
 * `TableBuilder`), so its memo is that draw's own.
 */
export class PatternCache {
  #lastPath: string | null = null;
  #lastPattern: PathPattern | null = null;

  /** The pattern of `spec` (see `PathPattern.of`). */
  of(spec: string): PathPattern {
    if (spec === this.#lastPath) return this.#lastPattern!;
    this.#lastPath = spec;
    return (this.#lastPattern = PathPattern.of(spec));
  }
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

  /** The pattern of `spec`, parsed once and shared by every route with that path while one holds it. */
  static of(spec: string): PathPattern {
    let pattern = cache.get(spec)?.deref();
    if (pattern === undefined) {
      pattern = new PathPattern(spec);
      cache.set(spec, new WeakRef(pattern));
      collected.register(pattern, spec);
    }
    return pattern;
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

/**
 * A pattern from the parts a parse made, without parsing (a table `switchyard build` wrote):
 * the same object `new PathPattern(spec)` makes, given what its parse gave.
 */
export function restorePattern(
  spec: string,
  ast: readonly PatternNode[],
  names: readonly string[],
  optionalNames: readonly string[],
  globNames: readonly string[],
): PathPattern {
  const pattern = Object.create(PathPattern.prototype) as { -readonly [K in keyof PathPattern]: PathPattern[K] };
  pattern.spec = spec;
  pattern.ast = ast;
  pattern.names = names;
  // (In the order the class declares its fields: one object shape with parsed patterns.)
  pattern.requiredNames = names.filter((n) => !optionalNames.includes(n));
  pattern.optionalNames = optionalNames;
  pattern.globNames = globNames;
  return Object.freeze(pattern) as PathPattern;
}
