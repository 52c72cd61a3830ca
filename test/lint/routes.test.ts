// The lint's view of a route table: the adapter's regexps and flags, and the set of normalized
// request paths the proofs range over.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { draw } from "../../src/index.js";
import { reachRoutes, tokensAlwaysWhole } from "../../src/lint/index.js";
import {
  complementOf,
  isNormalPath,
  isSubset,
  languageOf,
  normalizedPaths,
  withinNormalPaths,
} from "../../src/lint/languages.js";
import { normalizeRequestPath } from "../../src/uri/path.js";
import { simulatorRegExp, usesSimulator, journeyRegExp } from "../../src/pattern/regexp.js";
import { Words } from "refa";

describe("reachRoutes", () => {
  it("gives Journey's regexp, and the simulator filter only where it can reject a path", () => {
    const routes = draw((r) => {
      r.get("photos/:id", { to: "p#show" });
      r.get("d(e)", { to: "d#e" });
      r.get("files/*path", { to: "f#show" });
    }).routes;
    const [show, de, files] = reachRoutes(routes);
    assert.deepEqual(show!.regexps.map(String), [String(/^\/photos\/([^/.?]+)(?:\.([^/.?]+))?$/)]);
    assert.equal(de!.regexps.length, 2);
    assert.equal(files!.regexps.length, 1);
  });

  it("marks routes that may decline a request they match", () => {
    const routes = draw((r) => {
      r.get("a", { to: "a#a" });
      r.get("b", { to: "b#b", constraints: { subdomain: "api" } });
      r.get("c", { to: "c#c", constraints: () => true });
      r.mount(() => new Response(""), { at: "/d" });
      r.get(":controller/:action", {});
      r.get("e", { to: r.redirect("/a") });
    }).routes;
    assert.deepEqual(
      reachRoutes(routes).map((r) => r.conditional),
      [false, true, true, true, true, false],
    );
    assert.deepEqual(
      reachRoutes(routes).map((r) => r.verbs),
      [["GET"], ["GET"], ["GET"], null, ["GET"], ["GET"]],
    );
  });
});

describe("tokensAlwaysWhole", () => {
  const piece = fc.oneof(
    fc.constantFrom("/a", "/b", "/:x", "/:y", ".:f", "a", "b", "-", ":z"),
    fc.constantFrom("/a", "/:x", "a", ".b").map((p) => `(${p})`),
  );
  const pattern = fc.array(piece, { minLength: 1, maxLength: 4 }).map((ps) => `/${ps.join("").replace(/^\//, "")}`);

  it("holds only where the simulator accepts every normalized path the regexp matches (decided on exact automata)", () => {
    let whole = 0;
    let not = 0;
    fc.assert(
      fc.property(pattern, fc.boolean(), (path, format) => {
        let route;
        try {
          route = draw((r) => r.get(path, { to: "a#b", format })).routes[0]!;
        } catch {
          return true; // a pattern Rails rejects
        }
        const ast = route.pattern.ast;
        if (!usesSimulator(ast, route.requirements, route.anchor)) return true;
        const journey = withinNormalPaths(languageOf(journeyRegExp(ast, route.requirements, true).re, "over")!, "any")!;
        const sim = languageOf(simulatorRegExp(ast), "under")!;
        // Where refa cannot resolve every lookaround, the simulator's language is only bounded: skip.
        if (!sim.exact) return true;
        const contained = isSubset(journey, complementOf(sim)!);
        if (tokensAlwaysWhole(ast)) {
          whole++;
          assert.ok(contained, `${route.path}: said whole, but the simulator rejects a path the regexp matches`);
        } else not++;
        return true;
      }),
      { numRuns: 300 },
    );
    assert.ok(whole > 20 && not > 20, `both kinds drawn (${whole}, ${not})`);
  });
});

describe("normalized request paths", () => {
  const raw = fc.string({
    unit: fc.constantFrom("/", "a", "%", "2f", "2F", "?", "#", ".", "\n", " ", "é", "x"),
    maxLength: 12,
  });

  it("are exactly the fixed points of normalizeRequestPath (domain any)", () => {
    const dfa = normalizedPaths(0xffff, "any");
    fc.assert(
      fc.property(raw, (s) => {
        const normal = normalizeRequestPath(s);
        assert.ok(isNormalPath(normal, "any"), JSON.stringify(normal));
        assert.ok(dfa.test(Words.fromStringToUTF16(normal)));
        assert.equal(isNormalPath(s, "any"), normal === s, JSON.stringify(s));
        assert.equal(dfa.test(Words.fromStringToUTF16(s)), normal === s, JSON.stringify(s));
      }),
      { numRuns: 2000 },
    );
  });

  it("leave out control characters and spaces for requests", () => {
    const dfa = normalizedPaths(0xffff, "request");
    for (const s of ["/a b", "/a\nb", "/a\tb", "/\x7f"]) {
      assert.equal(isNormalPath(s, "request"), false);
      assert.equal(dfa.test(Words.fromStringToUTF16(s)), false);
    }
    for (const s of ["/", "/a/b.json", "/caf%C3%A9", "/é", "/%zz", "/%A"]) {
      assert.equal(isNormalPath(s, "request"), true, s);
      assert.equal(dfa.test(Words.fromStringToUTF16(s)), true, s);
    }
  });
});
