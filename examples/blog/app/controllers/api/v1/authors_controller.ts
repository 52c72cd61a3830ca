// GET /api/v1/authors/:slug.
import type { ActionContext } from "switchyard/http";

export default {
  show: ({ params }: ActionContext) => ({ slug: params.slug }),
};
