// Journey::Router::Utils.normalize_path, the one rule route paths and request paths share.
import assert from "node:assert/strict";
import { test } from "node:test";
import { escapeRoutePath, normalizeMapperPath } from "../../src/pattern/normalize.js";
import { normalizePath, normalizeRequestPath, quickNormal, unescapeParam, uriUnescape } from "../../src/uri/path.js";

test("normalizePath: leading slash, squeezed slashes, no trailing slash, upper-case escapes", () => {
  assert.equal(normalizePath("photos//1/"), "/photos/1");
  assert.equal(normalizePath(""), "/");
  assert.equal(normalizePath("///"), "/");
  assert.equal(normalizePath("/a%2fb"), "/a%2Fb");
  // `%xx` is upper-cased only past the root, as Rails' `unless path == "/"` has it
  assert.equal(normalizePath("/%2f"), "/%2F");
});

test("a request path is normalized as a route path is, after its query string and fragment are cut", () => {
  for (const raw of ["photos//1/", "/a%2fb/", "//", "/photos/1", "/x%c3%a9//y"]) {
    assert.equal(normalizeRequestPath(raw), normalizePath(raw), raw);
  }
  assert.equal(normalizeRequestPath("/photos//1/?page=2#top"), "/photos/1");
  assert.equal(normalizeRequestPath("/a%2fb#x?y"), "/a%2Fb");
  assert.equal(quickNormal("/photos/1"), true);
  assert.equal(quickNormal("/photos/1/"), false);
});

test("the mapper's normalization starts from the same rule", () => {
  assert.equal(normalizeMapperPath("photos//1/"), normalizePath("photos//1/"));
  assert.equal(normalizeMapperPath("/a%2fb"), "/a%2Fb");
});

test("a parameter's escaped bytes read as UTF-8: a character, an invalid byte, a byte order mark kept", () => {
  assert.equal(unescapeParam("caf%C3%A9"), "café");
  assert.equal(unescapeParam("%E6%97%A5%E6%9C%AC"), "日本");
  assert.equal(unescapeParam("a%FFb"), "a\uFFFDb");
  assert.equal(unescapeParam("%EF%BB%BFx"), "\uFEFFx");
  assert.equal(unescapeParam("é%20%C3%A9"), "é é");
  assert.equal(uriUnescape("%EF%BB%BFx"), "\uFEFFx");
});

test("a route path's unsafe characters are escaped byte by byte as UTF-8", () => {
  assert.equal(escapeRoutePath("/café"), "/caf%C3%A9");
  assert.equal(escapeRoutePath("/a b/😀"), "/a%20b/%F0%9F%98%80");
  assert.equal(escapeRoutePath("/photos/:id"), "/photos/:id");
});
