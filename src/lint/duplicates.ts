/**
 * The same verb and path declared twice: the later declaration is never used, whatever its
 * controller, action or name. Plain data, as the reachability engine: `key` holds everything else
 * that decides whether a route matches (its segment requirements and request conditions, and
 * whether it is anchored), so routes that differ only there are not repeats.
 */
export interface DeclaredRoute {
  readonly index: number;
  /** Upper-case verbs, or null for any verb. */
  readonly verbs: readonly string[] | null;
  /** The path spec (`/photos/:id(.:format)`). */
  readonly path: string;
  /** What else decides a match, in a canonical form; null for a route that may decline a request it matches (a lambda constraint, a mounted app): such a route is never repeated. */
  readonly key: string | null;
}

export interface DuplicateFinding {
  readonly kind: "duplicate";
  /** The later declaration. */
  readonly index: number;
  /** The first earlier declaration with the same path and key that answers all of its verbs. */
  readonly first: number;
  /** The later declaration's verbs (empty for any verb). */
  readonly verbs: readonly string[];
}

export function findDuplicates(routes: readonly DeclaredRoute[]): DuplicateFinding[] {
  const findings: DuplicateFinding[] = [];
  // path + key -> the earlier routes with them
  const seen = new Map<string, DeclaredRoute[]>();
  const covers = (a: DeclaredRoute, b: DeclaredRoute) =>
    a.verbs === null ? b.verbs === null : b.verbs !== null && b.verbs.every((v) => a.verbs!.includes(v));
  for (const r of [...routes].sort((a, b) => a.index - b.index)) {
    if (r.key === null) continue;
    const id = `${r.path}\u0000${r.key}`;
    let earlier = seen.get(id);
    if (earlier === undefined) seen.set(id, (earlier = []));
    const first = earlier.find((e) => covers(e, r));
    if (first !== undefined)
      findings.push({ kind: "duplicate", index: r.index, first: first.index, verbs: r.verbs ?? [] });
    earlier.push(r);
  }
  return findings;
}
