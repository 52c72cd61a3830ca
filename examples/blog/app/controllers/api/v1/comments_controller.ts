// GET /api/v1/posts/:post_id/comments on the api subdomain.
import type { ActionContext } from "switchyard/http";
import { Posts } from "../../../models/post.js";

export default {
  index: ({ params }: ActionContext) => Posts.find(params.post_id)?.comments ?? [],
};
