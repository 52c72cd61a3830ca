// Ruby regexps as JavaScript RegExps: each translation is tested on what it matches,
// against what Ruby 3.1 (Onigmo) matched for the same regexp and string, recorded here.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ArgumentError } from "../../src/errors.js";
import { flagFree } from "../../src/pattern/regexp.js";
import { asRubyRegExp, ruby, RubyRegExpError, translateRuby, type RubyFlags } from "../../src/pattern/ruby-regexp.js";
import { inspectValue } from "../../src/support/node-inspect.js";
import { rubyRegexpInspect } from "../../src/support/ruby.js";

/**
 * Whether the translation of a Ruby regexp matches a string somewhere (Ruby's `=~`), read as the
 * route regexp, the generation test and request conditions read it: flag-free (`flagFree` writes
 * Ruby's dot and spells out `i`).
 */
function matches(source: string, input: string, flags: RubyFlags = {}): boolean {
  const t = translateRuby(source, flags);
  return new RegExp(
    flagFree(t.source, t.flags.includes("i"), t.flags.includes("s"), t.names),
    t.flags.includes("u") ? "u" : "",
  ).test(input);
}

/** [Ruby source, flags, string, what Ruby's =~ answered (true: a match)], from ruby 3.1.2. */
const RUBY: [string, RubyFlags, string, boolean][] = [
  ["\\A[[:alpha:]]+\\z", {}, "abc", true],
  ["\\A[[:alpha:]]+\\z", {}, "café", true],
  ["\\A[[:alpha:]]+\\z", {}, "日本", true],
  ["\\A[[:alpha:]]+\\z", {}, "a1", false],
  ["\\A[[:alpha:]]+\\z", {}, "]]", false],
  ["\\A[[:digit:][:upper:]]+\\z", {}, "A1٣É", true],
  ["\\A[[:digit:][:upper:]]+\\z", {}, "a", false],
  ["\\A[[:^alpha:]]+\\z", {}, "12%", true],
  ["\\A[[:^alpha:]]+\\z", {}, "é", false],
  ["\\A[[:lower:]]+\\z", { i: true }, "aBc", true],
  ["\\A[[:lower:]]+\\z", { i: true }, "É", false],
  ["\\A\\p{Lower}\\z", { i: true }, "A", true],
  ["\\A\\p{Lower}\\z", { i: true }, "É", false],
  ["\\A\\p{Upper}\\z", { i: true }, "a", true],
  ["\\A[[:alnum:]]+\\z", {}, "é٣", true],
  ["\\A[[:alnum:]]+\\z", {}, "_", false],
  ["\\Ax[[:blank:]]*\\z", {}, "x \t\u3000", true],
  ["\\Ax[[:blank:]]*\\z", {}, "x\n", false],
  ["\\Ax[[:cntrl:]]*\\z", {}, "x\u0001\u007f\u0085", true],
  ["\\A[[:graph:]]+\\z", {}, "é!~", true],
  ["\\A[[:graph:]]+\\z", {}, "\u00a0", false],
  ["\\A[[:print:]]+\\z", {}, "a b\u00a0", true],
  ["\\A[[:print:]]+\\z", {}, "\u0001", false],
  ["\\A[[:punct:]]+\\z", {}, "¿$+<=>^`|~!", true],
  ["\\A[[:punct:]]+\\z", {}, "€", false],
  ["\\Ax[[:space:]]*\\z", {}, "x\u00a0\u2028 \t\u0085", true],
  ["\\A[[:xdigit:]]+\\z", {}, "09afAF", true],
  ["\\A[[:xdigit:]]+\\z", {}, "٣", false],
  ["\\A[[:word:]]+\\z", {}, "é_‿a\u0301", true],
  ["\\A[[:word:]]+\\z", {}, "-", false],
  ["\\A[[:ascii:]]+\\z", {}, "a~\u007f", true],
  ["\\A[[:ascii:]]+\\z", {}, "é", false],
  ["(?a)[[:alpha:]]", {}, "é", false],
  ["(?a:\\p{Alpha})", {}, "é", true],
  ["\\A\\w\\z", {}, "é", false],
  ["(?u)\\w", {}, "é", true],
  ["\\s", {}, "\u00a0", false],
  ["\\A\\s\\z", {}, "\u000b", true],
  ["\\A\\h+\\z", {}, "ff09FF", true],
  ["\\A\\h+\\z", {}, "hh", false],
  ["\\A\\H+\\z", {}, "hé", true],
  ["\\A[\\h-]+\\z", {}, "de-ad", true],
  ["\\A[^\\h]+\\z", {}, "xyz", true],
  ["\\A[\\Hx]+\\z", {}, "gx", true],
  ["\\A[\\Hx]+\\z", {}, "a", false],
  ["\\A[a-c[x-z]]+\\z", {}, "abxz", true],
  ["\\A[a-c[x-z]]+\\z", {}, "d", false],
  ["\\A[a-z&&[^aeiou]]+\\z", {}, "bcd", true],
  ["\\A[a-z&&[^aeiou]]+\\z", {}, "bad", false],
  ["\\A[^a[^x-z]]+\\z", {}, "xyz", true],
  ["\\A[^a[^x-z]]+\\z", {}, "b", false],
  ["\\A[\\w&&\\D]+\\z", {}, "ab_", true],
  ["\\A[\\w&&\\D]+\\z", {}, "a1", false],
  ["[^a-c&&b]", {}, "a", true],
  ["\\A[]a]\\z", {}, "]", true],
  ["\\Ax{,2}\\z", {}, "xx", true],
  ["\\Ax{,2}\\z", {}, "xxx", false],
  ["\\A(?:xy){2}+\\z", {}, "xyxyxyxy", true],
  ["\\A(?:xy){2}+\\z", {}, "xyxyxy", false],
  ["\\Ax{2}{3}\\z", {}, "xxxxxx", true],
  ["\\Ax{a}\\z", {}, "x{a}", true],
  ["\\Aa{,}\\z", {}, "a{,}", true],
  ["a$", {}, "a\nb", true],
  ["b\\Z", {}, "ab\n", true],
  ["b\\z", {}, "ab\n", false],
  ["^api$", {}, "api", true],
  ["\\Aap\\Z", {}, "api", false],
  ["\\A.\\z", {}, "\r", true],
  ["\\A.\\z", {}, "\u2028", true],
  ["\\A\\R\\z", {}, "\r\n", true],
  ["\\A\\R\\n\\z", {}, "\r\n", false],
  ["\\A\\N\\z", {}, "\n", false],
  ["\\A\\e\\a\\z", {}, "\u001b\u0007", true],
  ["\\A\\x7\\z", {}, "\u0007", true],
  ["\\A\\u{41 42}\\z", {}, "AB", true],
  ["\\A[\\u{41 42}]\\z", {}, "B", true],
  ["\\A\\01\\z", {}, "\u0001", true],
  ["\\A\\18\\z", {}, "\u00018", true],
  ["\\A\\cA\\C-a\\z", {}, "\u0001\u0001", true],
  ["\\A\\p{Alpha}+\\z", {}, "é", true],
  ["\\A\\p{^Alpha}+\\z", {}, "٣", true],
  ["\\A\\P{^L}+\\z", {}, "a", true],
  ["\\A\\p{Greek}+\\z", {}, "αβ", true],
  ["\\A\\p{Greek}+\\z", {}, "a", false],
  ["\\A[\\p{Digit}x]+\\z", {}, "٣x", true],
  ["\\A\\p{Hiragana}\\z", {}, "あ", true],
  ["\\A\\p{Emoji}\\z", {}, "😀", true],
  ["(?i)a", {}, "A", true],
  ["(?i:a)b", {}, "AB", false],
  ["a(?i)b|c", {}, "aC", true],
  ["a(?i)b|c", {}, "c", false],
  ["(?:x(?i)b|c)d", {}, "xCd", true],
  ["\\Aa(?-i:b)c\\z", { i: true }, "AbC", true],
  ["\\Aa(?-i:b)c\\z", { i: true }, "ABC", false],
  ["\\A(?m:.)\\z", {}, "\n", true],
  ["\\A(?-m:.)\\z", { m: true }, "\n", false],
  ["\\A.\\z", { m: true }, "\n", true],
  ["a(?#comment)b", {}, "ab", true],
  ["(?x) a b", {}, "ab", true],
  ["a (?x) b", {}, "ab", false],
  ["a#c\nb", { x: true }, "ab", true],
  ["\\Aa[ ]b\\z", { x: true }, "a b", true],
  ["\\Aa b\\z", { x: true }, "a b", false],
  ["[a #]", { x: true }, "#", true],
  ["\\Aa\\#b\\z", { x: true }, "a#b", true],
  ["a b{2 }", { x: true }, "abb", false],
  ["\\A(?<n>a)(b)\\k<n>\\z", {}, "aba", true],
  ["\\A(?'n'x)\\k'n'\\z", {}, "xx", true],
  ["\\A(x)\\k<-1>\\z", {}, "xx", true],
];

describe("Ruby regexps translated to JavaScript", () => {
  it("match what Ruby matched", () => {
    for (const [source, flags, input, ruby] of RUBY) {
      assert.equal(
        matches(source, input, flags),
        ruby,
        `/${source}/${Object.keys(flags).join("")} =~ ${JSON.stringify(input)}`,
      );
    }
  });

  it("count capture groups as Ruby does: with named groups, only those", () => {
    assert.deepEqual(translateRuby("(?<n>x)(y)"), {
      source: "(?<n>x)(?:y)",
      flags: "",
      captures: 1,
      names: ["n"],
      changed: true,
    });
    assert.equal(translateRuby("(x)(y)").captures, 2);
    assert.equal(new RegExp(translateRuby("(?<n>x)(y)").source).exec("xy")!.length, 2);
  });

  it("leave what JavaScript reads the same unchanged", () => {
    for (const source of ["\\d+", "[^\\/]+", ".+?", "[a-z0-9]+", "(?<y>\\d{4})-\\k<y>", "x{2,}y{1}", "\\p{L}+"]) {
      assert.equal(translateRuby(source).changed, false, source);
    }
    for (const source of [
      "\\s",
      "[[:alpha:]]",
      "\\h",
      "a$",
      "\\Aa",
      "x{,2}",
      "(?i:a)",
      "[a&&b]",
      "[a[b]]",
      "(?<n>a)(b)",
      "\\e",
    ]) {
      assert.equal(translateRuby(source).changed, true, source);
    }
  });

  it("use the u flag only for what needs it", () => {
    assert.equal(translateRuby("[[:alpha:]]").flags, "u");
    assert.equal(translateRuby("[[:space:]]").flags, "");
    assert.equal(translateRuby("\\h+").flags, "");
    assert.equal(translateRuby("[^a]").flags, "");
    assert.equal(translateRuby("a", { i: true, m: true }).flags, "is");
  });

  it("refuse what JavaScript cannot express, saying what to write instead", () => {
    const refused: [string, RegExp][] = [
      ["\\d++", /possessive quantifier \(\+\+\).*write the greedy \+ instead/],
      ["a*+", /possessive quantifier \(\*\+\)/],
      ["(?>a+)b", /atomic group.*write a plain group \(\?:\.\.\.\)/],
      ["a\\Kb", /\\K has no JavaScript equivalent.*lookbehind/],
      ["a\\Gb", /\\G has no JavaScript equivalent/],
      ["\\X", /grapheme cluster.*class of the characters/],
      ["a\\yb", /grapheme cluster boundary/],
      ["(a)?(?(1)b|c)", /conditional group.*alternatives out with \|/],
      ["(?~ab)", /absence operator.*negative lookahead/],
      ["(a|b\\g<1>)", /subexpression call/],
      ["\\p{InHiragana}", /\\p\{InHiragana\} has no JavaScript equivalent.*\\p\{Script=Greek\}/],
      ["\\M-a", /meta escape/],
      ["(?<n>a)(?<n>b)", /two groups are named n.*rename one/],
    ];
    for (const [source, message] of refused) {
      assert.throws(
        () => translateRuby(source),
        (e: Error) => e instanceof RubyRegExpError && message.test(e.message),
        source,
      );
    }
  });

  it("refuse what Ruby itself refuses", () => {
    const invalid: [string, string][] = [
      ["*a", "target of repeat operator is not specified"],
      ["^*", "target of repeat operator is invalid"],
      ["a)", "unmatched close parenthesis"],
      ["(a", "end pattern with unmatched parenthesis"],
      ["[[:foo:]]", "invalid POSIX bracket type [:foo:]"],
      ["[z-a]", "empty range in char class"],
      ["[\\w-z]", "unmatched range specifier in char-class"],
      ["x{2,1}", "upper is smaller than lower in repeat range"],
      ["\\1", "invalid backref number/name"],
      ["(?<n>a)\\1", "numbered backref/call is not allowed. (use name)"],
      ["\\x", "invalid hex escape"],
      ["[a", "premature end of char-class"],
    ];
    for (const [source, problem] of invalid) {
      assert.throws(
        () => translateRuby(source),
        (e: Error) => e instanceof RubyRegExpError && e.problem === problem,
        source,
      );
    }
  });
});

describe("asRubyRegExp: a declared RegExp as Rails reads it", () => {
  it("is the RegExp itself where JavaScript reads it the same", () => {
    for (const re of [/\d+/, /[^\/]+/i, /.+?/, /\p{L}+/u, new RegExp("[\\p{L}--a]", "v")])
      assert.equal(asRubyRegExp(re), re);
  });

  it("is its translation, once per RegExp, printed as declared", () => {
    const declared = /[[:alpha:]]+/;
    const t = asRubyRegExp(declared);
    assert.notEqual(t, declared);
    assert.equal(asRubyRegExp(declared), t);
    assert.equal(asRubyRegExp(t), t);
    assert.equal(t.test("café"), true);
    assert.equal(inspectValue(t), "/[[:alpha:]]+/");
    assert.equal(inspectValue(asRubyRegExp(/\h+\/x/i)), "/\\h+/x/i");
    assert.equal(rubyRegexpInspect(asRubyRegExp(/\h+\/x/s)), "/\\h+\\/x/m");
  });

  it("reads a JavaScript source that the u flag rejects again, so that it can join a Unicode route regexp", () => {
    const t = asRubyRegExp(/a\-b/);
    assert.equal(t.source, "a-b");
    assert.equal(new RegExp(t.source, "u").test("a-b"), true);
  });
});

describe("the ruby tag", () => {
  it("takes /.../flags and %r{...}flags literals as routes.rb has them", () => {
    assert.equal(
      ruby`/\d+ # digits
      /x`.test("12"),
      true,
    );
    assert.equal(inspectValue(ruby`/\d+ # digits/x`), "/\\d+ # digits/x");
    assert.equal(ruby`%r{a/b}`.test("a/b"), true);
    assert.equal(inspectValue(ruby`%r{a/b}`), "/a/b/");
    assert.equal(inspectValue(ruby`/a\/b/`), "/a/b/");
    assert.equal(inspectValue(ruby`%r{a\/b}i`), "/a\\/b/i");
    assert.equal(inspectValue(ruby`/a.b/m`), "/a.b/s");
    assert.equal(rubyRegexpInspect(ruby`/a b/mix`), "/a b/mix");
    assert.equal(ruby`%r(a(b)c)`.test("abc"), true);
    assert.equal(ruby`%r!a\!b!`.test("a!b"), true);
    assert.equal(ruby("/\\h+/").test("ff"), true);
    assert.equal(ruby`  /\Aapi\z/  `.test("api"), true);
  });

  it("interpolates as Ruby's #{}: strings as source, RegExps with their flags", () => {
    const year = "\\d{4}";
    assert.equal(ruby`/\A${year}-\d\d\z/`.test("2024-05"), true);
    const word = /[a-z]+/i;
    const re = ruby`/\A${word}-x\z/`;
    assert.equal(re.test("ABC-x"), true);
    assert.equal(re.test("abc-X"), false);
    assert.equal(inspectValue(re), "/\\A(?i-mx:[a-z]+)-x\\z/");
    assert.equal(ruby`/\A${ruby`/a b/x`}\z/`.test("ab"), true);
  });

  it("throws ArgumentError naming the literal and the fix", () => {
    const refused: [string, RegExp][] = [
      [
        "/\\d++/",
        /^ruby`\/\\d\+\+\/`: a possessive quantifier \(\+\+\) has no JavaScript equivalent; write the greedy \+ instead/,
      ],
      ["\\d+", /it is not a Ruby regexp literal; write it as \/source\/flags or %r\{source\}flags/],
      ["/a", /no closing \//],
      ["%r{a", /no closing \}/],
      ["/a/q", /unknown regexp options "q"/],
      ["/[[:foo:]]/", /invalid POSIX bracket type/],
    ];
    for (const [text, message] of refused) {
      assert.throws(
        () => ruby(text),
        (e: Error) => e instanceof ArgumentError && message.test(e.message),
        text,
      );
    }
  });
});
