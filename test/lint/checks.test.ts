// The table of lint checks (src/lint/index.ts): each check runs alone when `checks` names it,
// all run by default, a route's findings come in the table's order, and a check sees what the
// checks before it found.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { draw, lintRoutes, type LintCheck, type Mapper } from "../../src/index.js";

// A table in which every check finds something.
const declareAll = (r: Mapper) => {
  r.get("a/:id", { to: "a#s", constraints: { id: /(a+)+\?/ } }); // unmatchable (needs a "?") and backtracking
  r.resources("photos", { only: [] }); // empty-resource
  r.get("b/:id", { to: "b#s" });
  r.get("b/new", { to: "b#n" }); // unreachable behind b/:id
  r.get("b/:id", { to: "c#s" }); // duplicate of b/:id
};
const set = draw(declareAll, { warn: () => {} });
const lint = (checks?: readonly LintCheck[]) =>
  lintRoutes(set.routes, { emptyResources: set.emptyResources, checks }).map((f) => `${f.kind} ${f.route}`);

describe("the table of lint checks", () => {
  it("runs every check by default, findings in table order, a route's in the table's order of checks", () => {
    assert.deepEqual(lint(), ["unmatchable 0", "backtracking 0", "empty-resource -1", "unreachable 2", "duplicate 3"]);
  });

  it("runs only the checks named", () => {
    assert.deepEqual(lint(["empty-resource"]), ["empty-resource -1"]);
    assert.deepEqual(lint(["duplicate"]), ["duplicate 3"]);
    assert.deepEqual(lint(["backtracking"]), ["backtracking 0"]);
    assert.deepEqual(lint(["unreachable"]), ["unmatchable 0", "unreachable 2", "unreachable 3"]);
    assert.deepEqual(lint([]), []);
  });

  it("lets a check leave out what an earlier one reported: a repeat is unreachable only when the duplicate check did not run", () => {
    assert.deepEqual(lint(["duplicate", "unreachable"]), ["unmatchable 0", "unreachable 2", "duplicate 3"]);
  });
});
