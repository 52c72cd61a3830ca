// What small tables compile to: each bucket's trie as `dumpStrategy` prints it (see
// `dumpTrie` in src/recognize/compiled/dump.ts for how to read it), compared with the text in
// snapshots/. A change to the trie's shape (its edges, word tables, route order, static paths)
// shows here as a diff to read. To accept new output:
//   UPDATE_SNAPSHOTS=1 node --import tsx --test test/recognize/compiled/dump.test.ts
import { describe, it } from "node:test";
import { compileStrategy } from "../../../src/recognize/compiled/index.js";
import { dumpStrategy } from "../../../src/recognize/compiled/dump.js";
import { prepareRoutes } from "../../../src/recognize/recognizer.js";
import type { Mapper } from "../../../src/dsl/mapper.js";
import { matchSnapshot } from "../../snapshot.js";
import { routesOf } from "../factory.js";

const compile = (declare: (r: Mapper) => void) => compileStrategy(prepareRoutes(routesOf(declare)));

describe("the compiled trie, dumped", () => {
  it("of a resource: static words, parameters, the optional format, static paths", () => {
    const strategy = compile((r) => {
      r.resources("photos", { only: ["index", "show", "new", "create", "update"] });
      r.root("home#index");
    });
    matchSnapshot(import.meta.url, "resource", dumpStrategy(strategy));
  });

  it("of requirements: character-class runs, and routes only a regexp matches", () => {
    const strategy = compile((r) => {
      r.get("files/:id", { to: "files#show", constraints: { id: /\d+/ } });
      r.get("users/:name", { to: "users#show", constraints: { name: /[^\/]+/ }, format: false });
      r.get("docs/*path", { to: "docs#show" });
      r.get("span/:from-:to", { to: "spans#show" });
      r.get("files/latest", { to: "files#latest" });
    });
    matchSnapshot(import.meta.url, "requirements", dumpStrategy(strategy));
  });

  it("of many words after one separator: keyed by first two characters, or hashed", () => {
    const strategy = compile((r) => {
      for (const w of ["photos", "posts", "products", "projects", "payments"])
        r.get(w, { to: `${w}#index`, format: false });
      r.scope({ path: "pages" }, () => {
        for (let i = 0; i < 6; i++) r.get(`page_${i}`, { to: `pages#p${i}`, format: false });
      });
    });
    matchSnapshot(import.meta.url, "word-tables", dumpStrategy(strategy));
  });

  it("of verbs, optional groups and request conditions", () => {
    const strategy = compile((r) => {
      r.get("archive(/:year(/:month))", { to: "archive#show", format: false });
      r.match("ping", { to: "health#ping", via: "all" });
      r.match("ping", { to: "health#head", via: "head" });
      r.get("admin", { to: "admin#index", constraints: { subdomain: "admin" } });
      r.delete("sessions", { to: "sessions#destroy" });
    });
    matchSnapshot(import.meta.url, "verbs-groups-conditions", dumpStrategy(strategy));
  });
});
