// A post's revisions (shallow: /posts/:post_id/revisions, /revisions/:id).
import type { ActionContext } from "switchyard/http";

export default {
  index: ({ params }: ActionContext) => ({ post: params.post_id, revisions: [] }),
  show: ({ params }: ActionContext) => ({ revision: params.id }),
};
