/**
 * What the runtime offers beyond the Web APIs, asked for when it is first needed and never at
 * module scope: `switchyard` and `switchyard/http` load on Node, Bun, Deno and Cloudflare's
 * workerd (a bundle without `nodejs_compat`, where there is no `process`, no `node:` module and
 * no `require`). Node's own modules come through `process.getBuiltinModule` (Node 20.16, Bun,
 * Deno), so no module of the core imports a `node:` module (test/structure/runtime-neutral.test.ts).
 */
import type * as NodeCrypto from "node:crypto";
import type * as NodeFs from "node:fs";
import type * as NodeHttp from "node:http";
import type * as NodeInspector from "node:inspector";
import type * as NodeModule from "node:module";
import type * as NodePath from "node:path";
import type * as NodeStream from "node:stream";
import type * as NodeUrl from "node:url";
import type * as NodeUtil from "node:util";
import type * as NodeWorkerThreads from "node:worker_threads";

type NodeProcess = Partial<Pick<NodeJS.Process, "cwd" | "emitWarning" | "sourceMapsEnabled">> & {
  getBuiltinModule?(id: string): unknown;
};

/** The built-in modules the core asks for. */
interface Builtins {
  "node:crypto": typeof NodeCrypto;
  "node:fs": typeof NodeFs;
  "node:http": typeof NodeHttp;
  "node:inspector": typeof NodeInspector;
  "node:module": typeof NodeModule;
  "node:path": typeof NodePath;
  "node:stream": typeof NodeStream;
  "node:url": typeof NodeUrl;
  "node:util": typeof NodeUtil;
  "node:worker_threads": typeof NodeWorkerThreads;
}

/** The runtime's `process` (Node, Bun, Deno), or undefined (workerd, a browser). */
export function runtimeProcess(): NodeProcess | undefined {
  return (globalThis as { process?: NodeProcess }).process;
}

/** A Node built-in module (`"node:path"`), or undefined where the runtime has none. */
export function builtin<Id extends keyof Builtins>(id: Id): Builtins[Id] | undefined {
  try {
    return runtimeProcess()?.getBuiltinModule?.(id) as Builtins[Id] | undefined;
  } catch {
    return undefined;
  }
}

/** A Node built-in module that `purpose` cannot do without: an error saying so where the runtime has none. */
export function requireBuiltin<Id extends keyof Builtins>(id: Id, purpose: string): Builtins[Id] {
  const mod = builtin(id);
  if (mod === undefined) {
    throw new Error(
      `${purpose} needs ${id} (process.getBuiltinModule: Node.js 20.16 or later, Bun or Deno), which this runtime does not have; where there is no file system, draw the routes in code and give createHandler its controllers as a map`,
    );
  }
  return mod;
}

let commonjsRequire: NodeJS.Require | null | undefined;

/**
 * A CommonJS package loaded synchronously (`require`), for code that must load a library inside a
 * synchronous call (`draw`, a route's first match) without paying for it at import. Throws a
 * `RuntimeRequireError` where the runtime has no `require` to load it with.
 */
export function requirePackage<T>(name: string): T {
  if (commonjsRequire === undefined) {
    const mod = builtin("node:module");
    commonjsRequire = mod ? mod.createRequire(import.meta.url) : null;
  }
  if (commonjsRequire === null) throw new RuntimeRequireError(name);
  return commonjsRequire(name) as T;
}

/** A package `requirePackage` could not load: the runtime has no synchronous `require` (workerd, a browser). */
class RuntimeRequireError extends Error {
  constructor(readonly packageName: string) {
    super(
      `${packageName} could not be loaded: this runtime has no synchronous require (process.getBuiltinModule("node:module")); it loads on Node >= 20.16, Bun and Deno`,
    );
    this.name = "RuntimeRequireError";
  }
}

/** Reports a warning as the runtime does (`process.emitWarning` on Node, Bun and Deno; else `console.warn`). */
export function emitWarning(message: string, code: string): void {
  const emit = runtimeProcess()?.emitWarning;
  if (typeof emit === "function") emit.call(runtimeProcess(), message, { code });
  else console.warn(`(${code}) ${message}`);
}

/**
 * An environment variable, or undefined where there is none or reading it is denied (Deno run
 * without `--allow-env` throws for each variable read).
 */
export function environmentVariable(name: string): string | undefined {
  try {
    return (runtimeProcess() as { env?: Record<string, string | undefined> } | undefined)?.env?.[name];
  } catch {
    return undefined;
  }
}

/** The current directory, or undefined where there is none or reading it is denied (Deno without `--allow-read`). */
export function currentDirectory(): string | undefined {
  try {
    return runtimeProcess()?.cwd?.();
  } catch {
    return undefined;
  }
}
