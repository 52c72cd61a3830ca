// The admin's posts (`resources :posts, except: [:show]` in the admin namespace): a table with
// edit links and delete buttons (DELETE through `_method`), the new and edit forms (the edit form
// a POST with `_method=patch`), a redirect back to the table after each change, and `restore`.
import { Controller } from "switchyard/http";
import { Posts, postAttributes, type Post } from "../../models/post.js";
import { buttonTo, form, h, layout, postFields } from "../../views/layout.js";

export default class AdminPostsController extends Controller {
  /** The post the request names, or a 404 response. */
  #post(): Post | Response {
    return (
      Posts.find(this.params.id) ??
      new Response(`No post ${String(this.params.id)}`, { status: 404, headers: { "content-type": "text/plain" } })
    );
  }

  index(): string {
    const { admin_post_path, edit_admin_post_path, new_admin_post_path } = this.helpers;
    const rows = Posts.all().map(
      (p) =>
        `<tr><td>${h(p.title)}</td><td><a href="${h(edit_admin_post_path(p))}">Edit</a></td><td>${buttonTo("Delete", admin_post_path(p), "delete")}</td></tr>`,
    );
    return layout(
      "Admin: posts",
      `<table>${rows.join("\n")}</table>\n<a href="${h(new_admin_post_path())}">New post</a>`,
    );
  }

  new(): string {
    return layout("Admin: new post", form(this.helpers.admin_posts_path(), "post", postFields(), "Create"));
  }

  create(): Response {
    Posts.create(postAttributes(this.params));
    return this.redirectTo(this.helpers.admin_posts_path());
  }

  edit(): string | Response {
    const post = this.#post();
    if (post instanceof Response) return post;
    return layout(
      `Admin: edit ${post.title}`,
      form(this.helpers.admin_post_path(post), "patch", postFields(post), "Update"),
    );
  }

  /** PATCH and PUT /admin/posts/:id (Rails routes both to update). */
  update(): Response {
    const post = this.#post();
    if (post instanceof Response) return post;
    Object.assign(post, postAttributes(this.params));
    return this.redirectTo(this.helpers.admin_posts_path());
  }

  destroy(): Response {
    Posts.delete(Number(this.params.id));
    return this.redirectTo(this.helpers.admin_posts_path(), 303);
  }

  restore(): Response {
    return this.redirectTo(this.helpers.admin_posts_path());
  }
}
