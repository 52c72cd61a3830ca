// The fast paths of URL generation (src/generate/fast-path.ts, url_for's
// one-route path, the polymorphic shape cache, the host prefix memo) against the reference
// behaviour they stand in for — `buildHelpers(table, { fastPaths: false })`, which merges and copies the options
// through dictionaries as Rails does: the same URL, or the same error, for every generation call
// of the Rails conformance fixtures (as given and with the options object reshaped), for chosen
// edge cases, and for random calls on random route sets.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { draw } from "../../src/index.js";
import type { Mapper, MatchOptions, RouteSet } from "../../src/index.js";
import { buildHelpers } from "../../src/generate/helpers.js";
import { caseDeclaration, drawQuietly } from "../conformance/declaration.js";

type Helper = (...args: unknown[]) => string;
type HelperTable = Record<string, Helper>;

/** The URL a call gives, or its error's class and message. */
function outcome(call: () => string): string {
  try {
    return call();
  } catch (e) {
    return `${(e as Error).name}: ${(e as Error).message}`;
  }
}

/** The helpers of one route set with and without the fast paths. */
function bothWays(routes: RouteSet): { fast: HelperTable; reference: HelperTable } {
  return {
    fast: routes.helpers as unknown as HelperTable,
    reference: buildHelpers(routes, { fastPaths: false }) as unknown as HelperTable,
  };
}

function assertSame(routes: RouteSet, call: string, args: readonly unknown[], label = ""): string {
  const { fast, reference } = bothWays(routes);
  const want = outcome(() => reference[call]!(...args));
  assert.equal(
    outcome(() => fast[call]!(...args)),
    want,
    `${call}(${describeArgs(args)}) ${label}`,
  );
  return want;
}

function describeArgs(args: readonly unknown[]): string {
  return args
    .map((a) =>
      a !== null &&
      typeof a === "object" &&
      !Array.isArray(a) &&
      Object.getPrototypeOf(a) !== Object.prototype &&
      Object.getPrototypeOf(a) !== null
        ? `#<${(a as object).constructor?.name}>`
        : (JSON.stringify(a) ?? String(a)),
    )
    .join(", ");
}

const isHash = (v: unknown): v is Record<string, unknown> =>
  v !== null &&
  typeof v === "object" &&
  !Array.isArray(v) &&
  [Object.prototype, null].includes(Object.getPrototypeOf(v));

/** The same call with its options object reshaped: null prototype, keys reversed, an extra query key. */
function reshaped(args: readonly unknown[]): { label: string; args: unknown[] }[] {
  const last = args[args.length - 1];
  if (!isHash(last)) return [];
  const init = args.slice(0, -1);
  const entries = Object.entries(last);
  return [
    { label: "(null prototype)", args: [...init, Object.assign(Object.create(null) as object, last)] },
    { label: "(keys reversed)", args: [...init, Object.fromEntries([...entries].reverse())] },
    { label: "(extra key)", args: [...init, { ...last, zz_extra: "x y" }] },
  ];
}

class Model {
  constructor(
    readonly id: unknown = null,
    readonly slug: unknown = null,
  ) {}
  toParam(): unknown {
    return this.slug ?? (this.id == null ? null : String(this.id));
  }
}

describe("fast paths: the conformance fixtures' calls", () => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dir = path.join(here, "..", "conformance", "fixtures");
  const classes = new Map<string, new (id: unknown, param: unknown) => Model>();
  const recordClass = (name: string) => {
    let C = classes.get(name);
    if (!C) {
      const short = name.split("::").pop()!;
      C = { [short]: class extends Model {} }[short]!;
      if (name.includes("::")) (C as unknown as { modelName: string }).modelName = name;
      classes.set(name, C);
    }
    return C;
  };
  const materialize = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(materialize);
    if (v === null || typeof v !== "object") return v;
    const o = v as Record<string, any>;
    if (o.$symbol !== undefined) return o.$symbol;
    if (o.$record) return new (recordClass(o.$record.class))(o.$record.id, o.$record.param);
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, materialize(x)]));
  };
  const camel: Record<string, string> = {
    script_name: "scriptName",
    trailing_slash: "trailingSlash",
    only_path: "onlyPath",
  };

  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    type Case = {
      id: string;
      ts: string;
      ts_files?: Record<string, string>;
      api_only?: boolean;
      default_url_options?: Record<string, unknown>;
      error?: unknown;
      generate?: { call: string; args: unknown[] }[];
    };
    const cases = (JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as Case[]).filter(
      (c) => c.generate?.length && !c.error && Object.keys(c.ts_files ?? {}).length === 0,
    );
    if (cases.length === 0) continue;
    it(`${file}: ${cases.reduce((n, c) => n + c.generate!.length, 0)} calls agree, also with the options reshaped`, () => {
      for (const c of cases) {
        const defaultUrlOptions = Object.fromEntries(
          Object.entries(c.default_url_options ?? {}).map(([k, v]) => [camel[k] ?? k, v]),
        );
        const routes = drawQuietly(caseDeclaration(c.ts), { apiOnly: c.api_only, defaultUrlOptions });
        for (const g of c.generate!) {
          if (typeof (routes.helpers as unknown as HelperTable)[g.call] !== "function") continue;
          const args = materialize(g.args) as unknown[];
          const want = assertSame(routes, g.call, args, c.id);
          for (const v of reshaped(args)) {
            const got = assertSame(routes, g.call, v.args, `${c.id} ${v.label}`);
            if (v.label !== "(extra key)") assert.equal(got, want, `${c.id}: ${g.call} ${v.label} changed the URL`);
          }
        }
      }
    });
  }
});

describe("fast paths: named helpers", () => {
  const routes = draw((r) => {
    r.resources("photos");
    r.scope("(:locale)", () => {
      r.resources("pages", { only: ["show"] });
    });
    r.get("archive/:year(/:month)", { to: "archive#show", as: "archive", defaults: { month: "01" } });
    r.get("feed", { to: "feeds#show", as: "feed", defaults: { format: "rss" } });
    r.get("c/:constructor", { to: "c#show", as: "odd" });
    r.get("r/:id", { to: "r#show", as: "redirecty" });
  });
  const call = (name: string, ...args: unknown[]) => assertSame(routes, name, args);

  it("the options object's prototype, key order and aliases do not change the URL", () => {
    const want = call("photo_url", 1, { host: "e.org", format: "json", anchor: "top", params: { page: 2 } });
    assert.equal(want, "http://e.org/photos/1.json?page=2#top");
    assert.equal(
      call(
        "photo_url",
        1,
        Object.assign(Object.create(null), { anchor: "top", params: { page: 2 }, format: "json", host: "e.org" }),
      ),
      want,
    );
    assert.equal(
      call("photo_url", 1, JSON.parse('{"params":{"page":2},"host":"e.org","anchor":"top","format":"json"}')),
      want,
    );
    // A camelCase option and its snake_case name: the later key wins, as in the merged hash.
    call("photo_path", 1, { onlyPath: false, only_path: true, scriptName: "/a", script_name: "/b" });
    call("photo_path", 1, { script_name: "/b", scriptName: "/a" });
  });
  it("segments named in the options object, positional values around them, and leftovers", () => {
    // (`_options: true`: with an id and a key a URL does not hold by name, a plain object is a record)
    assert.equal(call("photo_path", { id: 3, format: "xml", q: "a b", _options: true }), "/photos/3.xml?q=a+b");
    call("photo_path", 3, { id: 4 });
    call("photo_path", 3, "json", { format: "xml" });
    call("page_path", "fr", "about", {});
    call("page_path", "about", { format: "json" });
    call("page_path", "about", { locale: "de", page: 1 });
    call("photo_path", 1, 2, 3, {});
  });
  it("keys with a meaning of their own: credentials, controller/action, use_route, _recall, params", () => {
    call("photo_url", 1, { host: "e.org", user: "u", password: "p w" });
    call("photo_url", 1, { host: "e.org", user: "alone" });
    call("photo_path", 1, { controller: "other", action: "edit" });
    call("feed_path", { action: "index" });
    call("photo_path", 1, { use_route: "x", useRoute: "y", routingType: "path", _recall: { id: 9 } });
    call("photo_path", 1, { params: { page: 1, q: { a: [1, 2] } }, page: 5 });
    call("photo_path", 1, { params: null, page: 5 });
    call("photo_path", 1, { params: 7 });
    call("photo_path", 1, { __proto__: null, constructor: "c", toString: "t", hasOwnProperty: "h" } as Record<
      string,
      unknown
    >);
  });
  it("defaults of optional and non-part keys, and a part named like an Object.prototype member", () => {
    call("archive_path", 2024, {});
    call("archive_path", 2024, "01", {});
    call("archive_path", { year: 2024, month: "02" });
    call("feed_path", {});
    call("feed_path", { format: "atom" });
    call("odd_path", "x", {});
    call("odd_path", { constructor: "y" });
  });
  it("segment values: numbers, records, nil, blanks, arrays", () => {
    for (const v of [
      0,
      -0,
      -5,
      1.5,
      2 ** 53,
      NaN,
      Infinity,
      "",
      " ",
      "a/b c",
      null,
      undefined,
      false,
      true,
      [],
      ["a", "b"],
      new Model(7),
      new Model(null),
      new Model(1, "1-x y"),
    ]) {
      call("photo_path", v, {});
      call("photo_path", v);
      call("photo_url", v, { host: "e.org" });
    }
  });
  it("is not fooled by enumerable properties on Object.prototype", () => {
    const proto = Object.prototype as Record<string, unknown>;
    try {
      proto.polluted = "yes";
      assert.equal(call("photo_path", 1, { format: "json", params: { page: 2 } }), "/photos/1.json?page=2");
      assert.equal(call("url_for", { controller: "photos", action: "show", id: 1, onlyPath: true }), "/photos/1");
    } finally {
      delete proto.polluted;
    }
  });
});

describe("fast paths: url_for", () => {
  const routes = draw(
    (r) => {
      r.resources("photos");
      r.namespace("admin", () => {
        r.resources("users", { only: ["show"] });
      });
      // An option beyond `to` is a required default: url_for must be given `kind: "old"`.
      r.get("legacy/:id", { to: "legacy#show", kind: "old" } as MatchOptions);
    },
    { defaultUrlOptions: { host: "example.com" } },
  );
  // A route naming no controller joins every candidate pool, so url_for never has just one route.
  const withGeneric = draw((r) => {
    r.resources("photos");
    r.get(":controller(/:action(/:id))");
  });
  const call = (options: Record<string, unknown>) => assertSame(routes, "url_for", [options]);

  it("one route for the controller and action, with the controller and action normalized", () => {
    assert.equal(call({ controller: "photos", action: "show", id: 3, onlyPath: true }), "/photos/3");
    assert.equal(call({ controller: "/admin/users", action: "show", id: 2 }), "http://example.com/admin/users/2");
    assert.equal(call({ controller: "photos" }), "http://example.com/photos");
    call({ controller: "photos", action: null });
    call({ controller: "photos", action: "show", id: 3, format: "json", q: "x", anchor: "a" });
    call({ controller: "photos", action: "show" });
    call({ controller: "photos", action: "show", id: "" });
    call({ controller: "photos", action: "update", id: 1 });
  });
  it("routes with other required defaults, legacy routes, use_route and errors", () => {
    assert.match(call({ controller: "legacy", action: "show", id: 1 }), /^UrlGenerationError: No route matches/);
    assert.equal(call({ controller: "legacy", action: "show", id: 1, kind: "old" }), "http://example.com/legacy/1");
    call({ controller: "reports", action: "weekly", id: 5 });
    assertSame(withGeneric, "url_for", [{ controller: "photos", action: "show", id: 1, onlyPath: true }]);
    assertSame(withGeneric, "url_for", [{ controller: "reports", action: "weekly", id: 5, onlyPath: true }]);
    call({ controller: "photos", action: "show", id: 1, use_route: "photo" });
    call({ controller: "photos", action: "show", id: 1, user: "u", password: "p" });
    call({ action: "show", id: 1 });
    call({ controller: "nothing", action: "here" });
    assertSame(
      draw((r) => {
        r.resources("photos");
      }),
      "url_for",
      [{ controller: "photos", action: "show", id: 1 }],
    );
  });
});

describe("fast paths: polymorphic routes", () => {
  class Magazine extends Model {}
  class Ad extends Model {}
  class Thing extends Model {
    static modelName = "Admin::Photo";
  }
  class Draft extends Model {
    get persisted() {
      return false;
    }
  }
  const routes = draw((r) => {
    r.resources("magazines", () => {
      r.resources("ads");
    });
    r.namespace("admin", () => {
      r.resources("photos");
    });
    r.resources("drafts");
    r.resource("basket");
    r.resolve("Basket", () => ["basket"]);
  });
  const call = (name: string, ...args: unknown[]) => assertSame(routes, name, args);

  it("persisted and new records, lists, model names and resolve", () => {
    assert.equal(call("polymorphic_path", [new Magazine(1), new Ad(2)]), "/magazines/1/ads/2");
    assert.equal(call("polymorphic_path", [new Magazine(1), new Ad()]), "/magazines/1/ads");
    assert.equal(call("new_polymorphic_path", [new Magazine(1), new Ad()]), "/magazines/1/ads/new");
    assert.equal(call("edit_polymorphic_path", [new Magazine(1), new Ad(3)]), "/magazines/1/ads/3/edit");
    call("polymorphic_path", new Magazine(4));
    call("polymorphic_path", new Thing(5));
    call("polymorphic_path", new Draft(6));
    call("polymorphic_path", new (class Basket extends Model {})(1));
    call("polymorphic_url", [new Magazine(1), new Ad(2)]);
    call("polymorphic_path", [new Magazine(null), new Ad(2)]);
    call("polymorphic_path", [new Magazine(1), new Ad(2, "")]);
    call("polymorphic_path", [new Ad(2)]);
    call("polymorphic_path", [null, new Magazine(1)]);
    call("polymorphic_path", [new Magazine(1), new Ad(2)], { anchor: "x" });
  });
  it("a cached shape is not taken for an object that only claims a record's class", () => {
    call("polymorphic_path", [new Magazine(1), new Ad(2)]);
    const impostor = { constructor: Ad, id: 2 };
    call("polymorphic_path", [new Magazine(1), impostor]);
    call("polymorphic_path", [new Magazine(1), Object.assign(new Ad(2), { constructor: Magazine })]);
    call("polymorphic_path", [new Magazine(1), "ads"]);
  });
  it("keeps answering when it has seen more shapes than it caches", () => {
    const many = Array.from({ length: 70 }, (_, i) => ({ [`M${i}`]: class extends Model {} })[`M${i}`]!);
    for (const C of many) call("polymorphic_path", new C(1));
    assert.equal(call("polymorphic_path", [new Magazine(1), new Ad(2)]), "/magazines/1/ads/2");
  });
});

describe("fast paths: the host prefix memo", () => {
  // Both ways render through the memo, so these expect literal URLs.
  const routes = draw((r) => {
    r.resources("photos");
  });
  const call = (options: Record<string, unknown>) => assertSame(routes, "photo_url", [1, options]);
  it("remembers a plain host's prefix, and never for a call with host-changing options", () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ host: "a.org", protocol: "https" }, "https://a.org/photos/1"],
      [{ host: "a.org", protocol: false }, "//a.org/photos/1"],
      [{ host: "a.org", port: 8080 }, "http://a.org:8080/photos/1"],
      [{ host: "a.org", port: null }, "http://a.org/photos/1"],
      [{ host: "a.org", subdomain: "api" }, "http://api.a.org/photos/1"],
      [{ host: "a.org", subdomain: null }, "http://a.org/photos/1"],
      [{ host: "www.a.org", domain: "b.com" }, "http://www.b.com/photos/1"],
      [{ host: "a.org", user: "u", password: "p" }, "http://u:p@a.org/photos/1"],
      [{ host: "a.org:81" }, "http://a.org:81/photos/1"],
      [{ host: "https://a.org" }, "https://a.org/photos/1"],
      [{ host: "b.org" }, "http://b.org/photos/1"],
    ];
    for (const [options, want] of cases) {
      for (const primer of ["a.org", "www.a.org", "b.org"]) {
        assert.equal(call({ host: primer }), `http://${primer}/photos/1`);
        assert.equal(call(options), want, JSON.stringify(options));
      }
    }
    call({ host: "" });
    call({ host: "[::1]" });
  });
});

describe("fast paths: random calls on random route sets", () => {
  const PIECES: Record<string, (r: Mapper) => void> = {
    photos: (r) =>
      r.resources("photos", () => {
        r.resources("comments", { only: ["index", "show"] });
      }),
    books: (r) => r.resources("books", { param: "slug", only: ["show", "update"] }),
    profile: (r) => r.resource("profile"),
    locale: (r) =>
      r.scope("(:locale)", () => {
        r.resources("pages", { only: ["show"] });
      }),
    archive: (r) =>
      r.get("archive/:year(/:month(/:day))", { to: "archive#show", as: "archive", defaults: { day: "1" } }),
    files: (r) => r.get("files/*path", { to: "files#show", as: "file" }),
    codes: (r) => r.get("codes/:code", { to: "codes#show", as: "code", constraints: { code: /[a-z0-9]+/ } }),
    feed: (r) => r.get("feed", { to: "feeds#show", as: "feed", defaults: { format: "rss", kind: "all" } }),
    legacy: (r) => r.get(":controller(/:action(/:id))"),
    repeated: (r) => r.get("twice/:x/again/:x(/:y)", { to: "twice#show", as: "twice" }),
    shaped: (r) =>
      r.get("shaped/:x(/:y)", { to: "shaped#show", as: "shaped", defaults: { x: "9", trailing_slash: true } }),
  };
  const KEYS = [
    "id",
    "slug",
    "comment_id",
    "photo_id",
    "locale",
    "year",
    "month",
    "day",
    "path",
    "code",
    "format",
    "anchor",
    "params",
    "host",
    "protocol",
    "port",
    "subdomain",
    "domain",
    "tldLength",
    "scriptName",
    "script_name",
    "trailingSlash",
    "onlyPath",
    "only_path",
    "relativeUrlRoot",
    "user",
    "password",
    "controller",
    "action",
    "use_route",
    "_recall",
    "kind",
    "q",
    "page",
    "constructor",
    "__proto__",
    "x",
    "y",
  ];
  class Rec extends Model {}
  const value: fc.Arbitrary<unknown> = fc.oneof(
    fc.integer({ min: -3, max: 20 }),
    fc.constantFrom(
      "",
      " ",
      "a",
      "a b",
      "x/y",
      "é",
      "photos",
      "show",
      "/admin/x",
      "https",
      "e.org",
      "e.org:81",
      "json",
      "0",
    ),
    fc.constantFrom(null, undefined, false, true, 1.5),
    fc.integer({ min: 0, max: 9 }).map((id) => new Rec(id)),
    fc.constant(new Rec(null)),
    fc.array(fc.constantFrom("a", "b c"), { maxLength: 2 }),
    fc.dictionary(
      fc.constantFrom("a", "b", "page"),
      fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom("v", null)),
      { maxKeys: 2 },
    ),
  );
  const options = fc
    .tuple(
      fc.uniqueArray(fc.tuple(fc.constantFrom(...KEYS), value), { selector: ([k]) => k, maxLength: 5 }),
      fc.constantFrom("literal", "null", "json"),
    )
    .map(([entries, kind]) => {
      const o: Record<string, unknown> = kind === "null" ? Object.create(null) : {};
      for (const [k, v] of entries)
        Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
      if (kind !== "json") return o;
      try {
        return JSON.parse(JSON.stringify(o)) as Record<string, unknown>;
      } catch {
        return o;
      }
    });
  const defaults = fc.constantFrom<Record<string, unknown>>(
    {},
    { host: "example.com" },
    { host: "example.com", protocol: "https" },
    { locale: "en" },
    { scriptName: "/app", host: "h.org" },
    { trailingSlash: true },
  );

  it("give the reference's URL or error", () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(Object.keys(PIECES), { minLength: 1 }),
        defaults,
        fc.array(
          fc.tuple(
            fc.nat(),
            fc.constantFrom("_path", "_url"),
            fc.array(value, { maxLength: 3 }),
            fc.option(options, { nil: undefined }),
          ),
          { minLength: 1, maxLength: 6 },
        ),
        (chosen, defaultUrlOptions, calls) => {
          const routes = draw(
            (r) => {
              for (const n of chosen) PIECES[n]!(r);
            },
            { defaultUrlOptions },
          );
          const names = [...routes.namedRoutes.keys()];
          for (const [pick, suffix, positional, opts] of calls) {
            const args = opts === undefined ? positional : [...positional, opts];
            if (names.length > 0) assertSame(routes, names[pick % names.length] + suffix, args);
            if (opts !== undefined) assertSame(routes, "url_for", [opts]);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
