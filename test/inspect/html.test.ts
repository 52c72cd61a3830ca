// The HTML route table (docs/contract.md §7): one page for the routing error, /rails/info/routes and
// `switchyard routes --html`. What the markup holds without JavaScript, what it escapes, and the
// data its search reads. The search itself runs in a browser: test/browser/route-table.test.ts.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { draw } from "../../src/draw.js";
import { renderRoutesHtml, type HtmlRoute } from "../../src/inspect/html.js";
import { hostileOptions, hostileRoutes, shownSource } from "./html-hostile.js";
import fc from "fast-check";
import { patternOf } from "../../src/pattern/pattern-of.js";
import { journeyRegExp, simulatorRegExp, usesSimulator } from "../../src/pattern/regexp.js";

const set = draw((r) => {
  r.root("pages#home");
  r.resources("photos", { only: ["index", "show", "update"] });
  r.get("archive/:year(/:month)", { to: "archives#show", as: "archive", constraints: { year: /\d{4}/ } });
  r.mount(
    function jobs() {
      return new Response("");
    },
    { at: "/jobs" },
  );
});

/** The rows of the full table, each as its cells' texts. */
function tableRows(html: string): string[][] {
  const body = /<tbody id="sy-all">([\s\S]*?)<\/tbody>/.exec(html)![1]!;
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) =>
    [...m[1]!.matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/g)].map((c) => c[1]!.replace(/<[^>]+>/g, "")),
  );
}

/** The JSON the page's search reads. */
function searchData(html: string): {
  matchers: [string, string, string | null, string][];
  routes: [number, string, string[], string, string, string][];
} {
  return JSON.parse(/<script type="application\/json" id="sy-route-data">([\s\S]*?)<\/script>/.exec(html)![1]!);
}

describe("the page without JavaScript", () => {
  const html = renderRoutesHtml(set.routes);

  test("is a table of every route in precedence order, with column headers and a caption", () => {
    assert.match(html, /^<!DOCTYPE html>\n<html lang="en">/);
    assert.match(html, /<caption>7 routes, in the order they are matched<\/caption>/);
    assert.deepEqual(
      [.../<thead><tr>(.*?)<\/tr><\/thead>/.exec(html)![1]!.matchAll(/<th scope="col"[^>]*>([^<]*)<\/th>/g)].map(
        (m) => m[1],
      ),
      ["Name", "Verb", "Path", "Controller#Action"],
    );
    assert.deepEqual(
      tableRows(html),
      set.routes.map((r) => [r.name ?? "", r.verb === "" ? "any" : r.verb, r.path, r.reqs]),
    );
    // each row is headed by its path
    assert.equal(html.match(/<th scope="row"><code>/g)!.length, set.routes.length);
  });

  test("keeps the search hidden until its script shows it, with a label, a hint and a live status", () => {
    assert.match(html, /<div id="sy-search-box" class="sy-search" hidden>/);
    assert.match(html, /<label for="sy-search">Search by path, name or controller#action<\/label>/);
    assert.match(html, /<input type="search" id="sy-search" value="" [^>]*aria-describedby="sy-search-hint"[^>]*>/);
    assert.match(html, /<p id="sy-status" class="sy-status" role="status" aria-live="polite"><\/p>/);
    // the result sections are hidden too, each headed for the rows it will hold
    assert.match(
      html,
      /<tbody id="sy-exact" class="sy-exact" hidden><tr class="sy-section"><th colspan="4" scope="rowgroup">Exact matches<\/th><\/tr>/,
    );
    assert.match(
      html,
      /<tbody id="sy-partial" class="sy-partial" hidden><tr class="sy-section"><th colspan="4" scope="rowgroup">Partial matches<\/th><\/tr>/,
    );
  });

  test("loads nothing: no external script, style, image or link", () => {
    assert.doesNotMatch(html, /\b(?:src|href)=/);
    assert.doesNotMatch(html, /https?:\/\//);
    assert.equal(html.match(/<script\b/g)!.length, 2);
  });

  test("is headed Routes, or Routing Error with Rails' message for a request no route matches", () => {
    assert.match(html, /<title>Routes<\/title>/);
    assert.match(html, /<h1>Routes<\/h1>/);
    assert.doesNotMatch(html, /<p class="sy-error">/);
    const error = renderRoutesHtml(set.routes, { error: { method: "GET", path: "/photoz" } });
    assert.match(error, /<title>Routing Error: No route matches \[GET\] &quot;\/photoz&quot;<\/title>/);
    assert.match(
      error,
      /<h1>Routing Error<\/h1>\n<p class="sy-error">No route matches \[GET\] &quot;\/photoz&quot;<\/p>/,
    );
    // The path as Ruby's String#inspect prints it
    assert.match(
      renderRoutesHtml([], { error: { method: "POST", path: '/a"b\\c' } }),
      /No route matches \[POST\] &quot;\/a\\&quot;b\\\\c&quot;/,
    );
    assert.match(renderRoutesHtml([], { error: "Something else" }), /<p class="sy-error">Something else<\/p>/);
    assert.match(
      renderRoutesHtml([], { error: "No route", notes: ["Looked for app/controllers/<x>.ts", "and B"] }),
      /<p class="sy-error">No route<\/p>\n<p class="sy-note">Looked for app\/controllers\/&lt;x&gt;.ts<\/p>\n<p class="sy-note">and B<\/p>\n<\/header>/,
    );
    assert.match(renderRoutesHtml([], { title: "Blog" }), /<title>Blog<\/title>/);
  });

  test("says so when there are no routes", () => {
    const empty = renderRoutesHtml([]);
    assert.match(empty, /<caption>No routes, in the order they are matched<\/caption>/);
    assert.deepEqual(tableRows(empty), []);
    assert.deepEqual(searchData(empty), { matchers: [], routes: [] });
  });

  test("carries a CSP nonce on its inline style and script, and a query already typed", () => {
    const page = renderRoutesHtml(set.routes, { nonce: 'r4nd"om', query: '/photos/"1' });
    assert.match(page, /<style nonce="r4nd&quot;om">/);
    assert.match(page, /<script nonce="r4nd&quot;om">/);
    assert.match(page, /<input type="search" id="sy-search" value="\/photos\/&quot;1"/);
  });
});

describe("source locations", () => {
  const sourced: HtmlRoute[] = set.routes.map((r, i) => ({ ...r, source: i === 1 ? "config/routes.ts:3" : undefined }));

  test("a Source column appears when some route knows its declaration", () => {
    const html = renderRoutesHtml(sourced);
    assert.match(
      html,
      /<th scope="col">Controller#Action<\/th><th scope="col" class="sy-source">Source<\/th><\/tr><\/thead>/,
    );
    assert.match(html, /colspan="5"/);
    const rows = tableRows(html);
    assert.deepEqual(
      rows.map((r) => r[4]),
      set.routes.map((_, i) => (i === 1 ? "config/routes.ts:3" : "")),
    );
    assert.equal(searchData(html).routes[1]![5], "config/routes.ts:3");
    assert.match(html, /those that contain it; a file \(config\/routes\.ts\) finds the routes declared in it\.<\/p>/);
    assert.doesNotMatch(renderRoutesHtml(set.routes), /a file \(config\/routes\.ts\)/);
  });

  test("and not otherwise", () => {
    const html = renderRoutesHtml(set.routes);
    assert.doesNotMatch(html, /Source/);
    assert.ok(tableRows(html).every((r) => r.length === 4));
  });
});

describe("the search's data", () => {
  const data = searchData(renderRoutesHtml(set.routes));

  test("one matcher per distinct pattern: show and update share theirs", () => {
    assert.equal(data.routes.length, set.routes.length);
    const show = set.routes.findIndex((r) => r.action === "show" && r.controller === "photos");
    const update = set.routes.findIndex((r) => r.action === "update");
    assert.equal(data.routes[show]![0], data.routes[update]![0]);
    assert.equal(data.matchers.length, new Set(set.routes.map((r) => r.path)).size);
  });

  test("each route's exact matcher is its Journey regexp, as the recognizer compiles it", () => {
    set.routes.forEach((r, i) => {
      const { re } = journeyRegExp(r.pattern.ast, r.requirements, r.anchor);
      const [source, flags] = data.matchers[data.routes[i]![0]]!;
      assert.equal(source, re.source);
      assert.equal(flags, re.flags);
    });
  });

  test("the simulator filter is there where it can reject what the regexp accepts", () => {
    const routes = draw((r) => {
      r.get("d(e)", { to: "d#e" });
      r.get(":a(:b)", { to: "a#b" });
    }).routes;
    const data = searchData(renderRoutesHtml(routes));
    const [exact, flags, simulator] = data.matchers[data.routes[0]![0]]!;
    assert.equal(new RegExp(exact, flags).test("/de"), true);
    assert.equal(new RegExp(simulator!).test("/de"), false); // as Journey: the literal `d` is not the token `de`
    assert.equal(typeof data.matchers[data.routes[1]![0]]![2], "string");
    // not for the routes of a plain table
    assert.ok(searchData(renderRoutesHtml(set.routes)).matchers.every((m) => m[2] === null));
  });

  test("where it is left out, it would never have rejected what the regexp accepts", () => {
    // patterns of slashes, dots, literals, segments and optional groups; paths of their characters
    const item = fc.letrec<{ seq: string; item: string }>((tie) => ({
      seq: fc.array(tie("item"), { minLength: 1, maxLength: 4 }).map((items) => items.join("")),
      item: fc.oneof(
        { maxDepth: 2 },
        fc.constantFrom("/", ".", "a", "ab", ":s"),
        tie("seq").map((s) => `(${s})`),
      ),
    }));
    const paths = fc
      .array(fc.constantFrom("/", ".", "a", "b", "ab", "1"), { maxLength: 6 })
      .map((p) => "/" + p.join(""));
    fc.assert(
      fc.property(item.seq, fc.array(paths, { minLength: 20, maxLength: 20 }), (spec, requests) => {
        let n = 0;
        const pattern = patternOf("/" + spec.replace(/:s/g, () => `:s${n++}`));
        if (!usesSimulator(pattern.ast, {}, true)) return;
        const route = { ...set.routes[1]!, pattern, requirements: {}, anchor: true };
        const [exact, flags, simulator] = searchData(renderRoutesHtml([route])).matchers[0]!;
        if (simulator !== null) return;
        const journey = new RegExp(exact, flags);
        const sim = simulatorRegExp(pattern.ast);
        for (const p of requests) if (journey.test(p)) assert.ok(sim.test(p), `${pattern.spec}: ${p}`);
      }),
      { numRuns: 500 },
    );
  });

  test("a Regexp.union list: its own matcher, whole members, and their beginnings", () => {
    const routes = draw((r) => {
      r.get("items/:idx", { to: "items#show", constraints: { idx: ["first", "last"] } });
      r.get("items/:idx", { to: "items#pick", constraints: { idx: ["middle"] } });
      r.get("tags/:tag", { to: "tags#show", constraints: { tag: /[[:alpha:]]+/ } });
    }).routes;
    const data = searchData(renderRoutesHtml(routes));
    assert.equal(data.matchers.length, 3);
    const [exact, flags, , prefix] = data.matchers[data.routes[0]![0]]!;
    assert.deepEqual(
      ["/items/first", "/items/last.json", "/items/firstlast", "/items/middle"].map((p) =>
        new RegExp(exact, flags).test(p),
      ),
      [true, true, false, false],
    );
    assert.deepEqual(
      ["/items/fi", "/items/la", "/items/mi"].map((p) => new RegExp(prefix, flags).test(p)),
      [true, true, false],
    );
    const [tags, tagFlags] = data.matchers[data.routes[2]![0]]!;
    assert.deepEqual(
      ["/tags/abc", "/tags/a1"].map((p) => new RegExp(tags, tagFlags).test(p)),
      [true, false],
    );
    assert.equal(data.routes[2]![3], "tags#show { tag: /[[:alpha:]]+/ }");
  });

  test("names, verbs, controller#action and the sheet's text, per route", () => {
    const archive = data.routes[set.routes.findIndex((r) => r.name === "archive")]!;
    assert.deepEqual(archive.slice(1), ["archive", ["GET"], "archives#show { year: /\\d{4}/ }", "archives#show", ""]);
    const mount = data.routes[set.routes.length - 1]!;
    assert.deepEqual(mount.slice(1), ["", [], "jobs", "", ""]);
  });
});

describe("a hostile table", () => {
  const routes = hostileRoutes;
  const html = renderRoutesHtml(routes, hostileOptions);

  test("shows every text, escaped", () => {
    assert.deepEqual(
      tableRows(html),
      routes.map((r) => [
        escape(r.name ?? ""),
        r.verb === "" ? "any" : r.verb,
        escape(r.path),
        escape(r.reqs),
        escape(shownSource(r.source)),
      ]),
    );
    assert.match(
      html,
      /<title>&lt;b&gt;&amp;: No route matches \[GET\] &quot;\/&lt;script&gt;alert\(4\)&lt;\/script&gt;&quot;<\/title>/,
    );
    assert.match(html, /value="&quot;&gt;&lt;img src=x onerror=alert\(5\)&gt;"/);
  });

  test("opens no element of its own: only the page's two scripts, no img", () => {
    assert.equal(html.match(/<script\b/gi)!.length, 2);
    assert.equal(html.match(/<\/script/gi)!.length, 2);
    assert.doesNotMatch(html, /<img/i);
    assert.doesNotMatch(html, /<b>/);
  });

  test("its data is JSON that reads back whole", () => {
    const data = searchData(html);
    assert.equal(data.routes[4]![1], "<img src=x onerror=alert(2)>");
    assert.equal(data.routes[4]![5], "</script><script>alert(3)</script>:1");
    assert.equal(data.routes[0]![3], routes[0]!.reqs);
    const { re } = journeyRegExp(routes[0]!.pattern.ast, routes[0]!.requirements, true);
    assert.equal(data.matchers[data.routes[0]![0]]![0], re.source);
  });
});

function escape(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}
