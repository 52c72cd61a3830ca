import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { draw, loadRoutes } from "../../src/index.js";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-draw-"));
after(() => fs.rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string) {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, text);
  return full;
}

const first = path.join(root, "first");
const second = path.join(root, "second");
write(
  "first/api.ts",
  `import { defineRoutes } from "switchyard";\nexport default defineRoutes((r) => { r.resources("users" as string, { only: ["index"] }); });\n`,
);
write("second/api.ts", `export default (r) => { r.resources("decoys", { only: ["index"] }); };\n`);
write("second/admin/reports.mjs", `export default (r) => { r.resources("reports", { only: ["index"] }); };\n`);

test("r.draw evaluates a TypeScript route file in the current scope", () => {
  const set = draw((r) => r.namespace("api", () => r.draw("api")), { drawPaths: [first, second] });
  assert.deepEqual(
    set.routes.map((x) => `${x.name} ${x.path} ${x.reqs}`),
    ["api_users /api/users(.:format) api/users#index"],
  );
});

test("the first directory that holds the file wins; names may contain sub-directories", () => {
  const set = draw(
    (r) => {
      r.draw("api");
      r.draw("admin/reports");
    },
    { drawPaths: [second, first] },
  );
  assert.deepEqual(
    set.routes.map((x) => x.name),
    ["decoys", "reports"],
  );
});

test("a missing file lists every directory searched", () => {
  assert.throws(() => draw((r) => r.draw("nope"), { drawPaths: [first, second] }), {
    name: "ArgumentError",
    message: `Your router tried to #draw the external file nope.ts,\nbut the file was not found in:\n\n * ${first}\n * ${second}`,
  });
});

test("a name that escapes the routes directory is refused", () => {
  write("secret.ts", `export default (r) => { r.get("leak", { to: "x#y" }); };\n`);
  for (const name of ["../secret", path.join(root, "secret"), "./api", ""]) {
    assert.throws(
      () => draw((r) => r.draw(name), { drawPaths: [first] }),
      /route file names are relative to the routes directory/,
    );
  }
});

test("a name that leads out of the routes directory through a symbolic link is refused", () => {
  write("outside/leak.ts", `export default (r) => { r.get("leak", { to: "x#y" }); };\n`);
  write("linked/inner/ok.ts", `export default (r) => { r.get("ok", { to: "x#y" }); };\n`);
  fs.symlinkSync(path.join(root, "outside", "leak.ts"), path.join(root, "linked", "file.ts"));
  fs.symlinkSync(path.join(root, "outside"), path.join(root, "linked", "dir"));
  fs.symlinkSync(path.join(root, "linked", "inner"), path.join(root, "linked", "alias"));
  const linked = path.join(root, "linked");
  for (const name of ["file", "dir/leak"]) {
    assert.throws(() => draw((r) => r.draw(name), { drawPaths: [linked] }), {
      name: "ArgumentError",
      message: new RegExp(`#draw "${name}": route file names are relative to the routes directory`),
    });
  }
  // A link that stays inside the directory is followed.
  assert.deepEqual(
    draw((r) => r.draw("alias/ok"), { drawPaths: [linked] }).routes.map((x) => x.path),
    ["/ok(.:format)"],
  );
  // So is a routes directory that is itself reached through a link.
  fs.symlinkSync(linked, path.join(root, "linked-dir"));
  assert.deepEqual(
    draw((r) => r.draw("inner/ok"), { drawPaths: [path.join(root, "linked-dir")] }).routes.map((x) => x.path),
    ["/ok(.:format)"],
  );
});

test("a route file without a default-exported function is a clear error", () => {
  write("bad/empty.ts", `export const x = 1;\n`);
  assert.throws(
    () => draw((r) => r.draw("empty"), { drawPaths: [path.join(root, "bad")] }),
    /must default-export a declaration function/,
  );
});

test("loadRoutes loads config/routes.ts with its options and route files", async () => {
  write(
    "app/config/routes.ts",
    `import { defineRoutes } from "switchyard";\nexport const options = { defaultUrlOptions: { host: "example.org" } };\nexport default defineRoutes((r) => { r.root("home#index"); r.draw("extra"); });\n`,
  );
  write("app/config/routes/extra.ts", `export default (r) => { r.get("about", { to: "pages#about" }); };\n`);
  const set = await loadRoutes({ root: path.join(root, "app") });
  assert.deepEqual(
    set.routes.map((x) => x.name),
    ["root", "about"],
  );
  assert.deepEqual(set.defaultUrlOptions, { host: "example.org" });
  await assert.rejects(loadRoutes({ root: path.join(root, "nowhere") }), /No routes file found/);
});
