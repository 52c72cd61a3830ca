// One server of bench/http in a process of its own: `node --expose-gc server.mjs NAME`, forked by
// bench/http/run.mjs with an IPC channel. Loads servers/NAME.mjs, whose default export builds a
// node:http Server (not yet listening) for the rails-app table, listens on 127.0.0.1 (a free port)
// and tells the parent { ready: port, note } (note: what the module says of itself, e.g. Hono's router), or { skip: reason } when the server's module is missing (a
// switchyard adapter, in a build from before switchyard/http), or { failed: message }. Then answers { heap: true } with the
// memory in use after full collections, and exits on { exit: true } or when the parent goes.
import { setImmediate as tick } from "node:timers/promises";
import { Skip, loadTable } from "./table.mjs";

const name = process.argv[2];
const send = (m) => new Promise((resolve) => process.send(m, resolve));

let server;
try {
  const { default: create } = await import(`./servers/${name}.mjs`);
  server = await create(loadTable());
} catch (e) {
  const missing =
    e instanceof Skip || e?.code === "ERR_MODULE_NOT_FOUND" || e?.code === "ERR_PACKAGE_PATH_NOT_EXPORTED";
  await send(missing ? { skip: e.message.split("\n")[0] } : { failed: e?.stack ?? String(e) });
  process.exit(0);
}
// Idle keep-alive sockets of a finished load run must not hold the process, nor time out mid-run.
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => send({ ready: server.address().port, note: server.note }));
server.on("error", async (e) => {
  await send({ failed: e.stack });
  process.exit(1);
});

/** heapUsed after collections: V8's gc() runs a full mark-compact; a few, a tick apart, let finalizers and weak callbacks settle. */
async function heap() {
  for (let i = 0; i < 4; i++) {
    globalThis.gc();
    await tick();
  }
  const m = process.memoryUsage();
  return {
    heapUsed: m.heapUsed,
    heapTotal: m.heapTotal,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
    rss: m.rss,
  };
}

process.on("message", async (m) => {
  if (m.heap) await send({ heap: await heap() });
  // The CPU time this process has used (µs, user + system): per request, what a server costs
  // whatever else the machine runs (requests/s on a shared machine move with its neighbours).
  if (m.cpu) {
    const c = process.cpuUsage();
    await send({ cpu: c.user + c.system });
  }
  if (m.exit) server.close(() => process.exit(0)), server.closeAllConnections?.();
});
process.on("disconnect", () => process.exit(0));
