// GET / (root): links to the rest of the blog, made with the route helpers.
import { Controller } from "switchyard/http";
import { h, layout } from "../views/layout.js";

export default class HomeController extends Controller {
  index(): string {
    const { posts_path, about_path, new_post_path, admin_root_path } = this.helpers;
    return layout(
      "Blog",
      `<ul>
<li><a href="${h(posts_path())}">Posts</a> (<a href="${h(new_post_path())}">write one</a>)</li>
<li><a href="${h(about_path())}">About</a></li>
<li><a href="${h(admin_root_path())}">Admin</a></li>
</ul>`,
    );
  }
}
