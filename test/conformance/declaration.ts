// A conformance case's `ts` as a declaration function. The code sees the mapper as `r` and the
// package's `ruby` regexp literals as `ruby` (for what a RegExp literal cannot say: Ruby's x flag,
// (?#...), (?i:...)), as a route file would import them.
import { ruby, type Mapper } from "../../src/index.js";

export function caseDeclaration(ts: string): (r: Mapper) => void {
  const body = new Function("r", "ruby", ts) as (r: Mapper, tag: typeof ruby) => void;
  return (r) => body(r, ruby);
}
