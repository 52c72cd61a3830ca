// How Ruby prints values in messages (`inspect`, `dump`). Expected strings were produced by Ruby 3.1.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { rubyInspect, rubyRegexpInspect, rubyString } from "../../src/support/ruby.js";

describe("rubyInspect (error messages)", () => {
  it("prints Ruby literals", () => {
    assert.equal(rubyInspect({ id: null, n: 2, s: 'a"b' }), '{:id=>nil, :n=>2, :s=>"a\\"b"}');
    assert.equal(rubyInspect({ "weird key": 1 }), '{:"weird key"=>1}');
  });
  // Ruby 3.1: p /a/, p({x: /a\/b/mi}), p [/\d+/i], p %r{a/b}
  it("prints a RegExp as Regexp#inspect: / escaped, Ruby's options m (JS's s) then i", () => {
    assert.equal(rubyRegexpInspect(/a/), "/a/");
    assert.equal(rubyInspect({ x: /a\/b/is }), "{:x=>/a\\/b/mi}");
    assert.equal(rubyInspect([/\d+/giu]), "[/\\d+/i]");
    assert.equal(rubyRegexpInspect(new RegExp("a/b")), "/a\\/b/");
  });
});

describe("rubyString (Ruby's quoting)", () => {
  // Answers from ruby 3.1: p "\x01\x7f\a\b\0é\#{x}\#$x" and puts "\x01\x7f\aé\u{1F600}".dump
  it("quotes as String#inspect", () => {
    assert.equal(rubyString("\x01\x7f\x07\b\0é#{x}#$x"), '"\\u0001\\u007F\\a\\b\\u0000é\\#{x}\\#$x"');
  });
  it("quotes as String#dump", () => {
    assert.equal(rubyString("\x01\x7f\x07é\u{1F600}", true), '"\\x01\\x7F\\a\\u00E9\\u{1F600}"');
  });
});
