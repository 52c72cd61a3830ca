/**
 * The transport kit: what an adapter may use, and all it should need. An adapter (a file in
 * `src/http/adapters/`, one subpath export in package.json) turns its host's request into an
 * `Exchange` (`NodeExchange` for node's objects, `FetchExchange` for a WHATWG `Request`), runs
 * `dispatcher.dispatch(exchange)` (the dispatcher behind a `createHandler` handler:
 * `dispatcherOf(handler)`), and writes the `Outcome` it gets back: a `Reply`, a `Response`, an
 * `Unmatched` (no route: the adapter's choice, 404 by `dispatcher.notFound` or its host's next
 * handler), or `HANDLED` (a mounted node listener answered). `dispatcher.failure(exchange, error)`
 * turns an error into the answer Rails gives. Adapters import from this file only, never from the
 * dispatcher's internals; `test/http/adapter-contract.test.ts` builds an adapter from it alone.
 */
export { dispatcherOf, type Dispatcher } from "../dispatcher.js";
export { bodyToSend, HANDLED, Reply, Unmatched, type Outcome } from "../reply.js";
export { BadRequest, Exchange, splitTarget, type BodySource } from "./exchange.js";
export { checkDeclaredLength, concat, readLimited, tooLarge } from "./body-limit.js";
export { FetchExchange, toResponse } from "./fetch-exchange.js";
export { NodeExchange } from "./node-exchange.js";
export { serveNode, writeFailed, writeOutcome, writeReply, writeResponse } from "./node-writer.js";
