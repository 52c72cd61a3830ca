import { draw } from "../../src/index.js";
import type { Route } from "../../src/table/route.js";
import { compileRecognizer, type Recognizer, type StrategyName } from "../../src/recognize/index.js";
import type { Mapper } from "../../src/dsl/mapper.js";

export const STRATEGIES: readonly StrategyName[] = ["reference", "compiled"];

/** The routes a declaration draws. */
export function routesOf(declare: (r: Mapper) => void): readonly Route[] {
  return draw(declare).routes;
}

/** One recognizer per strategy for the same declaration. */
export function recognizers(declare: (r: Mapper) => void): Record<StrategyName, Recognizer> {
  const routes = routesOf(declare);
  return Object.fromEntries(STRATEGIES.map((s) => [s, compileRecognizer(routes, s)])) as Record<
    StrategyName,
    Recognizer
  >;
}

/** A plain-data view of a result, as the conformance checker compares it. */
export function plain(result: ReturnType<Recognizer["recognize"]>): unknown {
  if (result === null) return null;
  if ("redirect" in result) return { name: result.name, redirect: { ...result.redirect } };
  return { name: result.name, params: { ...result.params } };
}
