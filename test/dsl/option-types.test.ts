// Checked options: each option set is declared once (src/dsl/options.ts); in TypeScript a
// misspelled option fails to compile, with a message naming it, and `only`/`except` take only the
// resource's actions (each @ts-expect-error below is checked by `npm run
// typecheck`: were the line to compile, the directive itself would be the error), while at run
// time a JavaScript caller keeps Rails' meaning.
import assert from "node:assert/strict";
import { test } from "node:test";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { draw } from "../../src/draw.js";
import type { Mapper } from "../../src/dsl/mapper.js";
import { MATCH_OPTIONS, MOUNT_OPTIONS, optionKeys, RESOURCE_OPTIONS, SCOPE_OPTIONS } from "../../src/dsl/options.js";

import { COMPILERS, type Compiler, typecheck } from "../types/tsc.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const handler = () => new Response("ok");

/** Compiled only (never run): the declarations TypeScript must accept and reject. */
export function declarations(r: Mapper): void {
  r.get("about", { to: "pages#about", constraints: { id: /\d+/ }, defaults: { kind: "rss" } });
  r.resources("photos", { only: ["index"], module: "media", shallow: true });
  r.scope("admin", { module: "admin", as: "admin" }, () => {});
  r.namespace("api", { path: "v1" }, () => {});
  r.mount(handler, { at: "/x", as: "x" });
  r.get({ "photos/:id": "photos#show", as: "photo" });
  // @ts-expect-error -- `ony` is not an option of resources (did you mean only?)
  r.resources("photos", { ony: ["index"] });
  // @ts-expect-error -- `too` is not an option of get
  r.get("about", { too: "pages#about" });
  // @ts-expect-error -- `constraint` is not an option of get (constraints)
  r.get("about", { to: "pages#about", constraint: { id: /\d+/ } });
  // @ts-expect-error -- `modul` is not an option of scope
  r.scope({ modul: "x" }, () => {});
  // @ts-expect-error -- `modul` is not an option of namespace
  r.namespace("admin", { modul: "x" }, () => {});
  // @ts-expect-error -- `as` takes a string, not a number
  r.resource("profile", { as: 1 });
  // @ts-expect-error -- mount needs `at`
  r.mount(handler, { as: "x" });
  // @ts-expect-error -- `ancor` is not an option of root
  r.root("pages#home", { ancor: false });
  // only/except take the resource's actions:
  r.resources("photos", "books", { only: ["index", "show"] }, () => {});
  r.resource("profile", { except: ["new", "edit"] });
  r.scope("admin", { only: "index" }, () => {});
  // @ts-expect-error -- `shwo` is not an action of resources
  r.resources("photos", { only: ["index", "shwo"] });
  // @ts-expect-error -- `search` is not one of the seven actions (declare it with collection)
  r.resources("photos", "books", { except: "search" });
  // @ts-expect-error -- a singular resource has no index
  r.resource("profile", { only: ["index", "show"] });
  // @ts-expect-error -- a scope's only/except are its resources'
  r.scope("admin", { except: ["shwo"] }, () => {});
}

/** Compiles `source` (a module importing `draw` from switchyard) and returns tsc's output. */
const compileErrors = (compiler: Compiler, source: string) =>
  typecheck(compiler, path.join(root, "test", "dsl"), "export {};\n", [], { "declarations.ts": source });

for (const compiler of COMPILERS)
  test(`${compiler.name}: an option typo's compile error names the key and the option type; a wrong action names the action`, () => {
    const out = compileErrors(
      compiler,
      `import { draw } from "switchyard";
draw((r) => {
  r.resources("photos", { onyl: ["index"] });
  r.resources("photos", { only: ["index", "shwo"] });
  r.resource("profile", { only: "index" });
  r.get("about", { too: "pages#about" });
});
`,
    );
    const errors = out.split(/\n(?=\S)/).filter((e) => e.includes("error TS"));
    assert.equal(errors.length, 4, out);
    assert.match(errors[0]!, /declarations\.ts\(3,27\): error TS2769: No overload matches this call\./);
    assert.match(
      errors[0]!,
      /Object literal may only specify known properties, and 'onyl' does not exist in type 'ResourceOptions'\./,
    );
    assert.match(
      errors[1]!,
      /declarations\.ts\(4,43\): .*\n.*Type '"shwo"' is not assignable to type 'ResourceAction'\./s,
    );
    assert.match(
      errors[2]!,
      /declarations\.ts\(5,27\): .*Type '"index"' is not assignable to type 'ActionList<SingularResourceAction> \| undefined'\./s,
    );
    assert.match(
      errors[3]!,
      /declarations\.ts\(6,\d+\): .*Object literal may only specify known properties, and 'too' does not exist in type 'MatchOptions'\./s,
    );
  });

test("the run-time key sets come from the declarations the types come from", () => {
  assert.deepEqual([...optionKeys(MATCH_OPTIONS)].sort(), [
    "action",
    "anchor",
    "as",
    "constraints",
    "controller",
    "defaults",
    "format",
    "on",
    "path",
    "to",
    "via",
  ]);
  assert.ok(optionKeys(RESOURCE_OPTIONS).has("param") && optionKeys(RESOURCE_OPTIONS).has("shallowPath"));
  for (const key of optionKeys(SCOPE_OPTIONS))
    assert.ok(optionKeys(RESOURCE_OPTIONS).has(key), `resources take scope's ${key}`);
  assert.deepEqual([...optionKeys(MOUNT_OPTIONS)], ["at", "as", "via", "constraints", "defaults"]);
});

test("JavaScript keeps Rails' meaning: an unknown key of get becomes a default, resources' typo is an error", () => {
  const set = draw((r: any) => r.get("about", { to: "pages#about", constraint: "x" }));
  assert.equal(set.routes[0]!.reqs, "pages#about { constraint: 'x' }");
  assert.throws(() => draw((r: any) => r.resources("photos", { ony: ["index"] })), /did you mean only\?/);
});

test("Missing :controller keeps Rails' text and, for a key one edit from to:, names the route and the key", () => {
  assert.throws(() => draw((r: any) => r.get("about", { too: "pages#about" })), {
    name: "ArgumentError",
    message:
      "Missing :controller key on routes definition, please check your routes. GET /about(.:format) gives too: 'pages#about', which became a default; did you mean to:?",
  });
  assert.throws(() => draw((r: any) => r.get("about", { tu: "pages#about" })), { message: /did you mean to:\?$/ });
  assert.throws(() => draw((r) => r.get("dashboard")), {
    message: "Missing :controller key on routes definition, please check your routes.",
  });
  assert.throws(() => draw((r: any) => r.get("photos/:id", { controller: "photos", acton: "show" })), {
    message:
      "Missing :action key on routes definition, please check your routes. GET /photos/:id(.:format) gives acton: 'show', which became a default; did you mean action:?",
  });
});
