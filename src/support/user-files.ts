/**
 * The one loader of an application's own files: route files (`config/routes.ts`, `r.draw(name)`)
 * and controllers (`app/controllers/*_controller.ts`). TypeScript and ESM load with no build step
 * through jiti; `.ts`, `.js` and `.mjs` are looked for, in that order.
 *
 * jiti transforms the application's files (keeping their line numbers, so source locations and
 * stacks point at the line written) and hands a default import of a CommonJS package or a node
 * builtin the module itself (`import express from "express"`, `import path from "node:path"`), as
 * Node does. `switchyard` and its subpaths are the running copy's modules (see `packageModules`):
 * the route files' `defineRoutes` and `inflections` and the controllers' `Controller` are the ones
 * the server runs.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { isLibraryFile } from "./own-files.js";
import { createJiti } from "jiti";
import type { TransformOptions } from "jiti";
import { FileStamps } from "./file-stamps.js";

/** The extensions of user files, in the order they are looked for. */
export const USER_FILE_EXTENSIONS: readonly string[] = [".ts", ".js", ".mjs"];

/** The first of `<base>.ts`, `.js`, `.mjs` that exists, or undefined. */
export function findUserFile(base: string): string | undefined {
  for (const ext of USER_FILE_EXTENSIONS) if (fs.existsSync(base + ext)) return base + ext;
  return undefined;
}

/** The files `findUserFile(base)` looks for, as messages list them. */
export function userFileCandidates(base: string): string[] {
  return USER_FILE_EXTENSIONS.map((ext) => base + ext);
}

// This file is src/support/user-files.ts under a TypeScript runner and dist/support/user-files.js
// when built: the package's entry files sit one folder up, with the same extension.
const OWN_EXTENSION = path.extname(fileURLToPath(import.meta.url));
const entry = (relative: string) => fileURLToPath(new URL(`../${relative}${OWN_EXTENSION}`, import.meta.url));
const PACKAGE_ALIASES: Readonly<Record<string, string>> = {
  "switchyard/http": entry("http/index"),
  "switchyard/testing": entry("testing/index"),
  switchyard: entry("index"),
};

/** switchyard's entry modules as this process runs them, once `packageModules()` has loaded them. */
let runningPackage: Readonly<Record<string, unknown>> | undefined;
let loadingPackage: Promise<Readonly<Record<string, unknown>>> | undefined;

/**
 * Loads switchyard's own entry modules, the running copy (`src/` under a TypeScript runner, `dist/`
 * built): user files then get them as jiti's virtual modules, the very instances the server runs
 * (its `Controller`, its `inflections`), with nothing for jiti to transform (through the aliases
 * alone, a copy outside `node_modules` would be transformed again on every load, ~100 files). The
 * asynchronous loads (`loadRoutes`, controllers) await it first; a synchronous `draw()` that
 * `r.draw`s a file before anything awaited it falls back to the aliases.
 */
export function packageModules(): Promise<Readonly<Record<string, unknown>>> {
  loadingPackage ??= Promise.all(
    Object.entries(PACKAGE_ALIASES).map(
      async ([id, file]) => [id, (await import(pathToFileURL(file).href)) as unknown] as const,
    ),
  ).then((pairs) => (runningPackage = Object.fromEntries(pairs)));
  return loadingPackage;
}

/** What a user module exports, for a message: `default, options` or `nothing`. */
export function exportNames(mod: unknown): string {
  if (mod === null || (typeof mod !== "object" && typeof mod !== "function")) return "nothing";
  const names = Object.keys(mod).filter((k) => k !== "__esModule");
  return names.length === 0 ? "nothing" : names.join(", ");
}

/** A module's default export (a CommonJS module's `module.exports`), or undefined when it has none. */
export function defaultExport(mod: unknown): unknown {
  if (typeof mod === "function") return mod;
  if (mod === null || typeof mod !== "object") return undefined;
  return Object.hasOwn(mod, "default") ? (mod as { default: unknown }).default : undefined;
}

const applicationFile = (file: string): boolean => !isLibraryFile(file);

/** jiti's own transform (TypeScript and ESM to what it evaluates), which the loaders wrap to see each file read. */
let transformer: ReturnType<typeof createJiti> | undefined;
function transform(options: TransformOptions): string {
  transformer ??= createJiti(import.meta.url, { moduleCache: false, fsCache: false });
  return transformer.transform(options);
}

/**
 * Loads user files from one application directory. Every load reads the file again, and the
 * modules it imports too (no module cache), so a server in development sees an edit on the next
 * load. One loader per application: jiti resolves a bare import from the directory it was made for.
 */
export class UserFileLoader {
  readonly #jiti: ReturnType<typeof createJiti>;
  /**
   * The application's files this loader has read, each stamped as it was read: the files loaded
   * and every module they import outside `node_modules` (a controller's helper module), as jiti
   * transforms them. What the development reloader watches.
   */
  readonly stamps: FileStamps;

  /** `from`: a file or directory of the application, where bare imports resolve from. */
  constructor(from: string, stamps: FileStamps = new FileStamps()) {
    this.stamps = stamps;
    this.#jiti = createJiti(pathToFileURL(from).href, {
      moduleCache: false,
      fsCache: false,
      interopDefault: true,
      nativeModules: ["switchyard"],
      alias: PACKAGE_ALIASES,
      virtualModules: runningPackage ?? {},
      transform: (options) => {
        if (options.filename !== undefined && applicationFile(path.resolve(options.filename)))
          this.stamps.stamp(path.resolve(options.filename));
        return { code: transform(options) };
      },
    });
  }

  /** Loads a file synchronously (route files: `draw` is synchronous). */
  require(file: string): unknown {
    this.stamps.stamp(path.resolve(file));
    return this.#jiti(file);
  }

  /** Loads a file as an ES module (controllers). */
  import(file: string): Promise<unknown> {
    this.stamps.stamp(path.resolve(file));
    return this.#jiti.import(file);
  }
}
