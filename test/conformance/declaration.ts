// A conformance case's `ts` as a declaration function. The code sees the mapper as `r` and the
// package's `ruby` regexp literals as `ruby` (for what a RegExp literal cannot say: Ruby's x flag,
// (?#...), (?i:...)), as a route file would import them.
import assert from "node:assert/strict";
import { draw, ruby, type DrawOptions, type Mapper, type RouteSet } from "../../src/index.js";
import { capturingWarnings } from "../warnings.js";

export function caseDeclaration(ts: string): (r: Mapper) => void {
  const body = new Function("r", "ruby", ts) as (r: Mapper, tag: typeof ruby) => void;
  return (r) => body(r, ruby);
}

/**
 * `draw` for a case: a case may declare a catastrophic constraint regexp (recognize-extra2's
 * kv#show), so draw's process warning is expected there; it is captured, not printed, and any
 * other warning fails the test.
 */
export function drawQuietly(declaration: Parameters<typeof draw>[0], options: DrawOptions): RouteSet {
  const { value, warnings } = capturingWarnings(() => draw(declaration, options));
  for (const w of warnings)
    assert.equal(w.code, "SWITCHYARD_BACKTRACKING_REGEXP", `an unexpected warning: ${w.message}`);
  return value;
}
