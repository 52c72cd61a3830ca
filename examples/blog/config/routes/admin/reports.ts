// Reports for the back office. Loaded by `r.draw("admin/reports")` inside `r.namespace("admin")`,
// so these routes are admin_reports, /admin/reports, admin/reports#index...
import { defineRoutes } from "switchyard";

export default defineRoutes((r) => {
  r.resources("reports", { only: ["index", "show"] }, () => {
    r.get("export", { on: "member", defaults: { format: "csv" } });
  });
});
