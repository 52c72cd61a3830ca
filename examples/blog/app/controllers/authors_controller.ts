// /writers (resources :authors, path: "writers") and a nested followers route.
import type { ActionContext } from "switchyard/http";
import { h, layout } from "../views/layout.js";

const AUTHORS = ["ada", "grace"];

export default {
  index: ({ helpers }: ActionContext) =>
    layout(
      "Writers",
      `<ul>${AUTHORS.map((a) => `<li><a href="${h(helpers.author_path({ id: a }))}">${h(a)}</a></li>`).join("")}</ul>`,
    ),
  show: ({ params }: ActionContext) => layout(`Writer ${String(params.id)}`, ""),
  followers: ({ params }: ActionContext) => ({ author: params.author_id, followers: [] }),
};
