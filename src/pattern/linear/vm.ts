import {
  ASSERT,
  CHAR,
  END,
  LIT,
  LOOK,
  MATCH,
  NOT_WORD_BOUNDARY,
  SAVE,
  SPLIT,
  START,
  TooLarge,
  WORD_BOUNDARY,
  type Program,
} from "./program.js";

/**
 * A Pike VM: runs a program over the path once, left to right, holding at each position the list
 * of threads (an instruction and its captures) in the order a backtracking engine would try them.
 * A thread that reaches an instruction another thread reached first at the same position is
 * dropped: the earlier one has the same future and wins if that future matches. So the answer is
 * a backtracking regexp's (leftmost-first, greedy and lazy as written), in O(instructions ×
 * length) time and O(instructions) space, where the backtracking regexp can take O(length^k).
 *
 * Exact for the programs `compileJourney` builds: they have no backreferences, and no loop that can
 * go round without consuming (an iteration that consumed nothing is cut, as ECMAScript cuts it),
 * so an instruction and a position are all a thread's future depends on.
 *
 * The moves between consuming instructions are worked out when the matcher is built (see
 * `Steps`): running, a thread's move is a few array reads, and it copies only the captures its
 * instruction can have set (~20% fewer instructions a character than walking the program at each
 * step). The VM is still ~20x slower than V8's backtracking regexp on a short path: hence `nativeUpTo`.
 */
export class LinearMatcher {
  private readonly p: Program;
  private readonly ascii: Uint8Array;
  private readonly s: Steps;
  // Two thread lists (consuming instruction, captures), swapped at each position.
  private pcs: Int32Array;
  private caps: Int32Array;
  private nextPcs: Int32Array;
  private nextCaps: Int32Array;
  /** The generation (one per position) at which an instruction was last reached. */
  private readonly marks: Int32Array;
  private generation = 0;
  private readonly best: Int32Array;
  private bestEnd = -1;

  /**
   * @param nativeUpTo the path length up to which the caller runs the native regexp instead (see
   *   `journeyExec`): -1 for none.
   * @throws TooLarge where working out the moves would take too long (see `STEPS_BUDGET`).
   */
  constructor(
    program: Program,
    readonly nativeUpTo: number,
  ) {
    this.p = program;
    const size = program.op.length;
    const slots = program.slots;
    this.ascii = new Uint8Array(program.atoms.length * 128);
    program.atoms.forEach((a, i) => this.ascii.set(a.ascii, i * 128));
    this.s = steps(program);
    this.pcs = new Int32Array(size);
    this.nextPcs = new Int32Array(size);
    this.caps = new Int32Array(size * slots);
    this.nextCaps = new Int32Array(size * slots);
    this.marks = new Int32Array(size);
    this.best = new Int32Array(slots);
  }

  /** The match as `RegExp#exec` answers it (group numbers as in Journey's regexp), or null. */
  exec(input: string): RegExpExecArray | null {
    const p = this.p;
    const { op, x, slots, unicode } = p;
    const ascii = this.ascii;
    const n = input.length;
    let found = false;
    let count = this.advance(this.pcs, this.caps, 0, p.op.length, 0, input, this.nextGeneration(), this.caps, 0);
    for (let pos = 0; count > 0; ) {
      const pcs = this.pcs;
      const caps = this.caps;
      const c = pos < n ? input.charCodeAt(pos) : -1;
      let width = 1;
      if (unicode && c >= 0xd800 && c <= 0xdbff && pos + 1 < n) {
        const d = input.charCodeAt(pos + 1);
        if (d >= 0xdc00 && d <= 0xdfff) width = 2;
      }
      const generation = this.nextGeneration();
      let next = 0;
      for (let i = 0; i < count; i++) {
        const pc = pcs[i]!;
        const o = op[pc];
        if (o === MATCH) {
          // Threads after this one come later in backtracking order: drop them.
          this.keep(pc, caps, i * slots, pos);
          found = true;
          break;
        }
        if (c < 0) continue;
        let ok: boolean;
        if (o === LIT) ok = c === x[pc];
        else {
          const a = x[pc]!;
          ok = c < 128 ? ascii[a * 128 + c] === 1 : this.beyondAscii(a, input, pos);
        }
        if (ok)
          next = this.advance(this.nextPcs, this.nextCaps, next, pc, pos + width, input, generation, caps, i * slots);
      }
      this.pcs = this.nextPcs;
      this.caps = this.nextCaps;
      this.nextPcs = pcs;
      this.nextCaps = caps;
      count = next;
      if (c < 0) break;
      pos += width;
    }
    return found ? this.result(input) : null;
  }

  private nextGeneration(): number {
    if (this.generation >= 0x3fffffff) {
      this.marks.fill(0);
      this.generation = 0;
    }
    return ++this.generation;
  }

  private beyondAscii(atom: number, input: string, pos: number): boolean {
    const other = this.p.atoms[atom]!.other;
    if (typeof other === "number") return other === 1;
    other.lastIndex = pos;
    return other.test(input);
  }

  /**
   * Appends to a list, in priority order, the threads a thread at `from` (a consuming
   * instruction that has just consumed, or the start) leads to at `pos`, with the captures of
   * the parent (`parent` at `at`) updated along the way; a thread whose instruction is already in
   * the list at this position is dropped.
   */
  private advance(
    pcs: Int32Array,
    caps: Int32Array,
    count: number,
    from: number,
    pos: number,
    input: string,
    generation: number,
    parent: Int32Array,
    at: number,
  ): number {
    const code = this.s.code;
    const marks = this.marks;
    const slots = this.p.slots;
    for (let c = this.s.first[from]!, moves = code[c++]!; moves > 0; moves--) {
      const t = code[c++]!;
      let holds = marks[t] !== generation;
      for (let k = code[c++]!; k > 0; k--) {
        if (holds) holds = this.holds(code[c]!, input, pos);
        c++;
      }
      if (!holds) {
        // Skip the move's captures.
        c += code[c]! + 1;
        c += code[c]! + 1;
        c += code[c]! + 1;
        continue;
      }
      marks[t] = generation;
      pcs[count] = t;
      const to = count * slots;
      for (let k = code[c++]!; k > 0; k--) {
        const slot = code[c++]!;
        caps[to + slot] = parent[at + slot]!;
      }
      for (let k = code[c++]!; k > 0; k--) caps[to + code[c++]!] = pos;
      for (let k = code[c++]!; k > 0; k--) caps[to + code[c++]!] = -1;
      count++;
    }
    return count;
  }

  private holds(kind: number, input: string, pos: number): boolean {
    if (kind === START) return pos === 0;
    if (kind === END) return pos === input.length;
    if (kind === WORD_BOUNDARY) return isWord(input, pos - 1) !== isWord(input, pos);
    if (kind === NOT_WORD_BOUNDARY) return isWord(input, pos - 1) === isWord(input, pos);
    const look = this.p.looks[kind - LOOK]!;
    look.lastIndex = pos;
    return look.test(input);
  }

  /** Keeps a MATCH thread's captures (those its path can have set; the others are unset). */
  private keep(pc: number, caps: Int32Array, at: number, pos: number): void {
    const best = this.best.fill(-1);
    const { knownFrom, known } = this.s;
    for (let k = knownFrom[pc]!, end = knownFrom[pc + 1]!; k < end; k++) best[known[k]!] = caps[at + known[k]!]!;
    this.bestEnd = pos;
  }

  private result(input: string): RegExpExecArray {
    const p = this.p;
    const best = this.best;
    const out: (string | undefined)[] = new Array(p.groupCount + 1).fill(undefined);
    out[0] = input.slice(0, this.bestEnd);
    for (let k = 0; k < p.groups.length; k++) {
      const start = best[2 * k]!;
      const end = best[2 * k + 1]!;
      if (start >= 0 && end >= 0) out[p.groups[k]!] = input.slice(start, end);
    }
    return Object.assign(out, { index: 0, input, groups: undefined }) as unknown as RegExpExecArray;
  }
}

/**
 * The moves of the program, worked out once: from each consuming instruction (its successor) and
 * from the start (at index `op.length`), the consuming instructions and MATCH reached without
 * consuming, in the order a backtracking engine reaches them (a depth-first walk, a SPLIT's first
 * branch first). A move reaches its target if its assertions hold, and gives the new thread its
 * parent's captures at `copies`, the position at `sets` (every SAVE on the way records the same
 * position) and -1 at `unsets`.
 *
 * A thread keeps only the captures its instruction can have set (`known`, a fixpoint over the
 * moves); the rest of its slots are stale and never read. A move is left out where an earlier one
 * from the same place reached the same instruction under the same assertions: at run time it would
 * be dropped.
 */
interface Steps {
  /** Per instruction (and the start, at `op.length`), where its moves begin in `code`. */
  readonly first: Int32Array;
  /**
   * The moves, each list preceded by its length: `moves`, then per move `target`, `asserts,
   * ...kinds`, `copies, ...slots`, `sets, ...slots`, `unsets, ...slots`; read in order.
   */
  readonly code: Int32Array;
  /** Per instruction, the slots a thread there can have set. */
  readonly knownFrom: Int32Array;
  readonly known: Int32Array;
}

interface Move {
  readonly target: number;
  readonly asserts: readonly number[];
  readonly saves: readonly number[];
}

/**
 * How many instructions the walks that work out the moves may visit in all. Each walk stops at
 * consuming instructions, so it is short in any pattern but one of long runs of optional parts
 * (`(?:a?){1000}`); past this the program is refused (TooLarge) and the native regexp runs.
 */
const STEPS_BUDGET = 50_000;

function steps(p: Program): Steps {
  const size = p.op.length;
  const budget = { left: STEPS_BUDGET };
  const consuming = (pc: number) => p.op[pc] === LIT || p.op[pc] === CHAR;
  // Moves from each consuming instruction and from the start (index `size`).
  const moves: (readonly Move[])[] = [];
  const shared = new Map<number, readonly Move[]>();
  for (let pc = 0; pc <= size; pc++) {
    if (pc < size && !consuming(pc)) {
      moves.push([]);
      continue;
    }
    const root = pc === size ? p.start : p.y[pc]!;
    let m = shared.get(root);
    if (m === undefined) shared.set(root, (m = movesFrom(p, root, budget)));
    moves.push(m);
  }
  // Which slots a thread at each instruction can have set: a fixpoint over the moves.
  const known: Set<number>[] = Array.from({ length: size + 1 }, () => new Set<number>());
  for (let changed = true; changed; ) {
    changed = false;
    for (let pc = 0; pc <= size; pc++) {
      for (const move of moves[pc]!) {
        const into = known[move.target]!;
        const before = into.size;
        for (const s of known[pc]!) into.add(s);
        for (const s of move.saves) into.add(s);
        if (into.size !== before) changed = true;
      }
    }
  }
  const first: number[] = [];
  const code: number[] = [];
  for (let pc = 0; pc <= size; pc++) {
    first.push(code.length);
    code.push(moves[pc]!.length);
    for (const move of moves[pc]!) {
      const copies: number[] = [],
        sets: number[] = [],
        unsets: number[] = [];
      for (const s of known[move.target]!) {
        if (move.saves.includes(s)) sets.push(s);
        else if (known[pc]!.has(s)) copies.push(s);
        else unsets.push(s);
      }
      code.push(
        move.target,
        move.asserts.length,
        ...move.asserts,
        copies.length,
        ...copies,
        sets.length,
        ...sets,
        unsets.length,
        ...unsets,
      );
    }
  }
  const knownFrom = [0],
    knownSlots: number[] = [];
  for (let pc = 0; pc < size; pc++) {
    knownSlots.push(...known[pc]!);
    knownFrom.push(knownSlots.length);
  }
  return {
    first: Int32Array.from(first),
    code: Int32Array.from(code),
    knownFrom: Int32Array.from(knownFrom),
    known: Int32Array.from(knownSlots),
  };
}

/** The moves from an instruction: a depth-first walk over the instructions that consume nothing. */
function movesFrom(p: Program, root: number, budget: { left: number }): Move[] {
  const { op, x, y } = p;
  const out: Move[] = [];
  // The path being walked: its saves and assertions, as stacks cut back when the walk backs up.
  const saves: number[] = [];
  const asserts: number[] = [];
  const seen = new Set<string>();
  // Frames: instruction, and the lengths of the path's stacks when it was reached.
  const stack: number[] = [root, 0, 0];
  while (stack.length > 0) {
    const assertLength = stack.pop()!;
    const saveLength = stack.pop()!;
    const pc = stack.pop()!;
    if (--budget.left < 0) throw new TooLarge();
    saves.length = saveLength;
    asserts.length = assertLength;
    // Reached before with no assertion on the way: all it leads to is listed already.
    if (seen.has(String(pc))) continue;
    const key = assertLength === 0 ? String(pc) : `${pc} ${asserts.join(" ")}`;
    if (seen.has(key)) continue;
    seen.add(key);
    switch (op[pc]) {
      case SPLIT:
        stack.push(y[pc]!, saveLength, assertLength, x[pc]!, saveLength, assertLength);
        break;
      case SAVE:
        saves.push(x[pc]!);
        stack.push(y[pc]!, saveLength + 1, assertLength);
        break;
      case ASSERT:
        asserts.push(x[pc]!);
        stack.push(y[pc]!, saveLength, assertLength + 1);
        break;
      case LIT:
      case CHAR:
      case MATCH:
        out.push({ target: pc, asserts: [...asserts], saves: [...saves] });
        break;
      // FAIL: the path ends.
    }
  }
  return out;
}

/** `\w` at a position (false outside the string). */
function isWord(input: string, i: number): boolean {
  if (i < 0 || i >= input.length) return false;
  const c = input.charCodeAt(i);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}
