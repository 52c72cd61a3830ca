// The contract every recognition strategy keeps (issue 3): each conformance fixture's recognition
// probes, answered by the reference strategy (Journey's linear scan) and by the compiled one.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { draw } from "../../src/index.js";
import { compileRecognizer } from "../../src/recognize/index.js";
import { plain, STRATEGIES } from "./factory.js";
import { caseDeclaration } from "../conformance/declaration.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const fixturesDir = path.join(here, "..", "conformance", "fixtures");

interface Probe { method: string; path: string; result: unknown }
interface Case { id: string; ts: string; ts_files?: Record<string, string>; api_only?: boolean; host?: string; error?: unknown; recognize?: Probe[] }

const hostDependent = (c: Case) => /subdomain|host|domain|req\b|request/.test(c.ts);

for (const file of fs.readdirSync(fixturesDir).filter((f) => f.endsWith(".json")).sort()) {
  const cases = (JSON.parse(fs.readFileSync(path.join(fixturesDir, file), "utf8")) as Case[])
    .filter((c) => !c.error && (c.recognize ?? []).length > 0 && Object.keys(c.ts_files ?? {}).length === 0);
  if (cases.length === 0) continue;
  describe(`recognition contract: ${file}`, () => {
    for (const c of cases) {
      it(c.id, () => {
        const routes = draw(caseDeclaration(c.ts), { apiOnly: c.api_only }).routes;
        const rec = Object.fromEntries(STRATEGIES.map((s) => [s, compileRecognizer(routes, s)]));
        for (const p of c.recognize!) {
          if (JSON.stringify(p.result).includes("$binary")) continue;
          const answers = STRATEGIES.map((s) => {
            try {
              return plain(rec[s]!.recognize(p.method, p.path, { host: c.host ?? "example.com" }));
            } catch (e) {
              return { threw: (e as Error).name };
            }
          });
          assert.deepEqual(answers[1], answers[0], `${c.id}: strategies disagree on ${p.method} ${p.path}`);
          // Where Rails raised (an unknown verb, a redirect's missing key), no route or an exception is the answer.
          if ((p.result as { error?: unknown } | null)?.error) {
            assert.ok(answers[0] === null || "threw" in (answers[0] as object), `${c.id}: ${p.method} ${p.path}: Rails raised`);
            continue;
          }
          // Fixtures recorded on another host (not stored in the fixture) cannot be compared for
          // host-dependent tables; the strategies still have to agree on them.
          if (!c.host && hostDependent(c) && !assertEqualQuiet(answers[0], p.result)) continue;
          assert.deepEqual(answers[0], p.result, `${c.id}: ${p.method} ${p.path}`);
        }
      });
    }
  });
}

function assertEqualQuiet(a: unknown, b: unknown): boolean {
  try { assert.deepEqual(a, b); return true; } catch { return false; }
}
