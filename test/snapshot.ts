// Expected text kept in files (`snapshots/<name>.txt` beside the test that names them), compared
// exactly. Node 20's test runner has no `t.assert.snapshot` (Node 22), hence this. To accept new
// output after a change, run the test with UPDATE_SNAPSHOTS=1, e.g.
//   UPDATE_SNAPSHOTS=1 node --import tsx --test test/recognize/compiled/dump.test.ts
// and read `git diff` of the snapshot files before committing them.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Asserts `actual` is the text of snapshot `name` of the test at `testUrl` (`import.meta.url`); writes it under UPDATE_SNAPSHOTS=1. */
export function matchSnapshot(testUrl: string, name: string, actual: string): void {
  const file = path.join(path.dirname(fileURLToPath(testUrl)), "snapshots", `${name}.txt`);
  const text = actual.endsWith("\n") ? actual : actual + "\n";
  if (process.env.UPDATE_SNAPSHOTS === "1") {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return;
  }
  if (!fs.existsSync(file))
    assert.fail(
      `no snapshot ${path.relative(process.cwd(), file)}: run the test with UPDATE_SNAPSHOTS=1 to write it, then read it`,
    );
  assert.equal(text, fs.readFileSync(file, "utf8"), `snapshot ${name} (UPDATE_SNAPSHOTS=1 rewrites it)`);
}
