// test: a process of its own: what it tests is the process's one module graph of the blog, which
// another file's application would have taken first (as `node --test` runs each file, so do users).
// The blog as one application: its posts are one model module, shared by every controller and by
// this test's own import of it. A post created through PostsController takes comments through
// CommentsController, and the test seeds and reads the same posts the handler serves.
// Run by `npm test`, or alone: node --import tsx --test examples/blog/test/app.test.ts
import assert from "node:assert/strict";
import path from "node:path";
import { before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { loadRoutes } from "switchyard";
import { createHandler, type SwitchyardHandler } from "switchyard/http";
import { Posts } from "../app/models/post.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
let handler: SwitchyardHandler;

before(async () => {
  handler = createHandler(await loadRoutes({ root }), { root, env: "test", logger: false });
});

const form = (body: string) => ({
  method: "POST",
  body,
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

test("a post created through PostsController takes a comment through CommentsController", async () => {
  const created = await handler(new Request("http://localhost/posts", form("post[title]=Shared&post[body]=One+app")));
  assert.equal(created.status, 302);
  const location = new URL(created.headers.get("location")!);
  const id = location.pathname.split("/").pop()!;
  assert.match(id, /^\d+$/);
  const commented = await handler(new Request(`http://localhost/posts/${id}/comments`, form("comment[body]=First%21")));
  assert.equal(commented.status, 302, await commented.clone().text());
  const page = await (await handler(new Request(`http://localhost/posts/${id}/comments`))).text();
  assert.match(page, /<li>First!<\/li>/);
  // The test's own import of the model is the module the controllers wrote to.
  assert.deepEqual(Posts.find(id)?.comments, ["First!"]);
});

test("a post the test seeds through the model is served by the controllers", async () => {
  const post = Posts.create({ title: "Seeded by the test", body: "Through the model module." });
  const page = await (await handler(new Request(`http://localhost/posts/${post.id}`))).text();
  assert.match(page, /Seeded by the test/);
});
