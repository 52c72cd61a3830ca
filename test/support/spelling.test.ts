import assert from "node:assert/strict";
import { test } from "node:test";
import { editDistance, nearestWord } from "../../src/support/spelling.js";

test("edit distance counts insertions, deletions, substitutions and neighbour swaps", () => {
  assert.equal(editDistance("only", "only"), 0);
  assert.equal(editDistance("onyl", "only"), 1);
  assert.equal(editDistance("exept", "except"), 1);
  assert.equal(editDistance("contoller", "controller"), 1);
  assert.equal(editDistance("parm", "param"), 1);
  assert.equal(editDistance("", "as"), 2);
  assert.equal(editDistance("kitten", "sitting"), 3);
});

test("the nearest word, when it is near and unambiguous", () => {
  const options = ["as", "controller", "path", "only", "except", "param", "pathNames"];
  assert.equal(nearestWord("onyl", options), "only");
  assert.equal(nearestWord("pathnames", options), "pathNames");
  assert.equal(nearestWord("bucket_type", options), undefined);
  assert.equal(nearestWord("pat", options), "path");
  // Equally near two words: no guess.
  assert.equal(nearestWord("pa", ["pat", "pan"]), undefined);
});
