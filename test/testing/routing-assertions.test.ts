// Rails' own routing-assertion tests (actionpack's test/dispatch/routing_assertions_test.rb),
// translated, and a case for each way the assertions fail. Every case is data
// (routing-assertions.cases.json): rails-routing-assertions.rb runs it through Rails 6.1's
// assertions and records what they answered in routing-assertions.rails.json — a pass, the
// failure message, or the error — and this test runs it through switchyard's and compares the
// text. Regenerate the record after changing the cases:
//
//     ruby test/testing/rails-routing-assertions.rb > test/testing/routing-assertions.rails.json
//
// The route sets below are the ones the Ruby script draws (Rails' engine, which needs railties,
// is a Rack app there and a fetch handler here; the switchyard-handler-as-engine case is below).
import assert, { AssertionError } from "node:assert/strict";
import fs from "node:fs";
import { describe, test } from "node:test";
import { draw, type RequestInfo, type RouteSet } from "../../src/index.js";
import { routingAssertions, type RoutingAssertions } from "../../src/testing/index.js";

const here = new URL(".", import.meta.url);
const cases = JSON.parse(fs.readFileSync(new URL("routing-assertions.cases.json", here), "utf8")) as {
  id: string;
  call: string;
  routes?: string;
  args: unknown[];
}[];
const rails = JSON.parse(fs.readFileSync(new URL("routing-assertions.rails.json", here), "utf8")) as {
  id: string;
  pass?: true;
  failure?: string;
  error?: string;
  message?: string;
}[];

const SETS: Record<string, RouteSet> = {
  main: draw((r) => {
    r.resources("articles");
    r.scope("secure", { constraints: { protocol: "https://" } }, () => {
      r.resources("articles", { controller: "secure_articles" });
    });
    r.scope("block", { constraints: (req: RequestInfo) => req.protocol === "https://" }, () => {
      r.resources("articles", { controller: "block_articles" });
    });
    r.scope("query", { constraints: (req: RequestInfo) => req.params?.["use_query"] === "true" }, () => {
      r.resources("articles", { controller: "query_articles" });
    });
    r.mount(() => new Response("shelf"), { at: "/shelf" });
    r.get("/shelf/foo", { controller: "query_articles", action: "index" });
    r.get("old", { to: r.redirect("/articles") });
    r.get("feeds/:id", { to: "feeds#show", constraints: { id: /\d+/ }, defaults: { format: "rss" } });
    r.get("photos/*other", { to: "photos#unknown" });
    r.namespace("admin", () => {
      r.resources("users", { only: ["index", "show"] });
    });
  }),
  artikel: draw((r) => {
    r.resources("articles", { path: "artikel" });
  }),
};

const CALLS: Record<string, keyof RoutingAssertions> = {
  assert_recognizes: "assertRecognizes",
  assert_generates: "assertGenerates",
  assert_routing: "assertRouting",
};

/** What an assertion did, in the record's terms. */
function outcome(run: () => void): { pass?: true; failure?: string; error?: string; message?: string } {
  try {
    run();
    return { pass: true };
  } catch (e) {
    if (e instanceof AssertionError) return { failure: e.message };
    const err = e as Error;
    return { error: err.name, message: err.message };
  }
}

const RUBY_ERRORS: Record<string, string> = { "ActionController::UrlGenerationError": "UrlGenerationError" };

describe("routing assertions answer as Rails' do", () => {
  assert.equal(
    rails.length,
    cases.length,
    "routing-assertions.rails.json is out of date: regenerate it (see the top of this file)",
  );
  for (const [i, c] of cases.entries()) {
    test(c.id, () => {
      const expected = rails[i]!;
      assert.equal(expected.id, c.id, "routing-assertions.rails.json is out of date: regenerate it");
      const assertions = routingAssertions(SETS[c.routes ?? "main"]!);
      const fn = assertions[CALLS[c.call]!] as (...args: unknown[]) => void;
      const got = outcome(() => fn(...c.args));
      const want = expected.error
        ? { error: RUBY_ERRORS[expected.error] ?? expected.error, message: expected.message }
        : expected.failure !== undefined
          ? { failure: expected.failure }
          : { pass: true as const };
      assert.deepEqual(got, want);
    });
  }
});

describe("routing assertions", () => {
  const { assertRecognizes, assertGenerates, assertRouting } = routingAssertions(SETS.main!);

  test("a failure is node:assert's AssertionError, with the actual and expected values", () => {
    assert.throws(
      () => assertRecognizes({ controller: "articles", action: "show", id: "2" }, "/articles/1"),
      (e: unknown) => {
        assert.ok(e instanceof AssertionError);
        assert.deepEqual(e.actual, { controller: "articles", action: "show", id: "1" });
        assert.deepEqual(e.expected, { controller: "articles", action: "show", id: "2" });
        assert.equal(e.operator, "==");
        return true;
      },
    );
    assert.throws(
      () => assertGenerates("/articles/2", { controller: "articles", action: "show", id: "1" }),
      (e: unknown) => {
        assert.ok(e instanceof AssertionError);
        assert.equal(e.actual, "/articles/1");
        assert.equal(e.expected, "/articles/2");
        return true;
      },
    );
  });

  test("a message may be a function, called only on failure, as Minitest's Proc messages", () => {
    let calls = 0;
    const msg = () => (calls++, "lazy.");
    assertRouting("/articles/1", { controller: "articles", action: "show", id: "1" }, {}, {}, msg);
    assert.equal(calls, 0);
    assert.throws(
      () => assertRecognizes({ controller: "articles", action: "show", id: "2" }, "/articles/1", {}, msg),
      (e: Error) => e.message.startsWith("lazy.\nThe recognized options <"),
    );
  });

  test("a mounted switchyard route set answers as Rails' engines do", async () => {
    const { createHandler } = await import("../../src/http/index.js");
    const engine = draw((r) => {
      r.resources("books");
      r.scope("secure", { constraints: { protocol: "https://" } }, () =>
        r.resources("books", { controller: "secure_books" }),
      );
    });
    const routes = draw((r) => {
      r.mount(createHandler(engine), { at: "/shelf" });
      r.get("/shelf/foo", { controller: "query_articles", action: "index" });
    });
    const a = routingAssertions(routes);
    a.assertRecognizes({ controller: "books", action: "index" }, "/shelf/books");
    a.assertRecognizes({ controller: "books", action: "show", id: "1" }, "/shelf/books/1");
    a.assertRecognizes({ controller: "query_articles", action: "index" }, "/shelf/foo");
    assert.throws(
      () => a.assertRecognizes({ controller: "secure_books", action: "index" }, "http://test.host/shelf/secure/books"),
      { message: 'No route matches "http://test.host/shelf/secure/books"' },
    );
    a.assertRecognizes(
      { controller: "secure_books", action: "index", protocol: "https://" },
      "https://test.host/shelf/secure/books",
    );
  });

  test("the route set must be one", () => {
    assert.throws(
      () => routingAssertions({} as RouteSet),
      /expected the route set that draw\(\) or loadRoutes\(\) returns, got an instance of Object/,
    );
  });
});
