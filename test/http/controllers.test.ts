// Controllers by convention (docs/contract.md §6): `<root>/app/controllers/<path>_controller.ts`, default-
// exported, loaded on first use with no build step; what an action is (Rails' action_methods);
// and the errors, each naming what was looked for.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { draw, loadRoutes } from "../../src/index.js";
import { Controller, controllerClassName, createHandler } from "../../src/http/index.js";
import { ControllerRegistry } from "../../src/http/controllers.js";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-controllers-"));
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};

write(
  "app/controllers/admin/users_controller.ts",
  `import { Controller } from "switchyard/http";
import { shout } from "../../lib/shout.js";
export default class UsersController extends Controller {
  static loads = 0;
  index(): string {
    return shout("users of " + this.helpers.admin_users_path());
  }
  show(): { id: unknown; typed: number } {
    const n: number = 1;
    return { id: this.params.id, typed: n };
  }
  #secret(): string { return "private"; }
}
`,
);
write("app/lib/shout.ts", `export const shout = (s: string): string => s.toUpperCase();\n`);
write(
  "app/controllers/photos_controller.mjs",
  `let loads = (globalThis.__photosLoads ?? 0) + 1;\nglobalThis.__photosLoads = loads;\nexport default { index: () => "photos (mjs)", loads: () => String(loads) };\n`,
);
write("app/controllers/broken_controller.ts", `export default class { index( { return 1 }\n`);
write("app/controllers/empty_controller.ts", `export const nothing = 1;\nexport default 42;\n`);

const routes = draw((r) => {
  r.namespace("admin", () => r.resources("users", { only: ["index", "show"] }));
  r.resources("photos", { only: "index" });
  r.get("photos/loads", { to: "photos#loads" });
  r.get("ghosts", { to: "ghosts#index" });
  r.get("broken", { to: "broken#index" });
  r.get("empty", { to: "empty#index" });
  r.get("mapped", { to: "admin/users#index" });
  r.get("admin/users/:id/secret", { to: "admin/users#secret" });
  r.get("admin/users/:id/context", { to: "admin/users#context" });
  r.get("admin/users/:id/helpers", { to: "admin/users#helpers" });
});

const errors: unknown[] = [];
const handler = createHandler(routes, { root, env: "development", hosts: [], onError: (e) => errors.push(e) });
const get = async (p: string) => {
  const res = await handler(new Request(`http://example.org${p}`));
  return { status: res.status, body: await res.text() };
};

test("a controller file is loaded on first use, TypeScript with imports, no build step", async () => {
  assert.deepEqual(await get("/admin/users"), { status: 200, body: "USERS OF /ADMIN/USERS" });
  assert.deepEqual(JSON.parse((await get("/admin/users/7")).body), { id: "7", typed: 1 });
  assert.equal((await get("/photos")).body, "photos (mjs)");
  await get("/photos");
  assert.equal((await get("/photos/loads")).body, "1", "loaded once");
});

test("the controllers map wins over a file", async () => {
  const mapped = createHandler(routes, { root, controllers: { "admin/users": { index: () => "from the map" } } });
  assert.equal(await (await mapped(new Request("http://x/admin/users"))).text(), "from the map");
});

test("only a controller's own methods are actions: not private ones, not Controller's, not Object's", async () => {
  for (const p of ["/admin/users/1/secret", "/admin/users/1/context", "/admin/users/1/helpers"]) {
    const got = await get(p);
    assert.equal(got.status, 404, p);
    assert.match(got.body, /could not be found for Admin::UsersController/, p);
  }
});

test("a missing controller: 404, uninitialized constant, the files looked for", async () => {
  const got = await get("/ghosts");
  assert.equal(got.status, 404);
  assert.match(got.body, /uninitialized constant GhostsController/);
  assert.ok(got.body.includes(path.join(root, "app/controllers/ghosts_controller.ts")), "names the file looked for");
  const noRoot = createHandler(routes, { env: "development", hosts: [] });
  assert.match(
    await (await noRoot(new Request("http://x/ghosts"))).text(),
    /no root was given to load app\/controllers\/ghosts_controller\.ts from/,
  );
});

test("a controller file that does not load, or exports no controller: 500 naming it, and the next request is served", async () => {
  errors.length = 0;
  const broken = await get("/broken");
  assert.equal(broken.status, 500);
  assert.match(broken.body, /broken_controller\.ts/);
  const empty = await get("/empty");
  assert.equal(empty.status, 500);
  assert.match(
    empty.body,
    /empty_controller\.ts default-exports 42: a controller file must default-export its controller/,
  );
  assert.equal(errors.length, 2, "onError saw both");
  assert.equal((await get("/photos")).status, 200);
});

test("controller class names as Rails makes them", () => {
  assert.equal(controllerClassName("admin/users"), "Admin::UsersController");
  assert.equal(controllerClassName("api/v1/post_images"), "Api::V1::PostImagesController");
  assert.ok(new (class extends Controller {})({} as never) instanceof Controller);
});

test("the example blog: every route to a controller#action finds it by the convention", async () => {
  const blog = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../examples/blog");
  const routes = await loadRoutes({ root: blog });
  const registry = new ControllerRegistry(undefined, blog);
  const missing: string[] = [];
  let checked = 0;
  for (const route of routes.routes) {
    if (route.endpoint.kind !== "dispatch") continue;
    const { controller, action } = route;
    assert.ok(
      controller !== null && action !== null && !controller.startsWith(":") && !action.startsWith(":"),
      `${route.path}: a fixed controller#action`,
    );
    try {
      registry.action(await registry.controller(controller), action, controller);
      checked++;
    } catch (e) {
      missing.push(`${route.verb} ${route.path} ${controller}#${action}: ${(e as Error).message}`);
    }
  }
  assert.deepEqual(missing, []);
  assert.ok(checked > 60, `${checked} routes checked`);
});
