// `switchyard/testing`: Rails' routing assertions for a switchyard route set (docs/contract.md §8), and integration sessions (ActionDispatch::IntegrationTest).
export { routingAssertions } from "./routing-assertions.js";
export type { RoutingAssertions, RoutedPath, RouteOptions } from "./routing-assertions.js";
export type { Message } from "./minitest.js";
export { openSession, IntegrationSession, CookieJar } from "./integration.js";
export type { SessionApp, SessionOptions, RequestOptions, ResponseType, StatusName } from "./integration.js";
