/**
 * The host runtime's own modules, for the few things only a server does: reading the application's
 * files and loading them. Asked for when first needed (`process.getBuiltinModule`: Node >= 20.16,
 * Bun, Deno), never imported at module scope, so that `switchyard` and `switchyard/http` bundle and
 * run where there is no file system (Cloudflare Workers, a browser): there, the routes are drawn in
 * code and controllers given as a map, and nothing asks for these.
 */
import type * as NodeFs from "node:fs";
import type * as NodeModule from "node:module";
import type * as NodePath from "node:path";
import type * as NodeUrl from "node:url";
import type * as NodeUtil from "node:util";
import type * as NodeWorkerThreads from "node:worker_threads";

interface Builtins {
  "node:fs": typeof NodeFs;
  "node:module": typeof NodeModule;
  "node:path": typeof NodePath;
  "node:url": typeof NodeUrl;
  "node:util": typeof NodeUtil;
  "node:worker_threads": typeof NodeWorkerThreads;
}

type GetBuiltin = <K extends keyof Builtins>(id: K) => Builtins[K] | undefined;

/** A module of the host (`node:fs`, `node:path` ...); throws, saying what needs it, where the runtime has none. */
export function hostModule<K extends keyof Builtins>(id: K, purpose: string): Builtins[K] {
  const get = (globalThis as { process?: { getBuiltinModule?: GetBuiltin } }).process?.getBuiltinModule;
  const mod = typeof get === "function" ? get(id) : undefined;
  if (mod === undefined) {
    throw new Error(
      `${purpose} needs the runtime's ${id} (process.getBuiltinModule: Node.js 20.16 or later, Bun or Deno); where there is no file system, draw the routes in code and give createHandler its controllers as a map`,
    );
  }
  return mod;
}
