// GET /admin: the back office's start page.
import { Controller } from "switchyard/http";
import { Posts } from "../../models/post.js";
import { h, layout } from "../../views/layout.js";

export default class DashboardController extends Controller {
  show(): string {
    const { admin_posts_path, admin_reports_path } = this.helpers;
    return layout(
      "Admin",
      `<p>${Posts.all().length} posts</p>
<a href="${h(admin_posts_path())}">Posts</a> · <a href="${h(admin_reports_path())}">Reports</a>`,
    );
  }
}
