// Escaping as Rails does it (`Journey::Router::Utils`, `CGI.escape`). Expected strings were produced
// by Ruby 3.1 + ActiveSupport 6.1.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { cgiEscape, escapeFragment, escapePath, escapeSegment } from "../../src/uri/escape.js";

describe("segment, path and fragment escaping", () => {
  it("escape_segment keeps sub-delims, ':' and '@', escapes '/', '?', '#', spaces and UTF-8 bytes", () => {
    assert.equal(escapeSegment("ruby on rails"), "ruby%20on%20rails");
    assert.equal(escapeSegment("a/b"), "a%2Fb");
    assert.equal(escapeSegment("!$'()*,;~"), "!$'()*,;~");
    assert.equal(escapeSegment("key:value@host"), "key:value@host");
    assert.equal(escapeSegment("[x]{y}|z^"), "%5Bx%5D%7By%7D%7Cz%5E");
    assert.equal(escapeSegment("日本"), "%E6%97%A5%E6%9C%AC");
    assert.equal(escapeSegment("100%"), "100%25");
  });
  it("escape_path keeps '/', escape_fragment also keeps '?'", () => {
    assert.equal(escapePath("my docs/read me"), "my%20docs/read%20me");
    assert.equal(escapePath("a?b/c#d"), "a%3Fb/c%23d");
    assert.equal(escapeFragment("a/b?c"), "a/b?c");
    assert.equal(escapeFragment("section 2"), "section%202");
  });
  it("encodes astral characters as 4 UTF-8 bytes and lone surrogates as U+FFFD instead of throwing", () => {
    assert.equal(escapeSegment("😀"), "%F0%9F%98%80");
    assert.equal(escapeSegment("a\uD800b"), "a%EF%BF%BDb");
    assert.equal(escapeSegment("\uDC00"), "%EF%BF%BD");
  });
  it("agrees with encodeURIComponent on every well-formed string, modulo the characters Rails keeps", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (s) => {
        const expected = encodeURIComponent(s).replace(/%(2[146789ABC]|3[ABD]|40)/g, (m) => decodeURIComponent(m));
        assert.equal(escapeSegment(s), expected);
      }),
    );
  });
  it("CGI.escape: space as '+', parens and '*' escaped, '~' kept", () => {
    assert.equal(cgiEscape("(x)~*"), "%28x%29~%2A");
    assert.equal(cgiEscape("é ü"), "%C3%A9+%C3%BC");
  });
});
