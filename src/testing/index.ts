// `switchyard/testing`: Rails' routing assertions for a switchyard route set (docs/contract.md §8).
export { routingAssertions } from "./routing-assertions.js";
export type { RoutingAssertions, RoutedPath, RouteOptions } from "./routing-assertions.js";
export type { Message } from "./minitest.js";
