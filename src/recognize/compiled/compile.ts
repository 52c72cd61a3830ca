import type { PatternNode } from "../../pattern/ast.js";
import { normalizeRequestPath } from "../../uri/path.js";
import { expandPattern, type Expansion, type ExpandMemo, type Word } from "./expand.js";
import type { PreparedRoute } from "../prepare.js";
import { TrieWriter } from "./flat-writer.js";
import { TrieBuilder } from "./trie.js";
import { type Terminal, terminalOf } from "./flat.js";
import { search, WalkState, type RegexpRoute } from "./walk.js";
import { Bucket, CompiledStrategy } from "./compiled-strategy.js";

// Compiling a table into the compiled strategy's buckets: each route's pattern expanded into
// token sequences (expand.ts), added to the tries of its verbs (trie.ts), each trie then laid out
// flat (flat-writer.ts) and its static paths decided. A built table's app reads the sealed
// buckets back instead (data.ts), and never reaches this.

/** A verb's routes while compiling. */
class Building {
  readonly trie = new TrieBuilder();
  /** The expansions whose static path may answer from the static map (see `seal`). */
  readonly candidates: Entry[] = [];
  readonly regexpRoutes: RegexpRoute[] = [];
}

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
function addRoute(c: CompileContext, r: PreparedRoute, into: readonly Building[]): number {
  const expansions = expandPattern(r.route.pattern.ast, r.route.requirements, r.route.anchor, c);
  if (expansions === null) {
    const entry: RegexpRoute = { route: r, prefix: literalPrefix(r.route.pattern.ast) };
    for (const b of into) b.regexpRoutes.push(entry);
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

function addExpansion(r: PreparedRoute, e: Expansion, facts: ExpansionFacts, into: readonly Building[]): void {
  const tokens = e.tokens;
  const terminal = terminalOf(r, e.ord, facts.slots);
  const entry: Entry | null =
    facts.staticPath !== null && r.conditions.length === 0 ? { terminal, staticPath: facts.staticPath } : null;
  for (const b of into) {
    const node = b.trie.nodeOf(tokens);
    if (node.terminal === null) node.terminal = terminal;
    else (node.moreTerminals ??= []).push(terminal);
    if (entry !== null) b.candidates.push(entry);
  }
}

/** Compiles a table's prepared routes into the compiled strategy (eagerly: nothing is left for the first request). */
export function compileStrategy(routes: readonly PreparedRoute[]): CompiledStrategy {
  const verbs = new Set<string>(["GET", "HEAD"]);
  for (const r of routes) if (r.verbs) for (const v of r.verbs) verbs.add(v);
  const building = new Map<string, Building>();
  const all: Building[] = [];
  for (const v of verbs) {
    const b = new Building();
    building.set(v, b);
    if (v !== "HEAD") all.push(b);
  }
  const other = new Building();
  all.push(other);
  // The buckets of each verb set (routes share their sets: one list per set, not per route).
  const bucketsOf = new Map<ReadonlySet<string>, Building[]>();
  const context = new CompileContext();
  let captures = 0;
  // Routes in order, each into the buckets of its verbs (an any-verb route into all but HEAD's):
  // every bucket receives its routes in registration order. (The work per route is in functions
  // of its own, optimized on their own: as one loop here, the constructor was compiled four
  // times over the first draws, and ran on stack replacement in between.)
  for (let i = 0; i < routes.length; i++) {
    const r = routes[i]!;
    let into = r.verbs === null ? all : bucketsOf.get(r.verbs);
    if (into === undefined) bucketsOf.set(r.verbs!, (into = [...r.verbs!].map((v) => building.get(v)!)));
    captures = Math.max(captures, addRoute(context, r, into));
  }
  const state = new WalkState(captures);
  const buckets = new Map<string, Bucket>();
  for (const [verb, b] of building) buckets.set(verb, seal(b, state));
  return new CompiledStrategy(buckets, seal(other, state), captures);
}

/**
 * Seals a bucket's trie and decides its static map: a static path answers from the map only if
 * the whole matcher, counting every request condition as passing, picks that same route for it.
 */
function seal(building: Building, s: WalkState): Bucket {
  const bucket = new Bucket(new TrieWriter().finish(building.trie.root), building.regexpRoutes);
  for (const { staticPath: path, terminal } of building.candidates) {
    if (bucket.statics.has(path)) continue;
    if (search(s, bucket, path, -1, null) === terminal.index && s.bestTerminal === terminal)
      bucket.addStatic(path, terminal.route);
  }
  return bucket;
}
