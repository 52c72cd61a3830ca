// switchyard's express middleware (switchyard/express, SPEC §6) as an Express 5 app's only
// middleware, over the fetch handler; a request no route matches goes on (next()) to express' 404.
// Assumed API: the module's default (or sole) export takes the handler and returns the middleware.
import http from "node:http";
import express from "express";
import { importSwitchyard, soleExport, switchyardApp } from "../table.mjs";

export default async function create(table) {
  const middleware = soleExport(await importSwitchyard("./express"), "switchyard/express");
  const { handler } = await switchyardApp(table);
  const app = express();
  app.use(middleware(handler));
  return http.createServer(app);
}
