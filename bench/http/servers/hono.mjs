// Hono on @hono/node-server with its own router (the default SmartRouter: RegExpRouter, else
// TrieRouter): each route registered as `/photos/:id` and, for `(.:format)`, with its last segment
// as one regex parameter, `/photos/:id{[^/.]+\.[^/.]+}` (`/photos/:_f{search\.[^/.]+}` for a
// static one): hono's routers have no `:id.:format`, nor a dot after a static segment.
// The action: c.text(route key).
import { createAdaptorServer } from "@hono/node-server";
import { Hono } from "hono";
import { peerPaths } from "../table.mjs";

/** `/photos/:id` -> `/photos/:id{[^/.]+\.[^/.]+}`; `/photos/search` -> `/photos/:_f{search\.[^/.]+}`. */
function formatVariant(base) {
  const slash = base.lastIndexOf("/");
  const last = base.slice(slash + 1);
  const param = last.startsWith(":") ? `${last}{[^/.]+\\.[^/.]+}` : `:_f{${last}\\.[^/.]+}`;
  return `${base.slice(0, slash + 1)}${param}`;
}

export default function create(table) {
  const app = new Hono();
  for (const route of table.routes) {
    const key = route.key;
    for (const path of peerPaths(route, formatVariant)) app.on(route.method, path, (c) => c.text(key));
  }
  return createAdaptorServer({ fetch: app.fetch });
}
