import assert from "node:assert/strict";
import { test } from "node:test";
import v8 from "node:v8";
import vm from "node:vm";
import { draw } from "../../src/index.js";
import {
  escapeRoutePath,
  normalizeMapperPath,
  normalizeName,
  parsePattern,
  PathPattern,
} from "../../src/pattern/index.js";
import { patternOf } from "../../src/pattern/pattern-of.js";

test("parses literals, slashes, dots, symbols, globs and nested groups", () => {
  assert.deepEqual(parsePattern("/files/:name.:ext(/*rest)"), [
    { type: "slash" },
    { type: "literal", value: "files" },
    { type: "slash" },
    { type: "symbol", name: "name" },
    { type: "dot" },
    { type: "symbol", name: "ext" },
    { type: "group", children: [{ type: "slash" }, { type: "star", name: "rest" }] },
  ]);
});

test("a dash between symbols is a literal (Journey's scanner)", () => {
  assert.deepEqual(
    parsePattern("/:origin-:destination").map((n) => n.type),
    ["slash", "symbol", "literal", "symbol"],
  );
});

test("escaped parentheses and colons are literals", () => {
  assert.deepEqual(parsePattern("/a\\(b\\)\\:c"), [{ type: "slash" }, { type: "literal", value: "a(b):c" }]);
});

test("names, required names and optional names", () => {
  const p = patternOf("/archive/:year(/:month(/:day))(.:format)");
  assert.deepEqual(p.names, ["year", "month", "day", "format"]);
  assert.deepEqual(p.requiredNames, ["year"]);
  assert.deepEqual(p.optionalNames, ["month", "day", "format"]);
  assert.equal(p.spec, "/archive/:year(/:month(/:day))(.:format)");
});

test("unbalanced groups are declaration errors naming the path", () => {
  assert.throws(() => parsePattern("/a(/:b"), {
    name: "ArgumentError",
    message: `Invalid route path "/a(/:b": unclosed '('; close every optional group with ')'`,
  });
  assert.throws(() => parsePattern("/a)"), /unmatched '\)'/);
  assert.throws(() => parsePattern("/a()"), /empty optional group/);
});

test("normalizeMapperPath moves a leading optional group's slash inside, as Rails does", () => {
  assert.equal(normalizeMapperPath("/(:locale)/books"), "(/:locale)/books");
  assert.equal(normalizeMapperPath("/(:locale)"), "/(:locale)");
  assert.equal(normalizeMapperPath("photos(/:page)"), "/photos(/:page)");
  assert.equal(normalizeName("admin/users"), "admin_users");
});

test("escapeRoutePath percent-encodes unsafe characters byte by byte", () => {
  assert.equal(escapeRoutePath("café/a b/%/[x]"), "caf%C3%A9/a%20b/%25/[x]");
  assert.equal(escapeRoutePath("こ"), "%E3%81%93");
});

test("patternOf parses a path once and shares the frozen pattern; an escaped path is its own key", () => {
  const a = patternOf("/photos/:id(.:format)");
  assert.equal(patternOf("/photos/:id(.:format)"), a);
  assert.ok(Object.isFrozen(a));
  assert.deepEqual([a.names, a.requiredNames, a.optionalNames], [["id", "format"], ["id"], ["format"]]);
  // `\:` escapes a literal: same spec as "/a:b" once printed, but a different pattern.
  const escaped = patternOf("/a\\:b");
  const symbol = patternOf("/a:b");
  assert.equal(escaped.spec, "/a:b");
  assert.deepEqual([escaped.names, symbol.names], [[], ["b"]]);
  assert.deepEqual(patternOf("/a\\:b").names, []);
});

test("the scanner splits tokens as Journey's: runs, symbols, stray characters, code points", () => {
  const types = (p: string) =>
    parsePattern(p).map((n) =>
      n.type === "literal" ? `'${n.value}'` : n.type === "symbol" || n.type === "star" ? `${n.type}:${n.name}` : n.type,
    );
  assert.deepEqual(types("/a*b/*c"), ["slash", "'a*b'", "slash", "star:c"]);
  assert.deepEqual(types("/a:/:b?x"), ["slash", "'a'", "':'", "slash", "symbol:b", "'?'", "'x'"]);
  assert.deepEqual(types("/\\x😀"), ["slash", "'\\'", "'x'", "'😀'"]);
  assert.deepEqual(types("/a|b"), ["slash", "or"]);
});

test("route sets drawn in turn share their patterns: no draw lets go of another's", () => {
  // Two apps redrawn alternately: each redraw finds its paths parsed, whatever was drawn between.
  const first = draw((r) => r.resources("cache_turns", { only: ["index", "show"] }));
  const other = draw((r) => r.resources("cache_others", { only: ["index", "show"] }));
  draw((r) => r.resources("cache_thirds"));
  const again = draw((r) => r.resources("cache_turns", { only: ["index", "show"] }));
  assert.equal(again.routes.length, first.routes.length);
  again.routes.forEach((r, i) =>
    assert.equal(r.pattern, first.routes[i]!.pattern, `${r.path}: the very pattern the first draw parsed`),
  );
  assert.equal(other.routes[0]!.pattern, patternOf("/cache_others(.:format)"));
});

test("a pattern no route holds is let go", async () => {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as () => void;
  let ref = new WeakRef(patternOf("/cache-weak/:id"));
  assert.equal(patternOf("/cache-weak/:id"), ref.deref(), "shared while held");
  // (An object a WeakRef was made for or read through is kept to the end of the current job.)
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  assert.equal(ref.deref(), undefined, "the cache does not hold it");
  ref = new WeakRef(patternOf("/cache-weak/:id"));
  assert.deepEqual(ref.deref()!.names, ["id"], "parsed again when asked again");
});
