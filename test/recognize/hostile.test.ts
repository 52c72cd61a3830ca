// Hostile input: huge, malformed and adversarial paths answer in time linear in their
// length, never throw, and never touch a prototype.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { plain, recognizers, STRATEGIES } from "./factory.js";

const rec = recognizers((r) => {
  r.root("home#index");
  r.resources("photos", () => {
    r.resources("comments");
  });
  r.get("files/*path", { to: "files#show" });
  r.get("codes/:code", { to: "codes#show", constraints: { code: /[a-f0-9]+/i } });
  r.get("flights/:origin-:destination", { to: "flights#search" });
  r.get(":__proto__/:constructor/:prototype", { to: "weird#show" });
  r.get("__proto__/constructor", { to: "proto#show" });
  r.mount(() => new Response(), { at: "/app" });
});

function timed<T>(f: () => T): [T, number] {
  const t0 = performance.now();
  const v = f();
  return [v, performance.now() - t0];
}

const MB = 1 << 20;
const inputs: [string, string][] = [
  ["1 MB segment", "/photos/" + "a".repeat(MB)],
  ["1 MB of segments", "/photos/1/comments/" + "a/".repeat(MB / 2)],
  ["10,000 slashes", "/".repeat(10_000)],
  ["10,000 slashes inside", "/photos" + "/".repeat(10_000) + "1"],
  ["1 MB glob", "/files/" + "ab/".repeat(MB / 3) + "c.txt"],
  ["1 MB of dots", "/photos/" + ".".repeat(MB)],
  ["1 MB of dashes", "/flights/" + "-".repeat(MB)],
  ["1 MB of escapes", "/photos/" + "%e2%82%ac".repeat(MB / 9)],
  ["1 MB of unicode", "/photos/" + "é".repeat(MB)],
  ["malformed escapes", "/photos/%/%%/%zz/%4/%G1"],
  ["invalid UTF-8", "/photos/%FF%FE%C3%28%ED%A0%80"],
  ["NUL", "/photos/\u0000/comments/\u0000"],
  ["lone surrogates", "/photos/\uD800\uDC00\uDFFF"],
  ["query only", "?/photos"],
  ["empty", ""],
];

describe("hostile input", () => {
  for (const s of STRATEGIES) {
    it(`answers without throwing, in linear time (${s})`, () => {
      for (const [label, path] of inputs) {
        for (const method of ["GET", "HEAD", "POST", "BREW", ""]) {
          const [res, ms] = timed(() => rec[s].recognize(method, path));
          assert.ok(res === null || typeof res === "object", label);
          assert.ok(ms < 2000, `${label} (${method}) took ${ms.toFixed(0)} ms`);
        }
      }
    });
  }

  // Patterns whose Journey regexp backtracks super-linearly: on main, `:a-:b` took 27 s
  // on 64 KB of dashes and `:a-:b-:c` over 60 s on 4 KB; the linear matcher runs them instead.
  // Bounded in CPU time rather than wall time: on the shared 2-core machine the wall time of one
  // run swings several-fold with the load, its CPU time much less.
  it("answers segments with several parameters, and globs beside parameters, in linear time", () => {
    const multi = recognizers((r) => {
      r.get("f/:a-:b", { to: "f#ab" });
      r.get("g/:a-:b-:c", { to: "g#abc" });
      r.get("n/:a-:b", { to: "n#ab", format: false });
      r.get("t/:a~:b~:c-:d", { to: "t#abcd" });
      r.get("o(/:a)-:b", { to: "o#ab" });
      r.get("q/*a/*b.z", { to: "q#ab", format: false });
      r.get("s/*path-:id", { to: "s#show" });
      r.get("p/*path/:a-:b", { to: "p#ab" });
      r.get("c/:a-:b", { to: "c#ab", constraints: { a: /[a-z-]+/ } });
      r.get("w/:a-:b", { to: "w#ab", constraints: { a: /\w+(?:-\w+)*/, b: /[a-z]+/ } });
    });
    const cpu = (f: () => unknown): [unknown, number] => {
      const t0 = process.cpuUsage();
      const v = f();
      const used = process.cpuUsage(t0);
      return [v, (used.user + used.system) / 1000];
    };
    const failing: [string, string][] = [
      ["/f/", "-".repeat(MB) + ".x.y"],
      ["/f/", "a-".repeat(MB / 2) + ".x.y"],
      ["/g/", "-".repeat(MB) + ".x.y"],
      ["/n/", "a-".repeat(MB / 2) + ".x"],
      ["/t/", "a~-".repeat(MB / 3) + ".x.y"],
      ["/o/", "-".repeat(MB) + ".x.y"],
      ["/q/", "a/".repeat(MB / 2) + "x"],
      ["/s/", "a/-".repeat(MB / 3) + ".x.y"],
      ["/p/", "a/".repeat(MB / 4) + "-".repeat(MB / 2) + ".x.y"],
      ["/c/", "-".repeat(MB) + ".x.y"],
      ["/w/", "a-".repeat(MB / 2) + "1"],
    ];
    for (const s of STRATEGIES) {
      for (const [prefix, tail] of failing) {
        const [res, ms] = cpu(() => multi[s].recognize("GET", prefix + tail));
        assert.equal(res, null, `${prefix}${tail.slice(0, 6)}... (${s})`);
        assert.ok(ms < 2000, `${prefix}${tail.slice(0, 6)}... (${s}) took ${ms.toFixed(0)} ms of CPU`);
      }
      // A path that matches after as much backtracking: the split the regexp would find.
      const [res, ms] = cpu(() => multi[s].recognize("GET", "/g/" + "-".repeat(MB) + ".x"));
      assert.deepEqual(plain(res as Parameters<typeof plain>[0]), {
        name: null,
        params: { controller: "g", action: "abc", a: "-".repeat(MB - 4), b: "-", c: "-", format: "x" },
      });
      assert.ok(ms < 2000, `a matching path (${s}) took ${ms.toFixed(0)} ms of CPU`);
    }
  });

  // Token-shaped routes (the compiled trie) are linear, and so are routes only a regexp can match.
  // Bounded in CPU time, not as a ratio of two timings: on a loaded machine a ratio of two runs read
  // 38-103x for 8x the input (the bound was 32x), while a quadratic walk of 800,000 characters
  // would take minutes, not the milliseconds a linear one takes.
  it("costs time linear in the path's length", () => {
    const path = "/photos/" + "a-".repeat(400_000) + "/comments/" + "b.".repeat(400_000) + "/x";
    for (const s of STRATEGIES) {
      rec[s].recognize("GET", path.slice(0, 2000) + "/x");
      const t0 = process.cpuUsage();
      rec[s].recognize("GET", path);
      const used = process.cpuUsage(t0);
      const ms = (used.user + used.system) / 1000;
      assert.ok(ms < 2000, `1.6 MB of segments (${s}) took ${ms.toFixed(0)} ms of CPU`);
    }
  });

  // Request constraints read headers a client sends: parsing them is linear too (a regexp split on
  // `\s*;\s*` took 3.2 s for one Accept header of 40,000 spaces).
  it("parses hostile Accept and Content-Type headers in linear time", () => {
    const conditional = recognizers((r) => {
      r.get("u", { to: "u#json", format: false, constraints: { format: /json/ } });
      r.get("m", { to: "m#form", format: false, constraints: { media_type: "multipart/form-data" } });
      r.get(":any", { to: "u#other", format: false });
    });
    const actionOf = (res: unknown) =>
      (plain(res as Parameters<typeof plain>[0]) as { params?: { action?: string } } | null)?.params?.action;
    const spaces = " ".repeat(MB);
    const headers = [
      "a" + spaces + "b",
      "a/b;" + spaces + "q",
      ",".repeat(MB),
      spaces + ";",
      "text/html;" + "q=1;".repeat(MB / 4),
      "*/*" + spaces + "x",
    ];
    for (const s of STRATEGIES) {
      for (const value of headers) {
        for (const path of ["/u", "/m"]) {
          const [res, ms] = timed(() =>
            conditional[s].recognize("GET", path, { headers: { accept: value, "content-type": value } }),
          );
          assert.equal(actionOf(res), "other", `${JSON.stringify(value.slice(0, 12))} on ${path}`);
          assert.ok(ms < 2000, `${JSON.stringify(value.slice(0, 12))} on ${path} took ${ms.toFixed(0)} ms`);
        }
      }
      assert.equal(
        actionOf(conditional[s].recognize("GET", "/u", { headers: { accept: "application/json ; q=0.9" } })),
        "json",
      );
      assert.equal(
        actionOf(
          conditional[s].recognize("GET", "/m", { headers: { "content-type": "Multipart/Form-Data ; boundary=x" } }),
        ),
        "form",
      );
    }
  });

  it("keeps __proto__, constructor and prototype as plain keys and values", () => {
    for (const s of STRATEGIES) {
      const res = rec[s].recognize("GET", "/__proto__/constructor/prototype");
      assert.deepEqual(plain(res), {
        name: null,
        params: {
          controller: "weird",
          action: "show",
          ["__proto__"]: "__proto__",
          constructor: "constructor",
          prototype: "prototype",
        },
      });
      const params = (res as { params: Record<string, unknown> }).params;
      assert.equal(Object.getPrototypeOf(Object.getPrototypeOf(params)), null);
      assert.ok(Object.hasOwn(params, "__proto__"));
      assert.equal(plain(rec[s].recognize("GET", "/photos/__proto__"))!.constructor, Object);
      assert.deepEqual(plain(rec[s].recognize("GET", "/photos/constructor")), {
        name: "photo",
        params: { controller: "photos", action: "show", id: "constructor" },
      });
    }
    assert.equal(({} as Record<string, unknown>).controller, undefined);
    assert.equal(Object.prototype.hasOwnProperty.call(Object.prototype, "action"), false);
  });

  it("unescapes invalid UTF-8 to replacement characters and keeps raw unicode as sent", () => {
    for (const s of STRATEGIES) {
      assert.deepEqual(plain(rec[s].recognize("GET", "/photos/%FF")), {
        name: "photo",
        params: { controller: "photos", action: "show", id: "\uFFFD" },
      });
      assert.deepEqual(plain(rec[s].recognize("GET", "/photos/日本")), {
        name: "photo",
        params: { controller: "photos", action: "show", id: "日本" },
      });
      assert.deepEqual(plain(rec[s].recognize("GET", "/photos/%E6%97%A5")), {
        name: "photo",
        params: { controller: "photos", action: "show", id: "日" },
      });
    }
  });
});
