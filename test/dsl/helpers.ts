import { draw, type DrawOptions } from "../../src/draw.js";
import type { Mapper } from "../../src/dsl/mapper.js";

/** The table as `name VERB path reqs` lines, the way these tests state Rails' expected output. */
export function rows(fn: (r: Mapper) => void, options?: DrawOptions): string[] {
  return draw(fn, options).routes.map((r) => [r.name ?? "-", r.verb || "ANY", r.path, r.reqs].join(" "));
}
