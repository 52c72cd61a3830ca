// Writes docs/route-table.png: the routing error page of examples/blog with "/posts/1" typed into
// its search, as the README shows it. Run after `npm run build`:
//   node --import tsx test/browser/screenshot.ts
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadRoutes } from "switchyard";
import { chromiumMissing, launch } from "./chromium.js";
import { serveApp } from "./server.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const missing = chromiumMissing();
if (missing !== null) throw new Error(missing);

const blog = path.join(root, "examples/blog");
// As `switchyard serve` loads it in development: with source locations (the Source column).
const server = await serveApp(await loadRoutes({ root: blog, sourceLocations: true }), blog);
const browser = await launch({ viewport: { width: 1200, height: 900 }, deviceScaleFactor: 1, colorScheme: "light" });
try {
  browser.allow(server.origin);
  const page = await browser.context.newPage();
  await page.goto(`${server.origin}/posts/1/edt`);
  await page.getByRole("searchbox").pressSequentially("/posts/1");
  await page.getByRole("status").filter({ hasText: "/posts/1" }).waitFor();
  const out = path.join(root, "docs/route-table.png");
  await page.screenshot({ path: out });
  if (browser.offsite.length > 0) throw new Error(`the page reached out: ${browser.offsite.join(", ")}`);
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
} finally {
  await browser.close();
  await server.close();
}
