// Rails 7.1's built-in health check (`rails/health#show`, railties' Rails::HealthController): a
// route to it works with no controller of the application's; the application's own wins.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { draw } from "../../src/index.js";
import { createHandler, HealthController } from "../../src/http/index.js";
import { helpersNamed } from "../route-helpers.js";

// Rails' body, from railties/lib/rails/health_controller.rb (html_status).
const GREEN = `<!DOCTYPE html><html><body style="background-color: green"></body></html>`;
const RED = `<!DOCTYPE html><html><body style="background-color: red"></body></html>`;

const routes = draw((r) => {
  r.get("up", { to: "rails/health#show", as: "rails_health_check" });
  r.get("up/other", { to: "rails/health#index" });
});

const get = async (handler: (request: Request) => Promise<Response>, p: string) => {
  const res = await handler(new Request(`http://localhost${p}`));
  return { status: res.status, type: res.headers.get("content-type"), body: await res.text() };
};

test("rails/health#show answers Rails' green page with 200, in production and development, with or without a root", async () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-health-"));
  for (const options of [{ env: "production" }, { env: "development", root: empty }]) {
    const got = await get(createHandler(routes, options), "/up");
    assert.deepEqual(got, { status: 200, type: "text/html; charset=utf-8", body: GREEN }, JSON.stringify(options));
  }
  assert.equal(helpersNamed(routes.helpers, "rails_health_check_path").rails_health_check_path(), "/up");
});

test("the built-in controller has only Rails' action: another action is 404", async () => {
  const got = await get(createHandler(routes, { env: "production" }), "/up/other");
  assert.equal(got.status, 404);
});

test("an application's own rails/health controller wins: from the controllers map, or from app/controllers", async () => {
  const mapped = createHandler(routes, { controllers: { "rails/health": { show: () => "mine" } } });
  assert.equal((await get(mapped, "/up")).body, "mine");

  const root = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-health-"));
  fs.mkdirSync(path.join(root, "app/controllers/rails"), { recursive: true });
  fs.writeFileSync(
    path.join(root, "app/controllers/rails/health_controller.ts"),
    `export default { show: () => "from the file" };\n`,
  );
  assert.equal((await get(createHandler(routes, { root }), "/up")).body, "from the file");
});

test("a subclass's check that throws or rejects is Rails' red page with 500; one that passes is green", async () => {
  let healthy = true;
  class Checked extends HealthController {
    override async check(): Promise<void> {
      if (!healthy) throw new Error("the database is down");
    }
  }
  const handler = createHandler(routes, { controllers: { "rails/health": Checked } });
  assert.deepEqual(await get(handler, "/up"), { status: 200, type: "text/html; charset=utf-8", body: GREEN });
  healthy = false;
  assert.deepEqual(await get(handler, "/up"), { status: 500, type: "text/html; charset=utf-8", body: RED });
  class Throwing extends HealthController {
    override check(): never {
      throw new Error("synchronously");
    }
  }
  assert.equal((await get(createHandler(routes, { controllers: { "rails/health": Throwing } }), "/up")).status, 500);
});
