// `only`/`except` that leave a resource with no route (docs/contract.md §7 `routes --lint`).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { emptyResource, resourceActions } from "../../src/lint/index.js";

describe("resources left with no route", () => {
  it("reports only: [] and an except that names every action", () => {
    const f = emptyResource({ kind: "resources", name: "photos", only: [] });
    assert.equal(
      f?.message,
      'resources "photos", only: [] draws no route: it leaves none of the actions (index, create, new, show, update, destroy, edit). ' +
        "Remove the declaration, or list the actions it should have in only:.",
    );
    assert.ok(
      emptyResource({
        kind: "resource",
        name: "profile",
        except: ["show", "create", "update", "destroy", "new", "edit"],
      }),
    );
    assert.ok(
      emptyResource({ kind: "resources", name: "photos", only: ["show"], except: ["show"] })?.message.includes(
        "together they leave",
      ),
    );
  });

  it("keeps Rails' nesting idiom: only: [] with a block that declares routes", () => {
    assert.equal(emptyResource({ kind: "resources", name: "photos", only: [], hasBlock: true }), null);
    // When the mapper counts the routes drawn, the count decides: an empty block is reported.
    assert.ok(emptyResource({ kind: "resources", name: "photos", only: [], hasBlock: true, routesDrawn: 0 }));
    assert.equal(emptyResource({ kind: "resources", name: "photos", only: [], routesDrawn: 3 }), null);
  });

  it("follows apiOnly and the singular resource's actions", () => {
    assert.deepEqual(
      resourceActions({
        kind: "resources",
        name: "photos",
        apiOnly: true,
        except: ["index", "create", "show", "update"],
      }),
      ["destroy"],
    );
    assert.ok(
      emptyResource({
        kind: "resources",
        name: "photos",
        apiOnly: true,
        except: ["index", "create", "show", "update", "destroy"],
      }),
    );
    // only: overrides apiOnly's defaults, as in Rails.
    assert.equal(emptyResource({ kind: "resources", name: "photos", apiOnly: true, only: ["new"] }), null);
    assert.deepEqual(resourceActions({ kind: "resource", name: "profile", except: ["new", "edit"] }), [
      "show",
      "create",
      "update",
      "destroy",
    ]);
  });

  it("leaves a declaration the mapper rejects to the mapper", () => {
    assert.equal(resourceActions({ kind: "resources", name: "photos", only: ["shwo"] }), null);
    assert.equal(emptyResource({ kind: "resources", name: "photos", only: ["shwo"] }), null);
  });
});
