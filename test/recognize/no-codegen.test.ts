// Where code generation from strings is forbidden (a CSP, `--disallow-code-generation-from-strings`),
// params are built by the plain loop instead of the code generated per layout (prepare.ts): the
// answers must be the same, key order and prototype included, by every strategy.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, it } from "node:test";

const child = fileURLToPath(new URL("./no-codegen.child.ts", import.meta.url));
type Answer = { name: string | null; keys: string[]; params: Record<string, string>; chain: boolean } | null;
const run = (flags: string[]) =>
  JSON.parse(execFileSync(process.execPath, [...flags, "--import", "tsx", child], { encoding: "utf8" })) as {
    codegen: boolean;
    strategies: string[];
    answers: Answer[][];
  };

describe("recognition without code generation from strings", () => {
  const generated = run([]);
  const fallback = run(["--disallow-code-generation-from-strings"]);

  it("answers as with it, through the fallback params builder", () => {
    assert.equal(generated.codegen, true);
    assert.equal(fallback.codegen, false);
    assert.deepEqual(fallback.answers, generated.answers);
    for (const answers of generated.answers) {
      assert.deepEqual(answers[0], {
        name: "photo_comment",
        keys: ["controller", "action", "photo_id", "id", "format"],
        params: { controller: "comments", action: "show", photo_id: "1", id: "2", format: "json" },
        chain: true,
      });
    }
  });

  it("gives each route its own defaults where routes share a params layout", () => {
    fallback.strategies.forEach((strategy, s) => {
      const targets = fallback.answers[s]!.slice(5).map((a) => `${a!.params.controller}#${a!.params.action}`);
      assert.deepEqual(targets, ["alpha#x", "beta#x", "alpha#s", "beta#s", "alpha#g", "beta#g"], strategy);
    });
  });
});
