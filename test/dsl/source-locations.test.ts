// Source locations (docs/contract.md §7; Rails 7.1's `route_source_location`): with
// `sourceLocations: true` each route records the file and line of the declaration that made it,
// relative to the application's root. The declarations below carry `// @marker` comments, and the
// expected lines are read from this file, so editing it cannot make the tests lie.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { draw, loadRoutes, type Mapper, type RouteLintFinding, type RouteSet } from "../../src/index.js";
import { sourceText } from "../../src/table/source.js";

const here = fileURLToPath(import.meta.url);
const projectRoot = path.resolve(path.dirname(here), "../..");
const FILE = "test/dsl/source-locations.test.ts";
const lines = fs.readFileSync(here, "utf8").split("\n");

/** The line of this file that ends with `// @marker`. */
function lineOf(marker: string): number {
  const hits = lines.flatMap((l, i) => (l.endsWith(`// ${marker}`) ? [i + 1] : []));
  assert.equal(hits.length, 1, `one line marked ${marker}`);
  return hits[0]!;
}

const at = (marker: string) => `${FILE}:${lineOf(marker)}`;
const located = (set: RouteSet) => set.routes.map((r) => `${r.verb} ${r.path} ${sourceText(r.source)}`);
const withSources = { sourceLocations: true, root: projectRoot };

const temp = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-sources-"));
after(() => fs.rmSync(temp, { recursive: true, force: true }));

function write(file: string, text: string): string {
  const full = path.join(temp, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, text);
  return full;
}

describe("recording", () => {
  const declare = (r: Mapper) => {
    r.get("photos", { to: "photos#index" });
  };

  test("is off by default: every route's source is null", () => {
    assert.deepEqual(
      draw(declare).routes.map((r) => r.source),
      [null],
    );
    assert.deepEqual(
      draw(declare, { sourceLocations: false }).routes.map((r) => r.source),
      [null],
    );
  });

  test("records the line of each declaration, inside scopes and namespaces too", () => {
    const set = draw((r) => {
      r.root("home#index"); // @root
      r.get("about", { to: "pages#about" }); // @about
      r.scope("(:locale)", () => {
        r.namespace("admin", () => {
          r.post("reindex", { to: "search#reindex" }); // @nested
        });
      });
    }, withSources);
    assert.deepEqual(located(set), [
      `GET / ${at("@root")}`,
      `GET /about(.:format) ${at("@about")}`,
      `POST (/:locale)/admin/reindex(.:format) ${at("@nested")}`,
    ]);
    assert.deepEqual(set.routes[0]!.source, { file: FILE, line: lineOf("@root") });
    assert.ok(Object.isFrozen(set.routes[0]), "the route, source and all, is frozen");
  });

  test("all routes of one resources call share its line; a block's routes have their own", () => {
    // biome-ignore format: each marker comment stays on the line of the call it marks
    const set = draw((r) => {
      r.resources("photos", { except: ["destroy"] }, () => { // @photos
        r.member(() => {
          r.get("preview"); // @preview
        });
      });
      r.resource("profile", { only: ["show", "update"] }); // @profile
      r.resources("tags", "labels", { only: "index" }); // @two
    }, withSources);
    assert.deepEqual(located(set), [
      `GET /photos/:id/preview(.:format) ${at("@preview")}`,
      ...[
        "GET /photos(.:format)",
        "POST /photos(.:format)",
        "GET /photos/new(.:format)",
        "GET /photos/:id/edit(.:format)",
        "GET /photos/:id(.:format)",
        "PATCH /photos/:id(.:format)",
        "PUT /photos/:id(.:format)",
      ].map((r) => `${r} ${at("@photos")}`),
      ...["GET /profile(.:format)", "PATCH /profile(.:format)", "PUT /profile(.:format)"].map(
        (r) => `${r} ${at("@profile")}`,
      ),
      `GET /tags(.:format) ${at("@two")}`,
      `GET /labels(.:format) ${at("@two")}`,
    ]);
  });

  test("a declaration deep in scopes is found (past the frames first read)", () => {
    const deep = (r: Mapper, n: number): void => {
      if (n === 0)
        r.resources("leaves", { only: "show" }); // @deep
      else r.scope(`s${n}`, () => deep(r, n - 1));
    };
    const set = draw((r) => {
      deep(r, 40);
      r.get("shallow", { to: "a#b" }); // @shallow
      deep(r, 3);
    }, withSources);
    assert.deepEqual(
      set.routes.map((r) => sourceText(r.source)),
      [at("@deep"), at("@shallow"), at("@deep")],
    );
  });

  test("a helper of the application is where the routes come from (the innermost frame outside switchyard, as Rails)", () => {
    const crud = (r: Mapper, name: string) => r.resources(name, { only: ["index"] }); // @helper
    const set = draw((r) => {
      crud(r, "photos");
    }, withSources);
    assert.deepEqual(located(set), [`GET /photos(.:format) ${at("@helper")}`]);
  });

  test("frames in node_modules are passed over, as Rails' backtrace cleaner drops gems", async () => {
    const kit = write(
      "node_modules/route-kit/index.mjs",
      `export function crud(r, name) {\n  r.resources(name, { only: ["index"] });\n}\n`,
    );
    const { crud } = (await import(pathToFileURL(kit).href)) as { crud: (r: Mapper, name: string) => void };
    const set = draw((r) => {
      crud(r, "photos"); // @kit
    }, withSources);
    assert.deepEqual(located(set), [`GET /photos(.:format) ${at("@kit")}`]);
  });
});

describe("concerns", () => {
  test("a concern's routes are located at the concerns call (or the concerns: option), naming the concern's line", () => {
    const set = draw((r) => {
      r.concern("commentable", () => {
        r.resources("comments", { only: "index" }); // @comments
      });
      r.resources("posts", { only: [], concerns: "commentable" }); // @option
      r.resources("photos", { only: [] }, () => {
        r.concerns("commentable"); // @call
      });
    }, withSources);
    assert.deepEqual(located(set), [
      `GET /posts/:post_id/comments(.:format) ${at("@option")} (concern :commentable, ${at("@comments")})`,
      `GET /photos/:photo_id/comments(.:format) ${at("@call")} (concern :commentable, ${at("@comments")})`,
    ]);
    assert.deepEqual(set.routes[1]!.source, {
      file: FILE,
      line: lineOf("@call"),
      concern: { name: "commentable", file: FILE, line: lineOf("@comments") },
    });
  });

  test("a concern applying another: the outermost call, and the innermost concern's line", () => {
    const set = draw((r) => {
      r.concern("taggable", () => {
        r.get("tags", { to: "tags#index" }); // @tags
      });
      r.concern("annotated", () => {
        r.concerns("taggable");
        r.get("notes", { to: "notes#index" }); // @notes
      });
      r.scope("docs", () => {
        r.concerns("annotated"); // @outer
      });
      r.get("after", { to: "a#b" }); // @after
    }, withSources);
    assert.deepEqual(located(set), [
      `GET /docs/tags(.:format) ${at("@outer")} (concern :taggable, ${at("@tags")})`,
      `GET /docs/notes(.:format) ${at("@outer")} (concern :annotated, ${at("@notes")})`,
      `GET /after(.:format) ${at("@after")}`,
    ]);
  });

  test("a concern's routes are plain without source locations", () => {
    const set = draw((r) => {
      r.concern("c", () => r.get("x", { to: "x#y" }));
      r.concerns("c");
    });
    assert.deepEqual(
      set.routes.map((r) => r.source),
      [null],
    );
  });
});

describe("relative to the root", () => {
  const declare = (r: Mapper) => {
    r.get("x", { to: "x#y" }); // @relative
  };

  test("a file below the root is named from it, with / separators", () => {
    const root = path.dirname(here);
    assert.equal(
      sourceText(draw(declare, { sourceLocations: true, root }).routes[0]!.source),
      `source-locations.test.ts:${lineOf("@relative")}`,
    );
  });

  test("a file outside the root keeps its absolute path", () => {
    assert.equal(
      sourceText(draw(declare, { sourceLocations: true, root: temp }).routes[0]!.source),
      `${here}:${lineOf("@relative")}`,
    );
  });

  test("the root defaults to the current directory", () => {
    const expected = path.relative(process.cwd(), here).split(path.sep).join("/");
    assert.equal(
      sourceText(draw(declare, { sourceLocations: true }).routes[0]!.source),
      `${expected.startsWith("..") ? here : expected}:${lineOf("@relative")}`,
    );
  });
});

describe("route files", () => {
  const app = path.join(temp, "app");
  fs.mkdirSync(path.join(app, "config", "routes", "admin"), { recursive: true });
  fs.writeFileSync(
    path.join(app, "config", "routes.ts"),
    [
      `export default (r: any) => {`,
      `  r.concern("searchable", () => {`,
      `    r.get("search");`,
      `  });`,
      `  r.root("home#index");`,
      `  r.namespace("api", () => r.draw("api"));`,
      `  r.draw("admin/reports");`,
      `};`,
      ``,
    ].join("\n"),
  );
  fs.writeFileSync(
    path.join(app, "config", "routes", "api.ts"),
    [
      `// The API.`,
      `type Mapper = { resources(...args: unknown[]): void; concerns(name: string): void };`,
      `export default (r: Mapper) => {`,
      `  r.resources("posts", { only: ["index", "show"] }, () => {`,
      `    r.concerns("searchable");`,
      `  });`,
      `};`,
      ``,
    ].join("\n"),
  );
  fs.writeFileSync(
    path.join(app, "config", "routes", "admin", "reports.ts"),
    `export default (r: any) => {\n\n  r.get("reports", { to: "reports#index" });\n};\n`,
  );

  test("routes drawn from config/routes/*.ts are located in those files, TypeScript lines and all", async () => {
    const set = await loadRoutes({ root: app, sourceLocations: true });
    assert.deepEqual(located(set), [
      "GET / config/routes.ts:5",
      "GET /api/posts/:post_id/search(.:format) config/routes/api.ts:5 (concern :searchable, config/routes.ts:3)",
      "GET /api/posts(.:format) config/routes/api.ts:4",
      "GET /api/posts/:id(.:format) config/routes/api.ts:4",
      "GET /reports(.:format) config/routes/admin/reports.ts:3",
    ]);
  });

  test("loadRoutes records nothing unless asked", async () => {
    assert.deepEqual(
      (await loadRoutes({ root: app })).routes.map((r) => r.source),
      [null, null, null, null, null],
    );
  });
});

describe("lint findings name the declarations", () => {
  test("a warning names both routes with their source locations", () => {
    const findings: RouteLintFinding[] = [];
    draw(
      (r) => {
        r.get("photos/:id", { to: "photos#show" }); // @shadow
        r.get("photos/new", { to: "photos#new" }); // @shadowed
      },
      { ...withSources, warn: (f) => findings.push(f) },
    );
    assert.equal(findings.length, 1);
    assert.match(
      findings[0]!.message,
      new RegExp(
        `^GET /photos/new\\(\\.:format\\) \\(photos#new\\) at ${at("@shadowed").replace(/\./g, "\\.")} can never be reached: ` +
          `GET /photos/:id\\(\\.:format\\) \\(photos#show\\) at ${at("@shadow").replace(/\./g, "\\.")}, declared earlier`,
      ),
    );
  });
});
