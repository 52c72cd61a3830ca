/**
 * A node:http server run as a production server runs: bounded connections and a graceful stop.
 *
 * Timeouts (node's own, checked every `connectionsCheckingInterval`, which node leaves at 30 s; we
 * check every second or faster, so a bound is kept within a second of its value):
 * - `headers`: the time to receive a request's headers (node's `headersTimeout`), answered 408;
 * - `request`: the time to receive the whole request, body included (node's `requestTimeout`; on
 *   Node 20 it covers the body: a body sent a byte at a time is answered 408 and closed);
 * - `keepAlive`: how long an idle keep-alive connection waits for its next request.
 *
 * The defaults are Puma's where Puma has one (first_data_timeout 30 s for the headers,
 * persistent_timeout 20 s for keep-alive); node's own (60 s, 300 s, 5 s) let 300 connections that
 * drip a body hold the server for five minutes. The whole request gets 60 s: enough for an upload
 * on a slow link, short enough that a drip ends.
 *
 * Stopping (SIGTERM, SIGINT or an abort signal): stop accepting, let the requests in flight finish
 * and close each connection as it becomes idle, then resolve 0. Requests still running after
 * `shutdownTimeout` have their connections closed (logged). A second SIGINT/SIGTERM stops at once.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Timeouts {
  /** Milliseconds to receive a request's headers (default 30 s). */
  readonly headers: number;
  /** Milliseconds to receive a whole request, body included (default 60 s). */
  readonly request: number;
  /** Milliseconds an idle keep-alive connection is kept (default 20 s). */
  readonly keepAlive: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { headers: 30_000, request: 60_000, keepAlive: 20_000 };

/** Milliseconds the requests in flight get to finish once a stop is asked (default 30 s, Puma's worker_shutdown_timeout). */
export const DEFAULT_SHUTDOWN_TIMEOUT = 30_000;

export interface ServerOptions {
  readonly port: number;
  readonly host: string;
  readonly timeouts?: Partial<Timeouts>;
  readonly shutdownTimeout?: number;
  /** Stops the server when aborted, as SIGTERM does. */
  readonly signal?: AbortSignal;
  /** The signals that stop the server (default SIGINT and SIGTERM; a cluster worker stops on SIGTERM only). */
  readonly signals?: readonly NodeJS.Signals[];
  /** Called once listening. */
  readonly onListening?: (address: AddressInfo) => void;
  /** Where the server reports what it does when stopping and why it cannot listen. */
  readonly log: (line: string) => void;
}

/**
 * The timeouts with the defaults filled in, or an error message naming the option: each a
 * positive number of milliseconds (0 turns a bound off), the headers' no longer than the request's
 * (node refuses that, as the headers are part of the request).
 */
export function resolveTimeouts(given: Partial<Timeouts> = {}): Timeouts | string {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...definedOnly(given) };
  for (const [name, value] of Object.entries(timeouts)) {
    if (!Number.isFinite(value) || value < 0)
      return `the ${name} timeout must be a number of milliseconds, 0 or more, not ${String(value)}`;
  }
  if (timeouts.request > 0 && timeouts.headers > timeouts.request) {
    return `the headers timeout (${timeouts.headers} ms) cannot be longer than the request timeout (${timeouts.request} ms): the headers are part of the request`;
  }
  return timeouts;
}

function definedOnly(given: Partial<Timeouts>): Partial<Timeouts> {
  return Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
}

/** The `http.createServer` options that bound a connection's time. */
export function serverTimeoutOptions(timeouts: Timeouts): http.ServerOptions {
  const bounds = [timeouts.headers, timeouts.request].filter((t) => t > 0);
  return {
    headersTimeout: timeouts.headers,
    requestTimeout: timeouts.request,
    keepAliveTimeout: timeouts.keepAlive,
    // How often node looks for connections past their headers/request bound: a quarter of the
    // shortest bound, at most every second (node's 30 s default could double a 30 s bound).
    connectionsCheckingInterval: Math.max(50, Math.min(1000, ...bounds.map((t) => t / 4))),
  };
}

/**
 * Serves `listener` on `port`/`host` until stopped; resolves to the exit code: 0 after a stop
 * (graceful or not), 1 when it cannot listen.
 */
export function runServer(listener: http.RequestListener, options: ServerOptions): Promise<number> {
  const timeouts = resolveTimeouts(options.timeouts);
  if (typeof timeouts === "string") throw new RangeError(timeouts);
  const server = http.createServer(serverTimeoutOptions(timeouts), listener);
  const shutdownTimeout = options.shutdownTimeout ?? DEFAULT_SHUTDOWN_TIMEOUT;
  const signals = options.signals ?? ["SIGINT", "SIGTERM"];

  return new Promise<number>((resolve) => {
    let stopping = false;
    let sweep: NodeJS.Timeout | undefined;
    let deadline: NodeJS.Timeout | undefined;
    const unhook = () => {
      for (const signal of signals) process.off(signal, onSignal);
      options.signal?.removeEventListener("abort", stop);
    };
    const finish = (code: number) => {
      clearInterval(sweep);
      clearTimeout(deadline);
      unhook();
      resolve(code);
    };
    const force = (why: string) => {
      options.log(why);
      server.closeAllConnections();
    };
    function stop(): void {
      if (stopping) return;
      stopping = true;
      // close() stops accepting and (node >= 19) closes the idle connections; a connection busy
      // with a request is closed when its response is done, so the sweep closes them as they idle.
      server.close(() => finish(0));
      server.closeIdleConnections();
      sweep = setInterval(() => server.closeIdleConnections(), 25);
      deadline = setTimeout(
        () =>
          force(`requests still running after the shutdown timeout (${shutdownTimeout} ms): closing their connections`),
        shutdownTimeout,
      );
      deadline.unref();
    }
    function onSignal(signal: NodeJS.Signals): void {
      if (stopping) return force(`${signal} again: closing every connection now`);
      options.log(`${signal}: finishing the requests in flight (up to ${shutdownTimeout} ms), then stopping`);
      stop();
    }
    server.once("error", (error: NodeJS.ErrnoException) => {
      options.log(`cannot listen on ${options.host}:${options.port}: ${error.code ?? error.message}`);
      finish(1);
    });
    server.listen(options.port, options.host, () => {
      for (const signal of signals) process.on(signal, onSignal);
      options.onListening?.(server.address() as AddressInfo);
      if (options.signal?.aborted) stop();
      else options.signal?.addEventListener("abort", stop, { once: true });
    });
  });
}
