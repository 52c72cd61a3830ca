// Typed helpers: the `.d.ts` that `switchyard types` writes makes wrong helper calls
// compile errors. This renders the types of a fixture app and runs `tsc --noEmit` over a file
// of valid calls and `@ts-expect-error` lines.
import assert from "node:assert/strict";
import path from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { draw, renderHelperTypes } from "../../src/index.js";
import { helperSignatures } from "../../src/generate/declarations.js";
import { COMPILERS, typecheck } from "../types/tsc.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const app = () =>
  draw((r) => {
    r.root("pages#home");
    r.resources("photos", () => {
      r.resources("comments", { only: ["index", "show"] });
    });
    r.scope("(:locale)", () => {
      r.resources("pages", { only: ["show"] });
    });
    r.get("files/*path", { to: "files#show", as: "file" });
    r.resource("profile", { only: ["show"] });
    r.direct("homepage", () => "https://rubyonrails.org");
    r.get("a/:x/b/:x", { to: "a#b", as: "twice" });
  });

const usage = `
import type { RouteSet } from "switchyard";
declare const routes: RouteSet;
const h = routes.helpers;
class Photo { constructor(readonly id: number) {} toParam() { return String(this.id); } }
const s: string[] = [
  h.root_path(),
  h.photos_path({ page: 2 }),
  h.photo_path(1),
  h.photo_path(new Photo(1), { format: "json", anchor: "top" }),
  h.photo_path({ id: 1 }),
  h.photo_url(1, { host: "example.com" }),
  h.photo_comment_path(1, 2),
  h.photo_comment_path(new Photo(1), { id: 2 }),
  h.photo_comment_path(2, { photo_id: 1 }),
  h.photo_comments_path(1),
  h.page_path("about"),
  h.page_path("fr", "about"),
  h.page_path({ id: "about", locale: "fr" }),
  h.file_path(["a", "b"]),
  h.profile_path(),
  h.homepage_url(),
  h.url_for({ controller: "photos", action: "index" }),
  h.polymorphic_path([new Photo(1)]),
  h.route_for("photo", 1),
  h.twice_path(1),
  h.twice_path(1, 2),
  h.twice_path({ x: 1 }),
];
// @ts-expect-error photo_path needs an id
h.photo_path();
// @ts-expect-error an options object without the id does not fill it
h.photo_path({ format: "json" });
// @ts-expect-error photo_comment_path needs two segments
h.photo_comment_path(1);
// @ts-expect-error there is no such helper
h.photograph_path(1);
// @ts-expect-error only show is declared for comments
h.edit_photo_comment_path(1, 2);
// @ts-expect-error route_for takes a route name
h.route_for("nope");
// @ts-expect-error helpers return strings
const n: number = h.photos_path();
export { s, n };
`;

describe("typed helpers", () => {
  it("declare the exact call shapes: some segments by name, the rest by position", () => {
    assert.deepEqual(helperSignatures(["id", "format"], ["id"], new Set()), [
      "(id: Param, options?: UrlOptions): string;",
      "(id: Param, format: Param, options?: UrlOptions): string;",
      '(options: UrlOptions & { "id": Param }): string;',
      '(format: Param, options: UrlOptions & { "id": Param }): string;',
    ]);
  });

  it("number the optimized call's parameters for a segment the path repeats", () => {
    assert.deepEqual(helperSignatures(["x", "format"], ["x"], new Set(), ["x", "x"]).slice(0, 2), [
      "(x: Param, x_2: Param): string;",
      "(x: Param, options?: UrlOptions): string;",
    ]);
  });

  for (const compiler of COMPILERS) {
    it(`make wrong helper calls compile errors (${compiler.name}, tsc --noEmit)`, () => {
      const out = typecheck(compiler, path.join(root, "test", "generate"), renderHelperTypes(app()), [], {
        "usage.ts": usage,
      });
      assert.equal(out, "", out);
    });
  }

  it("name every named route and direct, from the same table as the runtime helpers", () => {
    const routes = app();
    const dts = renderHelperTypes(routes);
    const runtime = Object.keys(routes.helpers).filter((k) => /_(path|url)$/.test(k) && !k.includes("polymorphic"));
    for (const name of runtime) assert.ok(dts.includes(`"${name}":`), name);
    assert.match(dts, /declare module "switchyard" \{\n {2}interface Register \{\n {4}helpers: AppHelpers;/);
  });
});
