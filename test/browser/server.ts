// The application served for real: switchyard's handler through its node:http adapter, on
// 127.0.0.1 on a free port.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createHandler } from "switchyard/http";
import { toNodeListener } from "switchyard/node";
import type { RouteSet } from "switchyard";

export interface Served {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  close(): Promise<void>;
}

/** Serves `routes` in development (the routing error page, `/rails/info/routes`), controllers from `root`'s app/controllers. */
export async function serveApp(routes: RouteSet, root: string): Promise<Served> {
  const server = http.createServer(toNodeListener(createHandler(routes, { env: "development", root })));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
