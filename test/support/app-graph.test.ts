// test: a process of its own: what it tests is the process's one module graph of an application,
// which another file's application (a CLI test's, say) would have taken first.
// One application per process (src/support/user-files.ts): every module of the application — the
// routes, the controllers and what they import — is evaluated once and shared, in the process's
// own module graph; a test's own import of a model gets the instance the controllers get. In
// development an edit moves the whole application to a fresh graph, seen by every controller on
// the next request, while packages stay loaded. Both as an ES-module package ("type": "module")
// and as one whose `.ts` files Node takes for CommonJS.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { loadRoutes } from "../../src/index.js";
import { createHandler, type SwitchyardHandler } from "../../src/http/index.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const gallery = path.join(here, "fixtures", "gallery");

interface State {
  photos: string[];
  version: string;
  evaluations: number;
}

async function json(handler: SwitchyardHandler, method: string, pathname: string, form?: string): Promise<State> {
  const res = await handler(
    new Request(`http://localhost${pathname}`, {
      method,
      ...(form === undefined ? {} : { body: form, headers: { "content-type": "application/x-www-form-urlencoded" } }),
    }),
  );
  const text = await res.text();
  assert.equal(res.status, 200, text);
  return JSON.parse(text) as State;
}

test("a model two controllers import is evaluated once, and a test's own import of it is the same module", async () => {
  const model = (await import(
    "./fixtures/gallery/app/models/photo.js"
  )) as typeof import("./fixtures/gallery/app/models/photo.js");
  model.photos.push("seeded by the test");
  const handler = createHandler(await loadRoutes({ root: gallery }), { root: gallery, env: "production" });
  await handler.ready;
  const created = await json(handler, "POST", "/photos", "title=Sunset");
  assert.deepEqual(created.photos, ["seeded by the test", "Sunset"]);
  // Through the other controller: the same list, the same module.
  const listed = await json(handler, "GET", "/comments");
  assert.deepEqual(listed.photos, ["seeded by the test", "Sunset"]);
  assert.equal(listed.evaluations, 1);
  assert.deepEqual(model.photos, ["seeded by the test", "Sunset"]);
});

describe("development: an edit reloads the whole application, packages stay loaded", () => {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-graph-"));
  after(() => fs.rmSync(temp, { recursive: true, force: true }));

  const model = (version: string) => `import { evaluated } from "counter";
evaluated("model");
export const VERSION = ${JSON.stringify(version)};
export const photos: string[] = [];
export function state() {
  return { photos, version: VERSION, evaluations: evaluated("read") };
}
`;

  /** A copy of the gallery with its own model and a package the model imports (which counts its own evaluations). */
  function app(name: string, packageJson: object | null): string {
    const root = path.join(temp, name);
    fs.cpSync(gallery, root, { recursive: true });
    if (packageJson !== null) fs.writeFileSync(path.join(root, "package.json"), JSON.stringify(packageJson));
    const counter = path.join(root, "node_modules", "counter");
    fs.mkdirSync(counter, { recursive: true });
    fs.writeFileSync(path.join(counter, "package.json"), JSON.stringify({ name: "counter", main: "index.js" }));
    fs.writeFileSync(
      path.join(counter, "index.js"),
      `const store = globalThis.counterEvaluations ??= { package: 0, model: 0 };
store.package++;
const key = ${JSON.stringify(name)};
exports.evaluated = (what) => {
  if (what === "model") store.model++;
  return { package: store.package, model: store.model };
};
`,
    );
    fs.writeFileSync(path.join(root, "app", "models", "photo.ts"), model("v1"));
    return root;
  }

  for (const [kind, packageJson] of [
    ["an ES-module package", { name: "gallery", type: "module" }],
    ["a package Node takes for CommonJS", null],
  ] as const) {
    test(`${kind}: both controllers see the edited model on the next request`, async () => {
      (globalThis as { counterEvaluations?: unknown }).counterEvaluations = undefined;
      const root = app(kind.replace(/\W+/g, "-"), packageJson);
      const handler = createHandler(await loadRoutes({ root }), { root, env: "development", logger: false });
      await json(handler, "POST", "/photos", "title=Before");
      const before = (await json(handler, "GET", "/comments")) as unknown as {
        photos: string[];
        version: string;
        evaluations: { package: number; model: number };
      };
      assert.deepEqual(
        [before.version, before.photos, before.evaluations],
        ["v1", ["Before"], { package: 1, model: 1 }],
      );

      // An edit with another size: the stamp (mtime, size, inode) changes even within one clock tick.
      fs.writeFileSync(path.join(root, "app", "models", "photo.ts"), model("v2 edited"));
      const photos = (await json(handler, "GET", "/photos")) as unknown as typeof before;
      const comments = (await json(handler, "GET", "/comments")) as unknown as typeof before;
      assert.equal(photos.version, "v2 edited");
      assert.equal(comments.version, "v2 edited");
      // A fresh graph: the model evaluated once more (its list starts empty), the package not again.
      assert.deepEqual(comments.photos, []);
      assert.deepEqual(comments.evaluations, { package: 1, model: 2 });
      await json(handler, "POST", "/photos", "title=After");
      assert.deepEqual((await json(handler, "GET", "/comments")).photos, ["After"]);
    });
  }
});

test("loading the routes again after an edit reads the edit", async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-graph-again-"));
  try {
    fs.writeFileSync(path.join(root, "package.json"), JSON.stringify({ type: "module" }));
    fs.mkdirSync(path.join(root, "config"));
    const routes = (names: string[]) =>
      `export default (r: any) => {\n${names.map((n) => `  r.get(${JSON.stringify(n)}, { to: "pages#${n}" });\n`).join("")}};\n`;
    fs.writeFileSync(path.join(root, "config", "routes.ts"), routes(["about"]));
    assert.deepEqual(
      (await loadRoutes({ root })).routes.map((r) => r.path),
      ["/about(.:format)"],
    );
    fs.writeFileSync(path.join(root, "config", "routes.ts"), routes(["about", "contact"]));
    assert.deepEqual(
      (await loadRoutes({ root })).routes.map((r) => r.path),
      ["/about(.:format)", "/contact(.:format)"],
    );
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
