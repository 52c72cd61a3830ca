// switchyard's express middleware (switchyard/express, docs/contract.md §6) as an Express 5 app's only
// middleware; a request no route matches goes on (next()) to Express' 404. The app is
// servers/express.mjs' expressApp(): X-Powered-By off, as on the Express baseline.
import http from "node:http";
import { importSwitchyard, soleExport, switchyardApp } from "../table.mjs";
import { expressApp } from "./express.mjs";

export default async function create(table) {
  const middleware = soleExport(await importSwitchyard("./express"), "switchyard/express");
  const { handler } = await switchyardApp(table);
  const app = expressApp();
  app.use(middleware(handler));
  return http.createServer(app);
}
