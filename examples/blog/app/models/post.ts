// The blog's posts, kept in memory: enough for the example to serve forms and redirects.

/** A post: a record (a class instance), so route helpers take its id (`post_path(post)`), as Rails' models. */
export class Post {
  published = false;
  readonly comments: string[] = [];
  constructor(
    readonly id: number,
    public title: string,
    public body: string,
  ) {}
}

const posts = new Map<number, Post>();
let nextId = 1;

/** A post's attributes from a form's `post[...]` params (anything else is ignored, as Rails' strong params would). */
export function postAttributes(params: Record<string, unknown>): { title: string; body: string } {
  const given = params.post;
  const fields = given !== null && typeof given === "object" ? (given as Record<string, unknown>) : {};
  return {
    title: typeof fields.title === "string" ? fields.title : "",
    body: typeof fields.body === "string" ? fields.body : "",
  };
}

export const Posts = {
  all: (): Post[] => [...posts.values()],
  find: (id: unknown): Post | undefined => posts.get(Number(id)),
  create(attributes: { title: string; body: string }): Post {
    const post = new Post(nextId++, attributes.title, attributes.body);
    posts.set(post.id, post);
    return post;
  },
  delete: (id: number): boolean => posts.delete(id),
  /** Back to the two posts the example starts with. */
  reset(): void {
    posts.clear();
    nextId = 1;
    Posts.create({ title: "Hello, switchyard", body: "Rails' routes, in TypeScript." });
    Posts.create({ title: "Forms with _method", body: "A POST that says _method=delete is a DELETE." });
  },
};

Posts.reset();
