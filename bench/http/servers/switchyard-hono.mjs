// switchyard's hono middleware (switchyard/hono, docs/contract.md §6) as a Hono app's only middleware on
// @hono/node-server, over the fetch handler; a request no route matches goes on (next()) to hono's 404.
// Assumed API: the module's default (or sole) export takes the handler and returns the middleware.
import { createAdaptorServer } from "@hono/node-server";
import { Hono } from "hono";
import { importSwitchyard, soleExport, switchyardApp } from "../table.mjs";

export default async function create(table) {
  const middleware = soleExport(await importSwitchyard("./hono"), "switchyard/hono");
  const { handler } = await switchyardApp(table);
  const app = new Hono();
  app.use(middleware(handler));
  return createAdaptorServer({ fetch: app.fetch });
}
