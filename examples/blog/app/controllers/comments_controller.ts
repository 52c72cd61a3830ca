// A post's comments (the `commentable` concern): GET lists them, POST adds one and redirects back.
// `Controller<"comments">`: `this.paramsFor<"index">()` is typed from the routes reaching
// comments#index (under posts and under galleries, so `post_id` may be undefined), and p`...`
// writes a path that `switchyard routes --verify` checks against the routes.
import { p } from "switchyard";
import { Controller } from "switchyard/http";
import { Posts } from "../models/post.js";
import { form, h, layout } from "../views/layout.js";

export default class CommentsController extends Controller<"comments"> {
  index(): string | Response {
    const post = Posts.find(this.paramsFor<"index">().post_id);
    if (post === undefined) return new Response("No such post", { status: 404 });
    const list = post.comments.map((c) => `<li>${h(c)}</li>`).join("");
    const path = this.helpers.post_comments_path({ post_id: post });
    return layout(
      `Comments on ${post.title}`,
      `<ul>${list}</ul>\n${form(path, "post", `<textarea name="comment[body]"></textarea>`, "Comment")}`,
    );
  }

  create(): Response {
    const post = Posts.find(this.paramsFor<"create">().post_id);
    if (post === undefined) return new Response("No such post", { status: 404 });
    const comment = this.params.comment as { body?: unknown } | undefined;
    if (typeof comment?.body === "string" && comment.body !== "") post.comments.push(comment.body);
    return this.redirectTo(p`/posts/${post}/comments`);
  }
}
