// Sign-up (resources :users, path: "signup", as: "registrations").
import { Controller } from "switchyard/http";
import { form, layout } from "../views/layout.js";

export default class UsersController extends Controller {
  new(): string {
    return layout("Sign up", form(this.helpers.registrations_path(), "post", `<input name="user[email]">`, "Sign up"));
  }

  create(): Response {
    return this.redirectTo(this.helpers.root_path());
  }
}
