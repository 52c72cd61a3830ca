/**
 * The strongly connected components that hold a cycle (more than one node, or one with an edge to
 * itself), among the nodes of a graph of `size` nodes reachable from `roots`: Tarjan's algorithm,
 * iterative. Used on automata by the lint's ambiguity analysis and the linear matcher's.
 */
export function cyclicComponents(
  size: number,
  roots: Iterable<number>,
  succ: (s: number) => readonly number[],
): number[][] {
  const index = new Int32Array(size).fill(-1);
  const low = new Int32Array(size);
  const onStack = new Uint8Array(size);
  const stack: number[] = [];
  const out: number[][] = [];
  let counter = 0;
  const frames: { s: number; next: readonly number[]; i: number }[] = [];
  const open = (s: number) => {
    index[s] = low[s] = counter++;
    stack.push(s);
    onStack[s] = 1;
    frames.push({ s, next: succ(s), i: 0 });
  };
  for (const root of roots) {
    if (index[root] !== -1) continue;
    open(root);
    while (frames.length) {
      const f = frames[frames.length - 1]!;
      if (f.i < f.next.length) {
        const t = f.next[f.i++]!;
        if (index[t] === -1) open(t);
        else if (onStack[t]) low[f.s] = Math.min(low[f.s]!, index[t]!);
        continue;
      }
      frames.pop();
      if (frames.length) low[frames[frames.length - 1]!.s] = Math.min(low[frames[frames.length - 1]!.s]!, low[f.s]!);
      if (low[f.s] === index[f.s]) {
        const scc: number[] = [];
        let t: number;
        do {
          t = stack.pop()!;
          onStack[t] = 0;
          scc.push(t);
        } while (t !== f.s);
        // A single state without a self-loop is no cycle.
        if (scc.length > 1 || succ(f.s).includes(f.s)) out.push(scc);
      }
    }
  }
  return out;
}
