// resources :images, controller: "post_images": an upload form posts here (multipart); DELETE removes.
import { Controller } from "switchyard/http";

export default class PostImagesController extends Controller {
  create(): Response {
    const image = (this.params.image as { file?: unknown } | undefined)?.file;
    const name = image instanceof File ? image.name : "nothing";
    return Response.json({ post: this.params.post_id, received: name }, { status: 201 });
  }

  destroy(): Response {
    return this.redirectTo(this.helpers.posts_path(), 303);
  }
}
