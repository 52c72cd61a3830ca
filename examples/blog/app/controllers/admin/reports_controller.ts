// Admin::ReportsController, from config/routes/admin/reports.ts; `export` defaults to CSV.
import type { ActionContext } from "switchyard/http";

export default {
  index: () => [{ id: 1, name: "monthly" }],
  show: ({ params }: ActionContext) => ({ id: params.id }),
  export: ({ params }: ActionContext) =>
    new Response(`id,name\n${String(params.id)},monthly\n`, {
      headers: { "content-type": `text/${String(params.format)}` },
    }),
};
