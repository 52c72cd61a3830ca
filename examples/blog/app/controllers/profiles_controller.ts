// resource :profile (singular): show, edit (a PATCH form), update, and PUT /profile/avatar.
import { Controller } from "switchyard/http";
import { form, layout } from "../views/layout.js";

let name = "Reader";

export default class ProfilesController extends Controller {
  show(): string {
    return layout(`Profile of ${name}`, `<a href="${this.helpers.edit_profile_path()}">Edit</a>`);
  }

  edit(): string {
    return layout("Edit profile", form(this.helpers.profile_path(), "patch", `<input name="profile[name]">`, "Save"));
  }

  update(): Response {
    const given = (this.params.profile as { name?: unknown } | undefined)?.name;
    if (typeof given === "string" && given !== "") name = given;
    return this.redirectTo(this.helpers.profile_path());
  }

  avatar(): undefined {
    return undefined; // 204
  }
}
