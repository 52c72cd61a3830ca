// The servers bench/http runs, derived from switchyard's package.json: each adapter it exports
// (the subpaths built from src/http/adapters/: node, express, ...) is a pair of servers, the
// framework's own routing (servers/NAME.mjs; for node, the ceiling: bare node:http) and
// switchyard's adapter on it (servers/switchyard-NAME.mjs). A new adapter is measured once its two
// server files are written; until then every script here names the missing file.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(here, "..", "..", "package.json"), "utf8"));

/** The adapters' subpaths, without "./": "node", "express", ... in package.json's order. */
export const ADAPTERS = Object.entries(pkg.exports)
  .filter(([, entry]) => typeof entry === "object" && entry.import?.startsWith("./dist/http/adapters/"))
  .map(([subpath]) => subpath.slice(2));

/** Whose CPU a request each switchyard server's is set against: its framework's own routing, switchyard-node the ceiling's. */
export const HOST = Object.fromEntries(ADAPTERS.map((name) => [`switchyard-${name}`, name]));

/** Every server, each framework's before switchyard's on it: node, switchyard-node, express, switchyard-express, ... */
export const SERVERS = ADAPTERS.flatMap((name) => [name, `switchyard-${name}`]);

for (const name of SERVERS)
  if (!fs.existsSync(path.join(here, "servers", `${name}.mjs`)))
    throw new Error(
      `bench/http: package.json exports the adapter ${HOST[name] ?? name}, and bench/http/servers/${name}.mjs is missing: write it (see the other servers there)`,
    );
