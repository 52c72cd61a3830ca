import assert from "node:assert/strict";
import { test } from "node:test";
import { rows } from "./helpers.js";
import type { ResourceAction } from "../../src/index.js";

test("resources draws the seven actions in Rails' order with Rails' names", () => {
  assert.deepEqual(
    rows((r) => r.resources("photos")),
    [
      "photos GET /photos(.:format) photos#index",
      "- POST /photos(.:format) photos#create",
      "new_photo GET /photos/new(.:format) photos#new",
      "edit_photo GET /photos/:id/edit(.:format) photos#edit",
      "photo GET /photos/:id(.:format) photos#show",
      "- PATCH /photos/:id(.:format) photos#update",
      "- PUT /photos/:id(.:format) photos#update",
      "- DELETE /photos/:id(.:format) photos#destroy",
    ],
  );
});

test("resource (singular) has no index, no :id, a plural controller and create after the member routes", () => {
  assert.deepEqual(
    rows((r) => r.resource("profile")),
    [
      "new_profile GET /profile/new(.:format) profiles#new",
      "edit_profile GET /profile/edit(.:format) profiles#edit",
      "profile GET /profile(.:format) profiles#show",
      "- PATCH /profile(.:format) profiles#update",
      "- PUT /profile(.:format) profiles#update",
      "- DELETE /profile(.:format) profiles#destroy",
      "- POST /profile(.:format) profiles#create",
    ],
  );
});

test("several names declare several resources with the same options", () => {
  assert.deepEqual(
    rows((r) => r.resources("photos", "books", { only: ["index"] })),
    ["photos GET /photos(.:format) photos#index", "books GET /books(.:format) books#index"],
  );
});

test("nested resources take the parent's singular and param as a prefix", () => {
  const table = rows((r) =>
    r.resources("magazines", { param: "slug" }, () => r.resources("ads", { only: ["index", "show"] })),
  );
  assert.deepEqual(table.slice(0, 2), [
    "magazine_ads GET /magazines/:magazine_slug/ads(.:format) ads#index",
    "magazine_ad GET /magazines/:magazine_slug/ads/:id(.:format) ads#show",
  ]);
});

test("uncountable nouns name their collection route with _index", () => {
  const table = rows((r) => r.resources("sheep", { only: ["index", "show"] }));
  assert.deepEqual(table, [
    "sheep_index GET /sheep(.:format) sheep#index",
    "sheep GET /sheep/:id(.:format) sheep#show",
  ]);
});

test("irregular nouns singularize as Rails does", () => {
  assert.deepEqual(
    rows((r) => r.resources("people", "analyses", "media", { only: ["show"] })),
    [
      "person GET /people/:id(.:format) people#show",
      "analysis GET /analyses/:id(.:format) analyses#show",
      "medium GET /media/:id(.:format) media#show",
    ],
  );
});

test("only and except, alone or together", () => {
  assert.deepEqual(
    rows((r) => r.resources("notes", { only: ["index", "show", "destroy"], except: "destroy" })),
    ["notes GET /notes(.:format) notes#index", "note GET /notes/:id(.:format) notes#show"],
  );
  assert.equal(rows((r) => r.resources("photos", { except: ["new", "edit"] })).length, 6);
});

test("apiOnly drops new and edit", () => {
  const table = rows(
    (r) => {
      r.resources("photos");
      r.resource("account");
    },
    { apiOnly: true },
  );
  assert.ok(!table.some((row) => /#(new|edit)\b/.test(row)));
  assert.equal(table.length, 6 + 5); // photos: index create show update×2 destroy; account: show update×2 destroy create
});

test("shallow nesting keeps collection routes nested and moves member routes up", () => {
  const table = rows((r) =>
    r.resources("articles", () => r.resources("comments", { shallow: true, only: ["index", "show"] })),
  );
  assert.deepEqual(table.slice(0, 2), [
    "article_comments GET /articles/:article_id/comments(.:format) comments#index",
    "comment GET /comments/:id(.:format) comments#show",
  ]);
});

test("shallowPath and shallowPrefix prefix the shallow routes", () => {
  const table = rows((r) =>
    r.scope({ shallowPath: "sekret", shallowPrefix: "sekret" }, () =>
      r.resources("articles", { only: [] }, () => r.resources("comments", { shallow: true, only: ["show"] })),
    ),
  );
  assert.deepEqual(table, ["sekret_comment GET /sekret/comments/:id(.:format) comments#show"]);
});

test("shallow: false on a child keeps it fully nested inside a shallow block", () => {
  const table = rows((r) =>
    r.shallow(() => r.resources("posts", { only: [] }, () => r.resources("tags", { shallow: false, only: ["show"] }))),
  );
  assert.deepEqual(table, ["post_tag GET /posts/:post_id/tags/:id(.:format) tags#show"]);
});

test("member, collection and new blocks, and on:", () => {
  const table = rows((r) =>
    r.resources("photos", { only: [] }, () => {
      r.member(() => r.post("like"));
      r.collection(() => r.get("search"));
      r.new(() => r.get("preview"));
      r.get("archive", { on: "collection" });
    }),
  );
  assert.deepEqual(table, [
    "like_photo POST /photos/:id/like(.:format) photos#like",
    "search_photos GET /photos/search(.:format) photos#search",
    "preview_new_photo GET /photos/new/preview(.:format) photos#preview",
    "archive_photos GET /photos/archive(.:format) photos#archive",
  ]);
});

test("a bare route inside resources nests under the member; inside resource it is a member route", () => {
  assert.deepEqual(
    rows((r) => r.resources("photos", { only: [] }, () => r.get("stats"))),
    ["photo_stats GET /photos/:photo_id/stats(.:format) photos#stats"],
  );
  assert.deepEqual(
    rows((r) => r.resource("profile", { only: [] }, () => r.get("preview"))),
    ["preview_profile GET /profile/preview(.:format) profiles#preview"],
  );
});

test("resource options: path, as, controller, module, pathNames, param, format", () => {
  assert.deepEqual(
    rows((r) => r.resources("photos", { path: "fotos", as: "images", controller: "media", only: ["show"] })),
    ["image GET /fotos/:id(.:format) media#show"],
  );
  assert.deepEqual(
    rows((r) => r.resources("reports", { module: "analytics", only: ["index"] })),
    ["reports GET /reports(.:format) analytics/reports#index"],
  );
  assert.deepEqual(
    rows((r) => r.resources("photos", { pathNames: { new: "neu" }, only: ["new"] })),
    ["new_photo GET /photos/neu(.:format) photos#new"],
  );
  assert.deepEqual(
    rows((r) => r.resources("pages", { format: false, only: ["show"] })),
    ["page GET /pages/:id pages#show"],
  );
  assert.deepEqual(
    rows((r) => r.resources("stats", { format: "json", only: ["index"] })),
    ["stats GET /stats(.:format) stats#index { format: /json/ }"],
  );
});

test("resourcesPathNames renames action segments from then on, in the nearest scope that sets path names", () => {
  assert.deepEqual(
    rows((r) => {
      r.resources("a", { only: ["new"] });
      r.scope("s", () => r.resourcesPathNames({ new: "neu", preview: "vorschau" }));
      r.resources("b", { only: ["new"] }, () => r.get("preview", { on: "member" }));
      r.scope({ pathNames: { edit: "bearbeiten" } }, () => {
        r.resourcesPathNames({ new: "anlegen" });
        r.resources("c", { only: ["new", "edit"] });
      });
      r.resources("d", { only: ["new", "edit"] });
    }),
    [
      "new_a GET /a/new(.:format) a#new",
      // Added inside a plain scope, the names reach the root's, as Rails `merge!`s them there.
      "preview_b GET /b/:id/vorschau(.:format) b#preview",
      "new_b GET /b/neu(.:format) b#new",
      "new_c GET /c/anlegen(.:format) c#new",
      "edit_c GET /c/:id/bearbeiten(.:format) c#edit",
      // The scope that set pathNames kept its additions to itself.
      "new_d GET /d/neu(.:format) d#new",
      "edit_d GET /d/:id/edit(.:format) d#edit",
    ],
  );
});

test("path names are looked up as own keys: an action named like an Object method keeps its name; __proto__ stays a key", () => {
  assert.deepEqual(
    rows((r) => {
      r.resourcesPathNames(JSON.parse('{"__proto__": "proto", "toString": "text"}'));
      r.resources("photos", { only: [] }, () => {
        r.get("constructor", { on: "member" });
        r.get("toString", { on: "collection" });
        r.get("__proto__", { on: "collection" });
      });
    }),
    [
      "constructor_photo GET /photos/:id/constructor(.:format) photos#constructor",
      "toString_photos GET /photos/text(.:format) photos#toString",
      "__proto___photos GET /photos/proto(.:format) photos#__proto__",
    ],
  );
  assert.throws(
    () => rows((r) => r.resourcesPathNames("neu" as never)),
    /^ArgumentError: resourcesPathNames takes an object of action names and path segments/,
  );
});

test("an id constraint shows in the sheet and applies to member routes only", () => {
  const table = rows((r) => r.resources("users", { constraints: { id: /[^\/]+/ }, only: ["index", "show"] }));
  assert.deepEqual(table, [
    "users GET /users(.:format) users#index",
    "user GET /users/:id(.:format) users#show { id: /[^/]+/ }",
  ]);
});

test("concerns, as a block and as a resource option", () => {
  const table = rows((r) => {
    r.concern("commentable", () => r.resources("comments", { only: ["index"] }));
    r.resources("posts", { concerns: "commentable", only: [] });
    r.resources("videos", { only: [] }, () => r.concerns("commentable"));
  });
  assert.deepEqual(table, [
    "post_comments GET /posts/:post_id/comments(.:format) comments#index",
    "video_comments GET /videos/:video_id/comments(.:format) comments#index",
  ]);
});

test("a concern's callback receives the options given to concerns", () => {
  const table = rows((r) => {
    r.concern("exportable", (options) => r.get("export", { on: "collection", ...options }));
    r.resources("invoices", { only: [] }, () => r.concerns("exportable", { format: false }));
  });
  assert.deepEqual(table, ["export_invoices GET /invoices/export invoices#export"]);
});

test("a concern may be an object with call(mapper, options), as Rails takes any callable", () => {
  const commentable = {
    only: "index" as const,
    call(mapper: import("../../src/dsl/mapper.js").Mapper, options: Record<string, unknown>) {
      mapper.resources("comments", { only: (options.only as ResourceAction | undefined) ?? this.only });
    },
  };
  assert.deepEqual(
    rows((r) => {
      r.concern("commentable", commentable);
      r.resources("posts", { only: [], concerns: "commentable" });
      r.resources("photos", { only: [] }, () => r.concerns("commentable", { only: "show" }));
    }),
    [
      "post_comments GET /posts/:post_id/comments(.:format) comments#index",
      "photo_comment GET /photos/:photo_id/comments/:id(.:format) comments#show",
    ],
  );
});

test("irregular and uncountable words registered by the user change resource names", async () => {
  const { draw, inflections, resetInflections } = await import("../../src/index.js");
  try {
    inflections((inflect) => {
      inflect.irregular("octopus", "octopodes");
      inflect.uncountable("staff");
    });
    const names = draw((r) => r.resources("octopodes", "staff", { only: ["index", "show"] })).routes.map((x) => x.name);
    assert.deepEqual(names, ["octopodes", "octopus", "staff_index", "staff"]);
  } finally {
    resetInflections();
  }
});

test("an inflection registered after a draw changes the next draw's names (no stale inflections)", async () => {
  const { draw, inflections, resetInflections } = await import("../../src/index.js");
  const names = () => draw((r) => r.resources("kine", { only: ["index", "show"] })).routes.map((x) => x.name);
  try {
    assert.deepEqual(names(), ["kine_index", "kine"]);
    inflections((inflect) => inflect.irregular("cow", "kine"));
    assert.deepEqual(names(), ["kine", "cow"]);
    inflections((inflect) => inflect.uncountable("kine"));
    assert.deepEqual(names(), ["kine_index", "kine"]);
  } finally {
    resetInflections();
  }
  assert.deepEqual(names(), ["kine_index", "kine"]);
});

test("routes with one path share its parsed pattern; redrawing gives equal tables", async () => {
  const { draw } = await import("../../src/index.js");
  const table = () => draw((r) => r.resources("photos", () => r.resources("comments", { only: ["show", "update"] })));
  const first = table().routes;
  const show = first.find((x) => x.name === "photo")!;
  const update = first.find((x) => x.verb === "PATCH" && x.path === show.path)!;
  assert.equal(show.pattern, update.pattern);
  const again = table().routes;
  assert.deepEqual(
    again.map((x) => [x.name, x.verb, x.path, x.reqs]),
    first.map((x) => [x.name, x.verb, x.path, x.reqs]),
  );
});
