// GET /galleries/:id (its comments are the `commentable` concern's, comments_controller.ts).
import type { ActionContext } from "switchyard/http";
import { h, layout } from "../views/layout.js";

export default {
  show: ({ params, helpers }: ActionContext) =>
    layout(
      `Gallery ${String(params.id)}`,
      `<a href="${h(helpers.gallery_comments_path(String(params.id)))}">Comments</a>`,
    ),
};
