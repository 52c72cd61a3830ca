import type { PatternNode } from "../ast.js";
import { cyclicComponents } from "../../support/graph.js";
import { ASSERT, CHAR, LIT, SAVE, SPLIT, type Program } from "./program.js";

// The same test (two cycles on one word, or one cycle entered twice) has a second engine in
// lint/ambiguity.ts, on any regexp's position automaton through refa, for `--lint`; this one reads
// a route pattern's own program, at draw time for every route, with no library. A change to what
// counts as ambiguous belongs in both.

/**
 * The common case, answered from the pattern without building a program: no requirement, no glob,
 * and a `/` or `.` between any two symbols on every path (`/photos/:photo_id/comments/:id(.:format)`).
 * Each symbol's run then ends where the next separator is, so no two loops can trade characters
 * (see `backtrackingGrowth`): Journey's regexp is linear. Every route of a resourceful table is such.
 */
export function separatedSymbols(
  ast: readonly PatternNode[],
  requirements: Readonly<Record<string, unknown>>,
): boolean {
  for (const _ in requirements) return false;
  let plain = true;
  /** `open`: a symbol may have been read since the last separator. Returns the same after the nodes. */
  const after = (nodes: readonly PatternNode[], open: boolean): boolean => {
    for (const node of nodes) {
      if (!plain) break;
      switch (node.type) {
        case "slash":
        case "dot":
          open = false;
          break;
        case "symbol":
          if (open) plain = false;
          open = true;
          break;
        case "star":
          plain = false;
          break;
        case "group":
          // Taken or skipped.
          open = after(node.children, open) || open;
          break;
        case "or":
          open = node.alternatives.map((alt) => after(alt, open)).some(Boolean);
          break;
        // A literal neither reads a symbol nor ends one's run.
      }
    }
    return open;
  };
  after(ast, false);
  return plain;
}

/**
 * How a backtracking engine running this program (V8 running Journey's regexp) can grow with the
 * input: the exponent `e` of its worst case, ~n^e steps for n characters (1: linear), or Infinity
 * (exponential, or past the analysis' budget). From the ambiguity of its automaton (Weber &
 * Seidl's criteria, as Weideman et al. apply them to backtracking matchers): a backtracking search
 * from `^` explores every partial run over prefixes of the input, and without these patterns their
 * number over any prefix is bounded by the program.
 *
 * - EDA (exponential): a state with two different cycles reading the same word (`(a|a)+`,
 *   `(?:a|a?)+`, two empty paths round a loop).
 * - IDA (polynomial): states p ≠ q and a word v with p →v p, p →v q and q →v q: two loops that
 *   can share what they consume, so every split of a run between them is tried (`:a-:b` on
 *   `-----`: `[^/.?]+`, `-`, `[^/.?]+`; `*a/*b`; not `*path/:id`, where `/` ends the second loop).
 *   A chain of k such loops (`:a-:b-:c`: 2 links) takes ~n^(k+1) steps.
 *
 * States are the consuming instructions; assertions count as passable (an over-estimate: a route
 * then runs the linear matcher where it need not). Character sets are compared over ASCII exactly
 * and beyond ASCII by whether each set can hold such a character.
 */
export function backtrackingGrowth(p: Program): number {
  const a = new Automaton(p);
  if (a.overBudget) return Infinity;
  const sccs = a.cyclicComponents();
  for (const scc of sccs) if (a.exponential(scc)) return Infinity;
  // Links between loops that trade characters; the longest chain of them is the degree. Without
  // EDA, p and q of an IDA are in different components (were q →w p, the cycles p →vvw p through
  // p and through q would read the same word: EDA).
  const links = sccs.map(() => [] as number[]);
  for (let i = 0; i < sccs.length; i++) {
    for (let j = 0; j < sccs.length; j++) {
      if (i === j || !a.polynomial(sccs[i]!, sccs[j]!)) continue;
      if (a.overBudget) return Infinity;
      links[i]!.push(j);
    }
  }
  // Components reach one another without cycles (they are components): the longest chain by memoized depth.
  const depth = new Array<number>(sccs.length).fill(-1);
  const chain = (i: number): number => {
    if (depth[i]! < 0) depth[i] = Math.max(0, ...links[i]!.map((j) => 1 + chain(j)));
    return depth[i]!;
  };
  let longest = 0;
  for (let i = 0; i < sccs.length; i++) longest = Math.max(longest, chain(i));
  return longest + 1;
}

/**
 * How many steps the analysis may take (empty paths followed, pairs and triples of states visited)
 * before it answers Infinity: the route then runs the linear matcher. Only a requirement with long
 * runs of optional parts (`(?:a?){1000}`) comes near it; the patterns the DSL writes take a few
 * hundred.
 */
const BUDGET = 50_000;

class Automaton {
  /** Consuming instructions. */
  readonly states: number[] = [];
  readonly #index = new Map<number, number>();
  /** Per state: successor states, and whether more than one empty path leads there. */
  readonly next: number[][] = [];
  readonly twice: boolean[][] = [];
  /** Per state, its characters: ASCII as four 32-bit words, and whether any is beyond ASCII. */
  readonly #sets: Uint32Array;
  readonly #beyond: Uint8Array;
  overBudget = false;
  #budget = BUDGET;

  constructor(p: Program) {
    for (let i = 0; i < p.op.length; i++) {
      if (p.op[i] === LIT || p.op[i] === CHAR) this.#index.set(i, this.states.push(i) - 1);
    }
    const n = this.states.length;
    this.#sets = new Uint32Array(4 * n);
    this.#beyond = new Uint8Array(n);
    this.states.forEach((pc, s) => {
      if (p.op[pc] === LIT) {
        const c = p.x[pc]!;
        if (c < 128) this.#sets[4 * s + (c >> 5)]! |= 1 << (c & 31);
        else this.#beyond[s] = 1;
      } else {
        const atom = p.atoms[p.x[pc]!]!;
        for (let c = 0; c < 128; c++) if (atom.ascii[c] === 1) this.#sets[4 * s + (c >> 5)]! |= 1 << (c & 31);
        this.#beyond[s] = atom.other === 0 ? 0 : 1;
      }
    });
    // Empty paths from each instruction to the states they reach, counted up to 2 (the program's
    // empty edges form no cycle: every loop consumes).
    const memo = new Map<number, Map<number, number>>();
    const reach = (pc: number): Map<number, number> => {
      let r = memo.get(pc);
      if (r !== undefined) return r;
      r = new Map();
      const state = this.#index.get(pc);
      if (state !== undefined) r.set(state, 1);
      else {
        const op = p.op[pc];
        const succ = op === SPLIT ? [p.x[pc]!, p.y[pc]!] : op === SAVE || op === ASSERT ? [p.y[pc]!] : [];
        for (const t of succ) {
          const sub = reach(t);
          if (!this.spend(sub.size)) break;
          for (const [s, k] of sub) r.set(s, Math.min(2, (r.get(s) ?? 0) + k));
        }
      }
      memo.set(pc, r);
      return r;
    };
    for (const pc of this.states) {
      const r = reach(p.y[pc]!);
      this.next.push([...r.keys()]);
      this.twice.push([...r.values()].map((k) => k > 1));
    }
  }

  /** Takes `work` steps from the budget; false (and `overBudget`) once it is spent. */
  spend(work: number): boolean {
    this.#budget -= work;
    if (this.#budget < 0) this.overBudget = true;
    return !this.overBudget;
  }

  #meet(a: number, b: number): boolean {
    const s = this.#sets;
    return (
      (s[4 * a]! & s[4 * b]!) !== 0 ||
      (s[4 * a + 1]! & s[4 * b + 1]!) !== 0 ||
      (s[4 * a + 2]! & s[4 * b + 2]!) !== 0 ||
      (s[4 * a + 3]! & s[4 * b + 3]!) !== 0 ||
      (this.#beyond[a] === 1 && this.#beyond[b] === 1)
    );
  }

  #meet3(a: number, b: number, c: number): boolean {
    const s = this.#sets;
    for (let w = 0; w < 4; w++) if ((s[4 * a + w]! & s[4 * b + w]! & s[4 * c + w]!) !== 0) return true;
    return this.#beyond[a] === 1 && this.#beyond[b] === 1 && this.#beyond[c] === 1;
  }

  /** The strongly connected components that hold a cycle. */
  cyclicComponents(): number[][] {
    return cyclicComponents(this.states.length, this.states.keys(), (s) => this.next[s]!);
  }

  /** EDA inside one component: a doubled empty path on a cycle, or a diagonal pair and an off-diagonal pair on one cycle of the pair automaton. */
  exponential(scc: readonly number[]): boolean {
    // Its pair automaton would be too large to build: say yes (the route runs the linear matcher).
    if (!this.spend(scc.length * scc.length)) return true;
    const inside = new Set(scc);
    for (const s of scc) if (this.next[s]!.some((t, i) => inside.has(t) && this.twice[s]![i])) return true;
    const k = scc.length;
    const at = new Map(scc.map((s, i) => [s, i]));
    const pairs = cyclicComponents(
      k * k,
      scc.map((_, i) => i * k + i),
      (ij) => {
        const p = scc[Math.floor(ij / k)]!;
        const q = scc[ij % k]!;
        if (!this.#meet(p, q)) return [];
        const out: number[] = [];
        for (const p2 of this.next[p]!) {
          const i2 = at.get(p2);
          if (i2 === undefined) continue;
          for (const q2 of this.next[q]!) {
            const j2 = at.get(q2);
            if (j2 !== undefined) out.push(i2 * k + j2);
          }
        }
        return out;
      },
    );
    return pairs.some(
      (c) => c.some((ij) => Math.floor(ij / k) === ij % k) && c.some((ij) => Math.floor(ij / k) !== ij % k),
    );
  }

  /** IDA from component `from` to component `to`: p ∈ from, q ∈ to, p ≠ q, (p, p, q) reaches (p, q, q) in the triple automaton. */
  polynomial(from: readonly number[], to: readonly number[]): boolean {
    const inFrom = new Set(from);
    const inTo = new Set(to);
    const n = this.states.length;
    for (const p of from) {
      for (const q of to) {
        if (p === q) continue;
        // Breadth-first over (x, y, z): x stays in `from`, z in `to`, y anywhere; one character read by all three.
        const key = (x: number, y: number, z: number) => (x * n + y) * n + z;
        const seen = new Set<number>([key(p, p, q)]);
        const queue = [p, p, q];
        for (let head = 0; head < queue.length; head += 3) {
          if (!this.spend(1)) return true;
          const x = queue[head]!,
            y = queue[head + 1]!,
            z = queue[head + 2]!;
          if (!this.#meet3(x, y, z)) continue;
          for (const x2 of this.next[x]!) {
            if (!inFrom.has(x2)) continue;
            for (const y2 of this.next[y]!) {
              for (const z2 of this.next[z]!) {
                if (!inTo.has(z2)) continue;
                if (x2 === p && y2 === q && z2 === q) return true;
                const k = key(x2, y2, z2);
                if (seen.has(k)) continue;
                seen.add(k);
                queue.push(x2, y2, z2);
              }
            }
          }
        }
      }
    }
    return false;
  }
}
