import type { CharSet, Concatenation, Element, Expression, NoParent, Quantifier } from "refa";
import { refa } from "./libs.js";
import { cyclicComponents } from "../support/graph.js";

// The same test (two cycles on one word, or one cycle entered twice) has a second engine in
// pattern/linear/ambiguity.ts: recognition asks it of a route pattern's own program at draw time,
// for every route, without refa or a JavaScript regexp; this one reads any constraint regexp for
// `--lint`. A change to what counts as ambiguous belongs in both.

/**
 * How many ways a backtracking matcher can match the same text, decided on the regexp's position
 * automaton (Glushkov's, keeping one transition per rule that adds it, so that `(a*)*` has two
 * `a -> a` transitions: the inner loop and the outer one, the two paths V8 tries).
 *
 * A backtracking matcher that ends up rejecting tries every path, so
 * - exponential ambiguity (EDA: a state with two different cycles on the same word) means
 *   exponential time: `(a|a)+`, `(a|aa)+`, `(a*)*`, `(\d+)*x`;
 * - polynomial ambiguity (IDA: states p ≠ q with p -v-> p, p -v-> q, q -v-> q) means at least
 *   quadratic time: `\d+\d+`, `.*a.*a`.
 * Both criteria are exact on the automaton (Weber & Seidl; Allauzen, Mohri & Rastogi), and the
 * automaton has only paths the matcher takes. "Ends up rejecting" assumes something after the
 * ambiguous part can fail, which holds for a segment requirement (the route's regexp goes on to `$`).
 *
 * Regexps with lookarounds, word boundaries or backreferences are not analysed here (no finding).
 */
export interface Ambiguity {
  readonly growth: "exponential" | "polynomial";
  /** The source range of the quantifiers whose repetitions make the ambiguity (from the first one's start to the last one's end). */
  readonly part: { readonly start: number; readonly end: number };
  /** The source ranges of those quantifiers. */
  readonly quantifiers: readonly { readonly start: number; readonly end: number }[];
  /** A string the ambiguous part matches in more than one way (repeating it multiplies the ways). */
  readonly pump: string;
}

/** Bounded repetitions are unrolled up to this many copies (witnesses in fewer copies exist in more). */
const COPIES = 3;
/** Positions beyond which the analysis is not attempted (the product automata grow as n² and n³). */
const MAX_POSITIONS = 100;
const MAX_TRIPLE_POSITIONS = 60;
const MAX_VISITS = 500_000;

interface Position {
  readonly id: number;
  readonly chars: CharSet;
  /** The quantifiers (with max > 1) the position sits in, innermost first: where an ambiguity is reported. */
  readonly loops: readonly NoParent<Quantifier>[];
}

interface Fragment {
  readonly first: number[];
  readonly last: number[];
  readonly nullable: boolean;
}

/** The quantifier whose repetition adds a transition (one copy of it, when unrolled), and the repeating quantifiers around it. */
interface Rule {
  readonly q: NoParent<Quantifier>;
  readonly copy: number;
  readonly outer: readonly NoParent<Quantifier>[];
}

class Builder {
  readonly positions: Position[] = [{ id: 0, chars: null as unknown as CharSet, loops: [] }];
  /** follow[x]: the targets of x's transitions, one entry per transition (repeats are parallel transitions). */
  readonly follow: number[][] = [[]];
  /** rules[x][i]: what added the transition follow[x][i] (null: a sequence). */
  readonly rules: (Rule | null)[][] = [[]];
  overflow = false;
  #copies = 0;

  link(from: readonly number[], to: readonly number[], rule: Rule | null = null): void {
    for (const x of from)
      for (const y of to) {
        this.follow[x]!.push(y);
        this.rules[x]!.push(rule);
      }
  }

  alternatives(alts: readonly NoParent<Concatenation>[], loops: readonly NoParent<Quantifier>[]): Fragment {
    const first: number[] = [];
    const last: number[] = [];
    let nullable = false;
    for (const alt of alts) {
      const f = this.concatenation(alt, loops);
      first.push(...f.first);
      last.push(...f.last);
      nullable ||= f.nullable;
    }
    return { first, last, nullable };
  }

  concatenation(concat: NoParent<Concatenation>, loops: readonly NoParent<Quantifier>[]): Fragment {
    let acc: Fragment = { first: [], last: [], nullable: true };
    for (const el of concat.elements) acc = this.sequence(acc, this.element(el, loops));
    return acc;
  }

  sequence(a: Fragment, b: Fragment): Fragment {
    this.link(a.last, b.first);
    return {
      first: a.nullable ? [...a.first, ...b.first] : a.first,
      last: b.nullable ? [...b.last, ...a.last] : b.last,
      nullable: a.nullable && b.nullable,
    };
  }

  element(el: NoParent<Element>, loops: readonly NoParent<Quantifier>[]): Fragment {
    switch (el.type) {
      case "CharacterClass": {
        if (this.positions.length > MAX_POSITIONS) {
          this.overflow = true;
          return { first: [], last: [], nullable: false };
        }
        const id = this.positions.length;
        this.positions.push({ id, chars: el.characters, loops });
        this.follow.push([]);
        this.rules.push([]);
        return el.characters.isEmpty
          ? { first: [], last: [], nullable: false }
          : { first: [id], last: [id], nullable: false };
      }
      case "Alternation":
        return this.alternatives(el.alternatives, loops);
      case "Quantifier":
        return this.quantifier(el, loops);
      default:
        throw new Unsupported();
    }
  }

  /**
   * `E{min,max}` as `E` min times, then nested optional copies (`E(E(E)?)?`), or, when max is
   * unbounded, the last copy looping back to itself (`E{2,}` as `E E+`): the paths the matcher takes.
   */
  quantifier(q: NoParent<Quantifier>, outer: readonly NoParent<Quantifier>[]): Fragment {
    const loops = q.max > 1 ? [q, ...outer] : outer;
    const min = Math.min(q.min, COPIES);
    const max = q.max === Infinity ? Infinity : Math.min(q.max, Math.max(min, COPIES));
    let acc: Fragment = { first: [], last: [], nullable: true };
    for (let i = 0; i < (max === Infinity ? min - 1 : min); i++)
      acc = this.sequence(acc, this.alternatives(q.alternatives, loops));
    if (max === Infinity) {
      const body = this.alternatives(q.alternatives, loops);
      this.link(body.last, body.first, { q, copy: this.#copies++, outer });
      acc = this.sequence(acc, { ...body, nullable: body.nullable || min === 0 });
    } else if (max > min) {
      // E(E(E)?)?: the optional tail, built inside out.
      let tail: Fragment = { first: [], last: [], nullable: true };
      for (let i = min; i < max; i++)
        tail = { ...this.sequence(this.alternatives(q.alternatives, loops), tail), nullable: true };
      acc = this.sequence(acc, tail);
    }
    return acc;
  }
}

class Unsupported extends Error {}
/** The product automata grew past `MAX_VISITS` steps: no answer rather than a slow one. */
class OverBudget extends Error {}

/** The ambiguity of a regexp's matching (see `Ambiguity`), or null when there is none or it cannot be analysed. */
export function ambiguityOf(re: RegExp): Ambiguity | null {
  let expression: NoParent<Expression>;
  try {
    const parsed = refa()
      .JS.Parser.fromLiteral({ source: re.source, flags: re.flags.replace(/[gyd]/g, "") })
      .parse({
        simplify: false,
        backreferences: "unknown",
        assertions: "parse",
        maxBackreferenceWords: 0,
      });
    expression = refa().transform(
      refa().Transformers.patternEdgeAssertions({ remove: true, inline: false }),
      parsed.expression,
    );
  } catch {
    return null;
  }
  const b = new Builder();
  let top: Fragment;
  try {
    top = b.alternatives(expression.alternatives, []);
  } catch (e) {
    if (e instanceof Unsupported) return null;
    throw e;
  }
  if (b.overflow) return null;
  b.follow[0] = [...new Set(top.first)];
  try {
    return exponential(b) ?? polynomial(b);
  } catch (e) {
    if (e instanceof OverBudget) return null;
    throw e;
  }
}

/** Whether two positions can read a common character. */
function meets(b: Builder): (x: number, y: number) => boolean {
  const n = b.positions.length;
  const memo = new Int8Array(n * n);
  return (x, y) => {
    const k = x * n + y;
    if (memo[k] === 0) memo[k] = b.positions[x]!.chars.isDisjointWith(b.positions[y]!.chars) ? 2 : 1;
    return memo[k] === 1;
  };
}

/**
 * EDA: in the product automaton, a strongly connected component holding a diagonal state (q, q)
 * and either an off-diagonal state or a move between diagonal states along two different
 * (parallel) transitions.
 */
function exponential(b: Builder): Ambiguity | null {
  const n = b.positions.length;
  const meet = meets(b);
  const follow = b.follow.map((f) => [...new Set(f)]);
  let visits = 0;
  const succ = (s: number): number[] => {
    const x = Math.floor(s / n);
    const y = s % n;
    const out: number[] = [];
    visits += follow[x]!.length * follow[y]!.length;
    if (visits > MAX_VISITS) throw new OverBudget();
    for (const x2 of follow[x]!) for (const y2 of follow[y]!) if (meet(x2, y2)) out.push(x2 * n + y2);
    return out;
  };
  const multiplicity = (x: number, y: number) => b.follow[x]!.reduce((c, t) => c + (t === y ? 1 : 0), 0);
  for (const scc of cyclicComponents(n * n, [0], succ)) {
    const members = new Set(scc);
    const diagonal = scc.find((s) => Math.floor(s / n) === s % n);
    if (diagonal === undefined) continue;
    const offDiagonal = scc.find((s) => Math.floor(s / n) !== s % n);
    let forked: [number, number] | undefined;
    if (offDiagonal === undefined) {
      for (const s of scc) {
        const q = s % n;
        for (const t of succ(s)) if (members.has(t) && multiplicity(q, t % n) > 1) forked = [s, t];
      }
      if (forked === undefined) continue;
    }
    // A witness: a cycle through an off-diagonal state, or through the fork.
    const path = forked
      ? forked[0] === forked[1]
        ? [forked[0], forked[1]]
        : [...walk(forked[1], forked[0], succ, members), forked[1]]
      : [...walk(diagonal, offDiagonal!, succ, members), ...walk(offDiagonal!, diagonal, succ, members).slice(1)];
    const moves: [number, number][] = [];
    for (let i = 1; i < path.length; i++) {
      moves.push([Math.floor(path[i - 1]! / n), Math.floor(path[i]! / n)], [path[i - 1]! % n, path[i]! % n]);
    }
    return { growth: "exponential", ...partOf(b, moves), pump: wordOf(b, path, n) };
  }
  return null;
}

/**
 * IDA: states p ≠ q (in different components of the automaton) and a word v with p -v-> p,
 * p -v-> q and q -v-> q: in the triple product, (p, p, q) reaches (p, q, q).
 */
function polynomial(b: Builder): Ambiguity | null {
  const n = b.positions.length;
  if (n > MAX_TRIPLE_POSITIONS + 1) return null;
  const meet = meets(b);
  const follow = b.follow.map((f) => [...new Set(f)]);
  const { comp, looping } = loopingStates(follow);
  const budget = { visits: 0 };
  for (const p of looping) {
    const reachable = reachableFrom(follow, p);
    for (const q of looping) {
      if (q === p || comp[q] === comp[p] || !reachable.has(q)) continue;
      const triples = triplePath(follow, meet, p, q, budget);
      if (triples === null) continue;
      const moves: [number, number][] = [];
      for (let i = 1; i < triples.length; i++)
        for (let k = 0; k < 3; k++) moves.push([triples[i - 1]![k]!, triples[i]![k]!]);
      return { growth: "polynomial", ...partOf(b, moves), pump: tripleWord(b, triples) };
    }
  }
  return null;
}

/** Each state's strongly connected component, and the states on a cycle. */
function loopingStates(follow: readonly (readonly number[])[]): { comp: Int32Array; looping: Set<number> } {
  const comp = new Int32Array(follow.length).fill(-1);
  const looping = new Set<number>();
  cyclicComponents(follow.length, [0], (x) => follow[x]!).forEach((scc, i) => {
    for (const x of scc) comp[x] = i;
    if (scc.length > 1 || follow[scc[0]!]!.includes(scc[0]!)) for (const x of scc) looping.add(x);
  });
  return { comp, looping };
}

function reachableFrom(follow: readonly (readonly number[])[], from: number): Set<number> {
  const seen = new Set([from]);
  const todo = [from];
  while (todo.length)
    for (const y of follow[todo.pop()!]!)
      if (!seen.has(y)) {
        seen.add(y);
        todo.push(y);
      }
  return seen;
}

/**
 * A shortest path in the triple product from (p, p, q) to (p, q, q), moving the three states on
 * one character (`meet`), or null; `budget.visits` counts the steps of every search of one analysis.
 */
function triplePath(
  follow: readonly (readonly number[])[],
  meet: (x: number, y: number) => boolean,
  p: number,
  q: number,
  budget: { visits: number },
): (readonly [number, number, number])[] | null {
  const n = follow.length;
  const key = (x: number, y: number, z: number) => (x * n + y) * n + z;
  const triple = (c: number) => [Math.floor(c / (n * n)), Math.floor(c / n) % n, c % n] as const;
  const from = key(p, p, q);
  const goal = key(p, q, q);
  const prev = new Map<number, number>([[from, -1]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const s = queue[i]!;
    const [x, y, z] = triple(s);
    budget.visits += follow[x]!.length * follow[y]!.length * follow[z]!.length + 1;
    if (budget.visits > MAX_VISITS) throw new OverBudget();
    for (const x2 of follow[x]!)
      for (const y2 of follow[y]!) {
        if (!meet(x2, y2)) continue;
        for (const z2 of follow[z]!) {
          if (!meet(x2, z2) || !meet(y2, z2)) continue;
          const t = key(x2, y2, z2);
          if (prev.has(t)) continue;
          prev.set(t, s);
          if (t === goal) {
            const path: number[] = [];
            for (let c = t; c !== -1; c = prev.get(c)!) path.unshift(c);
            return path.map(triple);
          }
          queue.push(t);
        }
      }
  }
  return null;
}

/** A shortest path from `from` to `to` within `members` (both ends included). */
function walk(
  from: number,
  to: number,
  succ: (s: number) => readonly number[],
  members: ReadonlySet<number>,
): number[] {
  const prev = new Map<number, number>([[from, -1]]);
  const queue = [from];
  for (let i = 0; i < queue.length && !prev.has(to); i++) {
    for (const t of succ(queue[i]!))
      if (members.has(t) && !prev.has(t)) {
        prev.set(t, queue[i]!);
        queue.push(t);
      }
  }
  const path: number[] = [];
  for (let c: number | undefined = to; c !== undefined && c !== -1; c = prev.get(c)) path.unshift(c);
  return path;
}

/** The characters read entering each state of a product path (after the first), as a readable string. */
function wordOf(b: Builder, path: readonly number[], n: number): string {
  let out = "";
  for (const s of path.slice(1))
    out += pick(b.positions[Math.floor(s / n)]!.chars.intersect(b.positions[s % n]!.chars));
  return out;
}

function tripleWord(b: Builder, triples: readonly (readonly [number, number, number])[]): string {
  let out = "";
  for (const [x, y, z] of triples.slice(1))
    out += pick(b.positions[x]!.chars.intersect(b.positions[y]!.chars).intersect(b.positions[z]!.chars));
  return out;
}

function pick(chars: CharSet): string {
  for (const c of "aA0-_.~") if (chars.has(c.charCodeAt(0))) return c;
  const r = chars.ranges[0];
  return r === undefined ? "" : String.fromCodePoint(r.min);
}

/**
 * Where a witness's ambiguity comes from: the quantifiers whose repetition added the transitions
 * it takes. A quantifier met in two of its unrolled copies stands for the quantifier repeating it
 * (`.*` twice in `(.*a){12}` is `(.*a){12}`).
 */
function partOf(b: Builder, moves: readonly (readonly [number, number])[]): Pick<Ambiguity, "part" | "quantifiers"> {
  const copies = new Map<NoParent<Quantifier>, Set<number>>();
  const outer = new Map<NoParent<Quantifier>, readonly NoParent<Quantifier>[]>();
  for (const [x, y] of moves) {
    b.follow[x]!.forEach((t, i) => {
      const rule = b.rules[x]![i];
      if (t !== y || !rule) return;
      let set = copies.get(rule.q);
      if (set === undefined) copies.set(rule.q, (set = new Set()));
      set.add(rule.copy);
      outer.set(rule.q, rule.outer);
    });
  }
  let chosen = [...copies].map(([q, set]) => (set.size > 1 ? (outer.get(q)![0] ?? q) : q));
  if (chosen.length === 0) {
    const loops = moves.map(([, y]) => b.positions[y]!.loops[0]).filter((q) => q !== undefined);
    chosen = loops.slice(0, 1);
  }
  const ranges = [...new Set(chosen)]
    .filter((q) => q.source)
    .map((q) => ({ start: q.source!.start, end: q.source!.end }));
  // Nested quantifiers: the outer one covers the inner.
  const quantifiers = ranges.filter(
    (r) => !ranges.some((o) => o !== r && o.start <= r.start && r.end <= o.end && (o.start < r.start || r.end < o.end)),
  );
  quantifiers.sort((x, y) => x.start - y.start);
  const part =
    quantifiers.length === 0
      ? { start: 0, end: 0 }
      : { start: quantifiers[0]!.start, end: Math.max(...quantifiers.map((r) => r.end)) };
  return { part, quantifiers };
}
