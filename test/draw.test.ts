// draw: declarations to a route set, and the warnings it gives about the table it drew.
import assert from "node:assert/strict";
import { test } from "node:test";
import { draw, type RouteLintFinding } from "../src/index.js";

test("draw({ warn }) reports each lint finding: an unreachable route, a repeat, a catastrophic regexp", () => {
  const findings: RouteLintFinding[] = [];
  draw((r) => {
    r.get("photos/:id", { to: "photos#show" });
    r.get("photos/new", { to: "photos#new" });
    r.get("about", { to: "pages#about" });
    r.get("about", { to: "pages#about" });
    r.get("tags/:tag", { to: "tags#show", constraints: { tag: /(a|aa)+/ } });
  }, { warn: (f) => findings.push(f) });
  assert.deepEqual(findings.map((f) => [f.kind, f.route, f.related]), [
    ["unreachable", 1, [0]],
    ["duplicate", 3, [2]],
    ["backtracking", 4, []],
  ]);
  assert.match(findings[0]!.message, /GET \/photos\/new\(\.:format\) \(photos#new\) can never be reached: GET \/photos\/:id\(\.:format\) \(photos#show\)/);
  assert.match(findings[2]!.message, /\/\(a\|aa\)\+\/ can take exponential time/);
});

test("draw without warn: a catastrophic constraint regexp is never silently accepted (process warning); a clean table warns nothing", async () => {
  const warnings: Error[] = [];
  const listen = (w: Error) => warnings.push(w);
  process.on("warning", listen);
  try {
    draw((r) => { r.get("x/:id", { to: "x#show", constraints: { id: /(\d+)+x/ } }); r.get("y/:id", { to: "y#show", constraints: { id: /\d+/ } }); });
    draw((r) => { r.resources("photos"); r.get("z/:slug", { to: "z#show", constraints: { slug: /[a-z]+(-[a-z]+)*/ } }); });
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off("warning", listen);
  }
  assert.equal(warnings.length, 1);
  assert.equal((warnings[0] as Error & { code?: string }).code, "SWITCHYARD_BACKTRACKING_REGEXP");
  assert.match(warnings[0]!.message, /segment constraint id: of GET \/x\/:id\(\.:format\) \(x#show \{ id: \/\(\\d\+\)\+x\/ \}\)/);
});
