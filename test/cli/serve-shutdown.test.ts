// How `switchyard serve` stops and restarts (the built package, a process of its own, 127.0.0.1):
// SIGTERM ends the process with 0 within --shutdown-timeout even when the application holds
// handles open that keep node's event loop alive (a timer, a socket: a database pool); a phased
// restart (SIGUSR1) whose new worker cannot load the application stops, and the old worker serves
// on; --write-timeout is read in seconds. (Under load: serve-load.test.ts.)
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { parseRunning } from "../../src/cli/serve.js";
import { httpRequest } from "../http/transports.js";
import { reap, startServe, until } from "./serve-process.js";

const app = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "fixtures/drain-app");

test("SIGTERM exits 0 within the shutdown timeout while the application holds a timer and a socket open", {
  timeout: 180_000,
}, async () => {
  const served = await startServe(app, ["--shutdown-timeout", "2"]);
  const held = await httpRequest(served.port, "/hold");
  assert.deepEqual([held.status, held.body], [200, "holding a timer and a socket"]);
  const sent = Date.now();
  served.child.kill("SIGTERM");
  // Nothing was in flight, so the stop is at once; the bound is the shutdown timeout (2 s) with
  // room for a loaded machine. (Before, the process ran on until killed.)
  const exit = await Promise.race([served.exit, new Promise((r) => setTimeout(r, 2000 + 3000, "still running"))]);
  assert.deepEqual(exit, { code: 0, signal: null }, served.output());
  const took = Date.now() - sent;
  assert.ok(took < 2000 + 3000, `exited ${took} ms after SIGTERM`);
});

test("SIGUSR1 whose new worker cannot load the application: the restart stops, the old worker serves on", {
  timeout: 180_000,
}, async () => {
  const broken = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-deploy-")), "broken");
  const served = await startServe(app, ["--workers", "1", "--shutdown-timeout", "2"], { DRAIN_APP_BROKEN: broken });
  const old = Number((await httpRequest(served.port, "/pid")).body);
  reap(old);
  fs.writeFileSync(broken, ""); // the deploy: the application's files no longer load
  served.child.kill("SIGUSR1");
  await until(() => /phased restart stopped/.test(served.output()), 60_000, "the new worker to fail");
  assert.match(
    served.output(),
    /SIGUSR1: the new worker \d+ exited before listening: phased restart stopped, the old workers serve on/,
  );
  for (let i = 0; i < 3; i++) assert.equal(Number((await httpRequest(served.port, "/pid")).body), old);
  assert.doesNotMatch(served.output(), /died .* starting another/, "the failed new worker is not replaced");
  served.child.kill("SIGTERM");
  assert.deepEqual(await served.exit, { code: 0, signal: null }, served.output());
});

test("--write-timeout is read in seconds (0 turns it off); a bad value names the flag", () => {
  const read = (value: string) => parseRunning({ "write-timeout": value }, {});
  assert.equal((read("2.5") as { timeouts: { write: number } }).timeouts.write, 2500);
  assert.equal((read("0") as { timeouts: { write: number } }).timeouts.write, 0);
  assert.equal((parseRunning({}, {}) as { timeouts: { write: number } }).timeouts.write, 10_000);
  assert.equal(read("10s"), '--write-timeout must be a number of seconds (0 turns it off), not "10s"');
});
