// The contract every recognition strategy keeps, as a suite each strategy's own test
// file runs (compiled/contract.test.ts, reference/contract.test.ts), as hono's routers run
// src/router/common.case.test.ts: every recognition probe of the conformance fixtures, answered
// as Rails 6.1 answered it, and as the reference strategy (Journey's linear scan, the oracle the
// others are held to) answers it — the only comparison where Rails' answer cannot be compared (a
// fixture recorded on another host, a binary result, an error Rails raised).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { caseDeclaration, drawQuietly } from "../conformance/declaration.js";
import { compileRecognizer, type Recognizer } from "../../src/recognize/index.js";
import type { PreparedRoute } from "../../src/recognize/prepare.js";
import { prepareRoutes, StrategyRecognizer } from "../../src/recognize/recognizer.js";
import type { MatchStrategy } from "../../src/recognize/match-strategy.js";
import { plain } from "./factory.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const fixturesDir = path.join(here, "..", "conformance", "fixtures");

interface Probe {
  method: string;
  path: string;
  result: unknown;
}
interface Case {
  id: string;
  ts: string;
  ts_files?: Record<string, string>;
  api_only?: boolean;
  host?: string;
  error?: unknown;
  recognize?: Probe[];
}

const hostDependent = (c: Case) => /subdomain|host|domain|req\b|request/.test(c.ts);

/** Runs the contract for the strategy `makeStrategy` makes from a table's prepared routes (named `name`; the suites `label`). */
export function runRecognizerContract(
  name: string,
  makeStrategy: (routes: readonly PreparedRoute[]) => MatchStrategy,
  label = name,
): void {
  for (const file of fs
    .readdirSync(fixturesDir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    const cases = (JSON.parse(fs.readFileSync(path.join(fixturesDir, file), "utf8")) as Case[]).filter(
      (c) => !c.error && (c.recognize ?? []).length > 0 && Object.keys(c.ts_files ?? {}).length === 0,
    );
    if (cases.length === 0) continue;
    describe(`recognition contract (${label}): ${file}`, () => {
      for (const c of cases) {
        it(c.id, () => {
          const routes = drawQuietly(caseDeclaration(c.ts), { apiOnly: c.api_only }).routes;
          const prepared = prepareRoutes(routes);
          const strategy = makeStrategy(prepared);
          assert.equal(strategy.name, name);
          const recognizer = new StrategyRecognizer(prepared, strategy);
          const reference = compileRecognizer(routes, "reference");
          for (const p of c.recognize!) {
            if (JSON.stringify(p.result).includes("$binary")) continue;
            const answer = answerOf(recognizer, p, c);
            assert.deepEqual(
              answer,
              answerOf(reference, p, c),
              `${c.id}: ${name} and reference disagree on ${p.method} ${p.path}`,
            );
            // Where Rails raised (an unknown verb, a redirect's missing key), no route or an exception is the answer.
            if ((p.result as { error?: unknown } | null)?.error) {
              assert.ok(
                answer === null || "threw" in (answer as object),
                `${c.id}: ${p.method} ${p.path}: Rails raised`,
              );
              continue;
            }
            // Fixtures recorded on another host (not stored in the fixture) cannot be compared for
            // host-dependent tables; the strategies still have to agree on them.
            if (!c.host && hostDependent(c) && !assertEqualQuiet(answer, p.result)) continue;
            assert.deepEqual(answer, p.result, `${c.id}: ${p.method} ${p.path}`);
          }
        });
      }
    });
  }
}

function answerOf(recognizer: Recognizer, p: Probe, c: Case): unknown {
  try {
    return plain(recognizer.recognize(p.method, p.path, { host: c.host ?? "example.com" }));
  } catch (e) {
    return { threw: (e as Error).name };
  }
}

function assertEqualQuiet(a: unknown, b: unknown): boolean {
  try {
    assert.deepEqual(a, b);
    return true;
  } catch {
    return false;
  }
}
