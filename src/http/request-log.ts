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
import ipaddr from "ipaddr.js";
import { rubyIndifferentHash, rubyString } from "../support/ruby.js";
import { inRanges, rubyIp } from "../uri/ip.js";
import { acceptedFormat, isXhr, MIME_BY_EXTENSION, formatSymbol } from "../uri/mime.js";
import { describeThrown, dropRejection, isInstance } from "../support/thrown.js";
import { currentDirectory, environmentVariable } from "../support/runtime.js";
import { statusText } from "../support/http-status.js";
import { FORGERY_WARNING, InvalidCrossOriginRequest } from "./forgery.js";
import { backtraceOf, railsFrame } from "./backtrace.js";
import { controllerClassName } from "./controllers.js";
import type { Params } from "./action-context.js";
import { DEFAULT_FILTER_PARAMETERS, ParameterFilterRule, type ParameterFilter } from "./parameter-filter.js";
import { Reply, Unmatched, type Outcome } from "./transport/outcome.js";
import type { Exchange, ExchangeLog } from "./transport/exchange.js";

/** Where log lines go: a function of a line, or a logger object with `info` (console, pino, winston...). */
export type RequestLogger = ((line: string) => unknown) | { info(line: string): unknown };

// ActionController::LogSubscriber::INTERNAL_PARAMS: not printed in `Parameters`.
const INTERNAL_PARAMS: ReadonlySet<string> = new Set(["controller", "action", "format", "_method", "only_path"]);

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
  readonly #write: (line: string) => unknown;
  readonly now: () => number;
  readonly #date: () => Date;

  constructor(options: RequestLogOptions) {
    const logger = options.logger;
    this.#write = typeof logger === "function" ? (line) => logger(line) : (line) => logger.info(line);
    this.filter = new ParameterFilterRule(options.filterParameters);
    this.compact = options.compact;
    this.root = options.root;
    this.now = options.now ?? (() => performance.now());
    this.#date = options.date ?? (() => new Date());
  }

  write(line: string): void {
    try {
      dropRejection(this.#write(line));
    } catch {
      // a failing logger (a throw, or an async one's rejection) must not fail the request
    }
  }

  /**
   * A request begins: Rails' `Started` line (development), with this moment's time. Written with
   * the entry's next line, not now: a request an adapter passes on unmatched (`passesUnmatched`)
   * is the next handler's, and leaves no line at all; and by then `Rack::MethodOverride` has run,
   * which comes before `Rails::Rack::Logger` in Rails' middleware (`Started DELETE` for a form's
   * `_method=delete`).
   */
  start(ex: Exchange): RequestEntry {
    return new RequestEntry(this, ex, this.compact ? null : this.#date());
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
  /** When the request started, until the `Started` line is written (before the entry's first other line). */
  #started: Date | null;

  constructor(log: RequestLog, ex: Exchange, started: Date | null) {
    this.#log = log;
    this.#ex = ex;
    this.#started = started;
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
        `${this.#ex.method} ${this.path} ${status ?? "-"} ${ms}ms${this.#action === null ? "" : ` ${this.#action}`}`,
      );
      return;
    }
    if (outcome instanceof Unmatched) return this.#logError("ActionController::RoutingError", outcome.message, "");
    if (this.#action !== null && status !== null) {
      const location = status >= 300 && status < 400 ? locationOf(outcome) : null;
      if (location) this.#log.write(`Redirected to ${location}`);
      if (this.#halted !== null) this.#log.write(`Filter chain halted as ${this.#halted} rendered or redirected`);
      if (this.#failed && isInstance(this.#error, InvalidCrossOriginRequest)) this.#log.write(FORGERY_WARNING);
      const text = statusText(status);
      this.#log.write(`Completed ${status}${text === undefined ? "" : ` ${text}`} in ${ms}ms`);
    }
    if (this.#failed) {
      const { className, message, stack } = describeThrown(this.#error);
      this.#logError(railsErrorName(className), message, stack);
    }
  }

  #writeStarted(): void {
    const at = this.#started;
    if (at === null) return;
    this.#started = null;
    const ex = this.#ex;
    this.#log.write(`Started ${ex.method} ${rubyString(this.path)} for ${clientIp(ex)} at ${rubyTime(at)}`);
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
    if (["NODE_TEST_CONTEXT", "VITEST", "JEST_WORKER_ID"].some((name) => environmentVariable(name) !== undefined))
      return null;
    logger = (line: string) => console.log(line);
  }
  const cwd = currentDirectory() ?? "";
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

/** Rails' trusted proxies (`ActionDispatch::RemoteIp::TRUSTED_PROXIES`): loopback and private networks. */
const TRUSTED_PROXIES = ["127.0.0.0/8", "::1/128", "fc00::/7", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"].map(
  (cidr) => ipaddr.parseCIDR(cidr),
);

/** Rails' `RemoteIp#ips_from`: the header's entries (split at commas and white space) that are single IP addresses. */
function ipsFrom(header: string | undefined): string[] {
  if (header === undefined) return [];
  return header
    .trim()
    .split(/[,\s]+/)
    .filter((entry) => {
      const ip = rubyIp(entry);
      return ip !== null && ip.prefix === (ip.address.kind() === "ipv4" ? 32 : 128);
    });
}

/**
 * Whether `ip` is a trusted proxy. (An IPv4 address node reports mapped into IPv6, `::ffff:127.0.0.1`
 * on a dual-stack socket, is its IPv4 address: Rails' servers report that one.)
 */
function trustedProxy(ip: string): boolean {
  let address = rubyIp(ip)!.address;
  if (address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress()) address = address.toIPv4Address();
  return inRanges(address, TRUSTED_PROXIES);
}

/**
 * `request.remote_ip` (Rails 6.1's `ActionDispatch::RemoteIp`, without its spoofing check): of the
 * `X-Forwarded-For` addresses from the last, then the `Client-Ip` ones, then the peer's, the first
 * that is not a trusted proxy; when all are, the farthest. Entries that are not IP addresses
 * (`unknown`, text a client wrote) are dropped, as Rails drops them.
 */
function clientIp(ex: Exchange): string {
  const peer = ex.remoteAddress ?? "127.0.0.1";
  const remote = ipsFrom(peer).at(-1);
  const ips = [...ipsFrom(ex.header("x-forwarded-for")).reverse(), ...ipsFrom(ex.header("client-ip")).reverse()];
  for (const ip of ips) if (!trustedProxy(ip)) return ip;
  if (remote !== undefined && !trustedProxy(remote)) return remote;
  return ips.at(-1) ?? remote ?? peer;
}

/** Ruby's `Time#to_s` (`Time#to_default_s`): `2026-11-28 14:00:00 +0000`, in the local zone. */
export function rubyTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  const offset = -d.getTimezoneOffset();
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())} ${sign}${p(Math.floor(abs / 60))}${p(abs % 60)}`;
}
