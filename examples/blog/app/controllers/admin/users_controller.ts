// Admin::UsersController (param: "username").
import type { ActionContext } from "switchyard/http";

export default {
  index: () => [{ username: "ada" }],
  show: ({ params }: ActionContext) => ({ username: params.username }),
  destroy: ({ params, helpers }: ActionContext) => ({ deleted: params.username, back: helpers.admin_users_path() }),
};
