// The route table's "partial matches": a typed path is a partial match of a route when it
// begins some path the route matches. These are the regexps the page decides that with, derived
// from each route's Journey regexp and its requirements' regexps.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { draw } from "../../src/draw.js";
import { prefixSource, requirementPrefix } from "../../src/inspect/prefix.js";
import type { PatternNode } from "../../src/pattern/ast.js";
import { journeyRegExp, requirementSource } from "../../src/pattern/regexp.js";
import type { Route } from "../../src/table/route.js";

/** Every string over `alphabet` of length at most `max`. */
function strings(alphabet: readonly string[], max: number): string[] {
  const out = [""];
  let level = [""];
  for (let n = 1; n <= max; n++) {
    level = level.flatMap((s) => alphabet.map((c) => s + c));
    out.push(...level);
  }
  return out;
}

const CHARS = ["a", "b", "[ab]", "[^a]", "\\w", "[^\\n]"] as const;

/**
 * Small regexps over `a` and `b`: classes, groups, alternation, every kind of quantifier on a
 * character, bounded ones on a group (unbounded ones nested over empty groups backtrack for
 * minutes; `requirementPrefix` reads them alike, and the cases below check a few by name).
 */
function regexps(charQuantifiers: readonly string[], groupQuantifiers: readonly string[], items: number) {
  return fc.letrec<{ regexp: string; sequence: string; item: string }>((tie) => ({
    regexp: fc.array(tie("sequence"), { minLength: 1, maxLength: 2 }).map((alts) => alts.join("|")),
    sequence: fc.array(tie("item"), { minLength: 0, maxLength: items }).map((parts) => parts.join("")),
    item: fc.oneof(
      { maxDepth: 2, withCrossShrink: true },
      fc.tuple(fc.constantFrom(...CHARS), fc.constantFrom(...charQuantifiers)).map(([a, q]) => a + q),
      fc
        .tuple(tie("regexp"), fc.constantFrom("(?:", "("), fc.constantFrom(...groupQuantifiers))
        .map(([r, open, q]) => `${open}${r})${q}`),
    ),
  })).regexp;
}
const regexpSource = regexps(["", "", "*", "+", "?", "{2}", "{0,2}", "{1,}", "+?"], ["", "?", "{2}", "{0,2}"], 3);

/** Without fixed counts (`{2}`, `{1,}`) and with sequences of at most two items. */
const openRegexpSource = regexps(["", "", "*", "+", "?", "{0,2}", "+?", "??"], ["", "?", "{0,2}"], 2);

describe("a requirement's beginnings", () => {
  const words = strings(["a", "b"], 9);

  test("accept every beginning of what the requirement matches (all strings over a, b up to 9 checked)", () => {
    fc.assert(
      fc.property(regexpSource, (source) => {
        const whole = new RegExp(`^(?:${source})$`);
        const begins = new RegExp(`^${requirementPrefix(source)}$`);
        for (const w of words.filter((w) => whole.test(w))) {
          for (let i = 0; i <= w.length; i++)
            assert.ok(begins.test(w.slice(0, i)), `${source}: ${w.slice(0, i)} begins ${w}`);
        }
      }),
      { numRuns: 300 },
    );
  });

  // Without fixed counts and with sequences of at most two items, a regexp of this depth has a
  // match of at most 8 characters after any beginning, so strings up to 11 decide it.
  const longWords = strings(["a", "b"], 11);
  test("accept nothing else (all strings over a, b up to 3 checked against matches up to 11)", () => {
    fc.assert(
      fc.property(openRegexpSource, (source) => {
        const whole = new RegExp(`^(?:${source})$`);
        const begins = new RegExp(`^${requirementPrefix(source)}$`);
        const matched = longWords.filter((w) => whole.test(w));
        for (const t of longWords.filter((w) => w.length <= 3 && begins.test(w))) {
          assert.ok(
            matched.some((w) => w.startsWith(t)),
            `${source}: ${t} was accepted but begins no match`,
          );
        }
      }),
      { numRuns: 200 },
    );
  });

  test("of quantified groups, exactly (strings over a, b, c up to 7)", () => {
    const words = strings(["a", "b", "c"], 7);
    for (const source of ["(ab)+", "(a|bc)*c", "(?:ab){2}", "(?:a|bc){1,2}c", "(?:ab)+?b", "(a(?:bc)*)+c"]) {
      const whole = new RegExp(`^(?:${source})$`);
      const begins = new RegExp(`^${requirementPrefix(source)}$`);
      const matched = words.filter((w) => whole.test(w));
      const expected = words.filter((t) => t.length <= 4 && matched.some((w) => w.startsWith(t)));
      assert.deepEqual(
        words.filter((t) => t.length <= 4 && begins.test(t)),
        expected,
        source,
      );
    }
  });

  test("name what they were derived from", () => {
    assert.equal(requirementPrefix("\\d+"), "(?:(?:(?:\\d)*(?:\\d)?))");
    assert.ok(new RegExp(`^${requirementPrefix("en|nl")}$`).test("n"));
    assert.ok(!new RegExp(`^${requirementPrefix("en|nl")}$`).test("ne"));
    assert.ok(new RegExp(`^${requirementPrefix("\\d{4}")}$`).test("202"));
    assert.ok(!new RegExp(`^${requirementPrefix("\\d{4}")}$`).test("20245"));
    assert.ok(new RegExp(`^${requirementPrefix("\\p{L}+")}$`, "u").test("é"));
  });

  test("let any text through where the regexp cannot be read exactly", () => {
    for (const source of ["a(?=b)", "(a)\\1", "\\bword", "x(?<!y)", "^a", "a$", "(unclosed", "[unclosed"]) {
      assert.equal(requirementPrefix(source), "[\\s\\S]*", source);
    }
  });
});

/** Sample paths of a pattern: each optional group left out and put in, each segment filled from a few values. */
function samples(nodes: readonly PatternNode[], route: Route): string[] {
  const fill = (name: string, glob: boolean): string[] => {
    const values = glob ? ["a/b", "x", "2024/05"] : ["1", "abc", "en", "2024", "05", "json", "md", "x12345"];
    const req = route.requirements[name];
    return req === undefined
      ? values
      : values.filter((v) =>
          new RegExp(
            `^(?:${requirementSource(req, glob)})$`,
            req instanceof RegExp && req.flags.includes("u") ? "u" : "",
          ).test(v),
        );
  };
  let out = [""];
  for (const node of nodes) {
    let options: string[];
    switch (node.type) {
      case "literal":
        options = [node.value];
        break;
      case "slash":
        options = ["/"];
        break;
      case "dot":
        options = ["."];
        break;
      case "symbol":
        options = fill(node.name, false);
        break;
      case "star":
        options = fill(node.name, true);
        break;
      case "group":
        options = ["", ...samples(node.children, route)];
        break;
      case "or":
        options = node.alternatives.flatMap((alt) => samples(alt, route));
        break;
    }
    out = out.flatMap((s) => options.map((o) => s + o)).slice(0, 200);
  }
  return out;
}

describe("a route's prefix regexp", () => {
  const set = draw((r) => {
    r.root("home#index");
    // @ts-expect-error -- Rails' extra key (a default, or with a RegExp a segment constraint): untyped, as JavaScript passes it
    r.scope("(:locale)", { locale: /en|nl/ }, () => {
      r.resources("posts", () => r.resources("comments", { only: "index" }));
    });
    r.get("archive/:year(/:month)", { to: "archives#show", constraints: { year: /\d{4}/, month: /\d{2}/ } });
    r.get("files/*path", { to: "files#show" });
    r.get("docs/*path.:ext", { to: "docs#show", constraints: { ext: /md|txt/ } });
    r.get("v:version/status", { to: "status#show" });
    r.get("photos/:id", { to: "photos#show", constraints: { id: /[A-Z]\d{5}/i } });
    r.mount(
      function jobs() {
        return new Response("");
      },
      { at: "/admin/jobs" },
    );
    r.mount(
      function app() {
        return new Response("");
      },
      { at: "/" },
    );
  });

  test("accepts every beginning of every path the route matches", () => {
    for (const route of set.routes) {
      const whole = journeyRegExp(route.pattern.ast, route.requirements, route.anchor).re;
      const begins = new RegExp(prefixSource(route.pattern.ast, route.requirements, route.anchor), whole.flags);
      const paths = samples(route.pattern.ast, route).filter((p) => whole.test(p));
      assert.ok(paths.length > 0, `no sample path for ${route.path}`);
      for (const p of paths)
        for (let i = 0; i <= p.length; i++)
          assert.ok(begins.test(p.slice(0, i)), `${route.path}: ${p.slice(0, i)} begins ${p}`);
    }
  });

  /** Whether `typed` begins a path of the route declared with `path` (a mount's, with `mount`). */
  const begins = (path: string, typed: string, mount = false) => {
    const route = set.routes.find((r) => r.path === path && r.anchor !== mount)!;
    return new RegExp(prefixSource(route.pattern.ast, route.requirements, route.anchor)).test(typed);
  };

  test("rejects what no path of the route begins with", () => {
    assert.equal(begins("(/:locale)/posts/:id(.:format)", "/en/posts/1"), true);
    assert.equal(begins("(/:locale)/posts/:id(.:format)", "/posts/1.js"), true);
    assert.equal(begins("(/:locale)/posts/:id(.:format)", "/de/posts"), false); // the locale requirement
    assert.equal(begins("(/:locale)/posts/:id(.:format)", "/posts/1/edit"), false);
    assert.equal(begins("(/:locale)/posts/:id(.:format)", "/posts/1.json/x"), false);
    assert.equal(begins("/archive/:year(/:month)(.:format)", "/archive/20"), true);
    assert.equal(begins("/archive/:year(/:month)(.:format)", "/archive/20x"), false);
    assert.equal(begins("/archive/:year(/:month)(.:format)", "/archive/2024/1"), true);
    assert.equal(begins("/archive/:year(/:month)(.:format)", "/archive/2024/123"), false);
    assert.equal(begins("/photos/:id(.:format)", "/photos/x1"), true); // the `i` flag, compiled in
    assert.equal(begins("/photos/:id(.:format)", "/photos/1"), false);
    assert.equal(begins("/files/*path(.:format)", "/files/a/b/c"), true);
  });

  test("a mount begins its own path and anything below it", () => {
    assert.equal(begins("/admin/jobs", "/adm", true), true);
    assert.equal(begins("/admin/jobs", "/admin/jobs/queues/1", true), true);
    assert.equal(begins("/admin/jobs", "/admin/jobs-1", true), true); // Journey's boundary: `\b`, the end, or `/`
    assert.equal(begins("/admin/jobs", "/admin/jobsx", true), false);
    assert.equal(begins("/", "/anything/at.all", true), true);
    assert.equal(begins("/", "/anything", false), false); // the root route is not a mount
  });

  test("grows linearly with optional groups, not exponentially", () => {
    const path = Array.from({ length: 24 }, (_, i) => `(/s${i}/:p${i})`).join("");
    const nested = draw((r) => r.get(path, { to: "deep#show" })).routes[0]!;
    const source = prefixSource(nested.pattern.ast, nested.requirements, true);
    const journey = journeyRegExp(nested.pattern.ast, nested.requirements, true).re.source;
    assert.ok(
      source.length < 8 * journey.length,
      `${source.length} characters for a ${journey.length}-character regexp`,
    );
    assert.ok(new RegExp(source).test("/s0/1/s1/2/s2"));
  });
});
