// switchyard's fastify plugin (switchyard/fastify, docs/contract.md §6) registered on a Fastify 5 app with no
// routes of its own, over the fetch handler.
// Assumed API: the module's default (or sole) export is the plugin, given { handler } as options.
import Fastify from "fastify";
import { importSwitchyard, soleExport, switchyardApp } from "../table.mjs";

export default async function create(table) {
  const plugin = soleExport(await importSwitchyard("./fastify"), "switchyard/fastify");
  const { handler } = await switchyardApp(table);
  const app = Fastify({ logger: false });
  await app.register(plugin, { handler });
  await app.ready();
  return app.server;
}
