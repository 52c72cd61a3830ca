/**
 * Rails' routing assertions (`ActionDispatch::Assertions::RoutingAssertions`, Rails 6.1):
 * `assert_recognizes`, `assert_generates`, `assert_routing`, with their semantics and their
 * failure messages, throwing `node:assert`'s `AssertionError` so that node:test, vitest and jest
 * report them as failed assertions.
 */
import { AssertionError } from "node:assert";
import { InvalidURIError } from "../errors.js";
import { generateExtras } from "../generate/extras.js";
import { compileRecognizer, type RecognizeRequest, type RecognizeResult, type Recognizer } from "../recognize/index.js";
import { RouteSet } from "../route-set.js";
import { isHash, rubyHash, rubyIndifferentHash, rubyInspect, rubyString } from "../support/ruby.js";
import { normalizePath, uriUnescape } from "../uri/path.js";
import { parseUri } from "../uri/uri.js";
import { diff, message, type Message } from "./minitest.js";

/** A request path, or `{ method, path }` for another verb than GET (`method: "all"`: GET, POST, PUT and DELETE in turn). */
export type RoutedPath = string | { readonly method?: string; readonly path: string };

/** Options as Rails' assertions take them: `{ controller: "photos", action: "show", id: "1" }`. */
export type RouteOptions = Readonly<Record<string, unknown>>;

/** The three assertions bound to one route set (what `routingAssertions(routes)` returns). */
export interface RoutingAssertions {
  /**
   * `assert_recognizes(expected_options, path, extras = {}, message = nil)`: `path` (a GET, or
   * `{ method, path }`, or a full URL for its protocol and host) is routed to exactly
   * `expectedOptions` — controller, action, the route's defaults and path parameters, and
   * `extras` (the query string's parameters). Values are compared as given: a recognized
   * parameter is a string, so `id: 1` does not match `"1"`.
   */
  assertRecognizes(expectedOptions: RouteOptions, path: RoutedPath, extras?: RouteOptions, message?: Message): void;
  /**
   * `assert_generates(expected_path, options, defaults = {}, extras = {}, message = nil)`: `options`
   * generate `expectedPath` (a path, or a URL whose path is compared), `defaults` serving as the
   * current request's parameters (Rails' recall), and the options that went to the query string
   * are exactly `extras`.
   */
  assertGenerates(
    expectedPath: string,
    options: RouteOptions,
    defaults?: RouteOptions,
    extras?: RouteOptions,
    message?: Message,
  ): void;
  /**
   * `assert_routing(path, options, defaults = {}, extras = {}, message = nil)`: both of the above —
   * `path` is recognized as `options`, and `options` (less the keys of `defaults`) generate it.
   */
  assertRouting(
    path: RoutedPath,
    options: RouteOptions,
    defaults?: RouteOptions,
    extras?: RouteOptions,
    message?: Message,
  ): void;
}

/**
 * The routing assertions for a route set: `const { assertRouting } = routingAssertions(routes)`.
 * A factory rather than a `routes` first argument, because Rails' assertions read the route set
 * from the test case (`@routes`) and take optional arguments at the end: bound once per test
 * file, each keeps Rails' argument list, so a Rails test translates line by line.
 */
export function routingAssertions(routes: RouteSet): RoutingAssertions {
  if (!(routes instanceof RouteSet)) {
    throw new TypeError(
      `routingAssertions(routes): expected the route set that draw() or loadRoutes() returns, got ${describe(routes)}`,
    );
  }
  const assertions: RoutingAssertions = {
    assertRecognizes(expectedOptions, path, extras = {}, msg) {
      if (typeof path === "object" && path !== null && String(path.method ?? "").toLowerCase() === "all") {
        for (const method of ["get", "post", "put", "delete"])
          assertions.assertRecognizes(expectedOptions, { ...path, method }, extras, msg);
        return;
      }
      const actual = recognizedParams(routes, path, extras, msg);
      const expected: Record<string, unknown> = {};
      for (const key of Object.keys(expectedOptions)) expected[key] = expectedOptions[key];
      if (rubyEqual(expected, actual)) return;
      const inner = () =>
        message(
          msg,
          "",
          () =>
            `The recognized options <${rubyIndifferentHash(actual)}> did not match <${rubyIndifferentHash(expected)}>, difference:`,
        );
      fail(
        message(inner, "", () => diff(rubyIndifferentHash(expected), rubyIndifferentHash(actual), "Hash")),
        actual,
        expected,
        "==",
      );
    },

    assertGenerates(expectedPath, options, defaults = {}, extras = {}, msg) {
      let expected = String(expectedPath);
      if (expected.includes("://")) {
        const path = failOn(InvalidURIError, msg, () => parseUri(expected).path);
        expected = path === "" ? "/" : path;
      } else if (!expected.startsWith("/")) expected = "/" + expected;

      const { path: generated, queryKeys } = generateExtras(routes, options, defaults);
      const found: Record<string, unknown> = {};
      for (const key of Object.keys(options)) if (queryKeys.includes(key)) found[key] = options[key];
      if (!rubyEqual(extras, found)) {
        const text = isGiven(msg) ? msg : `found extras <${rubyHash(found, false)}>, not <${rubyHash(extras, false)}>`;
        fail(
          message(text, "", () => diff(rubyHash(extras, false), rubyHash(found, false), "Hash")),
          found,
          extras,
          "==",
        );
      }
      if (generated !== expected) {
        const text = isGiven(msg) ? msg : `The generated path <${generated}> did not match <${expected}>`;
        fail(
          message(text, "", () => diff(rubyString(expected), rubyString(generated), "String")),
          generated,
          expected,
          "==",
        );
      }
    },

    assertRouting(path, options, defaults = {}, extras = {}, msg) {
      assertions.assertRecognizes(options, path, extras, msg);
      const generate: Record<string, unknown> = {};
      for (const key of Object.keys(options)) if (!Object.hasOwn(defaults, key)) generate[key] = options[key];
      // A namespaced controller checked against a namespaced default is absolute, not relative to it.
      const controller = options.controller,
        current = defaults.controller;
      if (
        typeof controller === "string" &&
        controller.includes("/") &&
        typeof current === "string" &&
        current.includes("/") &&
        "controller" in generate
      ) {
        generate.controller = "/" + controller;
      }
      assertions.assertGenerates(typeof path === "string" ? path : path.path, generate, defaults, extras, msg);
    },
  };
  return assertions;
}

/** Rails' `recognized_request_for(path, extras, msg)`: the recognized request's path parameters. */
function recognizedParams(
  routes: RouteSet,
  given: RoutedPath,
  extras: RouteOptions,
  msg: Message,
): Record<string, unknown> {
  let method = "GET";
  let path: string;
  if (typeof given === "object" && given !== null) {
    path = String(given.path);
    if (given.method !== undefined && given.method !== null) method = String(given.method).toUpperCase();
  } else path = String(given);

  const request: RecognizeRequest = { host: "example.org", params: { ...extras } };
  let target: string;
  if (path.includes("://")) {
    const uri = failOn(InvalidURIError, msg, () => parseUri(path));
    request.protocol = uri.scheme ?? "http";
    if (uri.host !== undefined) request.host = uri.host;
    if (uri.port !== undefined) request.port = uri.port;
    target = uri.path === "" ? "/" : uri.path;
    if (uri.query !== undefined) target += "?" + uri.query;
  } else {
    if (!path.startsWith("/")) path = "/" + path;
    path = normalizePath(path);
    target = path;
  }
  const params = recognizePath(routes, method, target, request, 0);
  if (params === null) fail(isGiven(msg) ? msg : `No route matches ${rubyString(path)}`, null, path, "fail");
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(params)) out[key] = params[key];
  for (const key of Object.keys(extras)) out[key] = extras[key];
  for (const key of Object.keys(out)) if (typeof out[key] === "string") out[key] = uriUnescape(out[key]);
  return out;
}

/**
 * `recognize_path_with_request`: the first route that matches and dispatches to a controller. A
 * redirect route or a mounted handler does not answer (Rails goes on to the next route), except a
 * mounted switchyard handler, which is Rails' engine: its own routes are asked with the path
 * below the mount point, and if none answers, the routes after the mount.
 */
function recognizePath(
  routes: RouteSet,
  method: string,
  path: string,
  request: RecognizeRequest,
  from: number,
): Record<string, unknown> | null {
  let start = from;
  for (;;) {
    const result: RecognizeResult | null = recognizerFrom(routes, start).recognize(method, path, request);
    if (result === null) return null;
    if ("params" in result && !("app" in result)) return result.params;
    if ("app" in result) {
      const engine = (result.app.handler as { routes?: unknown } | null)?.routes;
      if (engine instanceof RouteSet) {
        const inner = recognizePath(
          engine,
          method,
          result.app.pathInfo,
          { ...request, scriptName: result.app.scriptName },
          0,
        );
        if (inner !== null) return inner;
      }
    }
    start = routes.routes.indexOf(result.route) + 1;
  }
}

/** Recognizers for the routes of a set from an index on (the routes after one that did not answer). Pure by key. */
const tails = new WeakMap<RouteSet, Map<number, Recognizer>>();

function recognizerFrom(routes: RouteSet, from: number): Recognizer | RouteSet {
  if (from === 0) return routes;
  let byIndex = tails.get(routes);
  if (byIndex === undefined) tails.set(routes, (byIndex = new Map()));
  let recognizer = byIndex.get(from);
  if (recognizer === undefined) byIndex.set(from, (recognizer = compileRecognizer(routes.routes.slice(from))));
  return recognizer;
}

/** Ruby's `==` on the values an assertion compares: strings, numbers, booleans, nil, Arrays and Hashes (in any key order). */
function rubyEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => rubyEqual(x, b[i]));
  if (isHash(a) && isHash(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && rubyEqual(a[k], b[k]));
  }
  return false;
}

const isGiven = (msg: Message): msg is string | (() => string) => msg !== undefined && msg !== null;

/** Rails' `fail_on(exception_class, message)`: that error becomes a failed assertion with the message, or the error's own. */
function failOn<T>(errorClass: new (...args: never[]) => Error, msg: Message, body: () => T): T {
  try {
    return body();
  } catch (e) {
    if (e instanceof errorClass)
      fail(isGiven(msg) ? (typeof msg === "function" ? msg() : msg) : e.message, null, null, "fail");
    throw e;
  }
}

function fail(text: string | (() => string), actual: unknown, expected: unknown, operator: string): never {
  throw new AssertionError({ message: typeof text === "function" ? text() : text, actual, expected, operator });
}

function describe(v: unknown): string {
  return v === null || typeof v !== "object"
    ? rubyInspect(v)
    : `an instance of ${(v as object).constructor?.name ?? "Object"}`;
}
