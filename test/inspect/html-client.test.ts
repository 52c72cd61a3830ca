// The route table's script turns typed text into the path it matches in the browser, where it
// cannot import the URI layer: its functions must agree with the server's on any text.
import assert from "node:assert/strict";
import vm from "node:vm";
import { after, describe, test } from "node:test";
import fc from "fast-check";
import { CLIENT_CONTROLLER_FILTER, CLIENT_PATH_FUNCTIONS, CLIENT_SCRIPT } from "../../src/inspect/html-client.js";
import { controllerFilter } from "../../src/inspect/sheet.js";
import { underscore } from "../../src/support/inflector.js";
import { inflections, resetInflections } from "../../src/support/inflections.js";
import { escapeRoutePath } from "../../src/pattern/normalize.js";
import { normalizeRequestPath } from "../../src/uri/path.js";

const client = vm.runInNewContext(`${CLIENT_PATH_FUNCTIONS}; ({ escapeTyped, requestPath, pathPrefix })`) as {
  escapeTyped(text: string): string;
  requestPath(escaped: string): string;
  pathPrefix(escaped: string): string;
};

/**
 * What the server makes of the typed text: without its query string, escaped as route paths are
 * (but for the `%xx` escapes already there), normalized as request paths.
 */
const serverPath = (text: string) =>
  normalizeRequestPath(
    text
      .replace(/\?[\s\S]*$/, "")
      .split(/(%[0-9A-Fa-f]{2})/)
      .map((part, i) => (i % 2 === 1 ? part : escapeRoutePath(part)))
      .join(""),
  );

/** Text rich in what the path functions act on: slashes, `?`, `#`, `%` escapes, non-ASCII, lone surrogates. */
const typed = fc.oneof(
  fc.string({
    unit: fc.constantFrom(
      "/",
      "/",
      "?",
      "#",
      "%",
      "a",
      "F",
      "f",
      "2",
      "é",
      "\ud800",
      "\udc00",
      "😀",
      " ",
      "<",
      '"',
      ".",
      "~",
      "[",
      "|",
    ),
  }),
  fc.string({ unit: "binary" }),
);

test("the page's typed path is the server's request path for any text", () => {
  fc.assert(
    fc.property(typed, (text) => assert.equal(client.requestPath(client.escapeTyped(text)), serverPath(text))),
    { numRuns: 5000 },
  );
});

test("examples", () => {
  const path = (t: string) => client.requestPath(client.escapeTyped(t));
  assert.equal(path("posts//1/"), "/posts/1");
  assert.equal(path("/café?x=1"), "/caf%C3%A9");
  assert.equal(path("/a%2fb?x#top"), "/a%2Fb");
  assert.equal(path("posts#update"), "/posts%23update");
  assert.equal(path("/caf%c3%a9"), "/caf%C3%A9");
  assert.equal(path("/100%/x%zz"), "/100%25/x%25zz");
  assert.equal(path("/a b<c>"), "/a%20b%3Cc%3E");
  assert.equal(path(""), "/");
});

test("the prefix form keeps a trailing slash, and is otherwise the request path", () => {
  const prefix = (t: string) => client.pathPrefix(client.escapeTyped(t));
  assert.equal(prefix("/posts/"), "/posts/");
  assert.equal(prefix("posts//"), "/posts/");
  fc.assert(
    fc.property(typed, (text) => {
      const p = prefix(text);
      assert.equal(p.endsWith("/") && p !== "/" ? p.slice(0, -1) : p, serverPath(text));
    }),
    { numRuns: 2000 },
  );
});

test("the script embeds these functions", () => {
  assert.ok(CLIENT_SCRIPT.includes(CLIENT_PATH_FUNCTIONS));
});

describe("the page reads a controller name as `switchyard routes -c` does", () => {
  // The script's own copy, run where nothing else is defined (as in the page).
  const pageFilter = vm.runInNewContext(`${CLIENT_CONTROLLER_FILTER}; controllerFilter`) as typeof controllerFilter;
  /** Rails' rule, from the inflector itself: underscore, then no `Controller` suffix. */
  const rails = (text: string) => underscore(text).replace(/_?controller$/, "");
  const names = fc.oneof(
    fc.string({
      unit: fc.constantFrom(
        "A",
        "d",
        "m",
        "i",
        "n",
        "::",
        "U",
        "s",
        "e",
        "r",
        "Controller",
        "HTML",
        "Api",
        "-",
        "_",
        "1",
        "/",
      ),
    }),
    fc.string(),
  );
  after(resetInflections);

  test("examples", () => {
    const acronyms = inflections().acronymsUnderscoreRegex;
    for (const text of [
      "Admin::UsersController",
      "Admin::Users",
      "admin/users",
      "Admin::UsersController".toLowerCase(),
    ]) {
      assert.equal(pageFilter(text, acronyms), "admin/users", text);
    }
    assert.equal(pageFilter("UsersController", acronyms), "users");
    assert.equal(pageFilter("Controller", acronyms), "");
    assert.equal(pageFilter("HTMLParsers", acronyms), "html_parsers");
  });

  test("the page's rule and -c's agree with Rails' underscore on any text, with and without acronyms", () => {
    const check = () =>
      fc.assert(
        fc.property(names, (text) => {
          const acronyms = inflections().acronymsUnderscoreRegex;
          assert.equal(pageFilter(text, acronyms), rails(text));
          assert.equal(controllerFilter(text, acronyms), rails(text));
        }),
        { numRuns: 2000 },
      );
    check();
    inflections((inflect) => {
      inflect.acronym("HTML");
      inflect.acronym("API");
    });
    assert.equal(pageFilter("API::HTMLPagesController", inflections().acronymsUnderscoreRegex), "api/html_pages");
    check();
  });

  test("the script embeds it", () => {
    assert.ok(CLIENT_SCRIPT.includes(CLIENT_CONTROLLER_FILTER));
  });
});
