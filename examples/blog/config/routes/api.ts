// The JSON API, served on the `api` subdomain. Loaded by `r.draw("api")` in config/routes.ts.
import { defineRoutes } from "switchyard";

export default defineRoutes((r) => {
  r.constraints({ subdomain: "api" }, () => {
    r.namespace("api", { defaults: { format: "json" } }, () => {
      r.namespace("v1", () => {
        r.resources("posts", { only: ["index", "show"] }, () => {
          r.resources("comments", { only: "index" });
        });
        r.resources("authors", { only: "show", param: "slug" });
        r.get("stats", { to: "stats#show" });
      });
      r.options("*path", { to: "preflight#show", as: "preflight" });
    });
  });
});
