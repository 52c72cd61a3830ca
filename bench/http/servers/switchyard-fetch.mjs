// switchyard's fetch handler on node:http through WHATWG objects: toNodeListener given a plain
// function around the handler, so each request is made a Request and each answer a Response (the
// node adapter's direct path, which switchyard-node takes, is not). Not in the default run: it
// measures what the direct path saves (`--only switchyard-node,switchyard-fetch`).
import http from "node:http";
import { importSwitchyard, switchyardApp } from "../table.mjs";

export default async function create(table) {
  const { toNodeListener } = await importSwitchyard("./node");
  const { handler } = await switchyardApp(table);
  return http.createServer(toNodeListener((request) => handler(request)));
}
