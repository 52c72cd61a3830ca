// Constraint regexps that backtrack super-linearly in V8 (docs/contract.md §7 `routes --lint`): flagged with
// the part at fault and a fix, while ordinary route constraints stay quiet.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { checkRegExp } from "../../src/lint/index.js";
import { ambiguityOf } from "../../src/lint/ambiguity.js";

const CATASTROPHIC: [RegExp, "exponential" | "polynomial", string][] = [
  [/(a+)+/, "exponential", "(a+)+"],
  [/(a|a)+/, "exponential", "(a|a)+"],
  [/(a|aa)+/, "exponential", "(a|aa)+"],
  [/(.*a){12}/, "polynomial", "(.*a){12}"],
  [/(\d+)*x/, "exponential", "(\\d+)*"],
  [/(a*)*/, "exponential", "(a*)*"],
  [/(a|b|ab)*c/, "exponential", "(a|b|ab)*"],
  [/(?:a|a?)+/, "exponential", "(?:a|a?)+"],
  [/(\w+\s?)+$/, "exponential", "(\\w+\\s?)+"],
  [/(?:a|A)+/i, "exponential", "(?:a|A)+"],
  [/\d+\d+/, "polynomial", "\\d+\\d+"],
  [/(ab)*(ab)*/, "polynomial", "(ab)*(ab)*"],
];

const ORDINARY = [
  /\d+/,
  /[a-z]+(-[a-z]+)*/,
  /[^\/]+/,
  /en|nl/,
  /\d{4}/,
  /[A-Z]{2}\d+/,
  /.+/,
  /.*/,
  /[^\/.]+/,
  /\w+/,
  /[a-z0-9]+(?:-[a-z0-9]+)*/,
  /\d+(\.\d+)?/,
  /[a-z]{2}(-[A-Z]{2})?/,
  /(19|20)\d{2}/,
  /v\d+/,
  /\d+-\d+/,
  /[\w.]+/,
  /[^\/]+\.json/,
  /(a|b)+/,
  /(?:[a-z]+\/)*[a-z]+/,
  /[a-f0-9]{32}/,
  /(?:\d{1,3}\.){3}\d{1,3}/,
  /[a-z]+(?:_[a-z]+)*/i,
  /[A-Z][a-z]+/,
];

describe("catastrophic backtracking", () => {
  for (const [re, growth, part] of CATASTROPHIC) {
    it(`flags ${re} (${growth}, at ${part})`, () => {
      const f = checkRegExp(re);
      assert.ok(f, `${re} should be flagged`);
      assert.equal(f.growth, growth);
      assert.equal(f.part, part);
      assert.ok(f.message.startsWith(`${re} can take ${growth} time`), f.message);
      assert.ok(f.message.includes(part), f.message);
      // The pump is text the flagged part can match, repeated.
      assert.ok(new RegExp(`^(?:${part})$`, re.flags).test(f.pump.repeat(12)), f.pump);
    });
  }

  for (const re of ORDINARY) {
    it(`leaves ${re} alone`, () => assert.equal(checkRegExp(re), null));
  }

  it("does not flag alternatives that one character tells apart: (?:a|ab)*c, (ab|a)*b stay linear", () => {
    // V8 rejects "ab".repeat(n) + "x" in linear time for both; neither has two paths for one text.
    assert.equal(checkRegExp(/(?:a|ab)*c/), null);
    assert.equal(checkRegExp(/(ab|a)*b/), null);
  });

  it("offers a fix only when it matches exactly the same strings", () => {
    assert.equal(String(checkRegExp(/(a+)+/)!.fix), "/(a+)/");
    assert.equal(String(checkRegExp(/(a|aa)+/)!.fix), "/(a)+/");
    assert.equal(String(checkRegExp(/(\d+)*x/)!.fix), "/(\\d+)?x/");
    assert.equal(String(checkRegExp(/(a|b|ab)*c/)!.fix), "/(a|b)*c/");
    assert.equal(String(checkRegExp(/\d+\d+/)!.fix), "/\\d{2,}/");
    // scslre's own rewrite keeps what the regexp finds somewhere in a string; a requirement must match it whole.
    const odd = checkRegExp(/(?:\w{1,3}\w)+/)!;
    if (odd.fix !== null) assert.equal(new RegExp(`^(?:${odd.fix.source})$`).test("aaa"), true, String(odd.fix));
    assert.match(checkRegExp(/(a+)+/)!.message, /Use \/\(a\+\)\/ instead: it matches exactly the same strings\.$/);
    // No equivalent rewrite is found: advice instead.
    const f = checkRegExp(/(.*a){12}/)!;
    assert.equal(f.fix, null);
    assert.equal(f.degree, 12);
    assert.match(f.message, /Let only one of them repeat/);
  });

  it("knows a request constraint is tested on its own: a repetition with nothing after it cannot be made to fail", () => {
    assert.equal(checkRegExp(/(a|aa)+/, { usage: "request" }), null);
    assert.equal(checkRegExp(/^(a|aa)+$/, { usage: "request" })?.growth, "exponential");
    assert.equal(checkRegExp(/(a|aa)+\.example\.com/, { usage: "request" })?.growth, "exponential");
  });

  it("names the RegExp it was asked about, when another written alike was asked first", () => {
    const first = /(x+)+y/;
    const second = /(x+)+y/;
    assert.equal(checkRegExp(first)?.regexp, first);
    const finding = checkRegExp(second);
    assert.equal(finding?.regexp, second);
    assert.deepEqual({ ...finding, regexp: null }, { ...checkRegExp(first), regexp: null });
  });
});

describe("position-automaton ambiguity", () => {
  it("finds exponential ambiguity from alternatives and from nested loops", () => {
    assert.equal(ambiguityOf(/(a|aa)+/)?.growth, "exponential");
    assert.equal(ambiguityOf(/(?:[a-z]+)*/)?.growth, "exponential");
    assert.equal(ambiguityOf(/(?:[a-z]+-?)+/)?.growth, "exponential");
  });

  it("finds polynomial ambiguity between two loops", () => {
    const a = ambiguityOf(/[a-z]*x?[a-z]*!/);
    assert.equal(a?.growth, "polynomial");
    assert.deepEqual(a?.quantifiers.length, 2);
  });

  it("sees that a letter loop after x can also start the next repetition", () => {
    // "xx" is one repetition (x, then [a-z]* takes x) or two: V8 needs ~2^n steps to reject "x" * n + "!".
    assert.equal(ambiguityOf(/(?:x[a-z]*)*/)?.growth, "exponential");
  });

  it("is silent for unambiguous repetitions", () => {
    for (const re of [/(?:a|b)*/, /(?:ab|ac)*/, /[a-z]+(?:-[a-z]+)*/, /a{2,5}b/, /(?:x[a-w]*)*/])
      assert.equal(ambiguityOf(re), null, String(re));
  });

  it("does not analyse lookarounds or backreferences (no finding rather than a guess)", () => {
    assert.equal(ambiguityOf(/(?=a)(a|a)+/), null);
    assert.equal(ambiguityOf(/(a)(\1|a)+/), null);
  });
});

describe("on random regexps", () => {
  // Small regexps over a, b, -: characters, classes, groups, alternations and quantifiers.
  const regexp: fc.Arbitrary<string> = fc
    .letrec((tie) => ({
      atom: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom("a", "b", "-", "[ab]", "[a-z]", "\\w", ".", "\\d") },
        {
          weight: 1,
          arbitrary: fc
            .array(tie("term") as fc.Arbitrary<string>, { minLength: 1, maxLength: 3 })
            .map((alts) => `(?:${alts.join("|")})`),
        },
      ),
      quantified: fc
        .tuple(tie("atom") as fc.Arbitrary<string>, fc.constantFrom("", "", "*", "+", "?", "{2}", "{1,3}"))
        .map(([a, q]) => a + q),
      term: fc
        .array(tie("quantified") as fc.Arbitrary<string>, { minLength: 1, maxLength: 3 })
        .map((xs) => xs.join("")),
    }))
    .term.filter((source) => source.length <= 40) as fc.Arbitrary<string>;

  it("never throws, and a fix matches exactly what the regexp matches and is not flagged", () => {
    let flagged = 0;
    let fixed = 0;
    fc.assert(
      fc.property(
        regexp,
        fc.array(fc.string({ unit: fc.constantFrom("a", "b", "-", "1", "x"), maxLength: 8 }), {
          minLength: 30,
          maxLength: 30,
        }),
        (source, inputs) => {
          const re = new RegExp(source);
          const f = checkRegExp(re);
          if (f === null) return;
          flagged++;
          assert.ok(f.message.startsWith(String(re)));
          if (f.fix === null) return;
          fixed++;
          assert.equal(checkRegExp(f.fix), null, `${f.fix} is flagged too`);
          const whole = (r: RegExp) => new RegExp(`^(?:${r.source})$`, r.flags);
          for (const s of inputs)
            assert.equal(
              whole(f.fix).test(s),
              whole(re).test(s),
              `${re} and its fix ${f.fix} differ on ${JSON.stringify(s)}`,
            );
        },
      ),
      { numRuns: 200 },
    );
    assert.ok(flagged > 10 && fixed > 5, `flagged ${flagged}, fixed ${fixed}`);
  });
});
