// Hooks the application gives that fail: an `onError` reporter and a request `logger` that are
// `async` and reject (an error reporter whose network call fails), or that throw. TypeScript
// accepts an async function where `=> void` is declared; the rejection must not reach the process
// as an unhandled rejection (which ends node with exit 1), nor fail the request. Run through the
// fetch handler and each adapter (node:http, Express, Fastify, Hono) over a socket on 127.0.0.1.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { draw } from "../../src/index.js";
import type { HandlerOptions } from "../../src/http/index.js";
import { dropRejection } from "../../src/support/thrown.js";
import { TRANSPORTS, transport } from "./transports.js";

const routes = draw((r) => {
  r.get("boom", { to: "work#boom" });
  r.get("ok", { to: "work#ok" });
});
const controllers = {
  work: {
    boom: () => {
      throw new Error("the action failed");
    },
    ok: () => "ok",
  },
};

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
before(() => process.on("unhandledRejection", onUnhandled));
after(() => process.off("unhandledRejection", onUnhandled));

/** Lets rejections settle: node reports an unhandled one after the microtask queue drains. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

const failures: Record<string, (calls: string[]) => Pick<HandlerOptions, "onError" | "logger">> = {
  "an async onError and an async logger function that reject": (calls) => ({
    onError: async () => {
      calls.push("onError");
      throw new Error("the error reporter is down");
    },
    logger: async (line: string) => {
      calls.push(`log ${line.split(" ")[0]}`);
      throw new Error("the log sink is down");
    },
  }),
  "an async logger object (info) that rejects": (calls) => ({
    onError: () => Promise.reject(new Error("rejected without async")),
    logger: {
      info: async (line: string) => {
        calls.push(`log ${line.split(" ")[0]}`);
        throw new Error("the log sink is down");
      },
    },
  }),
  "hooks that throw, and one returning a thenable whose then throws": (calls) => ({
    onError: () => {
      calls.push("onError");
      throw new Error("the error reporter threw");
    },
    logger: () => {
      calls.push("log");
      return {
        // biome-ignore lint/suspicious/noThenProperty: a hostile thenable is the case tested
        get then() {
          throw new Error("a hostile thenable");
        },
      };
    },
  }),
};

for (const name of TRANSPORTS) {
  for (const [what, hooks] of Object.entries(failures)) {
    test(`${name}: ${what}: the request is answered, the server serves on, no rejection goes unhandled`, async () => {
      const calls: string[] = [];
      const served = await transport(name, routes, { env: "production", controllers, ...hooks(calls) });
      try {
        unhandled.length = 0;
        const failed = await served.request("/boom");
        assert.equal(failed.status, 500);
        const ok = await served.request("/ok");
        assert.deepEqual([ok.status, ok.body], [200, "ok"]);
        await settle();
        assert.ok(calls.length >= 2, `the hooks were called (${calls.join(", ")})`);
        assert.deepEqual(unhandled, [], "no unhandled rejection");
      } finally {
        await served.close();
      }
    });
  }
}

test("dropRejection handles a rejected promise and a thenable; leaves other values alone", async () => {
  unhandled.length = 0;
  dropRejection(Promise.reject(new Error("dropped")));
  let handlers = 0;
  // biome-ignore lint/suspicious/noThenProperty: a thenable is the case tested
  dropRejection({ then: (_: unknown, onRejected: unknown) => (handlers += typeof onRejected === "function" ? 1 : 0) });
  // biome-ignore lint/suspicious/noThenProperty: a `then` that is not a function is the case tested
  for (const value of [undefined, null, 1, "then", { then: 1 }]) dropRejection(value);
  dropRejection(
    new Proxy(
      {},
      {
        get() {
          throw new Error("trap");
        },
      },
    ),
  );
  await settle();
  assert.equal(handlers, 1, "a thenable gets a rejection handler");
  assert.deepEqual(unhandled, []);
});
