// GET /feed, with the default format "atom".
import type { ActionContext } from "switchyard/http";
import { Posts } from "../models/post.js";
import { h } from "../views/layout.js";

export default {
  show: ({ params, helpers }: ActionContext) => {
    const entries = Posts.all()
      .map((p) => `<entry><title>${h(p.title)}</title><link href="${h(helpers.post_url({ id: p }))}"/></entry>`)
      .join("");
    return new Response(`<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom">${entries}</feed>`, {
      headers: { "content-type": `application/${String(params.format)}+xml` },
    });
  },
};
