// Constraint regexps in the DSL: read as Ruby reads them, refused at draw time where
// JavaScript cannot express them, and `Regexp.union` lists. The Rails answers quoted here come
// from Rails 6.1 (the conformance oracle); the cases Rails and switchyard agree on in full are in
// test/conformance/cases/ruby-regexps.yml and array-constraints.yml.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { draw, ruby, type Mapper } from "../../src/index.js";
import { helpersNamed } from "../route-helpers.js";

/** A recognition's params, as a plain object. */
function params(result: unknown): Record<string, unknown> {
  assert.ok(result !== null && typeof result === "object" && "params" in result, "recognized");
  return { ...(result as { params: Record<string, unknown> }).params };
}

function fails(fn: (r: Mapper) => void, message: string | RegExp) {
  assert.throws(
    () => draw(fn),
    (e: Error) => {
      assert.equal(e.name, "ArgumentError");
      if (typeof message === "string") assert.equal(e.message, message);
      else assert.match(e.message, message);
      return true;
    },
  );
}

describe("Ruby's x flag on a segment constraint (ruby`/.../x`)", () => {
  const routes = draw((r) => {
    r.get("p/:id", {
      to: "p#s",
      constraints: {
        id: ruby`/\d+ # digits
  /x`,
      },
      as: "p",
    });
    r.get("q/:id", { to: "p#q", constraints: { id: ruby`/a\ b [ ]c \# d/x` }, as: "q" });
  });

  it("recognizes and generates as Rails does", () => {
    // Rails 6.1: /p/12 is p#s with id "12"; the literal text of the source is not matched.
    assert.deepEqual(params(routes.recognize("GET", "/p/12")), { controller: "p", action: "s", id: "12" });
    assert.equal(routes.recognize("GET", "/p/12%20%23%20digits%0A"), null);
    // Rails 6.1 matches the escaped path: the spaces of `a\ b [ ]c` are never there (%20 is).
    assert.equal(routes.recognize("GET", "/q/a%20b%20c%23d"), null);
    assert.equal(routes.recognize("GET", "/q/ab%20c%23d"), null);
    const { p_path, q_path } = helpersNamed(routes.helpers, "p_path", "q_path");
    assert.equal(p_path("12"), "/p/12");
    assert.equal(q_path("a b c#d"), "/q/a%20b%20c%23d");
  });

  it("prints the route as rails routes does, with the x that the regexp has in Ruby", () => {
    // Rails' sheet: `p#s {:id=>/\d+ # digits\n  /x}`. (The oracle's JavaScript-style rendering,
    // which knows only i and m, leaves the x out; without it the sheet would claim that the
    // spaces and the comment are matched.)
    assert.equal(routes.routes[0]!.reqs, "p#s { id: /\\d+ # digits\n  /x }");
    assert.equal(routes.routes[1]!.reqs, "p#q { id: /a\\ b [ ]c \\# d/x }");
  });
});

describe("constraints Rails accepts and JavaScript cannot express", () => {
  // Rails 6.1 draws all of these (/a/12, /b/aab, /c/ab, /g/a match there); Node 20 has no
  // possessive quantifier, atomic group, \K, \G, \X, conditional, absence operator or
  // subexpression call, so switchyard refuses the declaration rather than match something else.
  it("refuses a RegExp literal whose Ruby reading has none, naming the route and the fix", () => {
    fails(
      (r) => r.get("c/:v", { to: "n#c", constraints: { v: /a\Kb/ } }),
      "The constraint v: /a\\Kb/ of GET /c/:v(.:format) cannot be matched in JavaScript: \\K has no JavaScript equivalent; match the part before it with a lookbehind (?<=...) instead.",
    );
    fails(
      (r) => r.get("h/:v", { to: "n#h", constraints: { v: /a\Gb/ } }),
      /constraint v: \/a\\Gb\/ of GET \/h\/:v\(\.:format\).*\\G has no JavaScript equivalent; remove it/,
    );
    fails(
      // @ts-expect-error -- Rails' extra key (a default, or with a RegExp a segment constraint): untyped, as JavaScript passes it
      (r) => r.get("g/:v", { to: "n#g", v: /\X/ }),
      /constraint v: \/\\X\/ of GET \/g\/:v\(\.:format\).*write a class of the characters you accept/,
    );
    fails(
      (r) => r.get("h", { to: "h#h", constraints: { subdomain: /\Gapi/ } }),
      /The constraint subdomain: \/\\Gapi\/ of GET \/h\(\.:format\)/,
    );
    fails(
      (r) => r.resources("photos", { constraints: { id: new RegExp("\\p{InHiragana}+") } }),
      /constraint id: .* of GET \/photos\/:id\/edit\(\.:format\).*\\p\{Script=Greek\}/,
    );
    fails(
      // @ts-expect-error -- Rails' extra key (a default, or with a RegExp a segment constraint): untyped, as JavaScript passes it
      (r) => r.scope(":locale", { locale: /a\y/ }, () => r.get("x", { to: "a#b" })),
      /constraint locale: .* of GET \/:locale\/x\(\.:format\)/,
    );
  });

  it("refuses ruby literals at once, naming the literal", () => {
    assert.throws(
      () => ruby`/\d++/`,
      /^ArgumentError: ruby`\/\\d\+\+\/`: a possessive quantifier \(\+\+\) has no JavaScript equivalent/,
    );
    assert.throws(
      () => ruby`/(?>a+)b/`,
      /atomic group \(\?>\.\.\.\) has no JavaScript equivalent; write a plain group/,
    );
    assert.throws(() => ruby`/(a)?(?(1)b|c)/`, /conditional group/);
    assert.throws(() => ruby`/(?~ab)/`, /absence operator/);
    assert.throws(() => ruby`/(a|b\g<1>)/`, /subexpression call/);
  });

  it("keeps Rails' own refusals of anchors and the m flag, on the Ruby regexp", () => {
    fails(
      (r) => r.get("p/:id", { to: "p#s", constraints: { id: ruby`/\A\d+/` } }),
      "Regexp anchor characters are not allowed in routing requirements: /\\A\\d+/",
    );
    fails(
      (r) => r.get("p/:id", { to: "p#s", constraints: { id: /\d+\Z/ } }),
      "Regexp anchor characters are not allowed in routing requirements: /\\d+\\Z/",
    );
    fails(
      (r) => r.get("p/:id", { to: "p#s", constraints: { id: ruby`%r{a.b}m` } }),
      "Regexp multiline option is not allowed in routing requirements: /a.b/m",
    );
    // Not at an end, an anchor is allowed (Rails matches /p/a and generates p_path("a\n")).
    const routes = draw((r) => r.get("p/:id", { to: "p#s", constraints: { id: /a$|b/ }, as: "p" }));
    assert.equal(helpersNamed(routes.helpers, "p_path").p_path("a\n"), "/p/a%0A");
  });
});

describe("translation at draw time", () => {
  it("translates a constraint once, for every route of its scope, and keeps it on the routes", () => {
    const alpha = /[[:alpha:]]+/;
    const routes = draw((r) =>
      r.resources("tags", { constraints: { id: alpha }, only: ["show", "update", "destroy"] }),
    ).routes;
    const kept = routes.map((route) => route.requirements.id);
    assert.ok(kept.every((re) => re === kept[0]));
    assert.notEqual(kept[0], alpha);
    assert.equal((kept[0] as RegExp).test("café"), true);
    assert.equal(routes[0]!.reqs, "tags#show { id: /[[:alpha:]]+/ }");
  });

  it("leaves a RegExp that JavaScript reads as Ruby does as it is", () => {
    const digits = /\d+/;
    // @ts-expect-error -- Rails' extra key (a default, or with a RegExp a segment constraint): untyped, as JavaScript passes it
    assert.equal(draw((r) => r.get("p/:id", { to: "p#s", id: digits })).routes[0]!.requirements.id, digits);
  });

  it("reads request constraints as Ruby does too", () => {
    const routes = draw((r) => {
      r.get("x", { to: "x#x", constraints: { subdomain: /\Aapi\z/ } });
      r.get("y", { to: "y#y", constraints: { subdomain: ruby`/\A a p i \z/x` } });
      r.get("z", { to: "z#z", constraints: { subdomain: /[[:upper:]]/i } });
    });
    for (const path of ["/x", "/y", "/z"])
      assert.notEqual(routes.recognize("GET", path, { host: "api.example.com" }), null, path);
    assert.equal(routes.recognize("GET", "/x", { host: "apix.example.com" }), null);
  });
});

describe("Regexp.union lists", () => {
  it("refuse what is neither a string nor a RegExp", () => {
    fails(
      (r) => r.get("items/:idx", { to: "items#show", constraints: { idx: ["first", null] } }),
      'The constraint idx: [ \'first\', null ] of GET /items/:idx(.:format) lists null: a list of segment values holds strings and RegExps (Rails\' Regexp.union), e.g. idx: ["first", "last"].',
    );
  });

  it("keep a list the scope shares, once, frozen, with its RegExps as Ruby reads them", () => {
    const list = ["home", /[[:digit:]]+/];
    const routes = draw((r) => r.resources("pages", { constraints: { id: list }, only: ["show", "update"] })).routes;
    const kept = routes[0]!.requirements.id as readonly unknown[];
    assert.ok(Object.isFrozen(kept));
    assert.equal(routes[1]!.requirements.id, kept);
    assert.equal(routes[0]!.reqs, "pages#show { id: [ 'home', /[[:digit:]]+/ ] }");
    const rec = draw((r) => r.resources("pages", { constraints: { id: list }, only: ["show"] }));
    assert.equal(params(rec.recognize("GET", "/pages/home")).id, "home");
    assert.equal(params(rec.recognize("GET", "/pages/42")).id, "42");
    assert.equal(rec.recognize("GET", "/pages/about"), null);
  });

  it("generate as Rails 6.1: its inspect read as a regexp, a class of single characters", () => {
    // Rails tests `/\A#{["first", "last"]}\Z/`: item_path("first") fails, item_path("f") passes.
    const helpers = helpersNamed(
      draw((r) => r.get("items/:idx", { to: "items#show", constraints: { idx: ["first", "last"] }, as: "item" }))
        .helpers,
      "item_path",
    );
    assert.throws(
      () => helpers.item_path("first"),
      /No route matches \{:action=>"show", :controller=>"items", :idx=>"first"\}, possible unmatched constraints: \[:idx\]/,
    );
    assert.equal(helpers.item_path("f"), "/items/f");
    assert.equal(helpers.item_path('"'), "/items/%22");
  });
});
