// Express 5 written as Express' guide writes a resourceful app: an express.Router() per resource
// (`/photos`, `/admin/users`, `/magazines` with its nested `/:magazine_id/ads`...) mounted with
// app.use(prefix, router), each path registered once with .route(path) and its verbs chained, and
// Rails' optional `(.:format)` as path-to-regexp 8's optional group, `/:id{.:format}`. A resource's
// collection path (`/photos(.:format)`) is an app.route() of its own beside the router: a router
// mounted at `/photos` sees `/photos` but never `/photos.json`. One-segment routes (`/about`) and
// the root are app routes. The action: res.send(route key) (text/html; charset=utf-8).
// Headers as switchyard's adapter sends them: ETag off (app.set("etag", false): Express would hash
// every body; switchyard, like Rails without Rack::ETag, does not) and X-Powered-By off (Express'
// production guide says to disable it; switchyard-express disables it too). Unmatched: Express'
// own 404 (finalhandler's "Cannot GET /x" page), as in switchyard-express.
import http from "node:http";
import express from "express";
import { resourceGroups } from "../table.mjs";

/** An express app with the headers both Express servers send. */
export function expressApp() {
  const app = express();
  app.set("etag", false);
  app.disable("x-powered-by");
  return app;
}

export default function create(table) {
  const app = expressApp();
  for (const group of resourceGroups(table.routes)) {
    const target = group.prefix === "" ? app : express.Router();
    for (const { path, routes } of group.paths) {
      const route = target.route(path.replace("(.:format)", "{.:format}"));
      for (const { method, key } of routes)
        route[method.toLowerCase()]((req, res) => {
          res.send(key);
        });
    }
    if (target !== app) app.use(group.prefix, target);
  }
  return http.createServer(app);
}
