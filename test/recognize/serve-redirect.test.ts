// Redirect locations beyond the fixtures. Answers from Rails 6.1 through
// script/rails-oracle.rb (test/conformance/cases/recognize-extra.yml).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { RequestInfo } from "../../src/table/request.js";
import { plain, recognizers, STRATEGIES } from "./factory.js";

describe("a redirect naming a parameter the request lacks", () => {
  const rec = recognizers((r) => {
    r.get("fmt/:id", { to: r.redirect("/new/%{id}.%{format}") });
    r.get("q/:id", { to: r.redirect("/new?id=%{id}&f=%{format}") });
    r.get("o/:id", { to: r.redirect({ path: "/new/%{id}/%{nope}" }) });
  });
  for (const s of STRATEGIES) {
    it(`throws KeyError, as Ruby's String#% does (${s})`, () => {
      assert.deepEqual(plain(rec[s].recognize("GET", "/fmt/1.json")), {
        name: null,
        redirect: { status: 301, location: "http://example.com/new/1.json" },
      });
      for (const path of ["/fmt/1", "/q/1", "/o/1"]) {
        assert.throws(
          () => rec[s].recognize("GET", path),
          (e: Error) =>
            e.name === "KeyError" &&
            /^key\{(format|nope)\} not found \(redirect of GET \/[oqfmt]+\/:id\(\.:format\): .*default/.test(e.message),
          path,
        );
      }
      // the recognizer is usable afterwards
      assert.deepEqual(plain(rec[s].recognize("GET", "/q/1.js")), {
        name: null,
        redirect: { status: 301, location: "http://example.com/new?id=1&f=js" },
      });
    });
  }
});

// Rails' Redirect#serve runs the location through URI.parse (Ruby's RFC 3986 parser), which
// raises URI::InvalidURIError for what it cannot read; a Rails app answers a server error.
describe("a redirect whose location URI.parse rejects", () => {
  const rec = recognizers((r) => {
    r.get("a(/:x)", { to: r.redirect("/docs/%{x}") });
    r.get("b(/:x)", { to: r.redirect({ path: "/docs/%{x}" }) });
    r.get("c/:slug", { to: r.redirect((params: Record<string, string>) => `/pages/${params.slug}`) });
    r.get("d", { to: r.redirect("/has space") });
    r.get("e", { to: r.redirect("/ünï") });
    r.get("f", { to: r.redirect("/100%") });
    r.get("h/:x", { to: r.redirect("/h/%{x}?q=%{x}#%{x}") });
    r.get("i", { to: r.redirect("/i?a={b}") });
    r.get("j", { to: r.redirect("/j#a b") });
    r.get("k", { to: r.redirect(() => "/a\x01b\fc\0d\x7f") });
    r.get("l", { to: r.redirect(() => "/\u00e9\x01\x07") });
  });
  const bad: [string, string][] = [
    ["/a", 'bad URI(is not URI?): "/docs/%{x}"'],
    ["/b", 'bad URI(is not URI?): "http://example.com/docs/%{x}"'],
    ["/c/a%20b", 'bad URI(is not URI?): "/pages/a b"'],
    ["/c/a%7Cb", 'bad URI(is not URI?): "/pages/a|b"'],
    ["/c/a%25b", 'bad URI(is not URI?): "/pages/a%b"'],
    ["/c/%C3%BC", 'URI must be ascii only "/pages/\\u00FC"'],
    ["/d", 'bad URI(is not URI?): "/has space"'],
    ["/e", 'URI must be ascii only "/\\u00FCn\\u00EF"'],
    ["/f", 'bad URI(is not URI?): "/100%"'],
    ["/j", 'bad URI(is not URI?): "/j#a b"'],
    // control characters: `inspect` (a UTF-8 string's \uHHHH) in the one, `dump` (\xHH) in the other
    ["/k", 'bad URI(is not URI?): "/a\\u0001b\\fc\\u0000d\\u007F"'],
    ["/l", 'URI must be ascii only "/\\u00E9\\x01\\a"'],
  ];
  for (const s of STRATEGIES) {
    it(`throws InvalidURIError with Ruby's message (${s})`, () => {
      for (const [path, message] of bad) {
        assert.throws(
          () => rec[s].recognize("GET", path),
          (e: Error) => e.name === "InvalidURIError" && e.message === message,
          path,
        );
      }
      // what the parser accepts: interpolated values are escaped; a query may hold anything but '#'
      assert.deepEqual(plain(rec[s].recognize("GET", "/a/1")), {
        name: null,
        redirect: { status: 301, location: "http://example.com/docs/1" },
      });
      assert.deepEqual(plain(rec[s].recognize("GET", "/b/1")), {
        name: null,
        redirect: { status: 301, location: "http://example.com/docs/1" },
      });
      assert.deepEqual(plain(rec[s].recognize("GET", "/c/x")), {
        name: null,
        redirect: { status: 301, location: "http://example.com/pages/x" },
      });
      assert.deepEqual(plain(rec[s].recognize("GET", "/h/a%20b%3F%23")), {
        name: null,
        redirect: { status: 301, location: "http://example.com/h/a%20b%3F%23?q=a+b%3F%23#a%20b?%23" },
      });
      assert.deepEqual(plain(rec[s].recognize("GET", "/i")), {
        name: "i",
        redirect: { status: 301, location: "http://example.com/i?a={b}" },
      });
    });
  }
});

// URI.parse sets the query through URI::Generic#query=, which escapes what a query may not hold
// and raises for `%` followed by two non-hex characters; options redirects go through it too.
describe("a redirect location's query, as URI::Generic#query= leaves it", () => {
  const rec = recognizers((r) => {
    r.get("a", { to: r.redirect('/x?a=1 2&b="q"&c=<>`\'') });
    r.get("b", { to: r.redirect("/x?a=%zz") });
    r.get("c", { to: r.redirect({ path: "/x?a=%" }) });
    r.get("d/:v", { to: r.redirect("/x?v=%{v}&w=1 2") });
    r.get("e", { to: r.redirect(() => "/x?a=b c") });
    r.get("f", { to: r.redirect({ path: "/y?a b" }) });
  });
  for (const s of STRATEGIES) {
    it(`escapes it or throws InvalidURIError (${s})`, () => {
      const loc = (path: string) =>
        (plain(rec[s].recognize("GET", path)) as { redirect: { location: string } }).redirect.location;
      assert.equal(loc("/a"), "http://example.com/x?a=1%202&b=%22q%22&c=%3C%3E%60%27");
      assert.throws(
        () => rec[s].recognize("GET", "/b"),
        (e: Error) => e.name === "InvalidURIError" && e.message === "invalid percent escape: %zz",
      );
      assert.equal(loc("/c"), "http://example.com/x?a=%");
      assert.equal(loc("/d/x%20y"), "http://example.com/x?v=x+y&w=1%202");
      assert.equal(loc("/e"), "http://example.com/x?a=b%20c");
      assert.equal(loc("/f"), "http://example.com/y?a%20b");
    });
  }
});

describe("a redirect callback that throws: its error propagates, naming the route and the request", () => {
  class Broken extends Error {}
  const rec = recognizers((r) => {
    r.get("a/:id", {
      to: r.redirect(() => {
        throw new Broken("no target");
      }),
    });
    r.get("b/:id", { to: r.redirect(() => atob("not base64!")) });
  });
  for (const s of STRATEGIES) {
    it(`keeps the error's class and adds the context (${s})`, () => {
      assert.throws(
        () => rec[s].recognize("GET", "/a/1"),
        (e: Error) =>
          e instanceof Broken &&
          e.message === "no target (in the redirect callback of GET /a/:id(.:format), asked about GET /a/1)",
      );
      // a DOMException's message is a getter: the error propagates as it is, not as a TypeError
      assert.throws(
        () => rec[s].recognize("GET", "/b/1"),
        (e: Error) => e instanceof DOMException && e.name === "InvalidCharacterError",
      );
    });
  }
});

describe("a redirect callback's request", () => {
  // Rails 6.1 (oracle.rb): `redirect { |params, req| "/x/#{req.params[:y]}-#{req.params[:id]}" }`
  // answers GET /r/3?y=7 with /x/7-3 and GET /r/4 with /x/-4: req.params holds the query string's
  // parameters, as a constraint's request does.
  const rec = recognizers((r) => {
    r.get("r/:id", {
      to: r.redirect((_params, req) => `/x/${String(req.params.y ?? "")}-${String(req.params.id ?? "")}`),
    });
  });
  for (const s of STRATEGIES) {
    it(`sees the query string's parameters in req.params (${s})`, () => {
      assert.deepEqual(plain(rec[s].recognize("GET", "/r/3?y=7")), {
        name: null,
        redirect: { status: 301, location: "http://example.com/x/7-3" },
      });
      assert.deepEqual(plain(rec[s].recognize("GET", "/r/4")), {
        name: null,
        redirect: { status: 301, location: "http://example.com/x/-4" },
      });
    });
  }
});

describe("a redirect callback's request is the request a constraint sees", () => {
  // One description (RequestInfo): Rails hands both the same ActionDispatch::Request.
  const seen: { constraint?: Record<string, unknown>; redirect?: Record<string, unknown> } = {};
  const rec = recognizers((r) => {
    r.get("r/:id", {
      to: r.redirect((_params, req) => {
        seen.redirect = { ...req };
        return "/x";
      }),
      constraints: (req: RequestInfo) => {
        seen.constraint = { ...req };
        return true;
      },
    });
  });
  for (const s of STRATEGIES) {
    it(`with host, domain, port, ip, script name and both kinds of parameters (${s})`, () => {
      const request = {
        host: "shop.example.co:8080",
        ip: "10.0.0.1",
        scriptName: "/blog",
        headers: { "X-A": "1" },
        params: { b: "2" },
      };
      assert.deepEqual(plain(rec[s].recognize("GET", "/r/3?y=7", request)), {
        name: null,
        redirect: { status: 301, location: "http://shop.example.co:8080/x" },
      });
      assert.deepEqual(seen.redirect, seen.constraint);
      assert.deepEqual(
        {
          host: seen.redirect!.host,
          subdomain: seen.redirect!.subdomain,
          domain: seen.redirect!.domain,
          port: seen.redirect!.port,
          ip: seen.redirect!.ip,
          scriptName: seen.redirect!.scriptName,
          query: seen.redirect!.query,
        },
        {
          host: "shop.example.co",
          subdomain: "shop",
          domain: "example.co",
          port: 8080,
          ip: "10.0.0.1",
          scriptName: "/blog",
          query: "y=7",
        },
      );
      assert.deepEqual({ ...(seen.redirect!.params as object) }, { b: "2", y: "7", id: "3" });
      assert.deepEqual(seen.redirect!.pathParameters, { id: "3" });
    });
  }
});
