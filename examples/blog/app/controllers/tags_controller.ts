// GET /tags/:slug (`param: "slug"`).
import type { ActionContext } from "switchyard/http";
import { layout } from "../views/layout.js";

export default {
  show: ({ params }: ActionContext) => layout(`Tagged ${String(params.slug)}`, "<p>No posts with this tag yet.</p>"),
};
