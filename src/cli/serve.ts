/**
 * `switchyard serve [--root DIR] [--port N] [--host H] [--env NAME]`: serves an application
 * directory on node:http — its routes from `config/routes.ts`, its controllers from
 * `app/controllers/<path>_controller.ts` — as `bin/rails server` does (port 3000 and `localhost`
 * by default). Prints the address it listens on, and stops gracefully on SIGINT/SIGTERM (or
 * `io.signal`); with workers, SIGUSR1 replaces them one at a time. The server itself (timeouts,
 * the graceful stop) is src/http/server.ts; the workers of `--workers N` (or `WEB_CONCURRENCY`)
 * and their phased restart are src/http/cluster.ts; bin/switchyard.js ends the process once
 * `serve` returns.
 */
import cluster from "node:cluster";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ParseArgsConfig } from "node:util";
import { createHandler } from "../http/create-handler.js";
import { environment } from "../http/dispatcher.js";
import { toNodeListener } from "../http/adapters/node.js";
import { withStaticFiles } from "../http/static-files.js";
import { followPrimary, parseWorkers, runCluster } from "../http/cluster.js";
import { packageFile } from "../support/own-files.js";
import {
  DEFAULT_SHUTDOWN_TIMEOUT,
  DEFAULT_TIMEOUTS,
  resolveTimeouts,
  runServer,
  type Stopping,
  type Timeouts,
} from "../http/server.js";
import type { RouteSet } from "../index.js";

export const SERVE_USAGE = `switchyard serve [--root DIR] [--port N] [--host HOST] [--env NAME] [--static] [--workers N] [--*-timeout S] [--quiet]
      --root DIR         The application's directory: config/routes.ts, app/controllers/ (default: the current directory)
  -p, --port N           The port to listen on (default: 3000; 0 picks a free one)
  -b, --host HOST        The address to bind (default: localhost)
  -e, --env NAME         development (the routing error and exception pages, /rails/info/routes) or production
                         (default: NODE_ENV, else development)
      --static           Serve the files of public/ before routing, as ActionDispatch::Static (always in development;
                         in production with this flag or a non-empty SWITCHYARD_SERVE_STATIC_FILES)
  -q, --quiet            No request log (Rails' Started/Processing/Completed lines in development, one line a request otherwise)
  -w, --workers N        Run N worker processes (node's cluster module), restarting one that dies; auto: one
                         per core; 0: serve in this process (default: WEB_CONCURRENCY, else 0)
      --headers-timeout S    Seconds to receive a request's headers, else 408 (default: ${DEFAULT_TIMEOUTS.headers / 1000})
      --request-timeout S    Seconds to receive a whole request, body included, else 408 (default: ${DEFAULT_TIMEOUTS.request / 1000})
      --keep-alive-timeout S Seconds an idle keep-alive connection is kept open (default: ${DEFAULT_TIMEOUTS.keepAlive / 1000})
      --write-timeout S      Seconds a response may wait for a client that reads none of it, else it is cut (default: ${DEFAULT_TIMEOUTS.write / 1000})
      --shutdown-timeout S   Seconds the requests in flight get to finish on SIGTERM/SIGINT (default: ${DEFAULT_SHUTDOWN_TIMEOUT / 1000});
                             with --workers, SIGUSR1 replaces the workers one at a time (a phased restart)
`;

export const SERVE_OPTIONS = {
  port: { type: "string", short: "p" },
  host: { type: "string", short: "b" },
  env: { type: "string", short: "e" },
  root: { type: "string" },
  quiet: { type: "boolean", short: "q" },
  static: { type: "boolean" },
  workers: { type: "string", short: "w" },
  "headers-timeout": { type: "string" },
  "request-timeout": { type: "string" },
  "keep-alive-timeout": { type: "string" },
  "write-timeout": { type: "string" },
  "shutdown-timeout": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const satisfies ParseArgsConfig["options"];

export interface ServeIO {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  /** Stops the server when aborted (tests); SIGINT and SIGTERM stop it too. */
  signal?: AbortSignal;
}

/** Parses `--port`: an integer 0-65535, or an error message. */
export function parsePort(value: string | undefined): number | string {
  if (value === undefined) return 3000;
  if (!/^\d+$/.test(value) || Number(value) > 65535)
    return `--port must be a number from 0 to 65535, not ${JSON.stringify(value)}`;
  return Number(value);
}

/** How `serve` runs: its workers (0: in this process), connection timeouts and shutdown deadline, in milliseconds. */
export interface Running {
  workers: number;
  timeouts: Timeouts;
  shutdownTimeout: number;
}

/** Reads `--workers` (else `WEB_CONCURRENCY`), the timeouts (seconds) and `--shutdown-timeout`; an error message for a bad value. */
export function parseRunning(
  values: {
    workers?: string | undefined;
    "headers-timeout"?: string | undefined;
    "request-timeout"?: string | undefined;
    "keep-alive-timeout"?: string | undefined;
    "write-timeout"?: string | undefined;
    "shutdown-timeout"?: string | undefined;
  },
  env: NodeJS.ProcessEnv,
): Running | string {
  const given = values.workers ?? env.WEB_CONCURRENCY;
  const workers =
    given === undefined || given === ""
      ? 0
      : parseWorkers(given, values.workers !== undefined ? "--workers" : "WEB_CONCURRENCY");
  if (typeof workers === "string") return workers;
  const ms: Record<string, number | undefined> = {};
  for (const name of [
    "headers-timeout",
    "request-timeout",
    "keep-alive-timeout",
    "write-timeout",
    "shutdown-timeout",
  ] as const) {
    const value = values[name];
    if (value === undefined) continue;
    if (!/^\d+(?:\.\d+)?$/.test(value))
      return `--${name} must be a number of seconds (0 turns it off), not ${JSON.stringify(value)}`;
    ms[name] = Number(value) * 1000;
  }
  const timeouts = resolveTimeouts({
    headers: ms["headers-timeout"],
    request: ms["request-timeout"],
    keepAlive: ms["keep-alive-timeout"],
    write: ms["write-timeout"],
  });
  if (typeof timeouts === "string")
    return `${timeouts.replace(/the (\w+(?:Alive)?) timeout/g, (_, n: string) => `--${n === "keepAlive" ? "keep-alive" : n}-timeout`)}`;
  return { workers, timeouts, shutdownTimeout: ms["shutdown-timeout"] ?? DEFAULT_SHUTDOWN_TIMEOUT };
}

export interface ServeOptions extends Partial<Running> {
  root: string;
  port: number;
  host: string;
  env: string | undefined;
  /** No request log. */
  quiet?: boolean;
  /** Serve `<root>/public` before routing (`switchyard/static`). */
  static?: boolean;
  /** The `serve` arguments, for the workers to run with (the primary loads the routes, each worker serves them). */
  argv?: readonly string[];
}

/** Serves `routes` until stopped; resolves to the exit code (0 after a clean stop, 1 when it cannot listen). */
export async function serve(routes: RouteSet, options: ServeOptions, io: ServeIO): Promise<number> {
  const workers = options.workers ?? 0;
  const shutdownTimeout = options.shutdownTimeout ?? DEFAULT_SHUTDOWN_TIMEOUT;
  const log = (line: string) => io.stderr.write(`switchyard serve: ${line}\n`);
  const banner = ({ address, port }: { address: string; port: number }, extra = "") => {
    const shown = address.includes(":") ? `[${address}]` : address;
    io.stdout.write(
      `switchyard serve: ${path.relative(process.cwd(), options.root) || "."} on http://${shown}:${port} (${routes.routes.length} routes${extra})\n`,
    );
  };
  if (workers > 0 && cluster.isPrimary) {
    const args = ["serve", ...(options.argv ?? [])];
    return runCluster({
      workers,
      // The command each worker runs: this package's bin (from dist/ or src/ alike).
      exec: packageFile("bin/switchyard.js"),
      args,
      shutdownTimeout,
      log,
      onListening: (a) => banner(a, `, ${workers} worker${workers === 1 ? "" : "s"}`),
      ...(io.signal ? { signal: io.signal } : {}),
    });
  }
  const logger = options.quiet ? false : (line: string) => io.stdout.write(`${line}\n`);
  const handler = createHandler(routes, {
    root: options.root,
    logger,
    // (Named, never left to the handler: a bare `serve` is development, with its host check.)
    env: environment(options.env),
  });
  const worker = cluster.isWorker;
  // In production every controller loads before the server listens (Rails' eager_load): a file
  // that does not load stops the boot, naming it, and no request pays for loading.
  try {
    await handler.ready;
  } catch (error) {
    const shown = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    log(`${worker ? `worker ${process.pid}: ` : ""}could not load the application\n${shown}`);
    if (worker) process.exit(1);
    return 1;
  }
  // A worker stops on SIGTERM, which its primary forwards; it ignores the SIGINT Ctrl-C sends the whole process group.
  if (worker) process.on("SIGINT", () => {});
  // (Without a public/ at start, requests keep the node adapter's direct path: no WHATWG objects.)
  const publicDir = path.join(options.root, "public");
  const served = options.static && fs.existsSync(publicDir) ? withStaticFiles(handler, publicDir) : handler;
  const code = await runServer(toNodeListener(served), {
    port: options.port,
    host: options.host,
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    shutdownTimeout,
    log: worker ? (line) => log(`worker ${process.pid}: ${line}`) : log,
    // A worker runs its stop's phases as the primary says (src/http/cluster.ts); a SIGTERM sent to
    // it alone (as to one Puma worker) stops it at once, and its primary replaces it.
    ...(worker
      ? { signals: ["SIGTERM"], onListening: (_: AddressInfo, stopping: Stopping) => followPrimary(stopping) }
      : { onListening: (a: AddressInfo) => banner(a) }),
    ...(io.signal ? { signal: io.signal } : {}),
  });
  // A worker exits with the code (its primary reads it): the IPC channel would keep it alive, and
  // node's cluster makes a worker that disconnects exit 0 whatever went wrong.
  if (worker) process.exit(code);
  return code;
}
