// BoundedCache: a memo that lets go of everything once it holds its limit.
import assert from "node:assert/strict";
import { test } from "node:test";
import { BoundedCache } from "../../src/support/bounded-cache.js";

test("a BoundedCache holds up to its limit, then starts again with the entry being set", () => {
  const cache = new BoundedCache<string, number>(3);
  for (const [i, k] of ["a", "b", "c"].entries()) cache.set(k, i);
  assert.deepEqual(
    [...cache],
    [
      ["a", 0],
      ["b", 1],
      ["c", 2],
    ],
  );
  cache.set("d", 3);
  assert.deepEqual([...cache], [["d", 3]]);
  assert.equal(cache.get("a"), undefined);
  assert.equal(cache.limit, 3);
});

test("a BoundedCache is a Map: get, has and clear are Map's own, and set chains", () => {
  const cache = new BoundedCache<number, string>(2);
  assert.ok(cache instanceof Map);
  assert.equal(cache.set(1, "x").set(2, "y").get(2), "y");
  assert.ok(cache.has(1));
  cache.clear();
  assert.equal(cache.size, 0);
});
