import type { Route } from "../table/route.js";
import { compileStrategy } from "./compiled/index.js";
import { restoreStrategy, type StrategyData, strategyData } from "./compiled/data.js";
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
  const matcher = strategy === "reference" ? new ReferenceStrategy(prepared) : compileStrategy(prepared);
  return new StrategyRecognizer(prepared, matcher);
}

export { MalformedStrategy, type StrategyData } from "./compiled/data.js";

/** The compiled recognizer of a table as data, which a built table holds (`switchyard build`). */
export function recognizerData(routes: readonly Route[]): StrategyData {
  return strategyData(compileStrategy(prepareRoutes(routes)));
}

/**
 * The recognizer `data` (from `recognizerData`) holds for `routes`, read back without compiling:
 * what a built table loads. Throws `MalformedStrategy` for data it cannot walk safely.
 */
export function restoreRecognizer(routes: readonly Route[], data: StrategyData): Recognizer {
  const prepared = prepareRoutes(routes);
  return new StrategyRecognizer(prepared, restoreStrategy(prepared, data));
}
