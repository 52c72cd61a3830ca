// scope module: "account", path: "me": the reader's notifications (PATCH read, DELETE clear).
import type { ActionContext } from "switchyard/http";

export default {
  index: () => [],
  destroy: ({ params }: ActionContext) => ({ deleted: params.id }),
  read: ({ params }: ActionContext) => ({ read: params.id }),
  clear: () => undefined,
};
