// The admin's posts: a table with delete buttons (DELETE through `_method`), and `restore`.
import { Controller } from "switchyard/http";
import { Posts } from "../../models/post.js";
import { buttonTo, h, layout } from "../../views/layout.js";

export default class AdminPostsController extends Controller {
  index(): string {
    const { admin_post_path } = this.helpers;
    const rows = Posts.all().map((p) => `<tr><td>${h(p.title)}</td><td>${buttonTo("Delete", admin_post_path(p), "delete")}</td></tr>`);
    return layout("Admin: posts", `<table>${rows.join("\n")}</table>`);
  }

  destroy(): Response {
    Posts.delete(Number(this.params.id));
    return this.redirectTo(this.helpers.admin_posts_path(), 303);
  }

  restore(): Response {
    return this.redirectTo(this.helpers.admin_posts_path());
  }
}
