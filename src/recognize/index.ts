import type { Route } from "../table/route.js";
import { CompiledStrategy } from "./compiled/index.js";
import { prepareRoutes, StrategyRecognizer, type Recognizer } from "./recognizer.js";
import { ReferenceStrategy } from "./reference/index.js";

export type {
  Recognizer,
  RecognizeResult,
  RecognizedParams,
  RecognizedApp,
  RecognizedRedirect,
  RouteParams,
} from "./recognizer.js";
export type { RecognizeRequest } from "../table/request.js";
export type { RedirectResponse } from "./request/serve-redirect.js";
// Exported for the recognizer tests, which check Journey's path normalisation and unescaping through this folder.
export { normalizeRequestPath, unescapeParam } from "../uri/path.js";
export { HTTP_METHODS } from "./prepare.js";

/** The strategies behind `Recognizer`: `compiled` (what a route set uses) and `reference` (Journey's linear scan). */
export type StrategyName = "compiled" | "reference";

/** Compiles a recognizer for a route table (eagerly: all the work happens here, none on the first request). */
export function compileRecognizer(routes: readonly Route[], strategy: StrategyName = "compiled"): Recognizer {
  const prepared = prepareRoutes(routes);
  const matcher = strategy === "reference" ? new ReferenceStrategy(prepared) : new CompiledStrategy(prepared);
  return new StrategyRecognizer(prepared, matcher);
}
