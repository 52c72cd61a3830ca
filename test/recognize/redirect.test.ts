// Redirect locations beyond the fixtures. Answers from Rails 6.1 through
// ../shared/conformance/oracle.rb (test/conformance/cases/recognize-extra.yml).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { plain, recognizers, STRATEGIES } from "./factory.js";

describe("a redirect naming a parameter the request lacks", () => {
  const rec = recognizers((r) => {
    r.get("fmt/:id", { to: r.redirect("/new/%{id}.%{format}") });
    r.get("q/:id", { to: r.redirect("/new?id=%{id}&f=%{format}") });
    r.get("o/:id", { to: r.redirect({ path: "/new/%{id}/%{nope}" }) });
  });
  for (const s of STRATEGIES) {
    it(`throws KeyError, as Ruby's String#% does (${s})`, () => {
      assert.deepEqual(plain(rec[s].recognize("GET", "/fmt/1.json")), { name: null, redirect: { status: 301, location: "http://example.com/new/1.json" } });
      for (const path of ["/fmt/1", "/q/1", "/o/1"]) {
        assert.throws(() => rec[s].recognize("GET", path), (e: Error) => e.name === "KeyError" && /^key\{(format|nope)\} not found \(redirect of GET \/[oqfmt]+\/:id\(\.:format\): .*default/.test(e.message), path);
      }
      // the recognizer is usable afterwards
      assert.deepEqual(plain(rec[s].recognize("GET", "/q/1.js")), { name: null, redirect: { status: 301, location: "http://example.com/new?id=1&f=js" } });
    });
  }
});
