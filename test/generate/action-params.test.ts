// Typed action params: the params type `switchyard types` declares for each
// controller#action, from every route that reaches it.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { draw } from "../../src/index.js";
import { actionParamsType, renderActionParams, routesByAction } from "../../src/generate/action-params.js";

const app = () =>
  draw((r) => {
    r.resources("photos", () => {
      r.resources("comments", { only: ["index"] });
    });
    r.resources("galleries", { only: [] }, () => {
      r.resources("comments", { only: ["index"] });
    });
    r.get("files/*path", { to: "files#show" });
    r.scope("(:locale)", () => {
      r.get("about", { to: "pages#about" });
    });
    r.get("feed", { to: "feeds#show", defaults: { format: "atom", page: 1, full: true } });
    r.get("feed.:format", { to: "feeds#show" });
    r.get(":controller/:action");
  });

describe("action params", () => {
  const byAction = routesByAction(app().routes);
  const type = (key: string) => actionParamsType(byAction.get(key)!);

  it("a required segment is a string; (.:format) and (:locale) are optional; controller and action are literals", () => {
    assert.equal(
      type("photos#show"),
      '{ "id": string; "format"?: string | undefined; "controller": "photos"; "action": "show" }',
    );
    assert.equal(
      type("pages#about"),
      '{ "locale"?: string | undefined; "format"?: string | undefined; "controller": "pages"; "action": "about" }',
    );
  });

  it("a segment only some routes give is optional: comments under photos and under galleries", () => {
    assert.equal(
      type("comments#index"),
      '{ "photo_id"?: string | undefined; "format"?: string | undefined; "controller": "comments"; "action": "index"; "gallery_id"?: string | undefined }',
    );
  });

  it("a glob is a string; a default is its literal type, widened to string where a segment can override it", () => {
    assert.equal(
      type("files#show"),
      '{ "path": string; "format"?: string | undefined; "controller": "files"; "action": "show" }',
    );
    assert.equal(
      type("feeds#show"),
      '{ "format": string; "page"?: 1 | undefined; "full"?: true | undefined; "controller": "feeds"; "action": "show" }',
    );
  });

  it("leaves out routes whose controller or action is a segment", () => {
    assert.ok(![...byAction.keys()].some((k) => k.includes(":") || k.startsWith("#") || k.endsWith("#")));
    assert.match(renderActionParams(app()).join("\n"), /^export interface AppActionParams \{$/m);
  });
});
