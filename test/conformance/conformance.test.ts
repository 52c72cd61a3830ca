// Runs the conformance fixtures (fixtures/*.json: each declaration run through Rails 6.1.7 itself;
// see cases/README.md for where each file comes from) against the source, or the built package
// (`npm run conformance`): the route table, the `rails routes` sheet, recognition results and
// generated URLs must equal Rails' own.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { type Case, caseDeclaration, drawQuietly, target, writeRouteFiles } from "./declaration.js";
import { materialize, urlOptions } from "./values.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtureDir = path.join(here, "fixtures");

const normMessage = (m: string, root: string) =>
  m
    .split(root)
    .join("<root>")
    .replace(/\b([\w/]+)\.(rb|ts|js|mjs)\b/g, "$1.EXT")
    .trim();
const sortKeys = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(sortKeys)
    : v && typeof v === "object"
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
        )
      : v;

function drawCase(c: Case) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-conformance-"));
  const routesDir = path.join(root, "config", "routes");
  fs.mkdirSync(routesDir, { recursive: true });
  writeRouteFiles(routesDir, c.ts_files);
  const declaration = caseDeclaration(c.ts);
  try {
    return {
      root,
      routes: drawQuietly(declaration, {
        apiOnly: c.api_only,
        drawPaths: [routesDir],
        defaultUrlOptions: urlOptions(c.default_url_options),
      }),
    };
  } catch (error) {
    return { root, error: error as Error };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

for (const file of fs
  .readdirSync(fixtureDir)
  .filter((f) => f.endsWith(".json"))
  .sort()) {
  const cases = JSON.parse(fs.readFileSync(path.join(fixtureDir, file), "utf8")) as Case[];
  describe(`conformance (${target}): ${file.replace(/\.json$/, "")}`, () => {
    for (const c of cases) {
      test(c.id, async (t) => {
        const { root, routes, error } = drawCase(c);
        if (c.error) {
          assert.ok(error, `drawing should throw ${c.error.class}`);
          assert.equal(error.name, c.error.class);
          assert.equal(normMessage(error.message, root), normMessage(c.error.message, "<root>"));
          return;
        }
        if (error) throw error;
        const rs = routes!;
        const app = (c.routes ?? []).some((r) => r.reqs.startsWith("<app>"));
        await t.test("table", () => {
          const got = rs.routes.map((r) => ({ name: r.name, verb: r.verb, path: r.path, reqs: r.reqs }));
          // A mounted app prints as its own name in each language: "<app>" (maybe followed by its
          // constraints) stands for whatever name switchyard prints, and the rest must match (as check.mjs).
          const sameApp = (want: string, have: string) => want === "<app>" || have.endsWith(want.slice("<app>".length));
          const want = (c.routes ?? []).map((r, i) =>
            r.reqs.startsWith("<app>") && got[i] && sameApp(r.reqs, got[i]!.reqs) ? { ...r, reqs: got[i]!.reqs } : r,
          );
          assert.deepEqual(got, want);
        });
        if (c.inspect !== undefined && !app) {
          await t.test("inspect", () => assert.equal(rs.inspect().trimEnd(), c.inspect!.trimEnd()));
        }
        const recognize = (rs as unknown as { recognize?: Function }).recognize;
        for (const p of c.recognize ?? []) {
          if (JSON.stringify(p.result ?? null).includes("$binary")) continue;
          await t.test(
            `recognize ${p.method} ${p.path}`,
            { todo: typeof recognize !== "function" && "recognition is not built yet" },
            () => {
              const want = (p.result ?? null) as { error?: unknown } | null;
              let got: unknown;
              try {
                const r = (rs as any).recognize(p.method, p.path, { host: c.host ?? "example.com" });
                got =
                  r == null
                    ? null
                    : r.redirect
                      ? { name: r.name ?? null, redirect: { status: r.redirect.status, location: r.redirect.location } }
                      : { name: r.name ?? null, params: { ...r.params } };
              } catch (e) {
                if (want?.error) return; // Rails raised on this request; an exception is an acceptable answer
                throw e;
              }
              if (want?.error) assert.equal(got, null);
              else assert.deepEqual(sortKeys(got), sortKeys(want));
            },
          );
        }
        const helpers = (rs as unknown as { helpers?: Record<string, Function> }).helpers;
        for (const g of c.generate ?? []) {
          if (JSON.stringify(g.args).includes('"_recall"')) continue; // controller-context recall is not part of the helpers contract
          await t.test(
            `generate ${g.call}(${JSON.stringify(g.args).slice(1, -1)})`,
            { todo: !helpers && "helpers are not built yet" },
            () => {
              const fn = helpers![g.call];
              const call = () => {
                // Where Rails has no such helper (NoMethodError), neither do we: calling it throws.
                if (typeof fn !== "function") throw new TypeError(`${g.call} is not a helper`);
                return fn(...(materialize(g.args) as unknown[]));
              };
              if (g.error) {
                assert.throws(
                  call,
                  (e: Error) =>
                    !["UrlGenerationError", "ArgumentError"].includes(g.error!.class) || e.name === g.error!.class,
                );
              } else assert.equal(call(), g.result);
            },
          );
        }
      });
    }
  });
}
