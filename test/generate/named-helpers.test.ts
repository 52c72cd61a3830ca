// Named route helpers (<name>_path/<name>_url): positional and named segments, Rails' optimized
// call, values and escaping, errors, URL options, requirements (docs/contract.md §3).
// Expected values are Rails 6.1's output for the same declarations (script/rails-oracle.rb).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ArgumentError, UrlGenerationError, draw } from "../../src/index.js";
import { Model } from "./models.js";
import { helpersNamed } from "../route-helpers.js";

describe("named helpers: positional arguments", () => {
  const h = helpersNamed(
    draw((r) => {
      r.resources("users", () => {
        r.resources("posts");
      });
      r.resources("photos");
      r.scope("(:locale)", () => {
        r.resources("pages", { only: ["show"] });
      });
    }).helpers,
    "page_path",
    "photo_path",
    "user_post_path",
  );

  it("fill the required segments in order, and an extra one fills format", () => {
    assert.equal(h.user_post_path(1, 2), "/users/1/posts/2");
    assert.equal(h.photo_path(1, "json"), "/photos/1.json");
    assert.equal(h.photo_path(1, 2, 3), "/photos/1.2");
  });
  it("skip segments named in the options object", () => {
    assert.equal(h.user_post_path(2, { user_id: 1 }), "/users/1/posts/2");
    assert.equal(h.user_post_path(1, 2, { user_id: 9 }), "/users/9/posts/1.2");
  });
  it("map onto optional segments first when fewer than the segments are given (Rails' rule)", () => {
    // Exactly the required segments: Rails' optimized helper fills them by position.
    assert.equal(h.page_path("about"), "/pages/about");
    // Fewer than all segments, with options: the general rule maps "about" onto :locale.
    assert.throws(() => h.page_path("about", { format: "json" }), UrlGenerationError);
    assert.equal(h.page_path("fr", "about"), "/fr/pages/about");
    assert.equal(h.page_path({ id: "about" }), "/pages/about");
  });
  it("work destructured", () => {
    const { photo_path } = h;
    assert.equal(photo_path(3), "/photos/3");
  });
});

describe("named helpers: a segment name the path repeats", () => {
  // Rails' optimized helper takes one argument per occurrence (`required_parts` keeps repeats)
  // and keys them in order, so the last wins; any other call keys them by the distinct names.
  const h = helpersNamed(
    draw((r) => {
      r.get("/oxen/:ox_id/oxen/:ox_id/pens/:id", { to: "pens#show", as: "ox_pen" });
      r.get("/a/:x/b/:x", { to: "a#b", as: "ab" });
      r.get("/c/:x/d/:x", { to: "c#d", as: "cd", constraints: { x: /\d+/ } });
      r.get("/t/:x/u/:x", { to: "t#u", as: "tu", defaults: { trailing_slash: true } });
    }).helpers,
    "ab_path",
    "ab_url",
    "cd_path",
    "ox_pen_path",
    "tu_path",
  );

  it("one argument per occurrence: the last one fills the name everywhere", () => {
    assert.equal(h.ox_pen_path(1, 2, 3), "/oxen/2/oxen/2/pens/3");
    assert.equal(h.ab_path(1, 2), "/a/2/b/2");
    assert.equal(h.ab_path("a b", "c/d"), "/a/c%2Fd/b/c%2Fd");
    assert.equal(h.tu_path(1, 2), "/t/2/u/2/");
    assert.equal(h.ox_pen_path(new Model(1), new Model(2, "two"), new Model(3)), "/oxen/two/oxen/two/pens/3");
  });
  it("any other count, or an options object, keys the distinct names in order", () => {
    assert.equal(h.ox_pen_path(1, 2), "/oxen/1/oxen/1/pens/2");
    assert.equal(h.ox_pen_path(1, 2, 3, 4), "/oxen/1/oxen/1/pens/2.3");
    assert.equal(h.ox_pen_path(1, 2, { id: 3 }), "/oxen/1/oxen/1/pens/3.2");
    assert.equal(h.ox_pen_path(1, 2, 3, { anchor: "z" }), "/oxen/1/oxen/1/pens/2.3#z");
    assert.equal(h.ab_path(1), "/a/1/b/1");
    assert.equal(h.ab_path(1, 2, 3), "/a/1/b/1.2");
    assert.equal(h.ab_url(1, 2, { host: "h.com" }), "http://h.com/a/1/b/1.2");
  });
  it("a route the optimized helper does not take (a constraint) keys them by the distinct names", () => {
    assert.equal(h.cd_path(1, 2), "/c/1/d/1.2");
  });
  it("with default URL options no call is optimized", () => {
    const d = helpersNamed(
      draw(
        (r) => {
          r.get("/a/:x/b/:x", { to: "a#b", as: "ab" });
        },
        { defaultUrlOptions: { host: "ex.com" } },
      ).helpers,
      "ab_path",
      "ab_url",
    );
    assert.equal(d.ab_path(1, 2), "/a/1/b/1.2");
    assert.equal(d.ab_url(1, 2), "http://ex.com/a/1/b/1.2");
  });
  it("every occurrence's argument must be present; the message lists each missing one", () => {
    assert.throws(() => h.ox_pen_path(null, 2, 3), {
      name: "UrlGenerationError",
      message:
        'No route matches {:action=>"show", :controller=>"pens", :id=>"3", :ox_id=>"2"}, missing required keys: [:ox_id]',
    });
    assert.throws(() => h.ox_pen_path(null, null, 3), /missing required keys: \[:ox_id, :ox_id\]$/);
    assert.throws(() => h.ab_path(1, null), /:x=>nil\}, missing required keys: \[:x\]$/);
  });
});

describe("named helpers: an exact call on a route whose defaults shape the URL", () => {
  it("fills the required segments by position, as Rails' optimized helper, then applies the defaults", () => {
    const h = helpersNamed(
      draw((r) => {
        r.get("/k/:x(/:y)", { to: "k#s", as: "k", defaults: { x: "9", trailing_slash: true } });
        r.get("/p/:id", { to: "p#s", as: "p", defaults: { params: { a: 1 } } });
      }).helpers,
      "k_path",
      "p_path",
    );
    assert.equal(h.k_path(1), "/k/1/");
    assert.equal(h.k_path(1, 2), "/k/1/2/");
    assert.equal(h.p_path(1), "/p/1?a=1");
  });
});

describe("named helpers: values and escaping", () => {
  const h = helpersNamed(
    draw((r) => {
      r.get("tags/:name", { to: "tags#show", as: "tag" });
      r.get("files/*path", { to: "files#show", as: "file" });
      r.resources("articles");
    }).helpers,
    "article_path",
    "articles_path",
    "file_path",
    "tag_path",
  );
  it("records fill segments with toParam()", () => {
    assert.equal(h.article_path(new Model(5, "5-hello world")), "/articles/5-hello%20world");
  });
  it("positional records: toParam() is called once, its value escaped, nested, or missing when blank", () => {
    let calls = 0;
    class Counted {
      constructor(readonly value: unknown) {}
      toParam(): unknown {
        calls++;
        return this.value;
      }
    }
    const two = helpersNamed(
      draw((r) => {
        r.resources("magazines", () => {
          r.resources("ads");
        });
      }).helpers,
      "magazine_ad_path",
    );
    assert.equal(two.magazine_ad_path(new Counted("a b"), new Counted(7)), "/magazines/a%20b/ads/7");
    assert.equal(calls, 2);
    assert.equal(two.magazine_ad_path(new Counted(new Model(3)), new Counted(["x", "y"])), "/magazines/3/ads/x%2Fy");
    for (const blank of ["", null, false]) {
      assert.throws(() => two.magazine_ad_path(new Counted(blank), 1), UrlGenerationError);
      assert.throws(() => two.magazine_ad_path(1, new Counted(blank)), UrlGenerationError);
    }
    // An array with a toParam property is still an array: its to_param joins its elements.
    assert.equal(two.magazine_ad_path(Object.assign(["p", "q"], { toParam: () => "no" }), 1), "/magazines/p%2Fq/ads/1");
    // A plain object's toParam that is not a function is just a key; with an id, the object is a record.
    assert.equal(h.article_path({ id: 4, toParam: "x" }), "/articles/4");
    assert.equal(h.article_path({ id: 4, toParam: "x", _options: true }), "/articles/4?toParam=x");
  });
  it("segments use escape_segment, globs escape_path", () => {
    assert.equal(h.tag_path("a/b c"), "/tags/a%2Fb%20c");
    assert.equal(h.file_path("my docs/read me"), "/files/my%20docs/read%20me");
    assert.equal(h.file_path(["x", "y"]), "/files/x/y");
  });
  it("format, anchor, params and the rest as the query string", () => {
    assert.equal(h.article_path(1, { format: "json", anchor: "top", ref: "home" }), "/articles/1.json?ref=home#top");
    assert.equal(h.articles_path({ page: 1, params: { page: 3 } }), "/articles?page=3");
    assert.equal(
      h.articles_path({ filter: { tags: ["a b", "c"] } }),
      "/articles?filter%5Btags%5D%5B%5D=a+b&filter%5Btags%5D%5B%5D=c",
    );
  });
});

describe("named helpers: errors", () => {
  const h = helpersNamed(
    draw((r) => {
      r.resources("accounts", () => {
        r.resources("invoices");
      });
      r.resources("items", { constraints: { id: /\d+/ } });
    }).helpers,
    "account_invoice_path",
    "account_path",
    "account_url",
    "item_path",
  );
  it("a missing segment is a UrlGenerationError with Rails' message and the route name", () => {
    assert.throws(
      () => h.account_invoice_path(1),
      (e: unknown) => {
        assert.ok(e instanceof UrlGenerationError);
        assert.equal(
          e.message,
          'No route matches {:account_id=>1, :action=>"show", :controller=>"invoices"}, missing required keys: [:id]',
        );
        assert.equal((e as unknown as { routeName: string }).routeName, "account_invoice");
        assert.deepEqual((e as unknown as { missingKeys: string[] }).missingKeys, ["id"]);
        return true;
      },
    );
    assert.throws(
      () => h.account_invoice_path(null, 2),
      /No route matches \{:account_id=>nil, :action=>"show", :controller=>"invoices", :id=>"2"\}, missing required keys: \[:account_id\]/,
    );
  });
  it("a segment failing its constraint is reported as an unmatched constraint", () => {
    assert.throws(() => h.item_path("abc"), /possible unmatched constraints: \[:id\]/);
  });
  it("an empty segment is missing in the optimized helper", () => {
    assert.throws(() => h.account_path(""), /missing required keys: \[:id\]/);
  });
  it("_url without a host is Rails' ArgumentError", () => {
    assert.throws(
      () => h.account_url(1),
      (e: unknown) => e instanceof ArgumentError && /^Missing host to link to!/.test(e.message),
    );
  });
  it("an invalid protocol is an ArgumentError naming it", () => {
    assert.throws(() => h.account_url(1, { host: "x.org", protocol: 5 }), /Invalid :protocol option: 5/);
  });
  // Rails' PROTOCOL_REGEXP, /^([^:]+)(:)?(\/\/)?$/, with Ruby's line anchors (only "\n" ends a line):
  // ActionDispatch::Http::URL.url_for(host: "h.com", protocol: ..., path: "/p") in Rails 6.1.
  it("the protocol is read as Rails' PROTOCOL_REGEXP reads it, line anchors and all", () => {
    assert.equal(h.account_url(1, { host: "h.com", protocol: "https:" }), "https://h.com/accounts/1");
    assert.equal(h.account_url(1, { host: "h.com", protocol: "a:b\nc" }), "c://h.com/accounts/1");
    assert.throws(() => h.account_url(1, { host: "h.com", protocol: "a:\r" }), /Invalid :protocol option: "a:\\r"/);
  });
});

describe("url options", () => {
  const h = helpersNamed(
    draw(
      (r) => {
        r.resources("photos");
        r.root("home#index");
      },
      { defaultUrlOptions: { host: "example.com" } },
    ).helpers,
    "photo_url",
    "photos_path",
    "root_url",
  );
  it("host, protocol, port, subdomain, domain, user/password", () => {
    assert.equal(h.photo_url(1, { protocol: "https", port: 8443 }), "https://example.com:8443/photos/1");
    assert.equal(h.photo_url(1, { host: "www.example.com", subdomain: "api" }), "http://api.example.com/photos/1");
    assert.equal(h.photo_url(1, { domain: "example.org" }), "http://example.org/photos/1");
    assert.equal(h.photo_url(1, { user: "a b", password: "p@ss" }), "http://a+b:p%40ss@example.com/photos/1");
    assert.equal(h.photo_url(1, { user: "alone" }), "http://example.com/photos/1?user=alone");
  });
  it("scriptName, trailingSlash and onlyPath", () => {
    assert.equal(h.photos_path({ scriptName: "/blog/" }), "/blog/photos");
    assert.equal(h.photos_path({ trailingSlash: true, page: 2 }), "/photos/?page=2");
    assert.equal(h.photo_url(1, { onlyPath: true }), "/photos/1");
    assert.equal(h.root_url({ scriptName: "/app" }), "http://example.com/app/");
  });
  it("originalScriptName is prefixed to the script name, as Rails concatenates them", () => {
    assert.equal(h.photos_path({ originalScriptName: "/o" }), "/o/photos");
    assert.equal(h.photos_path({ original_script_name: "/o/", scriptName: "/s/" }), "/o//s/photos");
    assert.equal(h.root_url({ originalScriptName: "/o" }), "http://example.com/o/");
    assert.equal(h.photos_path({ originalScriptName: "" }), "/photos");
  });
});

describe("named helpers: requirements that are not RegExps", () => {
  // Rails checks required parts against /\A#{requirement}\Z/: a string is regexp source, unescaped.
  const h = helpersNamed(
    draw((r) => {
      r.get("s/:slug", { to: "s#show", constraints: { slug: "a.b" }, as: "s" });
      r.get("n/:id", { to: "n#show", constraints: { id: 5 as unknown as string }, as: "n" });
    }).helpers,
    "n_path",
    "s_path",
  );
  it("treats a string requirement as regexp source", () => {
    assert.equal(h.s_path("a.b"), "/s/a.b");
    assert.equal(h.s_path("axb"), "/s/axb");
    assert.throws(() => h.s_path("ab"), UrlGenerationError);
  });
  it("interpolates an integer requirement instead of failing to build the helpers", () => {
    assert.equal(h.n_path(5), "/n/5");
    assert.equal(h.n_path("5"), "/n/5");
    assert.throws(() => h.n_path(6), UrlGenerationError);
  });
});
