/**
 * The lint's libraries, loaded on first use: refa (regexps as automata), scslre (super-linear
 * backtracking) and regexpp (the regexp parser both use; its loader is in support/, shared with
 * the linear matcher). Importing them costs ~300 ms of CPU
 * (measured on the 2-core machine, under load); `draw` checks constraint regexps with them only
 * when a route has one, so `import "switchyard"` must not pay for them. They are CommonJS
 * packages, so a synchronous `require` loads them inside the synchronous `draw`.
 */
import { createRequire } from "node:module";
import type * as Refa from "refa";
import type * as Scslre from "scslre";

const load = createRequire(import.meta.url);
let refaModule: typeof Refa | undefined;
let scslreModule: typeof Scslre | undefined;

export const refa = (): typeof Refa => (refaModule ??= load("refa") as typeof Refa);
export const scslre = (): typeof Scslre => (scslreModule ??= load("scslre") as typeof Scslre);
export { regexpp } from "../support/regexpp.js";
