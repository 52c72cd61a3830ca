import { draw } from "../../src/index.js";
import type { Route } from "../../src/table/route.js";
import {
  compileRecognizer,
  type Recognizer,
  recognizerData,
  restoreRecognizer,
  type StrategyData,
  type StrategyName,
} from "../../src/recognize/index.js";
import type { Mapper } from "../../src/dsl/mapper.js";

/** The recognizers the recognition tests hold alike: each strategy, and the compiled one as a built table reads it back. */
export type RecognizerKind = StrategyName | "built";

export const STRATEGIES: readonly RecognizerKind[] = ["reference", "compiled", "built"];

/** The routes a declaration draws. */
export function routesOf(declare: (r: Mapper) => void): readonly Route[] {
  return draw(declare).routes;
}

/** The recognizer of `routes` of one kind; "built": compiled, written as JSON text (as `switchyard build` writes it) and read back. */
export function recognizerOf(routes: readonly Route[], kind: RecognizerKind): Recognizer {
  if (kind !== "built") return compileRecognizer(routes, kind);
  return restoreRecognizer(routes, JSON.parse(JSON.stringify(recognizerData(routes))) as StrategyData);
}

/** One recognizer per kind for the same declaration. */
export function recognizers(declare: (r: Mapper) => void): Record<RecognizerKind, Recognizer> {
  const routes = routesOf(declare);
  return Object.fromEntries(STRATEGIES.map((s) => [s, recognizerOf(routes, s)])) as Record<RecognizerKind, Recognizer>;
}

/** A plain-data view of a result, as the conformance checker compares it. */
export function plain(result: ReturnType<Recognizer["recognize"]>): unknown {
  if (result === null) return null;
  if ("redirect" in result) return { name: result.name, redirect: { ...result.redirect } };
  return { name: result.name, params: { ...result.params } };
}
