import {
  BY_PAIR,
  C_STRIDE,
  CLASSES,
  DOT_GROUP,
  E_CHILD,
  E_FLAGS,
  E_NEXT,
  G_EMPTY,
  G_MASK_MODE,
  G_PARAM,
  G_SLOTS,
  HASHED,
  NTERM,
  SLASH_GROUP,
  TERM,
  type FlatTrie,
} from "./flat.js";
import { KEY_SCALE, type Terminal } from "./flat.js";
import type { SearchBucket } from "./walk.js";
import type { CompiledStrategy } from "./compiled-strategy.js";

/**
 * A compiled strategy's sealed buckets as text: per verb, its trie as an indented tree (see
 * `dumpTrie`), its static paths and its regexp-only routes. For reading what a table compiles to,
 * and for tests; a free function, so that an app's bundle, which never prints it, leaves it out.
 */
export function dumpStrategy(strategy: CompiledStrategy): string {
  return strategy
    .bucketsByVerb()
    .map(([verb, bucket]) => dumpBucket(verb, bucket))
    .join("\n");
}

// The compiled strategy's tries as text, for reading what a route table compiles to (and for the
// snapshot tests of test/recognize/compiled/). Nothing here runs while recognizing.

/**
 * A flat trie as an indented tree, one line per node: the edge that leads to it, then, indented
 * under it, the routes ending there and its children. Edges:
 *
 *     /photos     a static word after `/` (`.json` after `.`; `/` alone: the empty word)
 *     /:          a parameter (the default `[^/.?]+`: one whole word)
 *     /<\d+>      a parameter whose requirement is a run of one character class
 *
 * A route ending at a node reads `= #3.0 photo GET /photos/:id(.:format) photos#show`: route 3 of
 * the table, its expansion 0 (an optional group present is expansion 0, absent 1, ...), its name,
 * verb, path and target; `if conditions` when it has request conditions. Children come in layout
 * order: after `/` the words (in the order they were added), the empty word and the parameter;
 * then the same after `.`; then the class edges, by priority. A node whose words after one
 * separator are keyed by their first two characters, or hashed, says so (see `tableMode`).
 */
function dumpTrie(trie: FlatTrie): string {
  const lines: string[] = [];
  const T = trie.T;

  const node = (at: number, edge: string, depth: number): void => {
    const pad = "  ".repeat(depth);
    const notes = [SLASH_GROUP, DOT_GROUP].flatMap((group, i) => {
      const mode = T[at + group + G_MASK_MODE]! & 3;
      const sep = i === 0 ? "/" : ".";
      return mode === BY_PAIR
        ? [`words after ${sep} by first two characters`]
        : mode === HASHED
          ? [`words after ${sep} hashed`]
          : [];
    });
    lines.push(`${pad}${edge}${notes.length > 0 ? `  (${notes.join("; ")})` : ""}`);
    for (let i = T[at + TERM]!, stop = i + T[at + NTERM]!; i < stop; i++)
      lines.push(`${pad}  = ${describeTerminal(trie.terms[i]!)}`);
    for (const [group, sep] of [
      [SLASH_GROUP, "/"],
      [DOT_GROUP, "."],
    ] as const) {
      for (const [word, child] of wordsOf(trie, at + group)) node(child, sep + word, depth + 1);
      const empty = T[at + group + G_EMPTY]!;
      if (empty !== 0) node(empty, sep, depth + 1);
      const param = T[at + group + G_PARAM]!;
      if (param !== 0) node(param, `${sep}:`, depth + 1);
    }
    const list = T[at + CLASSES]!;
    for (let i = 0; list !== 0 && i < T[list]!; i++) {
      const edge = list + 1 + C_STRIDE * i;
      const sep = String.fromCharCode(T[edge]!);
      node(T[edge + 2]!, `${sep}<${classSource(trie.elements[T[edge + 1]! >> 1]!)}>`, depth + 1);
    }
  };

  node(trie.root, "(root)", 0);
  return lines.join("\n");
}

/** The static words of the group at `group`, with their children, in the order they were added. */
function wordsOf(trie: FlatTrie, group: number): [string, number][] {
  const T = trie.T;
  const slots = T[group + G_SLOTS]!;
  if (slots === 0) return [];
  const size = (T[group + G_MASK_MODE]! >> 2) + 1;
  const edges: [number, string, number][] = [];
  for (let slot = 0; slot < size; slot++) {
    for (let e = T[slots + slot]!; e !== 0; e = T[e + E_NEXT]!) {
      const index = T[e + E_FLAGS]! >> 1;
      edges.push([index, trie.words[index]!, T[e + E_CHILD]!]);
    }
  }
  // (The writer numbers a table's words from its last: see `TrieWriter#group`.)
  return edges.sort((a, b) => b[0] - a[0]).map(([, word, child]) => [word, child]);
}

/** A class's requirement as written (`\d+`), from the one-character test `^(?:X)$` the walk keeps beside its table. */
function classSource(element: RegExp): string {
  const m = /^\^\(\?:(.*)\)\$$/s.exec(element.source);
  return `${m === null ? element.source : m[1]}+`;
}

function describeTerminal(t: Terminal): string {
  const route = t.route.route;
  const label = [route.name, route.verb || "any verb", route.path, route.reqs]
    .filter((x) => x !== null && x !== "")
    .join(" ");
  return `#${t.index}.${t.key % KEY_SCALE} ${label}${t.conditional ? " if conditions" : ""}`;
}

/**
 * A verb's bucket: its trie (see `dumpTrie`), the static paths that answer from its map without a
 * walk, and the routes only their regexp can match, with the literal prefix a path must start with.
 */
function dumpBucket(
  verb: string,
  bucket: SearchBucket & { readonly statics: ReadonlyMap<string, { readonly index: number }> },
): string {
  const lines = [
    `${verb}:`,
    ...dumpTrie(bucket.trie)
      .split("\n")
      .map((l) => "  " + l),
  ];
  if (bucket.statics.size > 0) {
    lines.push("  static paths:");
    for (const [path, hit] of bucket.statics) lines.push(`    ${path} -> #${hit.index}`);
  }
  if (bucket.regexpRoutes.length > 0) {
    lines.push("  regexp-only routes:");
    for (const { route, prefix } of bucket.regexpRoutes) {
      const r = route.route;
      lines.push(
        `    #${route.index} ${[r.name, r.verb || "any verb", r.path, r.reqs].filter((x) => x !== null && x !== "").join(" ")} (prefix ${JSON.stringify(prefix)})`,
      );
    }
  }
  return lines.join("\n");
}
