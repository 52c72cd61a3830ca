// Reading thrown values safely: whatever an action throws, describing it never throws.
import assert from "node:assert/strict";
import { test } from "node:test";
import { describeThrown, isInstance, thrownSummary } from "../../src/support/thrown.js";
import { draw } from "../../src/index.js";
import { createHandler } from "../../src/http/index.js";

class GetterError extends Error {
  override get message(): string {
    throw this;
  }
}
const trapping = new Proxy(
  {},
  {
    getPrototypeOf: () => {
      throw new Error("trap");
    },
    get: () => {
      throw new Error("trap");
    },
  },
);

test("describeThrown reads an Error, an error whose message getter throws, a trap-throwing Proxy, a value without String()", () => {
  assert.deepEqual(
    { ...describeThrown(new TypeError("bad")), stack: "" },
    { name: "TypeError", className: "TypeError", message: "bad", stack: "" },
  );
  assert.equal(describeThrown(new GetterError()).message, "(the Error's message could not be read)");
  assert.equal(describeThrown(new GetterError()).className, "GetterError", "the class, as Ruby names an exception");
  assert.equal(isInstance(trapping, Error), false);
  assert.equal(describeThrown(trapping).name, "object");
  assert.equal(thrownSummary(Object.create(null)), "object: (a object that cannot be converted to a string)");
  assert.equal(thrownSummary(42), "number: 42");
});

test("the default error log and the development exception page survive such values: 500, the handler serves on", async () => {
  const errors: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) =>
    void errors.push(args.map((a) => (typeof a === "string" ? a : "(value)")).join(" "));
  try {
    const h = createHandler(
      draw((r) => r.get("x/:kind", { to: "t#x" })),
      {
        env: "development",
        controllers: {
          t: {
            x: (ctx: { params: Record<string, unknown> }) => {
              throw ctx.params.kind === "proxy" ? trapping : new GetterError();
            },
          },
        },
      },
    );
    for (const kind of ["proxy", "getter"]) {
      const res = await h(new Request(`http://localhost/x/${kind}`));
      assert.equal(res.status, 500);
      assert.match(await res.text(), kind === "proxy" ? /object in t#x/ : /could not be read/);
    }
    assert.equal(errors.length, 2, "each failure is logged once");
  } finally {
    console.error = original;
  }
});
