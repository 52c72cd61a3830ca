// Counting a node script's instructions with valgrind's callgrind (bench/instructions.mjs,
// bench/http/instructions.mjs): deterministic where time on a shared machine is not.
import { spawnSync } from "node:child_process";

/**
 * Fixed hash and random seeds, and `--predictable`: without them V8 compiles a lukewarm function
 * inside the measured window at random, and the same build read 1,836 and 2,003 on two runs;
 * with them it repeats within ~0.5% (helper-10's runs, session 4).
 */
const SEEDED = ["--predictable", "--hash-seed=1", "--random-seed=1"];

/** Exits with a message when valgrind is not installed. */
export function requireValgrind() {
  if (spawnSync("valgrind", ["--version"]).status !== 0) {
    console.error("valgrind not found (apt-get install -y valgrind)");
    process.exit(2);
  }
}

/** The instructions callgrind counts for `node <script> ...args` (single-threaded, seeded); `what` names the run in an error. */
export function countInstructions(script, args, what) {
  const r = spawnSync(
    "valgrind",
    [
      "--tool=callgrind",
      "--callgrind-out-file=/dev/null",
      process.execPath,
      "--single-threaded",
      ...SEEDED,
      script,
      ...args,
    ],
    { encoding: "utf8" },
  );
  const m = /Collected : (\d+)/.exec(r.stderr);
  if (r.status !== 0 || !m) throw new Error(`${what}: valgrind failed\n${r.stderr.slice(-2000)}`);
  return Number(m[1]);
}
