/** Object facts the hot paths ask without allocating. */

/** Whether an object has any enumerable key, without allocating its key list (`Object.keys` would). */
export function hasAnyKey(o: object | null | undefined): boolean {
  for (const _ in o) return true;
  return false;
}

/** An empty object literal: `for...in` over it yields the enumerable properties of `Object.prototype`. */
const PROBE: object = {};

/**
 * True when `for...in` over a plain object yields exactly its `Object.keys`: nothing enumerable
 * is inherited (no one has added an enumerable property to `Object.prototype`; objects with a
 * null prototype inherit nothing anyway). `for...in` then reads each value from V8's enum cache:
 * 25 ns for a 4-key options object, against 57-79 ns for `Object.keys` or an `Object.hasOwn`
 * test per key. Probing an empty literal, not `Object.prototype` itself, keeps the check on
 * V8's enum-cache path too (~25 instructions, against ~55 to enumerate the prototype, a dictionary).
 */
export function forInIsExact(): boolean {
  for (const _ in PROBE) return false;
  return true;
}
