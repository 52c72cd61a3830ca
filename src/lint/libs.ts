/**
 * The lint's libraries, loaded on first use: refa (regexps as automata), scslre (super-linear
 * backtracking) and regexpp (the regexp parser both use; its loader is in support/, shared with
 * the linear matcher). Importing them costs ~300 ms of CPU
 * (measured on the 2-core machine, under load); `draw` checks constraint regexps with them only
 * when a route has one, so `import "switchyard"` must not pay for them. They are CommonJS
 * packages, so a synchronous `require` loads them inside the synchronous `draw` — where the runtime
 * has one (support/runtime.ts: not workerd or a browser, where `draw` says the check could not run).
 */
import type * as Refa from "refa";
import type * as Scslre from "scslre";
import { regexpp } from "../support/regexpp.js";
import { requirePackage } from "../support/runtime.js";

let refaModule: typeof Refa | undefined;
let scslreModule: typeof Scslre | undefined;

export const refa = (): typeof Refa => (refaModule ??= requirePackage<typeof Refa>("refa"));
export const scslre = (): typeof Scslre => (scslreModule ??= requirePackage<typeof Scslre>("scslre"));
export { regexpp };

/** Null when the lint's libraries load here; else why they do not (the runtime has no synchronous `require`). */
export function lintLibrariesMissing(): string | null {
  try {
    refa();
    scslre();
    regexpp();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
