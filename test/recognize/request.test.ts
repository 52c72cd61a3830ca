// What constraints see of the request, beyond the fixtures (which give only a host). Answers
// from Rails 6.1 through script/rails-oracle.rb (test/conformance/cases/recognize-extra.yml).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { plain, recognizers, STRATEGIES } from "./factory.js";

describe("lambda constraints see the query string's parameters (Rails' req.params)", () => {
  const rec = recognizers((r) => {
    r.get("x/:id", {
      to: "x#big",
      constraints: (req: { params?: Record<string, unknown> }) => Number(req.params?.id) > 5,
    });
    r.get("x/:id", { to: "x#q", constraints: (req: { params?: Record<string, unknown> }) => req.params?.y === "1" });
    r.get("x/:id", { to: "x#small" });
    r.get("n/:id", {
      to: "n#n",
      constraints: (req: { params?: Record<string, unknown> }) =>
        JSON.stringify(req.params) === '{"a":{"b":["1"]},"id":"2","controller":"n","action":"n"}',
    });
  });
  const cases: [string, string | null, Record<string, unknown>?][] = [
    ["/x/7", "big"],
    ["/x/3", "small"],
    ["/x/3?y=1", "q"],
    ["/x/3?y=2", "small"],
    // path parameters win over the query's
    ["/x/3?id=9", "small"],
    ["/x/3?y=2", "small", { params: { y: "1" } }],
    ["/x/3?y=1", "q", { params: { y: "2" } }],
    ["/n/2?a[b][]=1&id=5", "n"],
  ];
  for (const s of STRATEGIES) {
    it(`answers as Rails (${s})`, () => {
      for (const [path, action, request] of cases) {
        const res = plain(rec[s].recognize("GET", path, request)) as { params: { action: string } } | null;
        assert.equal(res?.params.action ?? null, action, path);
      }
    });
  }
});

describe("a `format:` request condition compares request.format (Mime::Type#to_s)", () => {
  const rec = recognizers((r) => {
    r.get("b", { to: "b#json", format: false, constraints: { format: /json/ } });
    r.get("b", { to: "b#html", format: false, constraints: { format: "text/html" } });
    r.get("b", { to: "b#other", format: false });
    r.get("c/:id", { to: "c#xml", format: false, constraints: { id: /[^\/]+/, format: /xml/ } });
    r.get("c/:id", { to: "c#other", format: false, constraints: { id: /[^\/]+/ } });
  });
  const action = (s: (typeof STRATEGIES)[number], path: string, request?: Record<string, unknown>) =>
    (plain(rec[s].recognize("GET", path, request)) as { params: { action: string } } | null)?.params.action ?? null;
  for (const s of STRATEGIES) {
    it(`answers as Rails (${s})`, () => {
      assert.equal(action(s, "/b"), "html");
      assert.equal(action(s, "/b?format=json"), "json");
      assert.equal(action(s, "/b?format=nope"), "other");
      assert.equal(action(s, "/b?format="), "other");
      assert.equal(action(s, "/c/a.rss"), "xml");
      assert.equal(action(s, "/c/a.txt"), "other");
      assert.equal(action(s, "/c/a.unknown?format=xml"), "xml");
      assert.equal(action(s, "/c/a?format=rss"), "xml");
    });
    it(`reads a non-browser Accept header, and XHR (${s})`, () => {
      assert.equal(action(s, "/b", { headers: { Accept: "application/json" } }), "json");
      assert.equal(action(s, "/b", { headers: { Accept: "text/x-json" } }), "json");
      assert.equal(action(s, "/b", { headers: { Accept: "text/html;q=0.5, application/json" } }), "json");
      assert.equal(action(s, "/b", { headers: { Accept: "application/json, */*" } }), "html");
      assert.equal(action(s, "/b", { headers: { Accept: "foo/bar" } }), "other");
      assert.equal(action(s, "/b", { headers: { "X-Requested-With": "XMLHttpRequest" } }), "other");
      assert.equal(action(s, "/b", { format: "application/json" }), "json");
      // an XHR without Accept: the Content-Type's type (Rails 6.1's `accepts` takes `content_mime_type`)
      const xhr = { "X-Requested-With": "XMLHttpRequest" };
      assert.equal(
        action(s, "/b", { headers: { ...xhr, "Content-Type": " Application/JSON ; charset=utf-8" } }),
        "json",
      );
      assert.equal(action(s, "/b", { headers: { ...xhr, "Content-Type": "application/json", Accept: "  " } }), "json");
      assert.equal(action(s, "/b", { headers: { ...xhr, "Content-Type": "foo/bar" } }), "other");
      assert.equal(action(s, "/c/a.xml", { headers: { ...xhr, "Content-Type": "text/x-json" } }), "other");
      assert.equal(action(s, "/c/a.json", { headers: { ...xhr, "Content-Type": "text/xml" } }), "xml");
      assert.equal(action(s, "/b", { headers: { "Content-Type": "application/json" } }), "html");
    });
  }
});

describe("a `media_type:` request condition compares the Content-Type's type", () => {
  const rec = recognizers((r) => {
    r.get("m", { to: "m#json", constraints: { media_type: "application/json" } });
    r.get("m", { to: "m#other" });
  });
  for (const s of STRATEGIES) {
    it(`stripped and downcased, as Rails' content_mime_type (${s})`, () => {
      const action = (ct: string) =>
        (plain(rec[s].recognize("GET", "/m", { headers: { "Content-Type": ct } })) as { params: { action: string } })
          .params.action;
      assert.equal(action("  Application/JSON ; charset=utf-8"), "json");
      assert.equal(action("application/json,text/html"), "json");
      assert.equal(action("application/jsonx"), "other");
    });
  }
});

describe("a HEAD request falling back to the GET routes shows request conditions the method GET", () => {
  // Rails' match_head_routes sets request_method = "GET" around the GET search and restores HEAD
  // before the route's app (lambda constraints) runs (recognize-extra2.yml, rx2-head-behaviour).
  const rec = recognizers((r) => {
    r.get("d", { to: "d#get", constraints: { request_method: "GET" } });
    r.get("e", { to: "e#head", constraints: { request_method: "HEAD" } });
    r.get("e", { to: "e#lambda", constraints: (req: { method?: string }) => req.method === "HEAD" });
    r.match("f", { to: "f#head", via: "head", constraints: { request_method: "HEAD" } });
  });
  const cases: [string, string, string | null][] = [
    ["HEAD", "/d", "get"],
    ["GET", "/d", "get"],
    ["HEAD", "/e", "lambda"],
    ["GET", "/e", null],
    ["HEAD", "/f", "head"],
  ];
  for (const s of STRATEGIES) {
    it(`answers as Rails (${s})`, () => {
      for (const [method, path, action] of cases) {
        const res = plain(rec[s].recognize(method, path)) as { params: { action: string } } | null;
        assert.equal(res?.params.action ?? null, action, `${method} ${path}`);
      }
    });
  }
});

describe("a constraint that throws: its error propagates, naming the route and the request", () => {
  class Denied extends Error {}
  const rec = recognizers((r) => {
    r.get("boom/:id", {
      to: "a#b",
      constraints: () => {
        throw new Denied("kaboom");
      },
    });
    r.get("atob/:id", { to: "a#b", constraints: () => atob("not base64!") === "" });
    r.get("frozen/:id", {
      to: "a#b",
      constraints: () => {
        throw Object.freeze(new Denied("frozen"));
      },
    });
    r.constraints(
      { matches: (req: { headers?: Record<string, string> }) => req.headers!["x-role"]!.length > 0 },
      () => {
        r.get("reports", { to: "reports#index" });
      },
    );
  });
  for (const s of STRATEGIES) {
    it(`keeps the error's class and adds the context (${s})`, () => {
      assert.throws(
        () => rec[s].recognize("GET", "/boom/1"),
        (e: Error) => {
          assert.ok(e instanceof Denied);
          assert.equal(
            e.message,
            "kaboom (in a request constraint of GET /boom/:id(.:format) (a#b), asked about GET /boom/1: a constraint should return false for a request it does not accept rather than throw)",
          );
          return true;
        },
      );
      assert.throws(
        () => rec[s].recognize("HEAD", "/reports/"),
        (e: Error) => {
          assert.ok(e instanceof TypeError);
          assert.match(
            e.message,
            / \(in a request constraint of GET \/reports\(\.:format\) \(reports#index\), asked about HEAD \/reports: /,
          );
          return true;
        },
      );
    });
    it(`propagates an error whose message cannot be written as it is, not a TypeError (${s})`, () => {
      // DOMException's message is a getter; assigning to it throws in strict code.
      assert.throws(
        () => rec[s].recognize("GET", "/atob/1"),
        (e: Error) => e instanceof DOMException && e.name === "InvalidCharacterError",
      );
      assert.throws(
        () => rec[s].recognize("GET", "/frozen/1"),
        (e: Error) => e instanceof Denied && e.message === "frozen",
      );
    });
  }
});
