// resources :uploads, module: "media" -> Media::UploadsController.
import type { ActionContext } from "switchyard/http";

export default {
  create: () => new Response(null, { status: 201 }),
  destroy: ({ params }: ActionContext) => ({ deleted: params.id }),
};
