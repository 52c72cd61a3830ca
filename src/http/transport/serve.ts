/**
 * Serving one exchange with the dispatcher behind a `createHandler` handler: the part every
 * adapter shares, whatever its host writes answers with. Runtime-neutral (no node: import).
 */
import type { Exchange } from "./exchange.js";
import { type Outcome, type Reply, Unmatched } from "./outcome.js";

/** A handler made by `createHandler` carries its dispatcher here (adapters and mounts dispatch without a `Request`). */
export const DISPATCHER: unique symbol = Symbol.for("switchyard.dispatcher");

/** The dispatcher as the kit sees it: the core (dispatcher.ts) implements it. */
export interface RequestDispatcher {
  /** Serves one request. Never throws nor rejects: every failure is an answer. */
  dispatch(ex: Exchange): Outcome | Promise<Outcome>;
  /** The answer Rails gives to a request that failed with `error` (400, 404, 500). */
  failure(ex: Exchange, error: unknown): Reply;
  /** The 404 for a request no route matched: the routing error page in development, else `Not Found`. */
  notFound(unmatched: Unmatched): Reply;
}

/** The dispatcher behind a handler made by `createHandler`, or undefined for any other function. */
export function dispatcherOf(handler: unknown): RequestDispatcher | undefined {
  const d = (handler as { [DISPATCHER]?: { dispatch?: unknown } } | null | undefined)?.[DISPATCHER];
  return typeof d?.dispatch === "function" ? (d as RequestDispatcher) : undefined;
}

/**
 * Dispatches `ex` and hands the outcome to `answer` (with the exchange and the dispatcher, so that
 * an adapter's `answer` can be made once, not per request) — or, when no route matched and `unmatched`
 * is given, to `unmatched` (the host's next handler: the request log then leaves the request out).
 * Returns what they return: synchronously when the dispatch was synchronous (the common request
 * makes no promise), else as a promise. A throw or rejection of `answer` or `unmatched` is the
 * caller's; the dispatch itself never fails.
 */
export function serveExchange<T, X extends Exchange = Exchange>(
  dispatcher: RequestDispatcher,
  ex: X,
  answer: (outcome: Outcome, ex: X, dispatcher: RequestDispatcher) => T,
  unmatched?: (outcome: Unmatched, ex: X) => T,
): T | Promise<Awaited<T>> {
  const outcome = dispatchExchange(dispatcher, ex, unmatched !== undefined);
  if (!(outcome instanceof Promise)) return settle(outcome, ex, dispatcher, answer, unmatched);
  return outcome.then((o) => settle(o, ex, dispatcher, answer, unmatched)) as Promise<Awaited<T>>;
}

/** `dispatcher.dispatch(ex)`, never throwing; `passesUnmatched`: the host's next handler takes an unmatched request (the log leaves it out). */
export function dispatchExchange(
  dispatcher: RequestDispatcher,
  ex: Exchange,
  passesUnmatched: boolean,
): Outcome | Promise<Outcome> {
  if (passesUnmatched) ex.passesUnmatched = true;
  try {
    return dispatcher.dispatch(ex);
  } catch (e) {
    // (The dispatcher answers every failure; a dispatcher that throws all the same is answered as one.)
    return dispatcher.failure(ex, e);
  }
}

function settle<T, X extends Exchange>(
  outcome: Outcome,
  ex: X,
  dispatcher: RequestDispatcher,
  answer: (outcome: Outcome, ex: X, dispatcher: RequestDispatcher) => T,
  unmatched: ((outcome: Unmatched, ex: X) => T) | undefined,
): T {
  return unmatched !== undefined && outcome instanceof Unmatched
    ? unmatched(outcome, ex)
    : answer(outcome, ex, dispatcher);
}
