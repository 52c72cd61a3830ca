// The route table pages in a real browser (docs/contract.md §7): the routing error page of the example
// application, served over HTTP on 127.0.0.1, opened in Debian's chromium; a path, a name and a
// controller#action typed into its search, key by key, and the rows that remain, in their order.
import assert from "node:assert/strict";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { loadRoutes, type RouteSet } from "switchyard";
import { renderRoutesHtml } from "../../src/inspect/html.js";
import { sourceText } from "../../src/table/source.js";
import { hostileOptions, hostileRoutes, shownSource } from "../inspect/html-hostile.js";
import { chromiumMissing, launch, type Browser } from "./chromium.js";
import { serveApp, type Served } from "./server.js";

const blog = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../examples/blog");
const missing = chromiumMissing();
if (missing !== null) console.log(`# browser tests skipped: ${missing}`);

// One browser for the file (starting chromium takes seconds); each describe opens its own pages.
let browser: Browser;
before(async () => {
  if (missing === null) browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** A row as the tests name it: verb and path (the name only where it is the point). */
type Row = string;

/** What these tests read of a `<tr>` in the page (the project's types have no DOM). */
interface TableRow {
  readonly cells: ArrayLike<{ readonly textContent: string | null }>;
  readonly parentElement: { readonly tagName: string } | null;
}

/**
 * The rows of a part of the table that are on screen, in order, as "VERB path": `sy-exact`, the
 * exact matches; `sy-all`, the table itself (while searching, the partial matches).
 */
function shownRows(page: Page, section: string): Promise<Row[]> {
  return page
    .locator(`#${section}:visible tr:not(.sy-section):not(.sy-none):visible`)
    .evaluateAll((trs) =>
      (trs as unknown as TableRow[]).map((tr) => `${tr.cells[1]!.textContent} ${tr.cells[2]!.textContent}`),
    );
}

/** Types `text` into the search field key by key, and waits for the status to report it. */
async function typeSearch(page: Page, text: string): Promise<void> {
  const field = page.getByRole("searchbox", { name: "Search by path, name or controller#action" });
  await field.fill("");
  await field.pressSequentially(text);
  await page
    .getByRole("status")
    .filter({ hasText: `\u201c${text}\u201d` })
    .waitFor();
}

describe("the routing error page of examples/blog, in chromium", { skip: missing ?? false }, () => {
  let routes: RouteSet;
  let server: Served;
  let page: Page;
  let allRows: Row[];

  before(async () => {
    // As `switchyard serve` loads it in development: with source locations.
    routes = await loadRoutes({ root: blog, sourceLocations: true });
    allRows = routes.routes.map((r) => `${r.verb || "any"} ${r.path}`);
    // The application in development, served by switchyard's own handler over node:http.
    server = await serveApp(routes, blog);
    browser.allow(server.origin);
    page = await browser.context.newPage();
  });

  after(async () => {
    await page?.close();
    await server?.close();
  });

  test("a request no route matches gets the error and the whole table", async () => {
    const response = await page.goto(`${server.origin}/postz`);
    assert.equal(response?.status(), 404);
    assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), "Routing Error");
    assert.equal(await page.locator(".sy-error").textContent(), 'No route matches [GET] "/postz"');
    // the table is named by its caption, its columns by their headers
    const table = page.getByRole("table", { name: "77 routes, in the order they are matched" });
    assert.deepEqual(await table.getByRole("columnheader").allTextContents(), [
      "Name",
      "Verb",
      "Path",
      "Controller#Action",
      "Source",
    ]);
    const sources = await page
      .locator("#sy-all tr")
      .evaluateAll((trs) => (trs as unknown as TableRow[]).map((tr) => tr.cells[4]!.textContent));
    assert.deepEqual(
      sources,
      routes.routes.map((r) => sourceText(r.source)),
    );
    assert.ok(sources.includes("config/routes.ts:67 (concern :commentable, config/routes.ts:29)"));
    assert.deepEqual(await shownRows(page, "sy-all"), allRows);
    assert.equal(await page.getByRole("searchbox").isVisible(), true);
  });

  test("typing a path lists the routes it matches exactly, then those it begins", async () => {
    await typeSearch(page, "/posts/1");
    const member = ["GET", "PATCH", "PUT", "DELETE"].map((verb) => `${verb} (/:locale)/posts/:id(.:format)`);
    assert.deepEqual(await shownRows(page, "sy-exact"), member);
    assert.deepEqual(await shownRows(page, "sy-all"), [
      "POST (/:locale)/posts/:id/publish(.:format)",
      "DELETE (/:locale)/posts/:id/publish(.:format)",
      "GET (/:locale)/posts/:post_id/revisions(.:format)",
      "POST (/:locale)/posts/:post_id/images(.:format)",
      "GET (/:locale)/posts/:post_id/comments(.:format)",
      "POST (/:locale)/posts/:post_id/comments(.:format)",
      "GET (/:locale)/posts/:id/edit(.:format)",
    ]);
    // the exact matches come first, each group under its heading
    const order = await page.locator("#sy-table tr:visible th[scope=rowgroup]").allTextContents();
    assert.deepEqual(order, ["Exact matches (4)", "Partial matches (7)"]);
    assert.equal(
      await page.getByRole("status").textContent(),
      "4 routes match \u201c/posts/1\u201d exactly, 7 routes partially.",
    );

    // as the recognizer matches: the optional locale and format, the locale's requirement
    await typeSearch(page, "/nl/posts/1.json");
    assert.deepEqual(await shownRows(page, "sy-exact"), member);
    await typeSearch(page, "/de/posts/1");
    assert.deepEqual(await shownRows(page, "sy-exact"), []);
    assert.equal(await page.locator("#sy-exact .sy-none").textContent(), "No route matches exactly.");
    // a segment requirement the typed path could still meet: a partial match only
    await typeSearch(page, "/archive/2024/1");
    assert.deepEqual(await shownRows(page, "sy-exact"), []);
    assert.deepEqual(await shownRows(page, "sy-all"), ["GET (/:locale)/archive/:year(/:month)(.:format)"]);
    await typeSearch(page, "/archive/2024/12");
    assert.deepEqual(await shownRows(page, "sy-exact"), ["GET (/:locale)/archive/:year(/:month)(.:format)"]);
  });

  test("typing a name, with or without _path, finds its route", async () => {
    await typeSearch(page, "edit_post_path");
    assert.deepEqual(await shownRows(page, "sy-exact"), ["GET (/:locale)/posts/:id/edit(.:format)"]);
    assert.deepEqual(await shownRows(page, "sy-all"), []);
    await typeSearch(page, "gallery");
    assert.deepEqual(await shownRows(page, "sy-exact"), ["GET /galleries/:id(.:format)"]);
    assert.deepEqual(await shownRows(page, "sy-all"), ["GET /galleries/:gallery_id/comments(.:format)"]);
  });

  test("typing a controller#action finds its routes, and the others that contain it", async () => {
    await typeSearch(page, "posts#update");
    assert.deepEqual(await shownRows(page, "sy-exact"), [
      "PATCH (/:locale)/posts/:id(.:format)",
      "PUT (/:locale)/posts/:id(.:format)",
    ]);
    assert.deepEqual(await shownRows(page, "sy-all"), [
      "PATCH /admin/posts/:id(.:format)",
      "PUT /admin/posts/:id(.:format)",
    ]);
  });

  test("typing a controller's class name finds its routes, as `switchyard routes -c` does", async () => {
    const of = (controller: string) =>
      routes.routes.filter((r) => r.controller === controller).map((r) => `${r.verb || "any"} ${r.path}`);
    assert.equal(of("admin/users").length, 3);
    for (const text of ["Admin::UsersController", "Admin::Users"]) {
      await typeSearch(page, text);
      assert.deepEqual(await shownRows(page, "sy-exact"), of("admin/users"), text);
      assert.deepEqual(await shownRows(page, "sy-all"), [], text);
    }
    // -c UsersController lists both: the users controller's routes exactly, admin/users' partially
    await typeSearch(page, "UsersController");
    assert.deepEqual(await shownRows(page, "sy-exact"), of("users"));
    assert.deepEqual(await shownRows(page, "sy-all"), of("admin/users"));
    assert.deepEqual(
      [...of("users"), ...of("admin/users")].sort(),
      routes
        .inspect({ controller: "UsersController" })
        .split("\n")
        .slice(1)
        .map((line) => line.trim().split(/\s+/))
        .map((w) => `${w.at(-3)} ${w.at(-2)}`)
        .sort(),
    );
  });

  test("typing a route file lists the routes declared in it", async () => {
    await typeSearch(page, "config/routes/admin/reports.ts");
    assert.deepEqual(await shownRows(page, "sy-exact"), []);
    assert.deepEqual(
      await shownRows(page, "sy-all"),
      routes.routes
        .filter((r) => r.source?.file === "config/routes/admin/reports.ts")
        .map((r) => `${r.verb || "any"} ${r.path}`),
    );
    assert.equal((await shownRows(page, "sy-all")).length, 3);
  });

  test("clearing the field brings back the whole table, in order", async () => {
    await page.getByRole("searchbox").fill("");
    await page.getByRole("status").filter({ hasText: "Showing all 77 routes." }).waitFor();
    assert.deepEqual(await shownRows(page, "sy-all"), allRows);
    assert.equal(await page.locator("#sy-exact").isVisible(), false);
    assert.equal(await page.locator("th[scope=rowgroup]:visible").count(), 0);
  });

  test("the route table is also at /rails/info/routes", async () => {
    const response = await page.goto(`${server.origin}/rails/info/routes`);
    assert.equal(response?.status(), 200);
    assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), "Routes");
    assert.equal(await page.locator(".sy-error").count(), 0);
    assert.deepEqual(await shownRows(page, "sy-all"), allRows);
  });

  test("without JavaScript the page is the whole table, and no search field that cannot work", async () => {
    const bare = await browser.context.newPage();
    const cdp = await browser.context.newCDPSession(bare);
    await cdp.send("Emulation.setScriptExecutionDisabled", { value: true });
    await bare.goto(`${server.origin}/postz`);
    // (the field is on screen once the page's script has run: see the first test)
    assert.equal(await bare.getByRole("searchbox").isVisible(), false);
    assert.deepEqual(await shownRows(bare, "sy-all"), allRows);
    assert.equal(await bare.locator(".sy-error").textContent(), 'No route matches [GET] "/postz"');
    await bare.close();
  });

  test("the browser reached nothing but the application's server", () => {
    assert.deepEqual(browser.offsite, []);
  });
});

/** A cell's box, as the layout test reads it. */
interface Box {
  readonly left: number;
  readonly right: number;
  readonly width: number;
  readonly text: string;
}
interface LaidOutCell {
  getBoundingClientRect(): Box;
  readonly textContent: string | null;
}

describe("the route table's layout, from a phone to a desktop", { skip: missing ?? false }, () => {
  // The routing error page of examples/blog, with its Source column (its longest texts).
  let html: string;
  before(async () => {
    const routes = await loadRoutes({ root: blog, sourceLocations: true });
    html = renderRoutesHtml(routes.routes, { error: { method: "GET", path: "/postz" } });
  });

  for (const width of [320, 768, 1280]) {
    test(`at ${width} px wide no column is squeezed away and no two cells overlap`, async () => {
      const page = await browser.context.newPage();
      try {
        await page.setViewportSize({ width, height: 800 });
        await page.setContent(html);
        // the header and the first rows (among them the longest names and paths of the table)
        const rows = await page.locator("#sy-table thead tr, #sy-all tr:nth-child(-n+12)").evaluateAll((trs) =>
          (trs as unknown as { readonly cells: ArrayLike<LaidOutCell> }[]).map((tr) =>
            Array.from(tr.cells, (c) => {
              const { left, right, width } = c.getBoundingClientRect();
              return { left, right, width, text: c.textContent ?? "" };
            }),
          ),
        );
        assert.equal(rows.length, 13);
        for (const cells of rows) {
          assert.equal(cells.length, 5);
          for (const cell of cells) assert.ok(cell.width >= 24, `${width} px: "${cell.text}" is ${cell.width} px wide`);
          for (let i = 1; i < cells.length; i++) {
            assert.ok(
              cells[i]!.left >= cells[i - 1]!.right - 0.5,
              `${width} px: "${cells[i - 1]!.text}" overlaps "${cells[i]!.text}"`,
            );
          }
        }
        // a verb or a header is never broken over lines (a Range's rects are its text's lines)
        const lines = await page
          .locator("#sy-table thead th, #sy-all tr:nth-child(-n+12) td:nth-child(2)")
          .evaluateAll((cells) => {
            const doc = (
              globalThis as unknown as {
                document: {
                  createRange(): { selectNodeContents(n: unknown): void; getClientRects(): ArrayLike<unknown> };
                };
              }
            ).document;
            return cells.map((cell) => {
              const range = doc.createRange();
              range.selectNodeContents(cell);
              return range.getClientRects().length;
            });
          });
        assert.equal(lines.length, 17);
        assert.deepEqual(
          lines.filter((n) => n !== 1),
          [],
          `${width} px: a verb or header over several lines`,
        );
        if (width === 320)
          await page.screenshot({ path: path.join(os.tmpdir(), "switchyard-routes-320.png"), fullPage: false });
      } finally {
        await page.close();
      }
    });
  }
});

describe("a hostile route table, in chromium", { skip: missing ?? false }, () => {
  let page: Page;
  const dialogs: string[] = [];
  const routes = hostileRoutes;

  before(async () => {
    page = await browser.context.newPage();
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.setContent(renderRoutesHtml(routes, hostileOptions));
  });

  after(async () => {
    await page?.close();
  });

  test("every text shows as it is, and nothing runs", async () => {
    const cells = await page
      .locator("#sy-table tr:not(.sy-section):not(.sy-none)")
      .evaluateAll((trs) =>
        (trs as unknown as TableRow[])
          .filter((tr) => tr.parentElement!.tagName === "TBODY")
          .map((tr) => Array.from(tr.cells, (c) => c.textContent)),
      );
    const expected = routes.map((r) => [r.name ?? "", r.verb || "any", r.path, r.reqs, shownSource(r.source)]);
    assert.deepEqual([...cells].sort(), [...expected].sort());
    assert.equal(await page.locator(".sy-error").textContent(), 'No route matches [GET] "/<script>alert(4)</script>"');
    assert.equal(await page.getByRole("searchbox").inputValue(), '"><img src=x onerror=alert(5)>');
    assert.equal(await page.locator("img").count(), 0);
    assert.equal(await page.locator("script").count(), 2);
    assert.deepEqual(dialogs, []);
    assert.deepEqual(browser.offsite, []);
  });

  test("the search finds hostile names and sources", async () => {
    await typeSearch(page, "<img src=x onerror=alert(2)>");
    assert.deepEqual(await shownRows(page, "sy-exact"), ["GET /a%3Cb%3E&%22'(.:format)"]);
    await typeSearch(page, "</script><script>alert(3)");
    assert.deepEqual(await shownRows(page, "sy-all"), ["GET /a%3Cb%3E&%22'(.:format)"]);
    await typeSearch(page, "/a<b>&\"'");
    assert.deepEqual(await shownRows(page, "sy-exact"), [
      "GET /a%3Cb%3E&%22'(.:format)",
      "GET /a%3Cb%3E&%22'(.:format)",
    ]);
    assert.deepEqual(dialogs, []);
  });
});
