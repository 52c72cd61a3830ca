// switchyard on bare node:http: toNodeListener(createHandler(routes, { controllers })) from
// switchyard/node and switchyard/http (docs/contract.md §6); the app is table.mjs' switchyardApp.
import http from "node:http";
import { importSwitchyard, switchyardApp } from "../table.mjs";

export default async function create(table) {
  const { toNodeListener } = await importSwitchyard("./node");
  const { handler } = await switchyardApp(table);
  return http.createServer(toNodeListener(handler));
}
