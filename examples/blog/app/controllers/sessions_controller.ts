// Signing in and out: GET /login (and /session/sign_in), POST /session, DELETE /session or /logout.
import { Controller } from "switchyard/http";
import { buttonTo, form, layout } from "../views/layout.js";

export default class SessionsController extends Controller {
  new(): string {
    const { session_path, logout_path } = this.helpers;
    return layout(
      "Sign in",
      `${form(session_path(), "post", `<input name="session[email]">`, "Sign in")}\n${buttonTo("Sign out", logout_path(), "delete")}`,
    );
  }

  create(): Response {
    return this.redirectTo(this.helpers.root_path());
  }

  destroy(): Response {
    return this.redirectTo(this.helpers.root_path(), 303);
  }
}
