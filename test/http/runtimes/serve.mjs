// Serves app.ts on 127.0.0.1 with the runtime's own server — `Bun.serve` or `Deno.serve` — and
// prints the port it listens on as one JSON line; runtimes.test.ts sends the requests and stops it.
import { handler } from "./app.ts";

const ready = (port) => console.log(JSON.stringify({ port }));
if (typeof Bun !== "undefined") ready(Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: handler }).port);
else Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: ({ port }) => ready(port) }, handler);
