// GET or POST /search.
import type { ActionContext } from "switchyard/http";
import { Posts } from "../models/post.js";

export default {
  index: ({ params }: ActionContext) => {
    const q = typeof params.q === "string" ? params.q.toLowerCase() : "";
    return Posts.all()
      .filter((p) => p.title.toLowerCase().includes(q))
      .map((p) => p.title);
  },
};
