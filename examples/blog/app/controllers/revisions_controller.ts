// A post's revisions (shallow: /posts/:post_id/revisions, /revisions/:id). `defineController`
// types each action's params from the routes (after `switchyard types`): `params.post_id` is a
// string in `index`, and an action no route reaches would not compile.
import { defineController } from "switchyard/http";

export default defineController<"revisions">({
  index: ({ params }) => ({ post: params.post_id, revisions: [] }),
  show: ({ params }) => ({ revision: params.id }),
});
