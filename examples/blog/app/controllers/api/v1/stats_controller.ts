// GET /api/v1/stats.
import { Posts } from "../../../models/post.js";

export default {
  show: () => ({ posts: Posts.all().length }),
};
