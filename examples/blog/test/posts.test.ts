// The blog's posts through its HTML forms, as a Rails integration test drives them: an
// integration session (`openSession` from `switchyard/testing`) posts the forms, follows the
// redirects and keeps the cookies. Run by `npm test`, or alone:
// node --import tsx --test examples/blog/test/posts.test.ts
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { loadRoutes } from "switchyard";
import { createHandler } from "switchyard/http";
import { openSession } from "switchyard/testing";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const handler = createHandler(await loadRoutes({ root }), { root, env: "test" });

test("a post's life: create, show, update with _method=patch, delete with _method=delete", async () => {
  const session = openSession(handler);
  await session.post("/posts", { params: { post: { title: "From a session", body: "Hello" } } });
  session.assertResponse("redirect");
  const location = session.headers.get("location")!;
  session.assertRedirectedTo(/\/posts\/\d+$/);
  await session.followRedirect();
  session.assertResponse("success");
  assert.match(session.body, /From a session/);

  const postPath = new URL(location).pathname;
  await session.post(postPath, { params: { _method: "patch", post: { title: "Renamed", body: "Hello" } } });
  session.assertRedirectedTo(postPath);
  await session.get(postPath);
  assert.match(session.body, /Renamed/);

  await session.post(postPath, { params: { _method: "delete" } });
  session.assertResponse("redirect");
  await session.get(postPath);
  session.assertResponse("missing");
});

test("the posts as JSON, under a locale", async () => {
  const session = openSession(handler);
  await session.get("/nl/posts.json");
  session.assertResponse("success");
  assert.ok(Array.isArray(session.parsedBody));
});
