// Redirect#inspect, as the route sheet shows it. Answers from Rails 6.1 through
// script/rails-oracle.rb (test/conformance/cases/generate-extra.yml).
import assert from "node:assert/strict";
import { test } from "node:test";
import { Redirect } from "../../src/table/redirect-endpoint.js";

test('an options redirect prints each value as Ruby\'s "#{v}" does', () => {
  const inspect = (options: Record<string, unknown>) => new Redirect(301, { kind: "options", options }).inspect();
  // a Hash or Array as its inspect (symbol keys, as the Ruby source has them), nil as nothing
  assert.equal(
    inspect({ path: "/p", params: { a: 1, b: [1, "x"], c: null } }),
    'redirect(301, path: /p, params: {:a=>1, :b=>[1, "x"], :c=>nil})',
  );
  assert.equal(inspect({ port: 8080, anchor: null }), "redirect(301, port: 8080, anchor: )");
  assert.equal(inspect({ subdomain: false, path: "/c" }), "redirect(301, subdomain: false, path: /c)");
  assert.equal(inspect({ path: "sym", port: 1.5 }), "redirect(301, path: sym, port: 1.5)");
});
