// The flat layout (src/recognize/compiled/flat.ts): the empty trie a walk starts from, written out
// as a constant so that reading a built table back needs no writer, is what the writer writes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { EMPTY_TRIE } from "../../../src/recognize/compiled/flat.js";
import { TrieWriter } from "../../../src/recognize/compiled/flat-writer.js";
import { TrieNode } from "../../../src/recognize/compiled/trie.js";

test("the empty trie is what TrieWriter writes for a node with no routes", () => {
  const written = new TrieWriter().finish(new TrieNode());
  assert.deepEqual(EMPTY_TRIE, written);
  assert.equal(EMPTY_TRIE.T.length, 13);
});
