// `switchyard routes --unused` (docs/contract.md §7; Rails 7.1's `routes --unused`): the routes
// whose controller file or action is missing, by the serving layer's convention
// (app/controllers/<path>_controller.ts). fixtures/unused-app has photos (index, show) and
// admin/users (index); its routes also lead to photos#create, reports#index and
// admin/users#destroy, and to things with nothing to look up.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { run } from "./run.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const app = path.join(here, "fixtures/unused-app");

const temp = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-unused-"));
after(() => fs.rmSync(temp, { recursive: true, force: true }));

describe("switchyard routes --unused", () => {
  test("prints Rails' Found N unused routes: and the sheet of them, and exits 3", async () => {
    const r = await run("routes", "--unused", "--root", app);
    assert.equal(r.stderr, "");
    assert.equal(
      r.stdout,
      [
        "Found 3 unused routes:",
        "",
        "    Prefix Verb   URI Pattern                Controller#Action",
        "           POST   /photos(.:format)          photos#create",
        "   reports GET    /reports(.:format)         reports#index",
        "admin_user DELETE /admin/users/:id(.:format) admin/users#destroy",
        "",
      ].join("\n"),
    );
    assert.equal(r.code, 3);
  });

  test("passes over redirects, mounts, handlers and :controller/:action segments", async () => {
    const all = (await run("routes", "--root", app)).stdout;
    for (const reqs of ["redirect(301, /photos)", "(anonymous handler)", ":controller#:action", "photos#:action"])
      assert.ok(all.includes(reqs), reqs);
    const unused = (await run("routes", "--unused", "--root", app)).stdout;
    for (const path of ["/pictures", "/up", "/ping", "/legacy", "/photo_actions"])
      assert.ok(!unused.includes(path), path);
  });

  test("-c and -g filter the unused routes; Rails' messages when none is left", async () => {
    const c = await run("routes", "--unused", "-c", "Admin::UsersController", "--root", app);
    assert.equal(
      c.stdout,
      "Found 1 unused route:\n\n    Prefix Verb   URI Pattern                Controller#Action\nadmin_user DELETE /admin/users/:id(.:format) admin/users#destroy\n",
    );
    assert.equal(c.code, 3);
    const g = await run("routes", "--unused", "-g", "reports", "--root", app);
    assert.equal(
      g.stdout,
      "Found 1 unused route:\n\n Prefix Verb URI Pattern        Controller#Action\nreports GET  /reports(.:format) reports#index\n",
    );
    const noneC = await run("routes", "--unused", "-c", "photos/nothing", "--root", app);
    assert.deepEqual([noneC.stdout, noneC.code], ["No unused routes found for this controller.\n", 0]);
    const noneG = await run("routes", "--unused", "-g", "^/up", "--root", app);
    assert.deepEqual([noneG.stdout, noneG.code], ["No unused routes found for this grep pattern.\n", 0]);
  });

  test("-E prints them expanded, with their source locations", async () => {
    const r = await run("routes", "--unused", "-E", "-g", "photos", "--root", app);
    assert.equal(
      r.stdout,
      [
        "Found 1 unused route:",
        "",
        "--[ Route 1 ]" + "-".repeat(67),
        "Prefix            | ",
        "Verb              | POST",
        "URI               | /photos(.:format)",
        "Controller#Action | photos#create",
        "Source Location   | config/routes.ts:7",
        "",
      ].join("\n"),
    );
  });

  test("the example application has a controller and an action for every route it dispatches: No unused routes found., exit 0", async () => {
    const r = await run("routes", "--unused", "--root", path.join(here, "../../examples/blog"));
    assert.deepEqual([r.stdout, r.stderr, r.code], ["No unused routes found.\n", "", 0]);
  });

  test("a controller file that does not load exits 1, naming the error and where it was raised", async () => {
    fs.mkdirSync(path.join(temp, "broken/config"), { recursive: true });
    fs.mkdirSync(path.join(temp, "broken/app/controllers"), { recursive: true });
    fs.writeFileSync(
      path.join(temp, "broken/config/routes.ts"),
      `export default (r: any) => {\n  r.resources("photos", { only: ["index"] });\n};\n`,
    );
    fs.writeFileSync(
      path.join(temp, "broken/app/controllers/photos_controller.ts"),
      `throw new Error("no database");\n`,
    );
    const r = await run("routes", "--unused", "--root", path.join(temp, "broken"));
    assert.equal(r.code, 1);
    assert.equal(r.stdout, "");
    assert.match(
      r.stderr,
      /^switchyard routes --unused: could not load a controller of .*broken\nError: no database \(app\/controllers\/photos_controller\.ts:1\)\n$/,
    );
  });

  test("cannot be combined with --json or --html", async () => {
    for (const other of ["--json", "--html"])
      assert.equal((await run("routes", "--unused", other, "--root", app)).code, 2);
  });
});
