// The development exception page in a real browser: an action that throws, served over
// HTTP on 127.0.0.1 and opened in Debian's chromium. The page shows the request (method, path,
// parameters with Rails' filtering) and the application's frames before switchyard's, which are
// folded away; at 320, 768 and 1280 px nothing is cut off sideways.
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { draw } from "switchyard";
import { createHandler } from "switchyard/http";
import { toNodeListener } from "switchyard/node";
import { chromiumMissing, launch, type Browser } from "./chromium.js";

const missing = chromiumMissing();
if (missing !== null) console.log(`# browser tests skipped: ${missing}`);

/** The application's own code that fails: its frame is the one the page must show first. */
function chargeCard(card: unknown): never {
  throw new Error(`card ${String(card)} declined`);
}

let browser: Browser;
let server: http.Server;
let origin = "";
before(async () => {
  if (missing !== null) return;
  const routes = draw((r) => {
    r.get("orders/:id/checkout", { to: "orders#checkout" });
    r.post("orders/:id/pay", { to: "orders#pay" });
  });
  const handler = createHandler(routes, {
    env: "development",
    hosts: [],
    logger: false,
    onError: () => {},
    controllers: {
      orders: {
        // The page with the form, from the application itself: its POST is same-origin, as forgery protection wants.
        checkout: () =>
          `<form method="post" action="/orders/7/pay"><input name="card" value="4242"><input name="password" value="hunter2"></form>`,
        pay: (ctx: { params: Record<string, unknown> }) => chargeCard(ctx.params.card),
      },
    },
  });
  server = http.createServer(toNodeListener(handler));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launch();
  browser.allow(origin);
});
after(async () => {
  await browser?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

/** The page a form POST to the failing action answers, loaded in a tab `width` px wide. */
async function failedPage(width: number) {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width, height: 800 });
  // A form of the application's own page, submitted as a user's browser sends it.
  await page.goto(`${origin}/orders/7/checkout`);
  await Promise.all([
    page.waitForURL(`${origin}/orders/7/pay`),
    page.locator("form").evaluate((f) => (f as unknown as { submit(): void }).submit()),
  ]);
  return page;
}

test("the exception page shows the request, filtered, and the application's frames first", {
  skip: missing ?? false,
}, async () => {
  const page = await failedPage(1280);
  try {
    assert.match(await page.locator("h1").innerText(), /^Error in orders#pay/);
    assert.equal(await page.locator("#message").innerText(), "card 4242 declined");
    const request = await page.locator("#request").innerText();
    assert.match(request, /POST/);
    assert.match(request, /\/orders\/7\/pay/);
    assert.match(request, /"card"=>"4242"/);
    assert.match(request, /"password"=>"\[FILTERED\]"/);
    assert.doesNotMatch(request, /hunter2/);
    const application = page.locator("#application-trace");
    assert.ok(await application.isVisible(), "the application trace is shown");
    const first = (await application.innerText()).split("\n")[0]!;
    assert.match(first, /exception-page\.test\.ts:\d+/);
    assert.match(first, /chargeCard/);
    assert.equal(await page.locator("#framework-trace").isVisible(), false, "switchyard's own frames are folded away");
    const order = await page.evaluate(() => {
      const ids = ["request", "application-trace", "framework-trace"];
      const all = Array.from(
        (
          globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<{ id: string }> } }
        ).document.querySelectorAll("[id]"),
      );
      return all.map((e) => e.id).filter((id) => ids.includes(id));
    });
    assert.deepEqual(order, ["request", "application-trace", "framework-trace"]);
  } finally {
    await page.close();
  }
});

for (const width of [320, 768, 1280]) {
  test(`the exception page at ${width} px: nothing wider than the window but the traces, which scroll`, {
    skip: missing ?? false,
  }, async () => {
    const page = await failedPage(width);
    try {
      const overflow = await page.evaluate(() => {
        const doc = (
          globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
        ).document;
        return doc.documentElement.scrollWidth - doc.documentElement.clientWidth;
      });
      assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px at ${width} px`);
    } finally {
      await page.close();
    }
  });
}
