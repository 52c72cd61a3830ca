// The action context taken apart: every member an action can destructure from its context
// (`({ params, redirectTo }) => redirectTo(...)`) answers as it does read off the context.
import assert from "node:assert/strict";
import { test } from "node:test";
import { draw } from "../../src/index.js";
import { helpersNamed } from "../route-helpers.js";
import { type ActionContext, createHandler } from "../../src/http/index.js";

const routes = draw((r) => {
  r.resources("photos", { only: ["show", "update"] });
  r.get("photos/:id/away", { to: "photos#away" });
});

const handler = createHandler(routes, {
  env: "production",
  hosts: [],
  controllers: {
    photos: {
      show: ({ params, route, request, method, originalMethod, scriptName, path, header, helpers }: ActionContext) =>
        Response.json({
          id: params.id,
          route: route.name,
          url: request.url,
          method,
          originalMethod,
          scriptName,
          path,
          accept: header("Accept"),
          missing: header("X-Nothing"),
          self: helpersNamed(helpers, "photo_url").photo_url(params.id as string),
        }),
      update: ({ redirectTo, helpers, params }: ActionContext) =>
        redirectTo(helpersNamed(helpers, "photo_path").photo_path(params.id as string), 303),
      away: ({ redirectTo }: ActionContext) => redirectTo("https://elsewhere.example/x"),
    },
  },
});

test("every member of the context works destructured: params, route, request, methods, paths, header, helpers", async () => {
  const res = await handler(new Request("http://shop.example:8080/photos/7", { headers: { accept: "text/html" } }));
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), {
    id: "7",
    route: "photo",
    url: "http://shop.example:8080/photos/7",
    method: "GET",
    originalMethod: "GET",
    scriptName: "",
    path: "/photos/7",
    accept: "text/html",
    missing: null,
    self: "http://shop.example:8080/photos/7",
  });
});

test("redirectTo taken off the context redirects, made absolute from the request, with the given status", async () => {
  const res = await handler(
    new Request("http://shop.example/photos/7", {
      method: "POST",
      body: "_method=patch",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    }),
  );
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "http://shop.example/photos/7");
  assert.match(await res.text(), /You are being <a href="http:\/\/shop\.example\/photos\/7">redirected<\/a>/);

  const away = await handler(new Request("http://shop.example/photos/7/away"));
  assert.equal(away.status, 302);
  assert.equal(away.headers.get("location"), "https://elsewhere.example/x");
});

test("the context's functions are the same function each time they are read, and need no receiver", async () => {
  let seen: unknown[] = [];
  const probe = createHandler(routes, {
    env: "production",
    hosts: [],
    controllers: {
      photos: {
        show: (ctx: ActionContext) => {
          const { header, redirectTo } = ctx;
          seen = [header === ctx.header, redirectTo === ctx.redirectTo, Reflect.apply(header, undefined, ["X-Shelf"])];
          return Reflect.apply(redirectTo, undefined, ["/photos"]);
        },
      },
    },
  });
  const res = await probe(new Request("http://shop.example/photos/1", { headers: { "x-shelf": "b2" } }));
  assert.deepEqual(seen, [true, true, "b2"]);
  assert.equal(res.headers.get("location"), "http://shop.example/photos");
});
