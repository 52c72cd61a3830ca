/**
 * The transport kit: what an adapter may use, and all it should need. An adapter (a file in
 * `src/http/adapters/`, one subpath export in package.json) gets the dispatcher behind a
 * `createHandler` handler (`dispatcherOf(handler)`) and, per request:
 *
 * - on node's `IncomingMessage`/`ServerResponse` (node:http, Express, Koa): `serveNode(dispatcher,
 *   req, res, options)`, which dispatches and writes the answer, calls `options.unmatched` (the
 *   host's `next`) for a request no route matches, and returns the outcome once written — at once
 *   when all was synchronous, else as a promise an awaiting host awaits;
 * - on another host: turns its request into an `Exchange` (`nodeExchange(Class, req, res)` for
 *   node's objects, `new FetchExchange(request)` for a WHATWG `Request`) and runs
 *   `serveExchange(dispatcher, exchange, answer, unmatched)`, `answer` writing the `Outcome` its
 *   host's way: a `Reply`, a `Response`, an `Unmatched` (404 by `dispatcher.notFound`), or `HANDLED`
 *   (a mounted node listener answered). `toResponse` makes a `Response` of any outcome.
 *
 * An exchange's subclass may give actions its host's own objects (`framework`). The kit imports
 * nothing of the core above it (test/structure/imports.test.ts), and adapters import this file
 * only; `test/http/adapter-contract.test.ts` builds an awaiting (Koa-style) adapter from it alone.
 */
export { dispatcherOf, serveExchange, type RequestDispatcher } from "./serve.js";
export { bodyToSend, HANDLED, Reply, Unmatched, type Outcome } from "./outcome.js";
export { BadRequest, Exchange, splitTarget, type BodySource, type ExchangeLog } from "./exchange.js";
export { checkDeclaredLength, concat, readLimited, tooLarge } from "./body-limit.js";
export { FetchExchange, toResponse } from "./fetch-exchange.js";
export { NodeExchange, nodeExchange } from "./node-exchange.js";
export { serveNode, writeFailed, writeResponse, type NodeServeOptions } from "./node-writer.js";
