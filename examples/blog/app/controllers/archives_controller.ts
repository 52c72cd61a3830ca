// GET /archive/:year(/:month), constrained to four and two digits: `year` is always a string,
// `month` may be left out (typed `string | undefined` after `switchyard types`).
import type { ActionContext } from "switchyard/http";

export default {
  show: ({ params }: ActionContext<"archives#show">) => ({ year: params.year, month: params.month ?? null, posts: [] }),
};
