/**
 * Rails' request log (railties' `Rails::Rack::Logger`, `ActionController::LogSubscriber` and
 * `ActionDispatch::DebugExceptions#log_error`), line for line as Rails 6.1 prints them:
 *
 *     Started GET "/photos/1" for 127.0.0.1 at 2026-11-28 14:00:00 +0000
 *     Processing by PhotosController#show as HTML
 *       Parameters: {"id"=>"1"}
 *     Redirected to http://example.org/photos
 *     Completed 200 OK in 3ms
 *
 * Rails adds `(Views: 1.2ms | ActiveRecord: 0.4ms | Allocations: 1692)` to `Completed`: switchyard
 * renders no views and runs no queries, and V8 has no per-request allocation count, so it prints
 * none of them. Parameters pass through `filterParameters` (Rails' `filter_parameters`, partial,
 * case-insensitive key matches at any depth) before they are printed, and so does the query string
 * of the `Started` line (Rails' `filtered_path`).
 *
 * In production (`compact`), one line a request: `GET /photos/1 200 3ms PhotosController#show`
 * (method, filtered path, status, duration, and the action when one ran).
 *
 * Nothing here runs when the log is off: the dispatcher checks for a log before anything else,
 * so no string is built and no clock read.
 */
import { isHash, rubyIndifferentHash, rubyString } from "../support/ruby.js";
import { acceptedFormat, isXhr, MIME_BY_EXTENSION, formatSymbol } from "../uri/mime.js";
import { describeThrown, isInstance } from "../support/thrown.js";
import { FORGERY_WARNING, InvalidCrossOriginRequest } from "./forgery.js";
import { backtraceOf, railsFrame } from "./backtrace.js";
import { controllerClassName } from "./controllers.js";
import type { Params } from "./action-context.js";
import { Reply, Unmatched, type Outcome } from "./transport/outcome.js";
import type { Exchange, ExchangeLog } from "./transport/exchange.js";

/** Where log lines go: a function of a line, or a logger object with `info` (console, pino, winston...). */
export type RequestLogger = ((line: string) => unknown) | { info(line: string): unknown };

/** A `filter_parameters` entry: a string (a partial, case-insensitive key match, as Rails') or a RegExp tested against each key. */
export type ParameterFilter = string | RegExp;

/** Rails' default `filter_parameters` (Rails 7's new-application initializer). */
export const DEFAULT_FILTER_PARAMETERS: readonly ParameterFilter[] = [
  "passw",
  "secret",
  "token",
  "_key",
  "crypt",
  "salt",
  "certificate",
  "otp",
  "ssn",
];

const FILTERED = "[FILTERED]";

// ActionController::LogSubscriber::INTERNAL_PARAMS: not printed in `Parameters`.
const INTERNAL_PARAMS: ReadonlySet<string> = new Set(["controller", "action", "format", "_method", "only_path"]);

/** Rack::Utils::HTTP_STATUS_CODES, which `Completed 200 OK` reads. */
const STATUS_TEXT: Readonly<Record<number, string>> = {
  100: "Continue",
  101: "Switching Protocols",
  102: "Processing",
  103: "Early Hints",
  200: "OK",
  201: "Created",
  202: "Accepted",
  203: "Non-Authoritative Information",
  204: "No Content",
  205: "Reset Content",
  206: "Partial Content",
  207: "Multi-Status",
  208: "Already Reported",
  226: "IM Used",
  300: "Multiple Choices",
  301: "Moved Permanently",
  302: "Found",
  303: "See Other",
  304: "Not Modified",
  305: "Use Proxy",
  306: "(Unused)",
  307: "Temporary Redirect",
  308: "Permanent Redirect",
  400: "Bad Request",
  401: "Unauthorized",
  402: "Payment Required",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  407: "Proxy Authentication Required",
  408: "Request Timeout",
  409: "Conflict",
  410: "Gone",
  411: "Length Required",
  412: "Precondition Failed",
  413: "Payload Too Large",
  414: "URI Too Long",
  415: "Unsupported Media Type",
  416: "Range Not Satisfiable",
  417: "Expectation Failed",
  421: "Misdirected Request",
  422: "Unprocessable Entity",
  423: "Locked",
  424: "Failed Dependency",
  425: "Too Early",
  426: "Upgrade Required",
  428: "Precondition Required",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  451: "Unavailable for Legal Reasons",
  500: "Internal Server Error",
  501: "Not Implemented",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
  505: "HTTP Version Not Supported",
  506: "Variant Also Negotiates",
  507: "Insufficient Storage",
  508: "Loop Detected",
  509: "Bandwidth Limit Exceeded",
  510: "Not Extended",
  511: "Network Authentication Required",
};

/**
 * `ActiveSupport::ParameterFilter`: which keys are filtered. Strings join into one case-insensitive
 * regexp matched anywhere in a key (`passw` filters `user_password`); RegExps are tested as given.
 */
export class ParameterFilterRule {
  readonly #rules: readonly RegExp[];
  constructor(filters: readonly ParameterFilter[]) {
    const strings = filters.filter((f): f is string => typeof f === "string");
    const rules = filters
      .filter((f): f is RegExp => f instanceof RegExp)
      .map((re) => new RegExp(re.source, re.flags.replace(/[gy]/g, "")));
    if (strings.length > 0)
      rules.unshift(new RegExp(strings.map((s) => s.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&")).join("|"), "i"));
    this.#rules = rules;
  }

  /** Whether `key`'s value is shown as `[FILTERED]`. */
  filtered(key: string): boolean {
    for (const re of this.#rules) if (re.test(key)) return true;
    return false;
  }

  /** A copy of `params` with filtered keys' values `[FILTERED]`, nested Hashes (and Hashes in arrays) too; `skip` keys left out. */
  params(params: Params, skip?: ReadonlySet<string>): Params {
    const out: Params = {};
    for (const key of Object.keys(params)) {
      if (skip?.has(key)) continue;
      out[key] = this.filtered(key) ? FILTERED : this.#value(params[key]);
    }
    return out;
  }

  #value(v: unknown): unknown {
    if (Array.isArray(v)) return v.map((x) => this.#value(x));
    if (isHash(v)) return this.params(v);
    return v;
  }

  /** A query string with the values of filtered keys `[FILTERED]` (Rails' `filtered_query_string`: raw `key=value` pairs). */
  query(query: string): string {
    return query.replace(/([^&;=]+)=([^&;=]+)/g, (pair, key: string) =>
      this.filtered(key) ? `${key}=${FILTERED}` : pair,
    );
  }
}

export interface RequestLogOptions {
  readonly logger: RequestLogger;
  /** One line a request (production) instead of Rails' development lines. */
  readonly compact: boolean;
  readonly filterParameters: readonly ParameterFilter[];
  /** Paths in trace lines are printed relative to this directory (the application's root). */
  readonly root: string;
  /** The clock (ms); tests fix it. */
  readonly now?: () => number;
  /** The wall clock the `Started` line prints; tests fix it. */
  readonly date?: () => Date;
}

/** The log of one handler. `start` is the only entry point: called per request only when the log is on. */
export class RequestLog {
  readonly filter: ParameterFilterRule;
  readonly compact: boolean;
  readonly root: string;
  readonly #write: (line: string) => void;
  readonly now: () => number;
  readonly #date: () => Date;

  constructor(options: RequestLogOptions) {
    const logger = options.logger;
    this.#write = typeof logger === "function" ? (line) => void logger(line) : (line) => void logger.info(line);
    this.filter = new ParameterFilterRule(options.filterParameters);
    this.compact = options.compact;
    this.root = options.root;
    this.now = options.now ?? (() => performance.now());
    this.#date = options.date ?? (() => new Date());
  }

  write(line: string): void {
    try {
      this.#write(line);
    } catch {
      // a failing logger must not fail the request
    }
  }

  /**
   * A request begins: Rails' `Started` line (development), with this moment's time. Written with
   * the entry's next line, not now: a request an adapter passes on unmatched (`passesUnmatched`)
   * is the next handler's, and leaves no line at all.
   */
  start(ex: Exchange): RequestEntry {
    const entry = new RequestEntry(this, ex);
    if (!this.compact)
      entry.started = `Started ${ex.originalMethod} ${rubyString(entry.path)} for ${clientIp(ex)} at ${rubyTime(this.#date())}`;
    return entry;
  }
}

/** One request's log: what the dispatcher reports as it serves it, printed as Rails prints it. */
export class RequestEntry implements ExchangeLog {
  readonly #log: RequestLog;
  readonly #ex: Exchange;
  readonly #start: number;
  /** `Controller#action` once an action runs. */
  #action: string | null = null;
  #error: unknown = undefined;
  /** The callback that halted the action's chain. */
  #halted: string | null = null;
  #failed = false;
  #done = false;
  readonly path: string;
  /** The `Started` line, until it is written (before the entry's first other line). */
  started: string | null = null;

  constructor(log: RequestLog, ex: Exchange) {
    this.#log = log;
    this.#ex = ex;
    this.#start = log.now();
    const path = ex.scriptName + ex.originalPath;
    this.path = ex.query === "" ? path : `${path}?${log.filter.query(ex.query)}`;
  }

  /** An action is about to run: `Processing by C#a as FORMAT` and its (filtered) `Parameters`. */
  processing(params: Params): void {
    this.#action = `${controllerClassName(String(params.controller))}#${String(params.action)}`;
    if (this.#log.compact) return;
    this.#writeStarted();
    this.#log.write(`Processing by ${this.#action} as ${formatOf(this.#ex, params)}`);
    const shown = this.#log.filter.params(params, INTERNAL_PARAMS);
    if (Object.keys(shown).length > 0) this.#log.write(`  Parameters: ${rubyIndifferentHash(shown)}`);
  }

  /** A before callback halted the chain: Rails' `Filter chain halted as :name rendered or redirected`. */
  halted(callback: string): void {
    this.#halted = callback;
  }

  /** Whether this log prints errors (the development lines do, with their trace). */
  get printsErrors(): boolean {
    return !this.#log.compact;
  }

  /** The request failed with `error` (the outcome is its status). */
  failed(error: unknown): void {
    this.#error = error;
    this.#failed = true;
  }

  /** The request's outcome: `Redirected to`, `Completed`, and a routing error or exception as `DebugExceptions` logs it. */
  finish(outcome: Outcome): void {
    if (this.#done) return;
    this.#done = true;
    // (Passed on to the next handler: not this application's request.)
    if (outcome instanceof Unmatched && this.#ex.passesUnmatched && this.#action === null) return;
    this.#writeStarted();
    const ms = Math.round(this.#log.now() - this.#start);
    const status =
      outcome instanceof Reply || outcome instanceof Response
        ? outcome.status
        : outcome instanceof Unmatched
          ? 404
          : null;
    if (this.#log.compact) {
      this.#log.write(
        `${this.#ex.originalMethod} ${this.path} ${status ?? "-"} ${ms}ms${this.#action === null ? "" : ` ${this.#action}`}`,
      );
      return;
    }
    if (outcome instanceof Unmatched) return this.#logError("ActionController::RoutingError", outcome.message, "");
    if (this.#action !== null && status !== null) {
      const location = status >= 300 && status < 400 ? locationOf(outcome) : null;
      if (location) this.#log.write(`Redirected to ${location}`);
      if (this.#halted !== null) this.#log.write(`Filter chain halted as ${this.#halted} rendered or redirected`);
      if (this.#failed && isInstance(this.#error, InvalidCrossOriginRequest)) this.#log.write(FORGERY_WARNING);
      const text = STATUS_TEXT[status];
      this.#log.write(`Completed ${status}${text === undefined ? "" : ` ${text}`} in ${ms}ms`);
    }
    if (this.#failed) {
      const { className, message, stack } = describeThrown(this.#error);
      this.#logError(railsErrorName(className), message, stack);
    }
  }

  #writeStarted(): void {
    if (this.started === null) return;
    this.#log.write(this.started);
    this.started = null;
  }

  /** `DebugExceptions#log_error`: "  ", `Class (message):`, "  ", then the application's frames (else the framework's). */
  #logError(name: string, message: string, stack: string): void {
    const trace = backtraceOf(stack);
    const frames = trace.application.length > 0 ? trace.application : trace.framework;
    const lines = ["  ", `${name} (${message}):`, "  ", ...frames.map((f) => railsFrame(f, this.#log.root))];
    this.#log.write(lines.join("\n"));
  }
}

/**
 * The handler's log from its options: none when `logger` is false; else Rails' lines in development,
 * one line a request otherwise, to `logger` or stdout — stdout only outside a test runner (node's
 * `--test`, vitest, jest), as Rails' test environment logs to a file, not the console.
 */
export function requestLog(
  options: { logger?: RequestLogger | false; filterParameters?: readonly ParameterFilter[]; root?: string },
  development: boolean,
): RequestLog | null {
  let logger = options.logger;
  if (logger === false) return null;
  if (logger === undefined) {
    const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
    if (env.NODE_TEST_CONTEXT !== undefined || env.VITEST !== undefined || env.JEST_WORKER_ID !== undefined)
      return null;
    logger = (line: string) => console.log(line);
  }
  const cwd = (globalThis as { process?: { cwd?: () => string } }).process?.cwd?.() ?? "";
  return new RequestLog({
    logger,
    compact: !development,
    filterParameters: options.filterParameters ?? DEFAULT_FILTER_PARAMETERS,
    root: options.root ?? cwd,
  });
}

/** The class Rails would name: switchyard's routing and action errors by their Rails names, others by their JS class. */
/** The class Rails names for an error (its name read safely by `describeThrown`). */
function railsErrorName(name: string): string {
  if (name === "RoutingError") return "ActionController::RoutingError";
  if (name === "ActionNotFound") return "AbstractController::ActionNotFound";
  if (name === "InvalidCrossOriginRequest") return "ActionController::InvalidCrossOriginRequest";
  return name;
}

function locationOf(outcome: Outcome): string | null {
  if (outcome instanceof Reply) return outcome.headers.location ?? null;
  if (outcome instanceof Response) return outcome.headers.get("location");
  return null;
}

/**
 * The format `Processing ... as` names (`request.format.ref`, upcased): the `format` parameter's,
 * else a non-browser `Accept`'s, else JS for XHR, else HTML; `*\/*` for an unregistered format.
 */
function formatOf(ex: Exchange, params: Params): string {
  const format = params.format;
  if (format !== undefined && format !== null) {
    const type = typeof format === "string" ? MIME_BY_EXTENSION[format] : undefined;
    return type === undefined ? "*/*" : formatSymbol(type).toUpperCase();
  }
  const xhr = isXhr(ex.header("x-requested-with"));
  const accepted = acceptedFormat(ex.header("accept"), xhr);
  if (accepted === "*/*" || accepted === null) return "*/*";
  if (accepted !== undefined) return formatSymbol(accepted).toUpperCase();
  return xhr ? "JS" : "HTML";
}

// Rails' trusted proxies (ActionDispatch::RemoteIp::TRUSTED_PROXIES): loopback and private networks.
const TRUSTED_PROXY = /^(?:127\.|10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.|::1$|f[cd][0-9a-f]{2}:|::ffff:127\.)/i;

/**
 * `request.remote_ip` (`ActionDispatch::RemoteIp`, simplified): the peer's address, or, when the peer
 * is a trusted proxy, the last `X-Forwarded-For` address that is not one (else the first).
 */
function clientIp(ex: Exchange): string {
  const peer = ex.remoteAddress ?? "127.0.0.1";
  const forwarded = ex.header("x-forwarded-for");
  if (forwarded === undefined || !TRUSTED_PROXY.test(peer)) return peer;
  const ips = forwarded
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  for (let i = ips.length - 1; i >= 0; i--) if (!TRUSTED_PROXY.test(ips[i]!)) return ips[i]!;
  return ips[0] ?? peer;
}

/** Ruby's `Time#to_s` (`Time#to_default_s`): `2026-11-28 14:00:00 +0000`, in the local zone. */
export function rubyTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  const offset = -d.getTimezoneOffset();
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())} ${sign}${p(Math.floor(abs / 60))}${p(abs % 60)}`;
}
