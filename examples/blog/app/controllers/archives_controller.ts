// GET /archive/:year(/:month), constrained to four and two digits.
import type { ActionContext } from "switchyard/http";

export default {
  show: ({ params }: ActionContext) => ({ year: params.year, month: params.month ?? null, posts: [] }),
};
