/**
 * Integration sessions, as `ActionDispatch::IntegrationTest` has them (Rails 6.1's
 * action_dispatch/testing/integration.rb and assertions/response.rb): `openSession(handler)` sends
 * requests to a fetch-style handler (`createHandler`'s, a Hono app's `fetch`, any
 * `(Request) => Response`) as a browser would — for `www.example.com`, cookies kept from one
 * response to the next request — and asserts on the last response with Rails' failure messages,
 * thrown as `node:assert`'s `AssertionError` so node:test, vitest and jest report them.
 *
 *     const session = openSession(handler);
 *     await session.post("/photos", { params: { photo: { title: "Dune" } } });
 *     session.assertRedirectedTo("/photos/1");
 *     await session.followRedirect();
 *     session.assertResponse("success");
 */
import { AssertionError } from "node:assert";
import { parseSetCookie, type Cookie } from "set-cookie-parser";
import { STATUS_TEXT, statusText } from "../support/http-status.js";
import { rubyInspect, rubyRegexpInspect, rubyRegexpToS } from "../support/ruby.js";
import { queryString } from "../uri/query.js";
import { message as minitestMessage, diff, rubySize } from "./minitest.js";

/** A fetch-style handler, or an object with one as `fetch` (a Hono app, a Bun/Deno server's options). */
export type SessionApp =
  | ((request: Request) => Response | Promise<Response>)
  | { fetch(request: Request): Response | Promise<Response> };

/** The options of a request (Rails' `get path, params:, headers:, xhr:, as:`). */
export interface RequestOptions {
  /**
   * The parameters: in the query string of a GET or HEAD, else the body — form-encoded
   * (`photo[title]=Dune`), or JSON with `as: "json"`. A string is sent as it is.
   */
  params?: Record<string, unknown> | string;
  /** Request headers, added to the session's. */
  headers?: Record<string, string> | Headers;
  /** `"json"`: the params as a JSON body, `Content-Type` and `Accept` `application/json` (a GET with params becomes a POST with `X-Http-Method-Override: GET`, as in Rails). */
  as?: "json";
  /** An XMLHttpRequest: `X-Requested-With: XMLHttpRequest` and Rails' `Accept` for one. */
  xhr?: boolean;
}

/** Options of `openSession`. */
export interface SessionOptions {
  /** The host requests are for (Rails' `host!`). Default: `www.example.com`. */
  host?: string;
  /** Requests over https (Rails' `https!`). Default: false. */
  https?: boolean;
}

/** Rails' generic response types (`RESPONSE_PREDICATES`) and the code each stands for in messages. */
const GENERIC = { success: "2XX", missing: "404", redirect: "3XX", error: "5XX" } as const;

type Underscored<S extends string> = S extends `${infer A} ${infer B}`
  ? `${A}_${Underscored<B>}`
  : S extends `${infer A}-${infer B}`
    ? `${A}_${Underscored<B>}`
    : S;

/** A status by Rack's name for it (`Rack::Utils::SYMBOL_TO_STATUS_CODE`): `"created"`, `"not_found"`, `"unprocessable_entity"`. */
export type StatusName = Underscored<Lowercase<(typeof STATUS_TEXT)[keyof typeof STATUS_TEXT]>>;

/** What `assertResponse` takes: a generic type, a status name or a status code. */
export type ResponseType = keyof typeof GENERIC | StatusName | number;

const STATUS_BY_NAME: ReadonlyMap<string, number> = new Map(
  Object.entries(STATUS_TEXT).map(([code, text]) => [text.toLowerCase().replace(/[\s\-']/g, "_"), Number(code)]),
);

/** Rails' default `Accept` for a request of an integration test, and for an `xhr: true` one. */
const DEFAULT_ACCEPT =
  "text/xml,application/xml,application/xhtml+xml,text/html;q=0.9,text/plain;q=0.8,image/png,*/*;q=0.5";
const XHR_ACCEPT = "text/javascript, text/html, application/xml, text/xml, */*";

/** The cookies a session keeps (Rack::Test's cookie jar): what the responses set, sent with the requests they apply to. */
export class CookieJar {
  readonly #cookies = new Map<string, Cookie>();

  /** The value of the cookie `name`, if the jar holds it. */
  get(name: string): string | undefined {
    for (const c of this.#cookies.values()) if (c.name === name) return c.value;
    return undefined;
  }

  /** Sets a cookie for every path of the session's host, as a test's `cookies["name"] = value` does. */
  set(name: string, value: string): void {
    this.#cookies.set(`${name};/`, { name, value, path: "/" });
  }

  /** Removes every cookie called `name`. */
  delete(name: string): void {
    for (const [key, c] of this.#cookies) if (c.name === name) this.#cookies.delete(key);
  }

  /** The cookies held, name to value. */
  toJSON(): Record<string, string> {
    const out: Record<string, string> = {};
    // (defined, not assigned: a cookie called __proto__ is a key like any other)
    for (const c of this.#cookies.values())
      Object.defineProperty(out, c.name, { value: c.value, enumerable: true, writable: true, configurable: true });
    return out;
  }

  /** Keeps the `Set-Cookie`s of a response to a request for `url`: a past expiry or `Max-Age=0` deletes. */
  store(url: URL, setCookies: readonly string[]): void {
    const now = Date.now();
    for (const c of parseSetCookie([...setCookies], { decodeValues: false })) {
      if (c.domain !== undefined && !domainMatches(url.hostname, c.domain)) continue;
      const path = c.path?.startsWith("/") ? c.path : defaultPath(url.pathname);
      const key = `${c.name};${path}`;
      const expired =
        (c.maxAge !== undefined && c.maxAge <= 0) || (c.expires !== undefined && c.expires.getTime() <= now);
      if (expired) this.#cookies.delete(key);
      else this.#cookies.set(key, { ...c, path });
    }
  }

  /** The `Cookie` header for a request to `url` (null: none applies), longer paths first (RFC 6265 5.4). */
  header(url: URL): string | null {
    const now = Date.now();
    const sent = [...this.#cookies.values()]
      .filter(
        (c) =>
          pathMatches(url.pathname, c.path ?? "/") &&
          (c.secure !== true || url.protocol === "https:") &&
          (c.domain === undefined || domainMatches(url.hostname, c.domain)) &&
          (c.expires === undefined || c.expires.getTime() > now),
      )
      .sort((a, b) => (b.path ?? "/").length - (a.path ?? "/").length);
    return sent.length === 0 ? null : sent.map((c) => `${c.name}=${c.value}`).join("; ");
  }
}

function domainMatches(host: string, domain: string): boolean {
  const d = domain.replace(/^\./, "").toLowerCase();
  const h = host.toLowerCase();
  return h === d || h.endsWith(`.${d}`);
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith("/") || requestPath[cookiePath.length] === "/";
}

/** RFC 6265 5.1.4: the directory of the request's path. */
function defaultPath(pathname: string): string {
  const slash = pathname.lastIndexOf("/");
  return slash <= 0 ? "/" : pathname.slice(0, slash);
}

/** An integration session (`ActionDispatch::Integration::Session`): requests, their cookies, the last response and assertions on it. */
export class IntegrationSession {
  /** The host requests are for (Rails' `host!`). */
  host: string;
  /** Whether requests go over https (Rails' `https!`). */
  https: boolean;
  /** The cookies kept across requests. */
  readonly cookies: CookieJar = new CookieJar();
  /** How many requests the session sent. */
  requestCount = 0;
  #request: Request | undefined;
  #response: Response | undefined;
  #body = "";
  readonly #fetch: (request: Request) => Response | Promise<Response>;

  constructor(app: SessionApp, options: SessionOptions = {}) {
    if (typeof app === "function") this.#fetch = app;
    else if (app !== null && typeof app === "object" && typeof app.fetch === "function")
      this.#fetch = (request) => app.fetch(request);
    else
      throw new TypeError(
        `openSession(app): app must be a fetch handler ((request: Request) => Response, e.g. createHandler's) or an object with a fetch method, not ${rubyInspect(app)}`,
      );
    this.host = options.host ?? "www.example.com";
    this.https = options.https ?? false;
  }

  /** The last request sent. */
  get request(): Request {
    return this.#request ?? this.#noRequest("request");
  }

  /** The last response; its body is in `body`. */
  get response(): Response {
    return this.#response ?? this.#noRequest("response");
  }

  /** The last response's status. */
  get status(): number {
    return this.response.status;
  }

  /** The last response's headers. */
  get headers(): Headers {
    return this.response.headers;
  }

  /** The last response's body, as text. */
  get body(): string {
    this.response;
    return this.#body;
  }

  /** The path of the last request (Rails' `path`). */
  get path(): string {
    return new URL(this.request.url).pathname;
  }

  /** The last response's body parsed by its type (Rails' `response.parsed_body`): JSON parsed, anything else the text. */
  get parsedBody(): unknown {
    const type = this.response.headers.get("content-type") ?? "";
    return /^application\/(?:[\w.+-]+\+)?json\b/i.test(type) ? JSON.parse(this.#body) : this.#body;
  }

  /** Whether the last response is a redirect (3xx). */
  get isRedirect(): boolean {
    return isRedirect(this.response.status);
  }

  get(path: string, options?: RequestOptions): Promise<Response> {
    return this.process("GET", path, options);
  }
  post(path: string, options?: RequestOptions): Promise<Response> {
    return this.process("POST", path, options);
  }
  patch(path: string, options?: RequestOptions): Promise<Response> {
    return this.process("PATCH", path, options);
  }
  put(path: string, options?: RequestOptions): Promise<Response> {
    return this.process("PUT", path, options);
  }
  delete(path: string, options?: RequestOptions): Promise<Response> {
    return this.process("DELETE", path, options);
  }
  head(path: string, options?: RequestOptions): Promise<Response> {
    return this.process("HEAD", path, options);
  }
  options(path: string, options?: RequestOptions): Promise<Response> {
    return this.process("OPTIONS", path, options);
  }

  /**
   * Rails' `follow_redirect!`: requests the last response's `Location` — with a GET, or the same
   * method for a 307 or 308 — and resolves to the response. Throws if the last response is no redirect.
   */
  followRedirect(options?: RequestOptions): Promise<Response> {
    const response = this.response;
    const location = response.headers.get("location");
    if (!isRedirect(response.status) || location === null)
      throw new Error(`not a redirect! ${response.status} ${statusText(response.status) ?? ""}`.trimEnd());
    const method = response.status === 307 || response.status === 308 ? this.request.method : "GET";
    return this.process(method, location, options);
  }

  /**
   * Sends one request (`process` of Rails' session): the path (or a full URL, whose scheme and
   * host the session takes on) for the session's host, with the params, headers and cookies.
   */
  async process(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
    if (typeof path !== "string" || path === "")
      throw new TypeError(
        `${method.toLowerCase()}(path): path must be a path ("/photos") or a URL, not ${rubyInspect(path)}`,
      );
    let verb = method.toUpperCase();
    const headers = new Headers(options.headers);
    if (verb === "GET" && options.as === "json" && options.params !== undefined) {
      headers.set("x-http-method-override", "GET");
      verb = "POST";
    }
    if (/^[a-z][a-z\d+\-.]*:\/\//i.test(path)) {
      const given = new URL(path);
      this.https = given.protocol === "https:";
      this.host = given.host;
      path = `${given.pathname}${given.search}`;
    } else if (!path.startsWith("/")) {
      path = `/${path}`;
    }
    const url = new URL(`${this.https ? "https" : "http"}://${this.host}${path}`);
    let body: string | undefined;
    const params = options.params;
    if (verb === "GET" || verb === "HEAD") {
      if (params !== undefined) {
        const query = typeof params === "string" ? params : queryString(params);
        if (query !== "") url.search = url.search === "" ? query : `${url.search.slice(1)}&${query}`;
      }
    } else if (options.as === "json") {
      headers.set("content-type", "application/json");
      if (params !== undefined) body = typeof params === "string" ? params : JSON.stringify(params);
    } else if (params !== undefined) {
      if (!headers.has("content-type")) headers.set("content-type", "application/x-www-form-urlencoded");
      body = typeof params === "string" ? params : queryString(params);
    }
    if (!headers.has("accept"))
      headers.set("accept", options.as === "json" ? "application/json" : options.xhr ? XHR_ACCEPT : DEFAULT_ACCEPT);
    if (options.xhr) headers.set("x-requested-with", "XMLHttpRequest");
    const cookie = this.cookies.header(url);
    if (cookie !== null && !headers.has("cookie")) headers.set("cookie", cookie);

    const request = new Request(url, { method: verb, headers, ...(body !== undefined ? { body } : {}) });
    this.#request = request.clone();
    const response = await this.#fetch(request);
    if (!(response instanceof Response))
      throw new TypeError(`the app answered ${verb} ${url.href} with ${rubyInspect(response)}, not a Response`);
    this.requestCount++;
    this.#body = verb === "HEAD" ? "" : await response.text();
    this.cookies.store(url, response.headers.getSetCookie());
    const nullBody = verb === "HEAD" || [101, 204, 205, 304].includes(response.status);
    this.#response = new Response(nullBody ? null : this.#body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    return this.#response;
  }

  /**
   * Rails' `assert_response`: the last response is a success (2xx), a redirect (3xx), missing
   * (404), an error (5xx), or has the status named (`"created"`, `"not_found"`) or given (`201`).
   */
  assertResponse(type: ResponseType, message?: string): void {
    const status = this.response.status;
    const text = message ?? this.#responseMessage(type);
    if (typeof type === "string" && Object.hasOwn(GENERIC, type)) {
      const ok =
        type === "success"
          ? status >= 200 && status < 300
          : type === "missing"
            ? status === 404
            : type === "redirect"
              ? isRedirect(status)
              : status >= 500 && status < 600;
      if (!ok) failed(text, status, type, "assertResponse");
      return;
    }
    const code = codeOf(type);
    if (code !== status)
      failed(
        minitestMessage(text, "", () => diff(String(code), String(status), "Integer")),
        status,
        code,
        "assertResponse",
      );
  }

  /**
   * Rails' `assert_redirected_to`: the last response is a redirect to `expected` — a path (made a
   * URL with the request's protocol and host, as `redirect_to` makes it), a URL, or a RegExp the
   * `Location` matches.
   */
  assertRedirectedTo(expected: string | RegExp, message?: string): void {
    this.assertResponse("redirect", message);
    const location = this.response.headers.get("location") ?? "";
    if (expected === location) return;
    const is = this.#redirection(location);
    const want = expected instanceof RegExp ? expected : this.#redirection(expected);
    const matches =
      want instanceof RegExp ? new RegExp(want.source, want.flags.replace("g", "")).test(is) : want === is;
    if (matches) return;
    const text =
      message ??
      `Expected response to be a redirect to <${want instanceof RegExp ? rubyRegexpToS(want) : want}> but was a redirect to <${is}>`;
    const shownWant = want instanceof RegExp ? rubyRegexpInspect(want) : rubyInspect(want);
    failed(
      minitestMessage(text, null, () => `Expected ${shownWant} to be === ${rubyInspect(is)}`),
      is,
      want,
      "assertRedirectedTo",
    );
  }

  /** `_compute_redirect_to_location`: a URL as it is, a path after the request's protocol and host; no NUL, CR or LF. */
  #redirection(target: string): string {
    const url = /^([a-z][a-z\d\-+.]*:|\/\/)/i.test(target)
      ? target
      : `${new URL(this.request.url).protocol}//${new URL(this.request.url).host}${target}`;
    return url.replace(/[\0\r\n]/g, "");
  }

  /** `generate_response_message`. */
  #responseMessage(expected: ResponseType): string {
    const response = this.response;
    const location = response.headers.get("location");
    const redirected =
      isRedirect(response.status) && location !== null && location !== ""
        ? ` redirect to <${this.#redirection(location)}>`
        : "";
    const body = rubySize(this.#body) > 500 ? "" : `\nResponse body: ${this.#body}`;
    return `Expected response to be a <${codeAndName(expected)}>, but was a <${codeAndName(response.status)}>${redirected}${body}`;
  }

  #noRequest(what: string): never {
    throw new Error(`no ${what} yet: send a request first (await session.get("/"))`);
  }
}

/** Rails' `open_session`: a new integration session with `app` — its own cookies, host and last response. */
export function openSession(app: SessionApp, options?: SessionOptions): IntegrationSession {
  return new IntegrationSession(app, options);
}

const isRedirect = (status: number) => status >= 300 && status < 400;

/** `AssertionResponse.new(type).code`: the status a name or code stands for; an unknown one is an error, as in Rails. */
function codeOf(type: ResponseType): number {
  if (typeof type === "number") {
    if (statusText(type) === undefined) throw new RangeError(`Invalid response code: ${type}`);
    return type;
  }
  const code = STATUS_BY_NAME.get(type);
  if (code === undefined)
    throw new RangeError(
      `Invalid response name: ${type} (use "success", "redirect", "missing", "error", a status code, or a name such as "created" or "not_found")`,
    );
  return code;
}

/** The response predicates (`not_found?`) whose names `code_with_name` turns into the generic type they stand for. */
const PREDICATE_NAMES: Readonly<Record<string, keyof typeof GENERIC>> = {
  successful: "success",
  not_found: "missing",
  redirection: "redirect",
  server_error: "error",
};

/** `code_with_name`: `2XX: success`, `404: Not Found`, `201: created`; `not_found` is shown as `404: missing`. */
function codeAndName(given: ResponseType): string {
  const type = typeof given === "string" && Object.hasOwn(PREDICATE_NAMES, given) ? PREDICATE_NAMES[given]! : given;
  if (typeof type === "string" && Object.hasOwn(GENERIC, type))
    return `${GENERIC[type as keyof typeof GENERIC]}: ${type}`;
  if (typeof type === "string") return `${codeOf(type)}: ${type}`;
  codeOf(type);
  return `${type}: ${statusText(type)}`;
}

function failed(text: string, actual: unknown, expected: unknown, operator: string): never {
  throw new AssertionError({ message: text, actual, expected, operator });
}
