// Unreachable routes (docs/contract.md §7 `routes --lint`): proven on the regexps' languages, reported only
// when an earlier route that cannot decline a request answers every request the route matches.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { draw, ruby, type Mapper } from "../../src/index.js";
import { findUnreachable, lintRoutes, reachRoutes, REQUEST_METHODS, type ReachRoute } from "../../src/lint/index.js";

/** The unreachable routes of a table, as `verb path <= verb path, ...` lines. */
function unreachable(fn: (r: Mapper) => void, paths: "request" | "any" = "request"): string[] {
  const routes = draw(fn).routes;
  const label = (i: number) => `${routes[i]!.verb || "ANY"} ${routes[i]!.path}`;
  return findUnreachable(reachRoutes(routes), { methods: REQUEST_METHODS, paths }).map((f) =>
    f.kind === "unreachable"
      ? `${label(f.index)} <= ${f.shadowedBy.map((s) => label(s.index)).join(", ")}`
      : `${label(f.index)} matches nothing`,
  );
}

describe("unreachable routes", () => {
  it("finds get 'photos/new' behind get 'photos/:id'", () => {
    assert.deepEqual(
      unreachable((r) => {
        r.get("photos/:id", { to: "photos#show" });
        r.get("photos/new", { to: "photos#new" });
      }),
      ["GET /photos/new(.:format) <= GET /photos/:id(.:format)"],
    );
  });

  it("finds routes behind resources :photos, and leaves the others", () => {
    assert.deepEqual(
      unreachable((r) => {
        r.resources("photos");
        r.get("photos/new", { to: "x#new" }); // behind new
        r.get("photos/recent", { to: "x#recent" }); // behind show (:id)
        r.post("photos/:id", { to: "x#post" }); // no earlier POST /photos/:id
        r.get("photos/:id/comments", { to: "x#comments" }); // two segments: nothing earlier matches
      }),
      [
        "GET /photos/new(.:format) <= GET /photos/new(.:format)",
        "GET /photos/recent(.:format) <= GET /photos/:id(.:format)",
      ],
    );
  });

  it("keeps a route reachable when the earlier one lacks its format", () => {
    assert.deepEqual(
      unreachable((r) => {
        r.get("a/:id", { to: "a#b", format: false });
        r.get("a/:id", { to: "a#c" }); // /a/1.json reaches it
        r.get("b/:id", { to: "b#b" });
        r.get("b/:id", { to: "b#c", format: false }); // every /b/x is answered by (.:format)
        r.get("c/:id", { to: "c#b", format: true });
        r.get("c/:id", { to: "c#c" }); // /c/1 (no format) reaches it
      }),
      ["GET /b/:id <= GET /b/:id(.:format)"],
    );
  });

  it("follows optional groups", () => {
    assert.deepEqual(
      unreachable((r) => {
        r.get("o(/:a)(/:b)", { to: "o#b" });
        r.get("o/x/y", { to: "o#c" }); // :a = x, :b = y
        r.get("o/x/y/z", { to: "o#d" }); // three segments
        r.get("p/:a", { to: "p#a" });
        r.get("p(/:a)", { to: "p#b" }); // /p reaches it
      }),
      ["GET /o/x/y(.:format) <= GET /o(/:a)(/:b)(.:format)"],
    );
  });

  it("lets a glob answer every deeper path, and only what it covers", () => {
    assert.deepEqual(
      unreachable((r) => {
        r.get("files/*path", { to: "f#show" });
        r.get("files/a/b/:c", { to: "f#deep" });
        r.get("files", { to: "f#index" }); // the glob needs one character
        r.post("files/x", { to: "f#create" }); // another verb
      }),
      ["GET /files/a/b/:c(.:format) <= GET /files/*path(.:format)"],
    );
  });

  it("proves a glob covers a segment only over request paths (a raw newline is no request)", () => {
    const fn = (r: Mapper) => {
      r.get("*path", { to: "f#all" });
      r.get("photos/:id", { to: "p#show" });
    };
    assert.deepEqual(unreachable(fn, "request"), ["GET /photos/:id(.:format) <= GET /*path(.:format)"]);
    // recognize() can be handed "/photos/\n", which the glob's [^\n]+ does not match.
    assert.deepEqual(unreachable(fn, "any"), []);
  });

  it("compares segment requirements with literals", () => {
    assert.deepEqual(
      unreachable((r) => {
        // @ts-expect-error -- Rails' extra key (a default, or with a RegExp a segment constraint): untyped, as JavaScript passes it
        r.get("p/:id", { to: "p#show", id: /\d+/ });
        r.get("p/new", { to: "p#new" }); // not digits
        r.get("p/12", { to: "p#twelve" }); // digits
        // @ts-expect-error -- Rails' extra key (a default, or with a RegExp a segment constraint): untyped, as JavaScript passes it
        r.get("q/:id", { to: "q#show", id: /[a-z]+/ });
        // @ts-expect-error -- Rails' extra key (a default, or with a RegExp a segment constraint): untyped, as JavaScript passes it
        r.get("q/:slug", { to: "q#slug", slug: /[a-c]+/ }); // a subset of [a-z]+
        r.get("q/:other", { to: "q#other" }); // wider
      }),
      ["GET /p/12(.:format) <= GET /p/:id(.:format)", "GET /q/:slug(.:format) <= GET /q/:id(.:format)"],
    );
  });

  it("reads a Regexp.union list as its alternatives, whole segments only", () => {
    assert.deepEqual(
      unreachable((r) => {
        r.get("items/:idx", { to: "items#show", constraints: { idx: ["first", "last", /\d+/] } });
        r.get("items/first", { to: "items#first" }); // one of them
        r.get("items/12", { to: "items#twelve" }); // matches the RegExp
        r.get("items/firstlast", { to: "items#both" }); // not a member: the list is anchored as a whole
        r.get("items/middle", { to: "items#middle" });
        r.get("items/:slug", { to: "items#slug", constraints: { slug: ["last"] } }); // a subset
        r.get("items/:other", { to: "items#other" }); // wider
        r.get("dots/:d", { to: "d#show", constraints: { d: ["a.b"] } });
        r.get("dots/axb", { to: "d#axb" }); // the dot of "a.b" is a literal dot
      }),
      [
        "GET /items/first(.:format) <= GET /items/:idx(.:format)",
        "GET /items/12(.:format) <= GET /items/:idx(.:format)",
        "GET /items/:slug(.:format) <= GET /items/:idx(.:format)",
      ],
    );
  });

  it("reads a glob's list as Journey writes it: a class of single characters", () => {
    assert.deepEqual(
      unreachable((r) => {
        r.get("g/*rest", { to: "g#s", constraints: { rest: ["a/b", "c"] } });
        r.get("g/a/b", { to: "g#ab" }); // not one character: reachable (Rails answers it)
        r.get("g/c", { to: "g#c" }); // c is in the class
      }),
      ["GET /g/c(.:format) <= GET /g/*rest(.:format)"],
    );
  });

  it("does not report routes behind constrained routes", () => {
    assert.deepEqual(
      unreachable((r) => {
        r.get("a/:id", { to: "a#b", constraints: { subdomain: "api" } });
        r.get("a/new", { to: "a#c" });
        r.get("b/:id", { to: "b#b", constraints: () => true });
        r.get("b/new", { to: "b#c" });
        r.get("c/:id", { to: "c#b", constraints: { matches: () => true } });
        r.get("c/new", { to: "c#c" });
        r.mount(() => new Response("app"), { at: "/d" });
        r.get("d/x", { to: "d#x" }); // the mounted app may answer X-Cascade: pass
        r.get(":controller/:action", {});
        r.get("e/f", { to: "e#f" }); // no such controller: Rails' dispatcher passes
      }),
      [],
    );
  });

  it("lets a constrained route be shadowed", () => {
    assert.deepEqual(
      unreachable((r) => {
        r.get("a/:id", { to: "a#b" });
        r.get("a/new", { to: "a#c", constraints: { subdomain: "api" } });
      }),
      ["GET /a/new(.:format) <= GET /a/:id(.:format)"],
    );
  });

  it("treats a redirect like any route", () => {
    assert.deepEqual(
      unreachable((r) => {
        r.get("old/:id", { to: r.redirect("/new/%{id}") });
        r.get("old/new", { to: "o#new" });
      }),
      ["GET /old/new(.:format) <= GET /old/:id(.:format)"],
    );
  });

  it("sees a mount as a prefix: a catch-all before it shadows it", () => {
    assert.deepEqual(
      unreachable((r) => {
        r.match("*path", { to: "errors#not_found", via: "all" });
        r.mount(() => new Response("app"), { at: "/sidekiq" });
      }),
      ["ANY /sidekiq <= ANY /*path(.:format)"],
    );
  });

  it("matches verbs: HEAD falls back to GET, any-verb routes are not HEAD routes", () => {
    assert.deepEqual(
      unreachable((r) => {
        r.get("h", { to: "h#get" });
        r.match("h", { to: "h#head", via: "head" }); // explicit HEAD routes come first for HEAD
        r.match("h", { to: "h#both", via: ["get", "head"] }); // GET by h#get, HEAD by h#head
        r.match("h", { to: "h#any", via: "all" }); // POST, PUT, ... reach it
        r.match("i", { to: "i#any", via: "all" });
        r.get("i", { to: "i#get" }); // GET is answered by the any-verb route
        r.match("i", { to: "i#head", via: "head" }); // HEAD routes are tried before GET's
        r.post("j", { to: "j#post" });
        r.get("j", { to: "j#get" });
      }),
      ["GET|HEAD /h(.:format) <= GET /h(.:format), HEAD /h(.:format)", "GET /i(.:format) <= ANY /i(.:format)"],
    );
  });

  it("honours Journey's simulator: /d(e) does not answer /de", () => {
    assert.deepEqual(
      unreachable((r) => {
        r.get("d(e)", { to: "d#b" });
        r.get("de", { to: "d#c" }); // the simulator reads "de" as one token: d(e) never matches it
        r.get("d", { to: "d#d" });
      }),
      ["GET /d(.:format) <= GET /d(e)(.:format)"],
    );
  });

  it("reports a route no normalized path matches", () => {
    assert.deepEqual(
      unreachable((r) => {
        // @ts-expect-error -- Rails' extra key (a default, or with a RegExp a segment constraint): untyped, as JavaScript passes it
        r.get("q/:id", { to: "q#q", id: /\d+\?/ });
        // @ts-expect-error -- Rails' extra key (a default, or with a RegExp a segment constraint): untyped, as JavaScript passes it
        r.get("s/:id", { to: "s#s", id: /a\/\/b/ });
      }),
      ["GET /q/:id(.:format) matches nothing", "GET /s/:id(.:format) matches nothing"],
    );
  });

  it("names one earlier route per verb when no single one covers them all", () => {
    const routes = draw((r) => {
      r.get("x", { to: "x#get" });
      r.post("x", { to: "x#post" });
      r.match("x", { to: "x#both", via: ["get", "post"] });
    }).routes;
    const [f] = findUnreachable(reachRoutes(routes), { methods: REQUEST_METHODS });
    assert.ok(f && f.kind === "unreachable");
    assert.equal(f.index, 2);
    assert.deepEqual(f.shadowedBy, [
      { index: 0, verbs: ["GET"] },
      { index: 1, verbs: ["POST"] },
    ]);
    assert.equal(f.example, "/x");
  });
});

describe("the engine on plain data", () => {
  const route = (index: number, regexps: RegExp[], extra: Partial<ReachRoute> = {}): ReachRoute => ({
    index,
    verbs: ["GET"],
    regexps,
    conditional: false,
    ...extra,
  });

  it("decides on the regexps alone, whatever the order of the input", () => {
    const found = findUnreachable([route(1, [/^\/a\/b$/]), route(0, [/^\/a\/[a-z]+$/])], { methods: ["GET"] });
    assert.deepEqual(
      found.map((f) => f.index),
      [1],
    );
  });

  it("does not report where a regexp holds a backreference it cannot model", () => {
    // /ab-ab is matched by ([a-z]+)-\1, whose language automata cannot hold: no report.
    assert.deepEqual(
      findUnreachable([route(0, [/^\/([a-z]+)-\1$/]), route(1, [/^\/ab-ab$/])], { methods: ["GET"] }),
      [],
    );
    // A backreference to a constant group is resolved exactly: (a)\1 is aa.
    assert.deepEqual(
      findUnreachable([route(0, [/^\/(a)\1$/]), route(1, [/^\/aa$/])], { methods: ["GET"] }).map((f) => f.index),
      [1],
    );
  });

  it("proves through an assertion refa resolves, and under-approximates one it cannot", () => {
    assert.deepEqual(
      findUnreachable([route(0, [/^\/(?=a)[a-z]+$/]), route(1, [/^\/ab$/])], { methods: ["GET"] }).map((f) => f.index),
      [1],
    );
    // The later route's lookahead is dropped (its language only grows): still proven.
    assert.deepEqual(
      findUnreachable([route(0, [/^\/[a-z]+$/]), route(1, [/^\/(?!x)[a-z]{2}$/])], { methods: ["GET"] }).map(
        (f) => f.index,
      ),
      [1],
    );
  });

  it("skips a conditional earlier route and uses the next one", () => {
    const found = findUnreachable(
      [route(0, [/^\/.+$/], { conditional: true }), route(1, [/^\/[a-z]+$/]), route(2, [/^\/abc$/])],
      { methods: ["GET"] },
    );
    assert.deepEqual(found, [
      { kind: "unreachable", index: 2, shadowedBy: [{ index: 1, verbs: ["GET"] }], example: "/abc" },
    ]);
  });

  it("compares u-flag and plain regexps only over the same alphabet", () => {
    assert.deepEqual(findUnreachable([route(0, [/^\/[^/]+$/u]), route(1, [/^\/x$/])], { methods: ["GET"] }), []);
    assert.deepEqual(
      findUnreachable([route(0, [/^\/[^/]+$/u]), route(1, [/^\/x$/u])], { methods: ["GET"] }).map((f) => f.index),
      [1],
    );
  });
});

describe("lintRoutes messages", () => {
  it("names both routes, an example and the fix", () => {
    const routes = draw((r) => {
      r.get("photos/:id", { to: "photos#show" });
      r.get("photos/new", { to: "photos#new" });
    }).routes;
    const [f] = lintRoutes(routes, { describe: (route, i) => `${route.verb} ${route.path} (routes.ts:${i + 1})` });
    assert.equal(f?.kind, "unreachable");
    assert.deepEqual([f!.route, f!.related], [1, [0]]);
    assert.equal(
      f!.message,
      "GET /photos/new(.:format) (routes.ts:2) can never be reached: GET /photos/:id(.:format) (routes.ts:1), declared earlier, " +
        "answers every request it matches (e.g. GET /photos/new). Declare it before GET /photos/:id(.:format), " +
        "or constrain :id of that route so that it no longer matches /photos/new.",
    );
  });

  it("reports a repeat once, as a repeat", () => {
    const routes = draw((r) => {
      r.resources("photos", { only: ["show"] });
      r.get("photos/:id", { to: "other#show" });
    }).routes;
    const found = lintRoutes(routes);
    assert.deepEqual(
      found.map((f) => [f.kind, f.route, f.related]),
      [["duplicate", 1, [0]]],
    );
    assert.match(
      found[0]!.message,
      /^GET \/photos\/:id\(\.:format\) \(other#show\) repeats GET \/photos\/:id\(\.:format\) \(photos#show\)/,
    );
  });

  it("reports a constraint regexp once for all the routes sharing it", () => {
    // (draw's `warn` takes the findings it would otherwise print as process warnings.)
    const warned: string[] = [];
    const routes = draw(
      (r) => {
        // @ts-expect-error -- Rails' extra key (a default, or with a RegExp a segment constraint): untyped, as JavaScript passes it
        r.resources("photos", { id: /(\d+)+/, only: ["show", "update"] });
      },
      { warn: (f) => warned.push(f.message) },
    ).routes;
    const found = lintRoutes(routes).filter((f) => f.kind === "backtracking");
    assert.deepEqual(
      warned,
      found.map((f) => f.message),
      "draw warned of the same",
    );
    assert.equal(found.length, 1);
    assert.deepEqual([found[0]!.route, found[0]!.related], [0, [1, 2]]);
    assert.match(
      found[0]!.message,
      /^The segment constraint id: of GET \/photos\/:id\(\.:format\) .* \(and 2 more routes\): \/\(\\d\+\)\+\/ can take exponential time/,
    );
  });

  it("checks the translation of a Ruby regexp, named as declared, and the RegExps of a list", () => {
    const warned: string[] = [];
    const routes = draw(
      (r) => {
        r.get("a/:v", { to: "a#s", constraints: { v: /([[:digit:]]+)+x/ } });
        r.get("b/:v", { to: "b#s", constraints: { v: ["new", /(\h+)+x/] } });
        r.get("c", {
          to: "c#s",
          constraints: {
            subdomain: ruby`/\A(\d+ # digits
        )+x\z/x`,
          },
        });
      },
      { warn: (f) => warned.push(f.message) },
    ).routes;
    const found = lintRoutes(routes).filter((f) => f.kind === "backtracking");
    assert.deepEqual(
      warned,
      found.map((f) => f.message),
      "draw warned of the same",
    );
    assert.deepEqual(
      found.map((f) => f.route),
      [0, 1, 2],
    );
    assert.match(
      found[0]!.message,
      /^The segment constraint v: of .*: \/\(\[\[:digit:\]\]\+\)\+x\/ \(in JavaScript \/\(\[\\p\{Nd\}\]\+\)\+x\/u\) can take exponential time/,
    );
    assert.match(
      found[1]!.message,
      /^The segment constraint v: of .*: \/\(\\h\+\)\+x\/ \(in JavaScript \/\(\[0-9A-Fa-f\]\+\)\+x\/\) can take exponential time/,
    );
    assert.match(
      found[2]!.message,
      /^The request constraint subdomain: of .*: \/\\A\(\\d\+ # digits\n {8}\)\+x\\z\/x \(in JavaScript \/\^\(\\d\+\)\+x\$\/\)/,
    );
  });
});
