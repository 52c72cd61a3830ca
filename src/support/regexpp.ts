/**
 * regexpp, the ECMAScript regexp parser, loaded on first use (a CommonJS package: a synchronous
 * `require`, so that synchronous code such as `draw` or a route's first match can load it). The
 * lint parses constraint regexps with it; the linear matcher (pattern/linear) parses the
 * requirements of the few routes it runs. Loading it costs ~7 ms: `import "switchyard"` does not. Where the runtime has
 * no synchronous `require` (workerd, a browser) it throws, and the linear matcher leaves the
 * requirement to the native regexp (pattern/linear/compile.ts).
 */
import type * as Regexpp from "@eslint-community/regexpp";
import { requirePackage } from "./runtime.js";

let regexppModule: typeof Regexpp | undefined;

export const regexpp = (): typeof Regexpp =>
  (regexppModule ??= requirePackage<typeof Regexpp>("@eslint-community/regexpp"));
