// Routes to handlers: `recognize` answers the handler and the request's path split at the mount
// point, as Journey's `Router#serve` sets SCRIPT_NAME and PATH_INFO for a mounted Rack app.
// Every expected split below is what Rails 6.1 gave for the same routes (a Rack echo
// app mounted with `mount echo, at: "/blog"`, `mount echo => "/x/:locale/admin"`, `get "getapp",
// to: echo`, `mount echo, at: "/"`), asked through ActionDispatch::Routing::RouteSet#call.
import assert from "node:assert/strict";
import { test } from "node:test";
import { draw } from "../../src/index.js";
import { recognizers, STRATEGIES } from "./factory.js";

const echo = (_request: Request) => new Response("echo");

const declare = (r: Parameters<Parameters<typeof draw>[0]>[0]) => {
  r.mount(echo, { at: "/blog" });
  r.mount({ "/x/:locale/admin": echo, as: "loc" });
  r.get("getapp", { to: echo });
  r.resources("photos", { only: "show" });
  r.mount(echo, { at: "/" });
};

const rec = recognizers(declare);

// [method, path, request script name, SCRIPT_NAME, PATH_INFO, params]
const cases: [string, string, string | undefined, string, string, Record<string, string>][] = [
  ["GET", "/blog", undefined, "/blog", "/", {}],
  ["GET", "/blog/", undefined, "/blog", "/", {}],
  ["GET", "/blog/posts/1?a=1", undefined, "/blog", "/posts/1", {}],
  ["GET", "/blog.json", undefined, "/blog", "/.json", {}],
  ["GET", "/blogx", undefined, "", "/blogx", {}],
  ["POST", "/blog/p", undefined, "/blog", "/p", {}],
  ["HEAD", "/blog/a", undefined, "/blog", "/a", {}],
  ["GET", "/blog/a%2fb", undefined, "/blog", "/a%2Fb", {}],
  ["GET", "/x/en/admin/q", undefined, "/x/en/admin", "/q", { locale: "en" }],
  ["GET", "/getapp", undefined, "", "/getapp", {}],
  ["GET", "/getapp.json", undefined, "", "/getapp.json", { format: "json" }],
  ["GET", "/other/a", undefined, "", "/other/a", {}],
  ["GET", "/blog/a", "/outer", "/outer/blog", "/a", {}],
];

for (const s of STRATEGIES) {
  test(`${s}: a route to a handler answers the handler and Rails' SCRIPT_NAME/PATH_INFO split`, () => {
    for (const [method, path, scriptName, wantScript, wantInfo, params] of cases) {
      const res = rec[s].recognize(method, path, scriptName === undefined ? undefined : { scriptName });
      assert.ok(res !== null && "app" in res, `${method} ${path} reaches a handler`);
      assert.equal(res.app.handler, echo, `${method} ${path}`);
      assert.deepEqual(
        { scriptName: res.app.scriptName, pathInfo: res.app.pathInfo },
        { scriptName: wantScript, pathInfo: wantInfo },
        `${method} ${path}`,
      );
      assert.deepEqual({ ...res.params }, params, `${method} ${path}`);
    }
  });

  test(`${s}: every answer names its route, out of JSON and spread copies`, () => {
    const show = rec[s].recognize("GET", "/photos/1")!;
    assert.deepEqual(
      [show.route.verb, show.route.path, show.route.reqs, show.route.index],
      ["GET", "/photos/:id(.:format)", "photos#show", 3],
    );
    assert.deepEqual(JSON.parse(JSON.stringify(show)), {
      name: "photo",
      params: { controller: "photos", action: "show", id: "1" },
    });
    assert.deepEqual(Object.keys({ ...show }), ["name", "params"]);
    const mount = rec[s].recognize("GET", "/blog/a")!;
    assert.equal(mount.route.path, "/blog");
    assert.deepEqual(JSON.parse(JSON.stringify(mount)), {
      name: null,
      params: {},
      app: { scriptName: "/blog", pathInfo: "/a" },
    });
  });
}

test("the route set's recognize answers the same shape", () => {
  const routes = draw(declare);
  const res = routes.recognize("DELETE", "/blog/posts/1", { scriptName: "/app" });
  assert.ok(res !== null && "app" in res);
  assert.equal(res.route, routes.routes[0]);
  assert.deepEqual({ ...res.app }, { handler: echo, scriptName: "/app/blog", pathInfo: "/posts/1" });
});
