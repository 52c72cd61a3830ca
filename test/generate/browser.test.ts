// The browser helpers (`switchyard js`) give exactly what the server helpers
// give, on every `_path` probe of the conformance fixtures (Rails' answers), errors included.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { draw, type Mapper } from "../../src/index.js";
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
/** The conformance fixtures (the public ones and the project's own); BROWSER_FIXTURES points elsewhere. */
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

// What the fixtures' probes leave out, each a branch of the runtime (runtime.ts) or a shape of route
// data (module.ts) that the server's helpers settle: blank and false segments, nils inside a Hash
// segment and at the top of the query, the URL options, credentials, `_recall`, the optimized
// helper's errors, a default on an optional part, an optional part before a required one, a glob
// and a constraint, and the `_url` helpers' host.
class Photo {
  constructor(
    readonly id: unknown,
    readonly param?: unknown,
  ) {}
  toParam() {
    return this.param === undefined ? String(this.id) : this.param;
  }
}
const extraRoutes = (r: Mapper) => {
  r.resources("photos");
  r.scope("(:locale)", () => r.resources("articles", { only: ["show"] }));
  r.get("pages(/:page)(/:part)", { to: "pages#show", as: "page", defaults: { page: "1" } });
  r.get("(/:locale)/news/:id", { to: "news#show", as: "news", format: false });
  r.get("docs(/:v)", { to: "docs#show", as: "docs", defaults: { v: "1" }, format: false });
  r.get("files/*path", { to: "files#show", as: "file" });
  r.get("items/:id", { to: "items#show", as: "item", constraints: { id: /\d+/ } });
};
const extraCalls: [string, unknown[]][] = [
  ["edit_photo_path", [1]],
  ["edit_photo_path", [""]],
  ["edit_photo_path", [null]],
  ["edit_photo_path", [false]],
  ["edit_photo_path", [new Photo(3, "")]],
  ["edit_photo_path", [new Photo(3, null), {}]],
  ["edit_photo_path", [new Photo("a b/c")]],
  ["edit_photo_path", [[1, null, "x/y"]]],
  ["edit_photo_path", [{ id: { a: null, b: [1, 2], c: {} } }]],
  ["edit_photo_path", [1, { format: "" }]],
  ["edit_photo_path", [1, { format: "  " }]],
  ["edit_photo_path", [1, { format: false }]],
  ["edit_photo_path", [1, "json"]],
  ["edit_photo_path", [1, { a: null, b: { c: null, d: {} }, e: [], f: [null, []], "g h": "*!'()~" }]],
  ["edit_photo_path", [1, { params: { a: null, z: { y: {} } }, b: 2 }]],
  ["edit_photo_path", [1, { params: { x: {} } }]],
  ["edit_photo_path", [1, { z: { y: {} } }]],
  ["edit_photo_path", [1, { params: 5 }]],
  ["edit_photo_path", [1, { params: null, id: 2 }]],
  ["edit_photo_path", [1, { anchor: "a b/?#%" }]],
  ["edit_photo_path", [1, { anchor: new Photo(4) }]],
  ["edit_photo_path", [1, { trailingSlash: true }]],
  ["edit_photo_path", [1, { trailing_slash: true, format: "json", q: 1 }]],
  ["photos_path", [{ trailingSlash: true, scriptName: "/" }]],
  ["edit_photo_path", [1, { scriptName: "/app/" }]],
  ["edit_photo_path", [1, { originalScriptName: "/o", relative_url_root: "/r/" }]],
  ["edit_photo_path", [1, { user: "u", password: "p" }]],
  ["edit_photo_path", [1, { user: "u", password: null }]],
  ["edit_photo_path", [1, { _recall: { id: 2 } }]],
  ["edit_photo_path", [null, { controller: "/admin/x", action: 5 }]],
  ["edit_photo_path", [null, { action: null }]],
  ["edit_photo_path", [1, { onlyPath: true, host: "x.test" }]],
  ["photos_path", [{ page: 2, q: [null], sort: { by: "x", dir: null } }]],
  ["photos_path", [1]],
  ["photo_path", []],
  ["article_path", [1]],
  ["article_path", ["en", 1]],
  ["article_path", [1, { locale: "en" }]],
  ["article_path", [{ id: 1, locale: "" }]],
  ["article_path", ["", 1]],
  ["article_path", [{ locale: "en" }]],
  ["page_path", []],
  ["page_path", ["1"]],
  ["page_path", ["2"]],
  ["page_path", [1, "a"]],
  ["page_path", ["1", ""]],
  ["page_path", [{ page: " " }]],
  ["page_path", [{ part: "x" }]],
  ["news_path", ["", " "]],
  ["news_path", ["", 1]],
  ["news_path", ["en", 1]],
  ["docs_path", ["1"]],
  ["docs_path", ["2"]],
  ["docs_path", [""]],
  ["file_path", ["a/b c"]],
  ["file_path", [["a", "b"]]],
  ["file_path", ["a/b", { format: "txt" }]],
  ["file_path", [null]],
  ["item_path", [12]],
  ["item_path", ["x"]],
  ["item_path", [false]],
  ["item_path", [null]],
  ["item_path", [{ id: "12", format: "" }]],
];

describe("browser helpers equal the server helpers beyond the fixtures", () => {
  for (const defaultUrlOptions of [undefined, { host: "example.com", protocol: "https", scriptName: "/base" }]) {
    it(defaultUrlOptions ? "with defaultUrlOptions (_url helpers)" : "without defaultUrlOptions", async () => {
      const set = draw(extraRoutes, { defaultUrlOptions });
      const file = path.join(out, `extra${defaultUrlOptions ? 1 : 0}.mjs`);
      fs.writeFileSync(file, renderBrowserHelpers(set).js);
      const browser = (await import(file)) as Record<string, (...args: unknown[]) => string>;
      const server = set.helpers as unknown as Record<string, (...args: unknown[]) => string>;
      const calls: [string, unknown[]][] = defaultUrlOptions
        ? [
            ...extraCalls,
            ...extraCalls
              .slice(0, 12)
              .map(([name, args]): [string, unknown[]] => [name.replace(/_path$/, "_url"), args]),
            ["photo_url", [1, { port: 8080, protocol: "http://" }]],
            ["photo_url", [1, { port: 443 }]],
            ["photo_url", [1, { protocol: false }]],
            ["photo_url", [1, { host: null }]],
          ]
        : extraCalls;
      for (const [name, args] of calls) {
        assert.deepEqual(
          outcome(() => browser[name]!(...args)),
          outcome(() => server[name]!(...args)),
          `${name}(${args.map((a) => JSON.stringify(a)).join(", ")})`,
        );
      }
    });
  }
});

it("the module is safe inlined in a <script> element: strings and RegExps that hold </script> or <!-- cannot end it", async () => {
  const hostile = (r: Mapper) => {
    r.get("tags/:id", {
      to: "tags#show",
      as: "tag",
      defaults: { note: "</script><script>alert(1)</script><!--", "</script>": "<!--" },
      constraints: { id: /[^<>&]+|\<b\>|<\/script>/ },
    });
    r.get("notes(/:kind)", { to: "notes#index", as: "notes", defaults: { kind: "<!--x-->" } });
  };
  for (const defaultUrlOptions of [undefined, { host: "example.com", anchor: "</script>" }]) {
    const set = draw(hostile, { defaultUrlOptions });
    const module = renderBrowserHelpers(set).js;
    assert.doesNotMatch(module, /<\/script|<!--/i);
    const file = path.join(out, `inline${defaultUrlOptions ? 1 : 0}.mjs`);
    fs.writeFileSync(file, module);
    const browser = (await import(file)) as Record<string, (...args: unknown[]) => string>;
    const server = set.helpers as unknown as Record<string, (...args: unknown[]) => string>;
    const calls: [string, unknown[]][] = [
      ["tag_path", ["a"]],
      ["tag_path", ["<b>"]],
      ["tag_path", ["<x>"]],
      ["notes_path", []],
      ["notes_path", ["<!--x-->"]],
      ["notes_path", [{ kind: "</script>" }]],
    ];
    for (const [name, args] of calls)
      assert.deepEqual(
        outcome(() => browser[name]!(...args)),
        outcome(() => server[name]!(...args)),
        name,
      );
  }
});

// One rule for a plain object where a record goes (named-helpers.ts `RecordRule`): a row from an
// ORM or JSON.parse fills its segment with its id, never a query string; an object whose keys a URL
// holds by name (`id`, segments, URL options) stays Rails' options hash; `_options: true` marks one.
describe("a plain object where a record goes: the same reading on the server and in the browser", () => {
  const row = { id: 1, title: "x", createdAt: new Date(0) };
  const comment = { id: 5, photo_id: 1, body: "b" };
  const cases: [string, unknown[], string | RegExp][] = [
    ["photo_path", [row], "/photos/1"],
    ["edit_photo_path", [row], "/photos/1/edit"],
    ["photo_comments_path", [row], "/photos/1/comments"],
    // (Rails 6.1 fills a segment with a Hash's to_query here: "/photos/id=1&title=x/comments/5")
    ["photo_comment_path", [row, 5], "/photos/1/comments/5"],
    ["photo_comment_path", [row, comment], "/photos/1/comments/5"],
    ["photo_comment_path", [1, comment], "/photos/1/comments/5"],
    ["photo_comment_path", [row, comment, { format: "json" }], "/photos/1/comments/5.json"],
    ["photo_comment_path", [row, { id: 5, anchor: "c" }], "/photos/1/comments/5#c"],
    ["photo_path", [JSON.parse('{"id":7,"title":"t","likes":0}')], "/photos/7"],
    ["photo_path", [{ toParam: () => "7-sunset", title: "Sunset" }], "/photos/7-sunset"],
    ["photo_path", [{ id: 1, title: "x", format: "mp4" }], "/photos/1"],
    // (test/types/fixtures/records.ts: the declared types read these as records too)
    ["photo_path", [{ id: 1, page: 2 }], "/photos/1"],
    ["photo_path", [{ id: 1, page: 2 }, { anchor: "top" }], "/photos/1#top"],
    ["photo_comments_path", [{ id: 1, title: "Sunset", createdAt: new Date(0) }], "/photos/1/comments"],
    ["photo_path", [Object.assign(Object.create(null), { id: 8, caption: "c" })], "/photos/8"],
    // options, as in Rails: every key is one a URL holds by name, or the segments are already given
    ["photo_path", [{ id: 3 }], "/photos/3"],
    ["photo_path", [{ id: 3, format: "json", anchor: "top" }], "/photos/3.json#top"],
    ["photo_comment_path", [{ photo_id: 1, id: 2 }], "/photos/1/comments/2"],
    ["photo_path", [3, { page: 2 }], "/photos/3?page=2"],
    ["photo_path", [{ id: 3, page: 2, _options: true }], "/photos/3?page=2"],
    ["photo_path", [3, { page: 2, _options: true }], "/photos/3?page=2"],
    // (the id slot filled by 3: the hash is options however it reads, and Rails' handle_positional_args
    // gives 3 to the segment its id leaves, the format)
    ["photo_path", [3, { id: 4, title: "t" }], "/photos/4.3?title=t"],
    ["photo_path", [{ id: 1, page: 2, params: { page: 3 } }], "/photos/1?page=3"],
    ["photo_comment_path", [{ photo_id: 1, id: 2, note: "n" }], "/photos/1/comments/2?note=n"],
    ["photos_path", [{ page: 2, id: 9 }], "/photos?id=9&page=2"],
    ["photo_comments_path", [{ id: 1 }], /^UrlGenerationError: .*missing required keys: \[:photo_id\]/],
    // a new record (no id) is a missing segment
    ["photo_path", [{ id: null, title: "draft" }], /^UrlGenerationError: .*missing required keys: \[:id\]/],
    [
      "photo_comment_path",
      [{ id: null, title: "draft" }, 5],
      /^UrlGenerationError: .*missing required keys: \[:photo_id\]/,
    ],
  ];
  it("gives the record's path, or Rails' reading of options, on both", async () => {
    const set = draw((r) => r.resources("photos", () => r.resources("comments")));
    const file = path.join(out, "records.mjs");
    fs.writeFileSync(file, renderBrowserHelpers(set).js);
    const browser = (await import(file)) as Record<string, (...args: unknown[]) => string>;
    const server = set.helpers as unknown as Record<string, (...args: unknown[]) => string>;
    for (const [name, args, want] of cases) {
      const label = `${name}(${args.map((a) => JSON.stringify(a)).join(", ")})`;
      for (const [side, helpers] of [
        ["server", server],
        ["browser", browser],
      ] as const) {
        const got = outcome(() => helpers[name]!(...args));
        if (typeof want === "string") assert.deepEqual(got, { value: want }, `${side}: ${label}`);
        else assert.match(got.error ?? `no error: ${String(got.value)}`, want, `${side}: ${label}`);
      }
    }
  });
});
