// The process script/test.mjs runs files in together: `node --import tsx --test-reporter=spec
// script/test-shared.mjs [--times OUT] FILE...`. Each file is imported inside a suite named by its
// path, so that its top-level hooks (`before`, `after`) and tests stay its own, and only once the
// previous file's suite has finished. Each file finds the process as `node --test` would give it
// one: NODE_TEST_CONTEXT set, as in a test runner's child (what code that stays quiet under a test
// runner reads), and the globals it had before any file ran (a package may replace one:
// @hono/node-server's serve() puts its own Request and Response in place of the runtime's).
// With --times, each file's CPU seconds (its import and its tests, its children's included) are
// written to OUT as [seconds, name] pairs.
import fs from "node:fs";
import path from "node:path";
import { describe } from "node:test";
import { pathToFileURL } from "node:url";
import { cpu } from "./cpu-time.mjs";

const args = process.argv.slice(2);
const out = args[0] === "--times" ? args[1] : undefined;
const files = out === undefined ? args : args.slice(2);
const times = [];

/** globalThis' own properties as they are now. */
const globals = () =>
  new Map(Reflect.ownKeys(globalThis).map((k) => [k, Object.getOwnPropertyDescriptor(globalThis, k)]));

/** Puts back each property of `saved` that has changed since (a property added since stays). */
function restore(saved) {
  for (const [key, was] of saved) {
    const now = Object.getOwnPropertyDescriptor(globalThis, key);
    if (now?.value !== was.value || now?.get !== was.get || now?.set !== was.set)
      Object.defineProperty(globalThis, key, was);
  }
}

const saved = globals();
for (const file of files) {
  const name = path.relative(process.cwd(), file).split(path.sep).join("/");
  const start = cpu();
  const suite = describe(name, async () => {
    await import(pathToFileURL(file).href);
  });
  // (node:test has read NODE_TEST_CONTEXT by now, at its first suite: it reports as this
  // process's own runner still.)
  process.env.NODE_TEST_CONTEXT ??= "child-v8";
  await suite;
  restore(saved);
  if (out !== undefined) {
    times.push([cpu() - start, name]);
    fs.writeFileSync(out, JSON.stringify(times));
  }
}
