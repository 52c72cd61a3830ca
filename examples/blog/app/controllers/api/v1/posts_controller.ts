// The JSON API on the api subdomain (config/routes/api.ts): values become JSON responses.
import { Posts } from "../../../models/post.js";
import type { ActionContext } from "switchyard/http";

export default {
  index: () =>
    Posts.all()
      .filter((p) => p.published)
      .map(({ id, title }) => ({ id, title })),
  show: (ctx: ActionContext) => {
    const post = Posts.find(ctx.params.id);
    return post === undefined ? Response.json({ error: "not found" }, { status: 404 }) : post;
  },
};
