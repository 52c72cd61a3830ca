/**
 * regexpp, the ECMAScript regexp parser, loaded on first use (a CommonJS package: a synchronous
 * `require`, so that synchronous code such as `draw` or a route's first match can load it). The
 * lint parses constraint regexps with it; the linear matcher (pattern/linear) parses the
 * requirements of the few routes it runs. Loading it costs ~7 ms: `import "switchyard"` does not.
 */
import { createRequire } from "node:module";
import type * as Regexpp from "@eslint-community/regexpp";

const load = createRequire(import.meta.url);
let regexppModule: typeof Regexpp | undefined;

export const regexpp = (): typeof Regexpp => (regexppModule ??= load("@eslint-community/regexpp") as typeof Regexpp);
