// Fastify 5 with its own router (find-my-way), written as Fastify's docs write routes: each route
// registered with app.route(), `/photos/:id` and, for Rails' optional `(.:format)`, a second route
// `/photos/:id.:format` (find-my-way's multi-parametric segment; it has no optional-dot syntax, so
// this is Fastify's way to say it). The action: reply.type(HTML).send(route key), the same
// content-type switchyard gives an action's string (reply.send alone would say text/plain).
// Unmatched: Fastify's own 404 (JSON), as in switchyard-fastify.
import Fastify from "fastify";
import { HTML, peerPaths } from "../table.mjs";

export default async function create(table) {
  const app = Fastify({ logger: false });
  for (const route of table.routes) {
    const key = route.key;
    for (const url of peerPaths(route))
      app.route({
        method: route.method,
        url,
        handler: (req, reply) => {
          reply.type(HTML).send(key);
        },
      });
  }
  await app.ready();
  return app.server;
}
