// Route paths without the DSL: the path a declared route gets from its scope's path, its action
// or path, the path names and its format (cases from the conformance fixtures' sheets).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  actionPath,
  type ActionPathInput,
  fullPath,
  hasFormatSuffix,
  lastFullPath,
  pathForAction,
  shorthandTo,
} from "../../src/dsl/paths.js";

const NAMES = { new: "new", edit: "edit" };
const at = (input: Partial<ActionPathInput>) =>
  pathForAction({ scopePath: undefined, action: "", path: undefined, canonical: false, pathNames: NAMES, ...input });

describe("route paths", () => {
  it("an action's segment is its path name, else itself; only own keys count (dsl-extra4 x4-path-names-*)", () => {
    assert.equal(actionPath({ new: "neu" }, "new"), "neu");
    assert.equal(actionPath({ preview: "vorschau" }, "preview"), "vorschau");
    assert.equal(actionPath({ new: "neu" }, "constructor"), "constructor");
    assert.equal(actionPath({ new: undefined }, "new"), "new");
    assert.equal(actionPath(undefined, "edit"), "edit");
  });

  it("the scope's path, then the given path or the action's segment; a canonical action is the scope's path itself", () => {
    assert.equal(at({ action: "about" }), "/about");
    assert.equal(at({ scopePath: "/photos/:id", action: "preview" }), "/photos/:id/preview");
    assert.equal(
      at({ scopePath: "/photos/:id", action: "edit", pathNames: { edit: "bearbeiten" } }),
      "/photos/:id/bearbeiten",
    );
    assert.equal(at({ scopePath: "/photos/:id", action: "show", canonical: true }), "/photos/:id");
    assert.equal(at({ scopePath: "/photos", action: "search", path: "find" }), "/photos/find");
    assert.equal(at({ scopePath: "/admin", action: "x", path: "" }), "/admin/");
  });

  it("escaped and normalized, with (.:format) unless format is false; .:format when it is true", () => {
    assert.equal(fullPath("/photos/:id", undefined), "/photos/:id(.:format)");
    assert.equal(fullPath("/photos/:id", false), "/photos/:id");
    assert.equal(fullPath("/photos/:id", true), "/photos/:id.:format");
    assert.equal(fullPath("//a//b/", undefined), "/a/b(.:format)");
    assert.equal(fullPath("/café", undefined), "/caf%C3%A9(.:format)");
    assert.equal(fullPath("/a b", "json"), "/a%20b(.:format)");
    assert.equal(fullPath("", undefined), "/");
    assert.equal(fullPath("/x(.:format)", undefined), "/x(.:format)");
    assert.equal(fullPath("/files/*path", undefined), "/files/*path(.:format)");
  });

  it("a path ending in a format segment or a slash gets no (.:format)", () => {
    for (const p of ["/", "/x.:format", "/x(.:format)", "/x((.:format))"]) assert.equal(hasFormatSuffix(p), true, p);
    for (const p of ["/x", "/x(.:fmt)", "/x(:format)", ".:formatx"]) assert.equal(hasFormatSuffix(p), false, p);
  });

  it("the path keeper answers as fullPath, with the very same string for the same path and format", () => {
    const keep = lastFullPath();
    const first = keep("/photos/:id", undefined);
    assert.equal(first, "/photos/:id(.:format)");
    assert.equal(keep("/photos/:id", undefined), first);
    assert.equal(keep("/photos/:id", false), "/photos/:id");
  });

  it("a slashed path without to: is controller#action (Rails' match shorthand)", () => {
    assert.equal(shorthandTo("photos/search", undefined, undefined), "photos#search");
    assert.equal(shorthandTo("/admin/photos-x/do-it", undefined, undefined), "admin/photos_x#do_it");
    assert.equal(shorthandTo("photos", undefined, undefined), null);
    assert.equal(shorthandTo("a/b", "x#y", undefined), "x#y");
    assert.equal(shorthandTo("a/b", undefined, "show"), undefined);
  });
});
