import type { Token, Word } from "./expand.js";
import type { CharClass } from "./char-class.js";
import { SLASH } from "./chars.js";
import type { Terminal } from "./flat.js";

// The trie while building: one node per token prefix of the bucket's expansions, with the routes
// ending at each. `TrieWriter` (flat-writer.ts) lays the finished trie out flat, for the walk (walk.ts).

/** A parameter edge whose requirement is a run of one character class, while building. */
export interface ClassEdge {
  readonly sep: number;
  readonly cls: CharClass;
  readonly key: string;
  readonly child: TrieNode;
}

/** A word table's lists before its first word (shared, never changed: `WordTable#add` replaces them). */
const NO_WORDS: string[] = [];
const NO_CHILDREN: TrieNode[] = [];

/**
 * The static words after one separator, while building. Laid out (see `TrieWriter#group`) in one
 * of three tables (`tableMode` in flat-writer.ts chooses):
 * - keyed by the word's first character (`BY_FIRST`) when at most four words share one (nearly
 *   every table of an app), else by its first two (`BY_PAIR`: `photos`, `posts`, `products`,
 *   `projects` and `payments` under one root): one load finds the chain, and each word is
 *   compared in place against the path (see `sameWord`); the character after it must end the
 *   path's word (a separator, or the end). A matched static word is read once: no scan for its
 *   end, no hash (~9% off a recognition on the GitHub table against the hashed table alone); the
 *   two-character key spares the Rails-style app's root the same scan.
 * - hashed over the word's length and first, middle and last characters (`HASHED`), when more
 *   words share even two characters (`page_0` ... `page_999`): the walk scans for the word's end
 *   first, then one load finds the chain and four number compares rule out nearly every other
 *   word. Keyed by first character, the 10,000-route table's chains made recognition 1.8x slower.
 * `Map.get` and string-keyed lookups each measured 2-3x the cost of the comparison.
 */
export class WordTable {
  /** The empty word (`/` alone: the root path). */
  empty: TrieNode | null = null;
  /**
   * The words and their children, found by a linear scan while there are few (most tables hold
   * one to three words: a Map each was a tenth of compiling 10,000 routes), by a Map once there
   * are many. Made with the first word: a list grown from `[]` takes 17 slots at its first push,
   * and the 3,700 tables of the 10,000-route table were then 0.5 MB that each scavenge of the
   * compile copied. (Until then, shared empty lists, never changed.)
   */
  words: string[] = NO_WORDS;
  children: TrieNode[] = NO_CHILDREN;
  private index: Map<string, TrieNode> | null = null;

  child(word: string): TrieNode {
    if (word === "") return (this.empty ??= new TrieNode());
    if (this.index !== null) {
      let child = this.index.get(word);
      if (child === undefined) this.index.set(word, (child = this.add(word)));
      return child;
    }
    const i = this.words.indexOf(word);
    if (i >= 0) return this.children[i]!;
    const child = this.add(word);
    if (this.words.length > 8) this.index = new Map(this.words.map((w, k) => [w, this.children[k]!]));
    return child;
  }

  private add(word: string): TrieNode {
    const child = new TrieNode();
    if (this.words.length === 0) {
      this.words = [word];
      this.children = [child];
    } else {
      this.words.push(word);
      this.children.push(child);
    }
    return child;
  }
}

/** A trie node while building; `TrieWriter` lays the finished trie out flat. */
export class TrieNode {
  slashWords: WordTable | null = null;
  dotWords: WordTable | null = null;
  slashParam: TrieNode | null = null;
  dotParam: TrieNode | null = null;
  classEdges: ClassEdge[] | null = null;
  /**
   * The routes ending here, in any order: the first, and the others once there are more. Nearly
   * every node ends one route: a one-element list each was 20,000 small arrays for the 10,000-route
   * table, live until the trie is written, which every scavenge of the compile copied.
   */
  terminal: Terminal | null = null;
  moreTerminals: Terminal[] | null = null;

  child(sep: number, word: Word): TrieNode {
    switch (word.kind) {
      case "literal":
        if (sep === SLASH) return (this.slashWords ??= new WordTable()).child(word.value);
        return (this.dotWords ??= new WordTable()).child(word.value);
      case "param":
        if (sep === SLASH) return (this.slashParam ??= new TrieNode());
        return (this.dotParam ??= new TrieNode());
      case "class": {
        this.classEdges ??= [];
        let e = this.classEdges.find((x) => x.sep === sep && x.key === word.key);
        if (!e) this.classEdges.push((e = { sep, cls: word.cls, key: word.key, child: new TrieNode() }));
        return e.child;
      }
    }
  }
}

/**
 * A trie while building, and where its last expansion led. Expansions added one after another
 * mostly begin alike: a route's two (`/photos/:id.:format`, `/photos/:id`) share every token but
 * the last, and a resource's routes their leading words (`/photos/:photo_id/products`). Tokens are
 * shared objects (see `expandPattern`), so the leading tokens an expansion has in common with the
 * last one are found by comparing references, and it is added from the node they led to: no
 * lookup in each table on the way. (An equal token that is another object is looked up as usual.)
 */
export class TrieBuilder {
  readonly root = new TrieNode();
  /** The last expansion's tokens, and the node after each: `nodes[k]` after `tokens[0...k)`. */
  private readonly tokens: Token[] = [];
  private readonly nodes: TrieNode[] = [this.root];
  /** How many of `tokens` (and `nodes` past the root) are valid. */
  private depth = 0;

  /** The node `tokens` lead to, made as needed. */
  nodeOf(tokens: readonly Token[]): TrieNode {
    const n = tokens.length;
    const last = this.tokens;
    const limit = n < this.depth ? n : this.depth;
    let k = 0;
    while (k < limit && tokens[k] === last[k]) k++;
    // (A prefix of the last path leaves the rest of it valid.)
    if (k === n) return this.nodes[k]!;
    let node = this.nodes[k]!;
    for (let i = k; i < n; i++) {
      const t = tokens[i]!;
      node = node.child(t.sep, t.word);
      last[i] = t;
      this.nodes[i + 1] = node;
    }
    this.depth = n;
    return node;
  }
}
