// resources :posts: the seven actions, with forms that use `_method`, redirects after each change
// (Rails' redirect_to), and the member/collection routes. The routes sit under an optional
// `(:locale)` scope, so helpers get the id by name (`post_path({ id: post })`): a positional
// argument would fill `:locale` first, as in Rails.
import { p } from "switchyard";
import { Controller } from "switchyard/http";
import { Posts, postAttributes, type Post } from "../models/post.js";
import { buttonTo, form, h, layout, postFields } from "../views/layout.js";

export default class PostsController extends Controller {
  /** The post the request names, or a 404 response. */
  #post(): Post | Response {
    return (
      Posts.find(this.params.id) ??
      new Response(`No post ${String(this.params.id)}`, { status: 404, headers: { "content-type": "text/plain" } })
    );
  }

  index(): string | Post[] {
    if (this.params.format === "json") return Posts.all();
    const { post_path, new_post_path } = this.helpers;
    const items = Posts.all()
      .map((p) => `<li><a href="${h(post_path({ id: p }))}">${h(p.title)}</a></li>`)
      .join("\n");
    return layout("Posts", `<ul>\n${items}\n</ul>\n<a href="${h(new_post_path())}">New post</a>`);
  }

  show(): string | Response | Post {
    const post = this.#post();
    if (post instanceof Response) return post;
    if (this.params.format === "json") return post;
    const { edit_post_path, post_path, publish_post_path, post_comments_path } = this.helpers;
    return layout(
      post.title,
      `<p>${h(post.body)}</p>
<a href="${h(edit_post_path({ id: post }))}">Edit</a>
${buttonTo("Delete", post_path({ id: post }), "delete")}
${post.published ? buttonTo("Unpublish", publish_post_path({ id: post }), "delete") : buttonTo("Publish", publish_post_path({ id: post }), "post")}
<a href="${h(post_comments_path({ post_id: post }))}">Comments (${post.comments.length})</a>`,
    );
  }

  new(): string {
    return layout("New post", form(this.helpers.posts_path(), "post", postFields(), "Create"));
  }

  create(): Response {
    const post = Posts.create(postAttributes(this.params));
    return this.redirectTo(this.helpers.post_path({ id: post }));
  }

  edit(): string | Response {
    const post = this.#post();
    if (post instanceof Response) return post;
    return layout(
      `Edit ${post.title}`,
      form(this.helpers.post_path({ id: post }), "patch", postFields(post), "Update"),
    );
  }

  update(): Response {
    const post = this.#post();
    if (post instanceof Response) return post;
    Object.assign(post, postAttributes(this.params));
    return this.redirectTo(this.helpers.post_path({ id: post }));
  }

  destroy(): Response {
    const post = this.#post();
    if (post instanceof Response) return post;
    Posts.delete(post.id);
    return this.redirectTo(p("/posts"), 303);
  }

  drafts(): string {
    const drafts = Posts.all().filter((p) => !p.published);
    return layout("Drafts", `<ul>${drafts.map((p) => `<li>${h(p.title)}</li>`).join("")}</ul>`);
  }

  search(): string {
    const q = typeof this.params.q === "string" ? this.params.q.toLowerCase() : "";
    const found = Posts.all().filter((p) => p.title.toLowerCase().includes(q));
    return layout(`Search: ${q}`, `<ul>${found.map((p) => `<li>${h(p.title)}</li>`).join("")}</ul>`);
  }

  publish(): Response {
    return this.#publish(true);
  }

  unpublish(): Response {
    return this.#publish(false);
  }

  #publish(published: boolean): Response {
    const post = this.#post();
    if (post instanceof Response) return post;
    post.published = published;
    return this.redirectTo(this.helpers.post_path({ id: post }));
  }

  preview(): string {
    return layout("Preview", `<p>${h(postAttributes(this.params).body)}</p>`);
  }
}
