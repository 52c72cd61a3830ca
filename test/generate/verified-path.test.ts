// Verified paths: `p` at run time (the call form as written, the tagged form escaped
// as helpers escape a segment), and the one matcher `--verify` and the `.d.ts` share — which
// accepts every path the helpers generate.
import assert from "node:assert/strict";
import path from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { ArgumentError, draw, loadRoutes, p, renderHelperTypes, type RouteSet } from "../../src/index.js";
import { matchPath, pathShapes, pathTree, renderPathTree, shapeType } from "../../src/generate/verified-path.js";
import { helpersNamed } from "../route-helpers.js";
import { COMPILERS, typecheck } from "../types/tsc.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const blog = path.join(root, "examples", "blog");

const app = () =>
  draw((r) => {
    r.root("pages#home");
    r.resources("photos", () => {
      r.resources("comments", { only: ["index", "show"] });
    });
    r.scope("(:locale)", () => {
      r.resources("pages", { only: ["show"] });
    });
    r.get("files/*path", { to: "files#show", as: "file" });
    r.get("v:version/ping", { to: "pings#show", as: "ping" });
    r.get("archive/:year(/:month)", { to: "archives#show", as: "archive" });
    r.mount((_req: Request) => new Response(""), { at: "/jobs", as: "jobs" });
  });

describe("p", () => {
  it("returns the call form's path as written", () => {
    assert.equal(p("/about"), "/about");
    assert.equal(p(`/photos/${1}/edit?x=${"a b"}`), "/photos/1/edit?x=a b");
  });

  it("escapes the tagged form's values as a helper escapes a segment: / ? # and spaces, a record by its toParam()/id", () => {
    const photo = { id: 7 };
    const named = { toParam: () => "a b/c?d#e" };
    assert.equal(p`/photos/${photo}/comments/${named}`, "/photos/7/comments/a%20b%2Fc%3Fd%23e");
    assert.equal(p`/photos/${photo}`, helpersNamed(app().helpers, "photo_path").photo_path(photo));
    assert.equal(p`/tags/${"café"}`, "/tags/caf%C3%A9");
  });

  it("throws naming the template when a tagged value is missing", () => {
    assert.throws(
      () => p`/photos/${null}/edit`,
      (e: Error) =>
        e instanceof ArgumentError &&
        /p`\/photos\/\$\{\.\.\.\}\/edit`: its \$\{\.\.\.\} number 1 is null/.test(e.message),
    );
    assert.throws(() => p`/a/${"x"}/${""}`, /number 2 is ""/);
  });
});

describe("path shapes", () => {
  it("expand optional groups into segment shapes: literal text, parameters, globs, and a mount's rest", () => {
    const shapes = pathShapes(app().routes).map(shapeType);
    for (const s of [
      "readonly []",
      'readonly ["photos", string]',
      'readonly ["photos", `${string}.${string}`]',
      'readonly ["photos", string, "comments", string]',
      'readonly [string, "pages", string]',
      'readonly ["pages", string]',
      'readonly ["files", GlobSegment]',
      'readonly [`v${string}`, "ping"]',
      'readonly ["archive", string, string]',
      'readonly ["jobs", RestSegments]',
    ])
      assert.ok(shapes.includes(s), `${s} in\n${shapes.join("\n")}`);
  });

  it("render as one tree keyed by literal segments, each distinct subtree declared once", () => {
    const lines = renderPathTree(app());
    const root = /^export type AppPaths = (PathNode_\d+);$/m.exec(lines.join("\n"))?.[1];
    const body = lines.find((l) => l.startsWith(`interface ${root} extends PathNode `));
    assert.ok(body, lines.join("\n"));
    for (const literal of ['"photos": PathNode_', '"files": PathNode_', '"archive": PathNode_', '"jobs": PathNode_'])
      assert.ok(body.includes(literal), `${literal} in ${body}`);
    // `photos(.:format)` by the text before its dot, not among the shapes a segment is tried against.
    assert.match(body, /f: \{ "photos": PathNode_\d+/);
    assert.ok(!body.includes("`photos.${string}`"), body);
    // Other segments with parameters by their shape: `:locale`, `v:version`.
    for (const shape of ["[string, PathNode_", "[`v${string}`, PathNode_"])
      assert.ok(body.includes(shape), `${shape} in ${body}`);
    const ends = lines.filter((l) => l.endsWith(" extends PathNode { l: {}; f: {}; d: never; g: false; e: true }"));
    assert.equal(ends.length, 1, "a path's end, declared once");
    assert.ok(
      lines.some((l) => l.endsWith("{ l: {}; f: {}; d: [string, PathRest]; g: false; e: true }")),
      "the mount's rest",
    );
    assert.ok(
      lines.some((l) => /g: PathNode_\d+/.test(l)),
      "the glob",
    );
  });

  const tree = pathTree(app().routes);
  const ok = (...pieces: string[]) => matchPath(tree, pieces);

  it("accept a path a route matches segment by segment, a ${...} standing for one segment or part of one", () => {
    assert.ok(ok("/"));
    assert.ok(ok("/photos/", "/edit"));
    assert.ok(ok("/photos/", ".json"));
    assert.ok(ok("/photos/", "/comments?page=", ""));
    assert.ok(ok("/en/pages/", ""));
    assert.ok(ok("/files/a/b/", ""));
    assert.ok(ok("/v", "/ping"));
    assert.ok(ok("/jobs"));
    assert.ok(ok("/jobs/queue/", ""));
    assert.ok(ok("/photos/1/"));
  });

  it("reject a misspelled segment, a ${...} where the route has literal text or spanning segments, an empty segment, a relative path", () => {
    assert.ok(!ok("/photoz/", ""));
    assert.ok(!ok("/photos/", "/edt"));
    assert.ok(!ok("/", ""));
    assert.ok(!ok("/photos/", "/", ""));
    assert.ok(!ok("/photos//edit"));
    assert.ok(!ok("photos"));
    assert.ok(!ok("/files"));
    assert.ok(!ok("/", "/ping"));
  });
});

/** Calls every named route's `_path` helper with values its requirements accept, returning the paths made. */
function everyNamedPath(routes: RouteSet): Map<string, string> {
  const candidates = ["1", "en", "2024", "05", "a"];
  const out = new Map<string, string>();
  const helpers = routes.helpers as unknown as Record<string, (options: Record<string, unknown>) => string>;
  for (const [name, route] of routes.namedRoutes) {
    const parts = route.pattern.requiredNames;
    for (let n = 0; n < candidates.length ** parts.length && !out.has(name); n++) {
      const options: Record<string, unknown> = {};
      parts.forEach(
        (part, i) => (options[part] = candidates[Math.floor(n / candidates.length ** i) % candidates.length]),
      );
      try {
        out.set(name, helpers[`${name}_path`]!(options));
      } catch {
        // a requirement refused these values: try the next
      }
    }
  }
  return out;
}

describe("helpers and p agree", () => {
  for (const [label, routes] of [
    ["a fixture table", async () => app()],
    ["examples/blog", () => loadRoutes({ root: blog })],
  ] as const) {
    it(`every named route's helper path is a path p accepts (${label})`, async () => {
      const set = await routes();
      const tree = pathTree(set.routes);
      const paths = everyNamedPath(set);
      assert.ok(
        paths.size >= set.namedRoutes.size - 1,
        `a path for each named route: ${[...set.namedRoutes.keys()].filter((n) => !paths.has(n))}`,
      );
      for (const [name, made] of paths)
        assert.ok(matchPath(tree, [made]), `${name}_path gave ${made}, which p rejects`);
    });
  }
});

// `p`'s types and `matchPath` give the same answer: each path below is compiled as a `p(...)` call
// against the table above (literal, parameter, `(.:format)`, `v:version`, optional group, glob, a
// mount's rest) and must compile exactly when `matchPath` accepts it — the lines it rejects carry
// a `@ts-expect-error`, which tsc reports when unused. Empty segments, trailing slashes, queries
// and fragments included.
describe("p's types and matchPath agree", () => {
  /** Paths as `p` gets them: literal pieces, a `${x}` between each two. */
  const PATHS: readonly (readonly string[])[] = [
    ["/"],
    ["//"],
    [""],
    ["photos"],
    ["/photos"],
    ["/photos/"],
    ["/photos//"],
    ["/photos//", ""],
    ["/photos/", ""],
    ["/photos/", "/"],
    ["/photos/", "//"],
    ["/photos/", ".json"],
    ["/photos.json"],
    ["/photos.", ""],
    ["/photos/new"],
    ["/photos/new/edit"],
    ["/photos/", "/edit"],
    ["/photos/", "/edt"],
    ["/photos/", "/", ""],
    ["/photos/", "/comments/", ""],
    ["/photos/", "/comments/", "/"],
    ["/photoz"],
    ["/", ""],
    ["/", "/ping"],
    ["/v", "/ping"],
    ["/v/ping"],
    ["/v1/ping/"],
    ["/archive/2024"],
    ["/archive/", "/", ""],
    ["/archive/", "/", "/", ""],
    ["/en/pages/", ""],
    ["/pages/", ""],
    ["/", "/pages/", ""],
    ["/files"],
    ["/files/"],
    ["/files/a"],
    ["/files/a/b/c"],
    ["/files/a/b/c/"],
    ["/files/a//b"],
    ["/files/", "/", "/"],
    ["/files/a/", ".json"],
    ["/jobs"],
    ["/jobs/"],
    ["/jobs/a/b/c"],
    ["/jobs//a"],
    ["/jobs/", "?q=/a//b"],
    ["/photos?next=/a//b#c"],
    ["/photoz?next=/photos"],
    ["/photos#frag"],
    ["/photos/", "#f?g"],
    ["/photos/", "?page=", ""],
    ["/photos//?x"],
  ];

  for (const compiler of COMPILERS) {
    it(`${compiler.name}: p's types accept exactly the paths matchPath accepts`, () => {
      const tree = pathTree(app().routes);
      const accepted = PATHS.map((pieces) => matchPath(tree, pieces));
      assert.ok(accepted.includes(true) && accepted.includes(false), "both kinds are among the paths");
      const source = [
        'import { p } from "switchyard";',
        "declare const x: string;",
        ...PATHS.flatMap((pieces, i) => [
          ...(accepted[i] ? [] : ["// @ts-expect-error matchPath rejects it"]),
          `p(\`${pieces.join("${x}")}\`);`,
        ]),
        "",
      ].join("\n");
      assert.equal(
        typecheck(compiler, path.join(root, "test", "types"), renderHelperTypes(app()), [], { "paths.ts": source }),
        "",
        source,
      );
    });
  }
});
