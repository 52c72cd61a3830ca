// to_param and to_query as Rails does them. Expected strings were produced by Ruby 3.1 +
// ActiveSupport 6.1 (`Hash#to_query`).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import qs from "qs";
import { parseNestedQuery, QueryParseError, queryString, toParam } from "../../src/uri/query.js";

describe("to_param", () => {
  class Article {
    constructor(
      readonly id: number | null,
      readonly slug?: string,
    ) {}
    toParam() {
      return this.slug ?? (this.id == null ? null : String(this.id));
    }
  }
  class Plain {
    constructor(readonly id: unknown) {}
  }
  it("records give toParam(), else id; arrays join with '/'; nil stays nil", () => {
    assert.equal(toParam(new Article(5, "5-hello")), "5-hello");
    assert.equal(toParam(new Article(null)), null);
    assert.equal(toParam(new Plain(7)), "7");
    assert.equal(toParam(["a", 1, null]), "a/1/");
    assert.equal(toParam(undefined), null);
    assert.equal(toParam(1.5), "1.5");
    assert.equal(toParam(true), true);
  });
});

describe("to_query", () => {
  it("sorts the rendered pairs, not the keys (Rails compares 'a-b=1' with 'a=2')", () => {
    assert.equal(queryString({ "a-b": 1, a: 2 }), "a-b=1&a=2");
    assert.equal(queryString({ b: 1, "10": 2, "2": 3 }), "10=2&2=3&b=1");
  });
  it("nests hashes and arrays with brackets; no sorting below an array", () => {
    assert.equal(
      queryString({ filter: { price: { min: 10, max: 20 } } }),
      "filter%5Bprice%5D%5Bmax%5D=20&filter%5Bprice%5D%5Bmin%5D=10",
    );
    assert.equal(queryString({ items: [{ z: 1, a: 2 }] }), "items%5B%5D%5Bz%5D=1&items%5B%5D%5Ba%5D=2");
    assert.equal(queryString({ ids: [[]] }), "ids%5B%5D%5B%5D=");
    assert.equal(queryString({ a: [null, true] }), "a%5B%5D=&a%5B%5D=true");
  });
  it("drops top-level nils and empty collections but keeps nested nils as 'key='", () => {
    assert.equal(queryString({ nothing: null, ids: [], h: {}, a: { b: null } }), "a%5Bb%5D=");
  });
  it("treats __proto__ and constructor as ordinary keys", () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": 1}, "constructor": "x"}');
    assert.equal(queryString(hostile), "__proto__%5Bpolluted%5D=1&constructor=x");
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
  it("matches qs (brackets, RFC 1738) wherever Rails' rules and qs' agree: flat hashes of distinct-prefix keys", () => {
    // qs cannot be configured to match in general: it sorts by key rather than by rendered pair,
    // sorts inside arrays, keeps '(' and ')' in RFC 1738 mode, and drops nested empty arrays.
    const key = fc.stringMatching(/^[a-z]{1,6}$/);
    const value = fc.oneof(fc.stringMatching(/^[a-zA-Z0-9 _.~-]{0,8}$/), fc.integer());
    fc.assert(
      fc.property(fc.dictionary(key, value), (h) => {
        const keys = Object.keys(h);
        fc.pre(keys.every((k) => keys.every((j) => j === k || !j.startsWith(k))));
        const viaQs = qs.stringify(h, { format: "RFC1738", sort: (a, b) => (a < b ? -1 : a > b ? 1 : 0) });
        assert.equal(queryString(h), viaQs);
      }),
    );
  });
});

describe("parse_nested_query (Rack 2.2)", () => {
  // Expected values printed by Ruby 3.1 + Rack 2.2.22: `Rack::Utils.parse_nested_query(q)`.
  const rack: [string, string][] = [
    ["a=1&b=2", '{"a":"1","b":"2"}'],
    ["a[]=1&a[]=2", '{"a":["1","2"]}'],
    ["a[b][c]=1&a[b][d]=2", '{"a":{"b":{"c":"1","d":"2"}}}'],
    ["a[][x]=1&a[][y]=2&a[][x]=3", '{"a":[{"x":"1","y":"2"},{"x":"3"}]}'],
    ["a", '{"a":null}'],
    ["a=", '{"a":""}'],
    ["=1", "{}"],
    ["a=1;b=2", '{"a":"1","b":"2"}'],
    ["a=1&&b=2", '{"a":"1","b":"2"}'],
    ["a=1&  b=2", '{"a":"1","b":"2"}'],
    ["a+b=c+d", '{"a b":"c d"}'],
    ["a%20b=%E2%9C%93", '{"a b":"✓"}'],
    ["a[b]=1&a[b]=2", '{"a":{"b":"2"}}'],
    ["x[]", '{"x":[null]}'],
    ["x[]=", '{"x":[""]}'],
    ["[a]=1", '{"a":"1"}'],
    ["a]=1", '{"a":"1"}'],
    ["a[=1", '{"a[":"1"}'],
    ["a[b]c=1", '{"a":{"b":{"c":"1"}}}'],
    ["a[][b][c]=1&a[][b][d]=2", '{"a":[{"b":{"c":"1","d":"2"}}]}'],
    ["a[][b][c]=1&a[][b][c]=2", '{"a":[{"b":{"c":"1"}},{"b":{"c":"2"}}]}'],
    ["a[]b=1&a[]c=2", '{"a":[{"b":"1","c":"2"}]}'],
    ["a[b][]=1&a[b][]=2", '{"a":{"b":["1","2"]}}'],
    ["__proto__[x]=1", '{"__proto__":{"x":"1"}}'],
    ["constructor=1&toString=2", '{"constructor":"1","toString":"2"}'],
    ["a[%5D=1", '{"a":["1"]}'],
    ["a[][]=1&a[][]=2", '{"a":[["1"],["2"]]}'],
    ["a[b][][c]=1&a[b][][d]=2&a[b][][c]=3", '{"a":{"b":[{"c":"1","d":"2"},{"c":"3"}]}}'],
  ];
  /** A plain copy: parsed hashes have no prototype, which deepEqual tells from a literal's. */
  const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v));
  // (Compared as JSON: an expected `{ "__proto__": ... }` literal would set a prototype.)
  for (const [q, expected] of rack) {
    it(`parses ${JSON.stringify(q)} as Rack does`, () => {
      assert.equal(JSON.stringify(parseNestedQuery(q, true)), expected);
      assert.equal(JSON.stringify(parseNestedQuery(q, false)), expected);
    });
  }

  // What Rack raises (Rails answers 400; for bytes that are not UTF-8, Rails' own encoding check
  // does): its message; the lenient mode skips the pair or keeps its text undecoded.
  const refused: [string, RegExp, unknown][] = [
    ["a[]=1&a[x]=2", /expected\ Hash\ \(got\ Array\)\ for\ param\ `a'/, { a: ["1"] }],
    ["a[x]=1&a[]=2", /expected\ Array\ \(got\ Hash\)\ for\ param\ `a'/, { a: { x: "1" } }],
    ["a=1&a[]=2", /expected\ Array\ \(got\ String\)\ for\ param\ `a'/, { a: "1" }],
    ["a=1&a[b]=2", /expected\ Hash\ \(got\ String\)\ for\ param\ `a'/, { a: "1" }],
    ["a=%zz", /invalid\ %\-encoding\ \(%zz\)/, { a: "%zz" }],
    ["a=%E2", /invalid\ byte\ sequence\ in\ UTF\-8/, { a: "%E2" }],
    ["a%=1", /invalid\ %\-encoding\ \(a%\)/, { "a%": "1" }],
  ];
  for (const [q, message, lenient] of refused) {
    it(`refuses ${JSON.stringify(q)} when strict, skips or keeps it otherwise`, () => {
      assert.throws(
        () => parseNestedQuery(q, true),
        (e: Error) => e instanceof QueryParseError && message.test(e.message),
      );
      assert.deepEqual(plain(parseNestedQuery(q, false)), lenient);
    });
  }

  it("hashes have no prototype: __proto__ and constructor are ordinary keys", () => {
    const p = parseNestedQuery("__proto__[polluted]=1&constructor[prototype][x]=2&a[__proto__][y]=3", true);
    assert.equal(Object.getPrototypeOf(p), Object.getPrototypeOf(parseNestedQuery("", true)));
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal(({} as Record<string, unknown>).x, undefined);
    assert.equal(({} as Record<string, unknown>).y, undefined);
    assert.deepEqual(Object.keys(p), ["__proto__", "constructor", "a"]);
    assert.equal(
      JSON.stringify(p),
      '{"__proto__":{"polluted":"1"},"constructor":{"prototype":{"x":"2"}},"a":{"__proto__":{"y":"3"}}}',
    );
  });

  it("limits: more pairs than allowed, or deeper than allowed, are refused when strict", () => {
    assert.throws(
      () => parseNestedQuery("a=1&".repeat(10), true, { pairs: 5 }),
      /total number of query parameters \(11\) exceeds limit \(5\)/,
    );
    assert.throws(() => parseNestedQuery("a" + "[x]".repeat(101) + "=1", true), /nested too deep/);
    assert.equal(Object.keys(parseNestedQuery("a" + "[x]".repeat(98) + "=1", true)).length, 1);
  });

  it("is linear in the input: 1 MB of pairs, brackets or spaces parses in well under the bound", () => {
    const started = performance.now();
    parseNestedQuery("a[]=1&".repeat(170_000), false, { pairs: Infinity });
    parseNestedQuery("[".repeat(1 << 20) + "=1", false);
    parseNestedQuery("a" + "& ".repeat(1 << 19), false);
    assert.ok(performance.now() - started < 5_000);
  });
});

describe("cyclic values", () => {
  it("to_query and to_param refuse a Hash or Array that contains itself, naming where", () => {
    const h: Record<string, unknown> = { b: 1 };
    h.self = h;
    assert.throws(
      () => queryString({ q: h }),
      (e: Error) => e.name === "ArgumentError" && /contains itself \(at q\[self\]\)/.test(e.message),
    );
    const a: unknown[] = [1];
    a.push(a);
    assert.throws(() => queryString({ list: a }), /contains itself/);
    assert.throws(() => toParam(a), /contains itself/);
    // The same object twice, side by side, is not a cycle.
    const shared = { x: 1 };
    assert.equal(queryString({ a: shared, b: shared }), "a%5Bx%5D=1&b%5Bx%5D=1");
  });
  it("a record whose toParam throws leaves nothing behind: the next call renders normally", () => {
    class Broken {
      toParam(): string {
        throw new Error("boom");
      }
    }
    const list = [{ r: new Broken() }];
    assert.throws(() => queryString({ list }), /boom/);
    assert.throws(() => queryString({ list }), /boom/);
    assert.equal(queryString({ list: [{ a: 1 }] }), "list%5B%5D%5Ba%5D=1");
  });
});
