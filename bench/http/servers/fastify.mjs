// Fastify 5 with its own router (find-my-way): each route registered as `/photos/:id` and, for
// `(.:format)`, `/photos/:id.:format`. The action: reply.send(route key) (text/plain).
import Fastify from "fastify";
import { peerPaths } from "../table.mjs";

export default async function create(table) {
  const app = Fastify({ logger: false });
  for (const route of table.routes) {
    const key = route.key;
    for (const url of peerPaths(route)) app.route({ method: route.method, url, handler: (req, reply) => { reply.send(key); } });
  }
  await app.ready();
  return app.server;
}
