#!/usr/bin/env node
// `npm create switchyard@latest my-app` runs this: `switchyard new my-app` of the switchyard it depends on.
import { main } from "switchyard/cli";

const args = process.argv.slice(2);
process.exitCode = await main(["new", ...args]);
