// Issue 23, item 4: the browser helpers (`switchyard js`) give exactly what the server helpers
// give, on every `_path` probe of the conformance fixtures (Rails' answers), errors included.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { draw } from "../../src/index.js";
import { renderBrowserHelpers } from "../../src/generate/browser/module.js";
import { caseDeclaration } from "../conformance/declaration.js";
import { materialize, urlOptions } from "../conformance/values.js";

interface Generation {
  call: string;
  args: unknown[];
}
interface Case {
  id: string;
  ts: string;
  ts_files?: unknown;
  api_only?: boolean;
  default_url_options?: Record<string, unknown>;
  generate?: Generation[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** The project's copy of the fixtures (the public ones and its own); BROWSER_FIXTURES points elsewhere (../shared/conformance/fixtures). */
const fixtureDir = process.env.BROWSER_FIXTURES ?? path.join(here, "../conformance/fixtures");
const out = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-browser-"));
after(() => fs.rmSync(out, { recursive: true, force: true }));

/** The result of a call, or the error's name and message. */
function outcome(fn: () => unknown): { value?: unknown; error?: string } {
  try {
    return { value: fn() };
  } catch (e) {
    return { error: `${(e as Error).name}: ${(e as Error).message}` };
  }
}

describe("browser helpers equal the server helpers on the fixtures' _path probes", () => {
  let n = 0;
  for (const file of fs
    .readdirSync(fixtureDir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    const cases = (JSON.parse(fs.readFileSync(path.join(fixtureDir, file), "utf8")) as Case[]).filter(
      (c) =>
        Object.keys(c.ts_files ?? {}).length === 0 &&
        (c.generate ?? []).some((g) => g.call.endsWith("_path") && !JSON.stringify(g.args).includes('"_recall"')),
    );
    if (cases.length === 0) continue;
    it(file, async () => {
      let compared = 0;
      for (const c of cases) {
        let set;
        try {
          set = draw(caseDeclaration(c.ts), {
            apiOnly: c.api_only,
            defaultUrlOptions: urlOptions(c.default_url_options),
          });
        } catch {
          continue; // a case about a declaration error has no helpers
        }
        const { js, exports } = renderBrowserHelpers(set);
        const file = path.join(out, `m${n++}.mjs`);
        fs.writeFileSync(file, js);
        const browser = (await import(file)) as Record<string, (...args: unknown[]) => string>;
        for (const g of c.generate ?? []) {
          if (!g.call.endsWith("_path") || JSON.stringify(g.args).includes('"_recall"')) continue;
          const server = (set.helpers as unknown as Record<string, unknown>)[g.call];
          // polymorphic_path and `direct` helpers are no named route's: the module has no export for them.
          if (!exports.includes(g.call)) {
            assert.ok(
              typeof server !== "function" || !set.namedRoutes.has(g.call.replace(/_path$/, "")),
              `${c.id}: ${g.call} is a named route's helper, yet not exported`,
            );
            continue;
          }
          const args = () => materialize(g.args) as unknown[];
          const want = outcome(() => (server as (...a: unknown[]) => string)(...args()));
          const got = outcome(() => browser[g.call]!(...args()));
          assert.deepEqual(got, want, `${c.id}: ${g.call}(${JSON.stringify(g.args).slice(1, -1)})`);
          compared++;
        }
      }
      assert.ok(compared > 0);
      if (process.env.BROWSER_COUNT) console.log(file, compared);
    });
  }
});
