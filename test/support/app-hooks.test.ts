// The module hooks' resolve, called as Node's loader thread calls it, with the next hook of the chain
// a recording stand-in.
import assert from "node:assert/strict";
import { test } from "node:test";
import { initialize, resolve } from "../../src/support/app-hooks.js";

test("switchyard resolves to the running copy through the rest of the chain, so tsx's hooks see a .ts copy", async () => {
  const running = "file:///app/node_modules/switchyard/src/http/static-files.ts";
  const { port1, port2 } = new MessageChannel();
  initialize({ aliases: { "switchyard/static": running }, ownDirs: [], port: port1, param: "switchyard-generation" });
  const asked: string[] = [];
  const next = async (specifier: string) => {
    asked.push(specifier);
    return { url: specifier, format: "module-typescript" };
  };
  const resolved = await resolve("switchyard/static", { parentURL: "file:///app/app.ts" }, next);
  assert.deepEqual(asked, [running], "the next resolve is given the running copy's URL");
  assert.deepEqual(resolved, { url: running, format: "module-typescript" }, "and its answer is the hooks' answer");
  // Any other specifier is the next hook's to resolve, as it was given.
  asked.length = 0;
  await resolve("./post.js", { parentURL: "file:///app/app.ts" }, next);
  assert.deepEqual(asked, ["./post.js"]);
  port1.close();
  port2.close();
});
