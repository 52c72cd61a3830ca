// A fetch-style handler (`(Request) => Response`) behind node:http on 127.0.0.1, on a free port.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FetchHandler = (request: Request) => Response | Promise<Response>;

export interface Served {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  close(): Promise<void>;
}

export async function serve(handler: FetchHandler): Promise<Served> {
  const server = http.createServer(async (req, res) => {
    try {
      const response = await handler(new Request(new URL(req.url ?? "/", "http://127.0.0.1"), { method: req.method }));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    }),
  };
}
