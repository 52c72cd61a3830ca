// Hono on @hono/node-server, written as Hono's docs write routes: `new Hono()` with its default
// router (SmartRouter, which keeps the first of RegExpRouter and TrieRouter that accepts the
// table), every route registered once with app.on(method, path). Hono has no `.:format` nor an
// optional dot (its optional parameter, `:format?`, is a whole segment), so Rails' `(.:format)`
// goes into the last segment's parameter as a regexp, the shape its docs give for a parameter
// with a pattern: `/photos/:id{[^/.]+(?:\.[^/.]+)?}` (the id and the format in one parameter,
// which an action reading it would split) and, for a last segment that is static,
// `/photos/:_{search(?:\.[^/.]+)?}`. The action: c.html(route key) (text/html; charset=UTF-8,
// the same content-type switchyard gives an action's string). Unmatched: Hono's own 404, as in
// switchyard-hono. The router SmartRouter chose is reported (`note`).
import { createAdaptorServer } from "@hono/node-server";
import { Hono } from "hono";

/** Rails' `/photos/:id(.:format)` in Hono's syntax: the optional format inside the last segment's parameter. */
export function honoPath(railsPath) {
  if (!railsPath.endsWith("(.:format)")) return railsPath;
  const base = railsPath.slice(0, -"(.:format)".length);
  const slash = base.lastIndexOf("/");
  const last = base.slice(slash + 1).replace(/[.*+?^$()[\]{}|\\-]/g, "\\$&");
  const format = "(?:\\.[^/.]+)?";
  const param = last.startsWith(":") ? `${last}{[^/.]+${format}}` : `:_{${last}${format}}`;
  return `${base.slice(0, slash + 1)}${param}`;
}

export default async function create(table) {
  const app = new Hono();
  for (const route of table.routes) {
    const key = route.key;
    app.on(route.method, honoPath(route.path), (c) => c.html(key));
  }
  // SmartRouter picks its router at the first request; ask one so the choice can be reported.
  await app.request("/");
  const server = createAdaptorServer({ fetch: app.fetch });
  server.note = `${app.router.name}; ${table.routes.filter((r) => honoPath(r.path).includes("{")).length} of ${table.routes.length} routes with a regexp parameter`;
  return server;
}
