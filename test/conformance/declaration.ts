// A conformance case's `ts` as a declaration function. The code sees the mapper as `r` and the
// package's `ruby` regexp literals as `ruby` (for what a RegExp literal cannot say: Ruby's x flag,
// (?#...), (?i:...)), as a route file would import them.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import type { DrawOptions, Mapper, RouteSet } from "../../src/index.js";
import { capturingWarnings } from "../warnings.js";

/**
 * The package the fixtures run against: the source, or with `SWITCHYARD_CONFORMANCE=package` (as
 * `npm run conformance` sets it, after a build) the built package through its package.json exports.
 */
export const target = process.env.SWITCHYARD_CONFORMANCE === "package" ? "package" : "source";
const entry = target === "package" ? "switchyard" : "../../src/index.js";
const { draw, ruby } = (await import(entry)) as typeof import("../../src/index.js");

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

export interface Probe {
  method: string;
  path: string;
  result: unknown;
}
export interface Generation {
  call: string;
  args: unknown[];
  result?: string;
  error?: { class: string; message: string };
}
/** A case of a fixture (fixtures/*.json). */
export interface Case {
  id: string;
  ts: string;
  ts_files?: Record<string, string>;
  api_only?: boolean;
  default_url_options?: Record<string, unknown>;
  host?: string;
  routes?: { name: string | null; verb: string; path: string; reqs: string }[];
  inspect?: string;
  recognize?: Probe[];
  generate?: Generation[];
  error?: { class: string; message: string };
}

/** Writes the route files a case's `r.draw` reads (its `ts_files`) into `dir`, as route files are written. */
export function writeRouteFiles(dir: string, files: Record<string, string> = {}): void {
  for (const [name, src] of Object.entries(files)) {
    const file = path.join(dir, `${name}.ts`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `export default (r) => {\n${src}\n};\n`);
  }
}
