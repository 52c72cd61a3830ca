/**
 * `switchyard serve [--root DIR] [--port N] [--host H] [--env NAME]`: serves an application
 * directory on node:http — its routes from `config/routes.ts`, its controllers from
 * `app/controllers/<path>_controller.ts` — as `bin/rails server` does (port 3000 and `localhost`
 * by default). Prints the address it listens on, and stops on SIGINT/SIGTERM (or `io.signal`).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ParseArgsConfig } from "node:util";
import { createHandler } from "../http/create-handler.js";
import { toNodeListener } from "../http/adapters/node.js";
import type { RouteSet } from "../index.js";

export const SERVE_USAGE = `switchyard serve [--root DIR] [--port N] [--host HOST] [--env NAME] [--quiet]
      --root DIR         The application's directory: config/routes.ts, app/controllers/ (default: the current directory)
  -p, --port N           The port to listen on (default: 3000; 0 picks a free one)
  -b, --host HOST        The address to bind (default: localhost)
  -e, --env NAME         development (the routing error and exception pages, /rails/info/routes) or production
                         (default: NODE_ENV, else development)
  -q, --quiet            No request log (Rails' Started/Processing/Completed lines in development, one line a request otherwise)
`;

export const SERVE_OPTIONS = {
  port: { type: "string", short: "p" },
  host: { type: "string", short: "b" },
  env: { type: "string", short: "e" },
  root: { type: "string" },
  quiet: { type: "boolean", short: "q" },
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
  if (!/^\d+$/.test(value) || Number(value) > 65535) return `--port must be a number from 0 to 65535, not ${JSON.stringify(value)}`;
  return Number(value);
}

/** Serves `routes` until stopped; resolves to the exit code (0 after a clean stop, 1 when it cannot listen). */
export function serve(routes: RouteSet, options: { root: string; port: number; host: string; env: string | undefined; quiet?: boolean }, io: ServeIO): Promise<number> {
  const logger = options.quiet ? false : (line: string) => io.stdout.write(`${line}\n`);
  const handler = createHandler(routes, { root: options.root, logger, ...(options.env !== undefined ? { env: options.env } : {}) });
  const server = http.createServer(toNodeListener(handler));
  return new Promise<number>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop).off("SIGTERM", stop);
      server.close(() => resolve(0));
      server.closeAllConnections();
    };
    server.once("error", (error: NodeJS.ErrnoException) => {
      io.stderr.write(`switchyard serve: cannot listen on ${options.host}:${options.port}: ${error.code ?? error.message}\n`);
      process.off("SIGINT", stop).off("SIGTERM", stop);
      resolve(1);
    });
    server.listen(options.port, options.host, () => {
      const { address, port } = server.address() as AddressInfo;
      const shown = address.includes(":") ? `[${address}]` : address;
      io.stdout.write(`switchyard serve: ${path.relative(process.cwd(), options.root) || "."} on http://${shown}:${port} (${routes.routes.length} routes)\n`);
      process.on("SIGINT", stop).on("SIGTERM", stop);
      if (io.signal?.aborted) stop();
      io.signal?.addEventListener("abort", stop, { once: true });
    });
  });
}
