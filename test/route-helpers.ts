// Route helpers a test calls by name. Without generated types a route set's helpers are an index
// signature, so under `noUncheckedIndexedAccess` `h.photo_path` is `RouteHelper | undefined`:
// `helpersNamed` asserts each named helper exists (a missing one fails naming it, not with
// "h.photo_path is not a function") and returns the same object typed with them callable.
import assert from "node:assert/strict";
import type { RouteHelper } from "../src/index.js";

export function helpersNamed<H extends object, const N extends string>(
  helpers: H,
  ...names: N[]
): H & { readonly [K in N]: RouteHelper } {
  for (const name of names)
    assert.equal(typeof Reflect.get(helpers, name), "function", `the routes define no helper ${name}`);
  return helpers as H & { readonly [K in N]: RouteHelper };
}
