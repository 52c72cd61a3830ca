// Controller callbacks and rescue (src/http/callbacks.ts) against Rails: the controllers of
// test/http/rails/callbacks.rb, declared again here, must call their callbacks in the order Rails
// recorded, answer the same status and body, and log the same `Redirected to` / `Filter chain
// halted` lines. Then what Rails has no recording for: the object form of `defineController`,
// async callbacks, and the errors that name what to fix.
import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { draw } from "../../src/index.js";
import { type ActionContext, Controller, createHandler, defineController } from "../../src/http/index.js";
import type { ControllerMap } from "../../src/http/controllers.js";

interface Recorded {
  requests: {
    controller: string;
    action: string;
    query: string;
    status: number;
    body: string | null;
    location: string | null;
    calls: string[];
    log: string[];
  }[];
  skipUndefined: string;
}
const rails = JSON.parse(fs.readFileSync(new URL("./rails/callbacks.json", import.meta.url), "utf8")) as Recorded;

let calls: string[] = [];
class ArgError extends Error {}
class NarrowError extends ArgError {}
class OtherError extends Error {}

class BaseController extends Controller {
  static {
    this.beforeAction(() => void calls.push("b1"));
    this.afterAction(() => void calls.push("a1"));
    this.aroundAction("ar1");
    this.beforeAction(() => void calls.push("b2"));
    this.afterAction(() => void calls.push("a2"));
  }
  async ar1(_ctx: ActionContext, next: () => Promise<unknown>) {
    calls.push("ar1-in");
    await next();
    calls.push("ar1-out");
  }
}

class KidController extends BaseController {
  static {
    this.beforeAction("auth", { except: ["index"] });
    this.afterAction(() => void calls.push("a3"));
    this.skipBeforeAction("auth", { only: ["open"] });
  }
  index() {
    calls.push("index");
    return "index";
  }
  show() {
    calls.push("show");
    return "show";
  }
  open() {
    calls.push("open");
    return "open";
  }
  auth() {
    calls.push("auth");
    return this.redirectTo("/login");
  }
}

class RescueController extends Controller {
  static {
    this.beforeAction("gate", { if: (ctx) => ctx.params.x, unless: (ctx) => ctx.params.y });
    this.afterAction(() => void calls.push("after"));
    this.aroundAction("ar");
    this.rescueFrom(Error, "std");
    this.rescueFrom(ArgError, "arg");
  }
  narrow() {
    calls.push("narrow");
    throw new NarrowError("narrow");
  }
  other() {
    calls.push("other");
    throw new OtherError("other");
  }
  ok() {
    calls.push("ok");
    return "ok";
  }
  async ar(_ctx: ActionContext, next: () => Promise<unknown>) {
    calls.push("ar-in");
    await next();
    calls.push("ar-out");
  }
  gate() {
    calls.push("gate");
  }
  std(e: Error) {
    calls.push("std");
    return new Response(`std ${e.constructor.name}`, { status: 500 });
  }
  arg(e: Error) {
    calls.push("arg");
    return new Response(`arg ${e.constructor.name}`, { status: 400 });
  }
}

class RenderController extends Controller {
  static {
    this.beforeAction("deny");
  }
  show() {
    return "show";
  }
  deny() {
    return new Response("denied", { status: 401 });
  }
}

/** Serves `controllers` at `/<controller>/<action>`, with Rails' development log lines collected. */
function serving(controllers: ControllerMap) {
  const log: string[] = [];
  const routes = draw((r) => r.get(":controller/:action"));
  const handler = createHandler(routes, { env: "development", hosts: [], controllers, logger: (l) => log.push(l) });
  return {
    log,
    async get(path: string) {
      log.length = 0;
      calls = [];
      const res = await handler(new Request(`http://example.org${path}`));
      return { status: res.status, body: await res.text(), location: res.headers.get("location") };
    },
  };
}

const railsControllers: ControllerMap = { kid: KidController, rescue: RescueController, render: RenderController };

for (const r of rails.requests) {
  const path = `/${r.controller.replace(/Controller$/, "").toLowerCase()}/${r.action}${r.query}`;
  test(`callbacks as Rails runs them: GET ${path} (${r.calls.join(", ") || "no callback"})`, async () => {
    const app = serving(railsControllers);
    const got = await app.get(path);
    assert.deepEqual(calls, r.calls, "callbacks called in Rails' order");
    assert.equal(got.status, r.status);
    if (r.body !== null) assert.equal(got.body, r.body);
    assert.equal(got.location, r.location);
    assert.deepEqual(
      app.log.filter((l) => /^(Redirected to|Filter chain halted)/.test(l)),
      r.log,
      "Rails' log lines",
    );
  });
}

test("skipping a callback never declared is an error, Rails' message then the fix", () => {
  assert.throws(
    () => {
      class Nope extends Controller {
        static {
          this.skipBeforeAction("nope" as never);
        }
      }
      return Nope;
    },
    (e: Error) => e.name === "ArgumentError" && e.message.startsWith(`${rails.skipUndefined} (Nope.skipBeforeAction)`),
  );
});

test("a method named as a callback or a rescue handler is not an action, even through a :action segment", async () => {
  const app = serving(railsControllers);
  assert.equal((await app.get("/kid/auth")).status, 404);
  assert.equal((await app.get("/rescue/std")).status, 404);
  assert.equal((await app.get("/kid/index")).status, 200);
});

test("defineController's callbacks run as a class's do, async ones included, and rescue answers", async () => {
  class Denied extends Error {}
  const posts = defineController(
    {
      index: () => "index",
      create(ctx: ActionContext) {
        calls.push(`create ${String(ctx.params.user)}`);
        return "created";
      },
      destroy() {
        throw new Denied("no");
      },
      async authenticate(ctx: ActionContext) {
        calls.push("authenticate");
        await Promise.resolve();
        if (ctx.header("authorization") === null) return new Response("log in first", { status: 401 });
        (ctx.params as Record<string, unknown>).user = "ann";
      },
    },
    {
      beforeAction: [["authenticate", { except: ["index"] }]],
      aroundAction: [
        async (_ctx: ActionContext, next: () => Promise<unknown>) => {
          calls.push("around");
          return next();
        },
      ],
      rescueFrom: [[Denied, (e: unknown) => new Response(`denied: ${(e as Error).message}`, { status: 403 })]],
    },
  );
  const log: string[] = [];
  const routes = draw((r) => r.resources("posts", { only: ["index", "create", "destroy"] }));
  const handler = createHandler(routes, {
    env: "development",
    hosts: [],
    controllers: { posts },
    logger: (l) => log.push(l),
  });
  const send = async (method: string, path: string, headers: Record<string, string> = {}) => {
    calls = [];
    const res = await handler(new Request(`http://example.org${path}`, { method, headers }));
    return [res.status, await res.text(), calls.join(", ")];
  };
  assert.deepEqual(await send("GET", "/posts"), [200, "index", "around"]);
  assert.deepEqual(await send("POST", "/posts"), [401, "log in first", "authenticate"]);
  assert.ok(log.includes("Filter chain halted as :authenticate rendered or redirected"), log.join("\n"));
  assert.deepEqual(await send("POST", "/posts", { authorization: "x" }), [
    200,
    "created",
    "authenticate, around, create ann",
  ]);
  assert.deepEqual(await send("DELETE", "/posts/1", { authorization: "x" }), [
    403,
    "denied: no",
    "authenticate, around",
  ]);
});

test("an around callback that never calls next answers for the action; one that returns nothing after next keeps the action's answer", async () => {
  class Gate extends Controller {
    static {
      this.aroundAction("closed", { only: ["shut"] });
      this.aroundAction("timed", { only: ["open"] });
    }
    shut() {
      calls.push("shut");
      return "never";
    }
    open() {
      return "open";
    }
    closed() {
      return new Response("closed", { status: 503 });
    }
    async timed(_ctx: ActionContext, next: () => Promise<unknown>) {
      const value = await next();
      calls.push(`timed ${String(value)}`);
    }
  }
  const app = serving({ gate: Gate });
  assert.deepEqual(await app.get("/gate/shut"), { status: 503, body: "closed", location: null });
  assert.deepEqual(calls, []);
  assert.deepEqual(await app.get("/gate/open"), { status: 200, body: "open", location: null });
  assert.deepEqual(calls, ["timed open"]);
});

test("an error no handler rescues is the 500 it would be without callbacks; an unknown option names the ones there are", async () => {
  class Plain extends Controller {
    static {
      this.rescueFrom(TypeError, () => new Response("type", { status: 422 }));
    }
    boom() {
      throw new RangeError("out of range");
    }
  }
  const app = serving({ plain: Plain });
  assert.equal((await app.get("/plain/boom")).status, 500);
  assert.throws(
    () => defineController({ a: () => 1 }, { beforeAction: [[() => {}, { ony: ["a"] } as never]] }),
    /defineController\.beforeAction: unknown option "ony": use only, except, if or unless/,
  );
  assert.throws(
    () => defineController({ a: () => 1 }, { beforeActions: [] } as never),
    /defineController: unknown option "beforeActions"/,
  );
});

test("skipAfterAction and skipAroundAction remove an inherited callback, or skip it where their options hold", async () => {
  class Parent extends Controller {
    static {
      this.afterAction("audit");
      this.aroundAction("wrap");
    }
    audit() {
      calls.push("audit");
    }
    async wrap(_ctx: ActionContext, next: () => Promise<unknown>) {
      calls.push("wrap");
      await next();
    }
    show() {
      calls.push("show");
      return "show";
    }
    edit() {
      calls.push("edit");
      return "edit";
    }
  }
  class Child extends Parent {
    static {
      this.skipAfterAction("audit");
      this.skipAroundAction("wrap", { only: ["edit"] });
    }
  }
  const app = serving({ parent: Parent, child: Child });
  await app.get("/parent/show");
  assert.deepEqual(calls, ["wrap", "show", "audit"], "the parent keeps its callbacks");
  await app.get("/child/show");
  assert.deepEqual(calls, ["wrap", "show"]);
  await app.get("/child/edit");
  assert.deepEqual(calls, ["edit"]);
});
