// The params functions generated per layout (src/recognize/prepare.ts): their source, compared
// with snapshots/params-layouts.txt, and what they build. To accept new source:
//   UPDATE_SNAPSHOTS=1 node --import tsx --test test/recognize/prepare.test.ts
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { capturesLayoutSource, captureParams, valuesLayoutSource } from "../../src/recognize/prepare.js";
import { prepareRoutes } from "../../src/recognize/recognizer.js";
import { matchSnapshot } from "../snapshot.js";
import { routesOf } from "./factory.js";

describe("params layouts", () => {
  const layouts: [string, string][] = [
    ["values: a resource's show", valuesLayoutSource(["controller", "action"], ["id", "format"])],
    [
      "captures: with its format",
      capturesLayoutSource(["controller", "action"], ["id", "format"], Int32Array.from([0, 1])),
    ],
    ["captures: without it", capturesLayoutSource(["controller", "action"], ["id", "format"], Int32Array.from([0]))],
    [
      "captures: a name captured twice (the later wins)",
      capturesLayoutSource(["controller", "action"], ["id"], Int32Array.from([0, 0])),
    ],
    [
      "values: keys that are not identifiers",
      valuesLayoutSource(["controller", "action", "__proto__", 'a"b'], ["constructor", "a-b"]),
    ],
  ];

  it("generates the source in snapshots/params-layouts.txt", () => {
    matchSnapshot(
      import.meta.url,
      "params-layouts",
      layouts.map(([label, source]) => `// ${label}\n${source}\n`).join("\n"),
    );
  });

  it("builds params from captures: defaults first, a later capture of a name winning", () => {
    const [photo, twice] = prepareRoutes(
      routesOf((r) => {
        r.get("photos/:id", { to: "photos#show", defaults: { kind: "jpg" } });
        r.get("t/:id/:id", { to: "t#show", format: false });
      }),
    );
    const captures = (path: string, ...offsets: number[]) => ({
      path,
      bestCaps: Int32Array.from(offsets),
      escaped: false,
    });
    const p = captureParams(photo!, Int32Array.from([0, 1]))(
      captures("/photos/1.json", 8, 9, 10, 14),
      false,
      photo!.defaultValues,
    );
    assert.deepEqual(Object.entries(p), [
      ["kind", "jpg"],
      ["controller", "photos"],
      ["action", "show"],
      ["id", "1"],
      ["format", "json"],
    ]);
    const t = captureParams(twice!, Int32Array.from([0, 0]))(
      captures("/t/a%20/b%20", 3, 7, 8, 12),
      true,
      twice!.defaultValues,
    );
    assert.deepEqual({ ...t }, { controller: "t", action: "show", id: "b " });
  });
});
