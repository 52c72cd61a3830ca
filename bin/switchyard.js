#!/usr/bin/env node
import { main } from "../dist/cli/main.js";

const argv = process.argv.slice(2);
const code = await main(argv);
process.exitCode = code;
if (argv[0] === "serve") {
  // `serve` has stopped (its requests drained, within --shutdown-timeout): the process ends now,
  // as Puma's does, whatever the application still holds open (a database pool, a timer), which
  // would otherwise keep node running until a SIGKILL. Only what is left to write to stdout and
  // stderr is waited for, and a second at most. Other commands end when their work is done.
  let pending = 2;
  const flushed = () => --pending === 0 && process.exit(code);
  process.stdout.write("", flushed);
  process.stderr.write("", flushed);
  setTimeout(() => process.exit(code), 1000).unref();
}
