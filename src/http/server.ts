/**
 * A node:http server run as a production server runs: bounded connections and a graceful stop.
 *
 * Timeouts (node's own, checked every `connectionsCheckingInterval`, which node leaves at 30 s; we
 * check every second or faster, so a bound is kept within a second of its value):
 * - `headers`: the time to receive a request's headers (node's `headersTimeout`), answered 408;
 * - `request`: the time to receive the whole request, body included (node's `requestTimeout`; on
 *   Node 20 it covers the body: a body sent a byte at a time is answered 408 and closed);
 * - `keepAlive`: how long an idle keep-alive connection waits for its next request;
 * - `write`: how long a response may wait for the client to take any of it (Puma's
 *   WRITE_TIMEOUT): a client that stops reading is cut, instead of holding its connection and the
 *   response in memory. Node's socket timeout measures it, set to half the bound
 *   (`socketTimeout`): it fires only when no byte was written (or read) for that long, and node
 *   counts a change in what is left to write since the last expiry as progress, so the first
 *   expiry after a stall may pass — a client that stalls is cut between half the bound and the
 *   bound after its last read, never later; the connection is closed then only if it has a
 *   response waiting to be written, not while an action is still working on one.
 *
 * The defaults are Puma's where Puma has one (first_data_timeout 30 s for the headers,
 * persistent_timeout 20 s for keep-alive); node's own (60 s, 300 s, 5 s) let 300 connections that
 * drip a body hold the server for five minutes. The whole request gets 60 s: enough for an upload
 * on a slow link, short enough that a drip ends.
 *
 * Stopping (SIGTERM, SIGINT or an abort signal) has two phases, which a cluster worker is told
 * apart (src/http/cluster.ts: every worker stops accepting before any starts closing connections):
 * 1. stop accepting connections; the open ones are served as before;
 * 2. drain: every response from then on says `Connection: close` (the client opens its next
 *    connection elsewhere, instead of sending a request on one about to close); a connection that
 *    is idle is closed once it has stayed idle `DRAIN_IDLE_GRACE` ms with no byte received, so a
 *    request a client sent just as draining began is answered (with `Connection: close`), not
 *    reset. Once every connection is closed, resolve 0. Requests still running after
 *    `shutdownTimeout` have their connections closed (logged). A second SIGINT/SIGTERM stops at once.
 */
import http from "node:http";
import net, { type AddressInfo } from "node:net";

export interface Timeouts {
  /** Milliseconds to receive a request's headers (default 30 s). */
  readonly headers: number;
  /** Milliseconds to receive a whole request, body included (default 60 s). */
  readonly request: number;
  /** Milliseconds an idle keep-alive connection is kept (default 20 s). */
  readonly keepAlive: number;
  /** Milliseconds a response may wait for the client to take any of it (default 10 s, Puma's WRITE_TIMEOUT). */
  readonly write: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { headers: 30_000, request: 60_000, keepAlive: 20_000, write: 10_000 };

/** Milliseconds a connection idle while draining is kept before it is closed, for a request already on its way. */
const DRAIN_IDLE_GRACE = 100;

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
  /** Called once listening, with the two phases of the stop (a cluster worker runs them as its primary says). */
  readonly onListening?: (address: AddressInfo, stopping: Stopping) => void;
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

/** The stop of a running server, phase by phase (see above); each is idempotent. */
export interface Stopping {
  /** Phase 1: stop accepting connections (a cluster worker leaves the shared socket). */
  stopAccepting(): void;
  /** Phase 2 (after phase 1): answer with `Connection: close`, close idle connections after the grace; `why` is logged. */
  drain(why?: string): void;
  /** Close every connection now (a second signal); `why` is logged. */
  now(why: string): void;
}

/**
 * The socket timeout that keeps the write bound: half of it, since node lets the first expiry
 * after a partial write pass as progress (see `write` above). 0 when the bound is off.
 */
export function socketTimeout(timeouts: Timeouts): number {
  return timeouts.write > 0 ? Math.max(1, Math.ceil(timeouts.write / 2)) : 0;
}

/**
 * Serves `listener` on `port`/`host` until stopped; resolves to the exit code: 0 after a stop
 * (graceful or not), 1 when it cannot listen.
 */
export function runServer(listener: http.RequestListener, options: ServerOptions): Promise<number> {
  const timeouts = resolveTimeouts(options.timeouts);
  if (typeof timeouts === "string") throw new RangeError(timeouts);
  const server = http.createServer(serverTimeoutOptions(timeouts));
  const shutdownTimeout = options.shutdownTimeout ?? DEFAULT_SHUTDOWN_TIMEOUT;
  const signals = options.signals ?? ["SIGINT", "SIGTERM"];
  // Each open connection and its latest response (undefined before its first request): what
  // draining and the write timeout look at. Set once a connection and once a request, nothing more.
  const responses = new Map<net.Socket, http.ServerResponse | undefined>();
  // While draining: when each idle connection was first seen idle, and how many bytes it had read then.
  const idle = new Map<net.Socket, { since: number; bytesRead: number }>();
  let draining = false;
  server.on("connection", (socket: net.Socket) => {
    responses.set(socket, undefined);
    socket.once("close", () => {
      responses.delete(socket);
      idle.delete(socket);
    });
  });
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    responses.set(req.socket, res);
    if (draining) res.shouldKeepAlive = false;
    listener(req, res);
  });
  if (timeouts.write > 0) {
    // Node's socket timeout, with a listener, no longer closes a socket by itself: this decides.
    server.timeout = socketTimeout(timeouts);
    server.on("timeout", (socket: net.Socket) => {
      const res = responses.get(socket);
      if (res === undefined) return; // no request yet: the headers timeout bounds it
      if (res.writableFinished) {
        // the keep-alive timer (node arms it once a response is sent), unless keep-alive is unbounded
        if (timeouts.keepAlive > 0) socket.destroy();
      } else if (socket.writableLength > 0) {
        socket.destroy(); // a response waiting, and the client took none of it for `write` ms
      } // else: the action is still working on its response
    });
  }

  return new Promise<number>((resolve) => {
    let accepting = true;
    let sweep: NodeJS.Timeout | undefined;
    let deadline: NodeJS.Timeout | undefined;
    const unhook = () => {
      for (const signal of signals) process.off(signal, onSignal);
      options.signal?.removeEventListener("abort", onAbort);
    };
    const finish = (code: number) => {
      clearInterval(sweep);
      clearTimeout(deadline);
      unhook();
      // (http's close clears node's timer that checks the headers and request bounds: net's close,
      // below, left it running while draining.)
      if (code === 0) server.close();
      resolve(code);
    };
    const closeIdle = () => {
      const now = Date.now();
      for (const [socket, res] of responses) {
        if (res !== undefined && !res.writableFinished) {
          idle.delete(socket);
          continue;
        }
        const seen = idle.get(socket);
        if (seen === undefined || seen.bytesRead !== socket.bytesRead)
          idle.set(socket, { since: now, bytesRead: socket.bytesRead });
        else if (now - seen.since >= DRAIN_IDLE_GRACE) socket.destroy();
      }
    };
    const stopping: Stopping = {
      stopAccepting() {
        if (!accepting) return;
        accepting = false;
        // net's close, not http's: http's (node >= 19) also closes every idle connection at once,
        // resetting a client that has just sent its next request on one. Resolves once every
        // connection is closed.
        net.Server.prototype.close.call(server, () => finish(0));
      },
      drain(why) {
        stopping.stopAccepting();
        if (draining) return;
        draining = true;
        if (why !== undefined) options.log(why);
        // The responses not yet begun say Connection: close; the connections idle (and those whose
        // response had begun) are closed once idle for the grace.
        for (const res of responses.values()) if (res !== undefined && !res.headersSent) res.shouldKeepAlive = false;
        sweep = setInterval(closeIdle, DRAIN_IDLE_GRACE / 4);
        closeIdle();
        deadline = setTimeout(
          () =>
            stopping.now(
              `requests still running after the shutdown timeout (${shutdownTimeout} ms): closing their connections`,
            ),
          shutdownTimeout,
        );
        deadline.unref();
      },
      now(why) {
        options.log(why);
        stopping.stopAccepting();
        draining = true;
        server.closeAllConnections();
      },
    };
    function onSignal(signal: NodeJS.Signals): void {
      if (draining) return stopping.now(`${signal} again: closing every connection now`);
      stopping.drain(`${signal}: finishing the requests in flight (up to ${shutdownTimeout} ms), then stopping`);
    }
    const onAbort = () => stopping.drain();
    server.once("error", (error: NodeJS.ErrnoException) => {
      options.log(`cannot listen on ${options.host}:${options.port}: ${error.code ?? error.message}`);
      finish(1);
    });
    server.listen(options.port, options.host, () => {
      for (const signal of signals) process.on(signal, onSignal);
      options.onListening?.(server.address() as AddressInfo, stopping);
      if (options.signal?.aborted) stopping.drain();
      else options.signal?.addEventListener("abort", onAbort, { once: true });
    });
  });
}
