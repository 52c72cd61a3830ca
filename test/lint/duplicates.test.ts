// The same verb and path declared twice (docs/contract.md §7 `routes --lint`).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { draw, type Mapper } from "../../src/index.js";
import { declaredRoutes } from "../../src/lint/index.js";
import { findDuplicates } from "../../src/lint/duplicates.js";

const repeats = (fn: (r: Mapper) => void) =>
  findDuplicates(declaredRoutes(draw(fn).routes)).map((d) => [d.index, d.first]);

describe("repeated verb + path", () => {
  it("finds a route declared twice, whatever it dispatches to", () => {
    assert.deepEqual(
      repeats((r) => {
        r.get("photos/:id", { to: "photos#show" });
        r.get("photos/:id", { to: "pictures#show", as: "picture" });
      }),
      [[1, 0]],
    );
  });

  it("needs every verb of the later route in one earlier route", () => {
    assert.deepEqual(
      repeats((r) => {
        r.get("x", { to: "x#a" });
        r.post("x", { to: "x#b" });
        r.match("x", { to: "x#c", via: ["get", "post"] }); // two earlier routes: not one repeat
        r.match("x", { to: "x#d", via: ["post", "get"] }); // repeats x#c
        r.match("x", { to: "x#e", via: "all" });
        r.match("x", { to: "x#f", via: "all" }); // repeats x#e
      }),
      [
        [3, 2],
        [5, 4],
      ],
    );
  });

  it("tells routes apart by requirements, conditions and format", () => {
    assert.deepEqual(
      repeats((r) => {
        // @ts-expect-error -- Rails' extra key (a default, or with a RegExp a segment constraint): untyped, as JavaScript passes it
        r.get("p/:id", { to: "p#a", id: /\d+/ });
        // @ts-expect-error -- Rails' extra key (a default, or with a RegExp a segment constraint): untyped, as JavaScript passes it
        r.get("p/:id", { to: "p#b", id: /[a-z]+/ });
        r.get("p/:id", { to: "p#c", constraints: { subdomain: "api" } });
        r.get("p/:id", { to: "p#d", constraints: { subdomain: "www" } });
        r.get("p/:id", { to: "p#e", format: false });
        r.get("p/:id", { to: "p#f", constraints: { subdomain: "api" } }); // repeats p#c
      }),
      [[5, 2]],
    );
  });

  it("never calls a route that may pass a request on a repeat", () => {
    const check = () => true;
    assert.deepEqual(
      repeats((r) => {
        r.get("l", { to: "l#a", constraints: check });
        r.get("l", { to: "l#b", constraints: check });
        r.mount(() => new Response(""), { at: "/m" });
        r.mount(() => new Response(""), { at: "/m" });
      }),
      [],
    );
  });
});
