/**
 * The application's files — route files (`config/routes.ts`, `r.draw(name)`), controllers
 * (`app/controllers/*_controller.ts`) and everything they import — and the one module graph they
 * load into: the process's own (Node's ESM loader, Bun's, Deno's), the graph a test file, a script
 * or the user's own server code gets when it imports `app/models/post.ts`. A module is evaluated
 * once per process and every controller shares it, as Rails has one constant per process.
 *
 * TypeScript loads with the runtime's own support where it has one (Bun, Deno, Node with type
 * stripping) and otherwise through tsx's module hooks (esbuild: a 10,000-route routes file
 * transforms in tens of milliseconds), registered once, the first time an application file loads.
 * tsx was chosen over jiti (which this replaced: a Babel transform into a module cache of its own,
 * so each controller got a private copy of the application) and over a hand-written hook because
 * it resolves what TypeScript users write (`./post.js` naming `post.ts`, extensionless imports,
 * tsconfig `paths`) and keeps line numbers through source maps.
 *
 * In development, the reloader asks for a new *generation* after a file changed: the next loads
 * import the application's files afresh, together (see `app-hooks.ts`), while packages and
 * switchyard itself stay loaded. Nothing here is imported at module scope from the host (see
 * `host.ts`), so the runtime-neutral entry points stay neutral.
 */
import type { LoadedFile } from "./app-hooks.js";
import { FileStamps } from "./file-stamps.js";
import { requireBuiltin } from "./runtime.js";
import { isLibraryFile, ownDirectories, packageDirectory } from "./own-files.js";

/** The extensions of user files, in the order they are looked for. */
export const USER_FILE_EXTENSIONS: readonly string[] = [".ts", ".js", ".mjs"];

const fs = () => requireBuiltin("node:fs", "Loading the application's files");

/** The first of `<base>.ts`, `.js`, `.mjs` that exists, or undefined. */
export function findUserFile(base: string): string | undefined {
  const { existsSync } = fs();
  for (const ext of USER_FILE_EXTENSIONS) if (existsSync(base + ext)) return base + ext;
  return undefined;
}

/** The files `findUserFile(base)` looks for, as messages list them. */
export function userFileCandidates(base: string): string[] {
  return USER_FILE_EXTENSIONS.map((ext) => base + ext);
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

/**
 * A module's exports as its author wrote them: an ES module written in TypeScript that loaded as
 * CommonJS (outside a `"type": "module"` package, transformed by tsx) is imported as
 * `{ default: exports }`, its own exports marked `__esModule` — those are the module's.
 */
function authored(mod: unknown): unknown {
  const inner = mod !== null && typeof mod === "object" ? (mod as { default?: unknown }).default : undefined;
  return inner !== null && typeof inner === "object" && (inner as { __esModule?: unknown }).__esModule === true
    ? inner
    : mod;
}

/** The query parameter naming a generation of the application's graph (see `app-hooks.ts`). */
const GENERATION_PARAM = "switchyard-generation";

type Runtime = { Bun?: unknown; Deno?: unknown; process?: NodeJS.Process };

/** Whether switchyard runs from its TypeScript source (under a TypeScript runner) rather than its build. */
const fromSource = (): boolean => import.meta.url.endsWith(".ts");

/** switchyard's package directory, as a file URL ending in `/` (see `packageDirectory`). */
function packageURL(purpose: string): URL {
  const { pathToFileURL } = requireBuiltin("node:url", purpose);
  const dir = packageDirectory();
  if (dir === undefined)
    throw new Error(
      `${purpose} needs switchyard's package directory (holding its package.json), which was not found above ${import.meta.url}`,
    );
  return new URL(`${pathToFileURL(dir).href}/`);
}

/**
 * `switchyard` and its subpaths as this process runs them (`src/` under a TypeScript runner,
 * `dist/` built), read from the package's `exports`: what an application file gets when it imports
 * them, so there is one copy of switchyard in the process.
 */
function packageAliases(): Record<string, string> {
  const root = packageURL("Loading the application's files");
  const pkg = JSON.parse(fs().readFileSync(new URL("package.json", root), "utf8")) as {
    name: string;
    exports: Record<string, string | { import?: string; default?: string }>;
  };
  const aliases: Record<string, string> = {};
  for (const [key, target] of Object.entries(pkg.exports)) {
    const file = typeof target === "string" ? target : (target.import ?? target.default);
    if (file === undefined || !file.endsWith(".js")) continue;
    const running = fromSource() ? file.replace(/^\.\/dist\//, "./src/").replace(/\.js$/, ".ts") : file;
    aliases[key === "." ? pkg.name : `${pkg.name}${key.slice(1)}`] = new URL(running, root).href;
  }
  return aliases;
}

/** Whether tsx's hooks already run in this process (`node --import tsx`, the `tsx` command). */
function tsxRunning(process: NodeJS.Process): boolean {
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)];
  return flags.some((flag) => /(?:^|[\\/=])tsx(?:$|[\\/@])/.test(flag));
}

/**
 * switchyard's modules as this process runs them, by specifier (`switchyard`, `switchyard/http`),
 * once the first asynchronous load gathered them: what an application file loaded as CommonJS (a
 * `.ts` file outside a `"type": "module"` package, a route file `draw()` requires) gets from
 * `require("switchyard")`, the very instances the server runs. An ES module gets them through the
 * module hooks' aliases.
 */
const runningModules = new Map<string, unknown>();
let requirePatched = false;

/**
 * Makes CommonJS `require` of switchyard's specifiers answer the running copy: its modules when
 * gathered, else its entry files (which `require` of an ES module loads from the module cache:
 * the same instances when switchyard runs built). Node 20 has no synchronous resolution hook for
 * `require` (`module.registerHooks` is Node 22.15+), so this wraps `Module._load` as module-alias
 * and jiti's virtual modules do; every other request passes through untouched.
 */
function serveRunningModules(): void {
  if (requirePatched) return;
  requirePatched = true;
  const aliases = packageAliases();
  const { fileURLToPath } = requireBuiltin("node:url", "Loading the application's files");
  const cjs = requireBuiltin("node:module", "Loading the application's files").Module as unknown as {
    _load: (request: string, ...rest: unknown[]) => unknown;
  };
  const load = cjs._load;
  cjs._load = function (this: unknown, request: string, ...rest: unknown[]) {
    const running = runningModules.get(request);
    if (running !== undefined) return running;
    const alias = Object.hasOwn(aliases, request) ? aliases[request] : undefined;
    return load.call(this, alias === undefined ? request : fileURLToPath(alias), ...rest);
  };
}

/**
 * The application's module graph in this process: the files loaded (stamped as they were read, for
 * the development reloader) and the generation new loads import.
 */
class ApplicationGraph {
  #generation = 0;
  #prepared: Promise<void> | undefined;
  /** Whether module hooks carry the generation to every application file (Node); elsewhere only the files switchyard imports itself are fresh. */
  #hooked = false;
  /** Every application file loaded (reported by the module hooks), and the files watched for appearing. */
  readonly files = new FileStamps();

  /** The generation new loads import (0: the process's first graph, the one the rest of the process imports too). */
  get generation(): number {
    return this.#generation;
  }

  /**
   * Compares the application's files with their stamps; when one changed (or appeared, or was
   * removed), the next loads import a new generation. Returns the generation.
   */
  refresh(): number {
    if (this.files.changed().length > 0) {
      this.#generation++;
      // Application files that loaded as CommonJS (outside a `"type": "module"` package) live in
      // `require`'s cache, which the module hooks do not reach: forgotten, they load afresh too.
      const cache = this.#requireCache();
      for (const id of Object.keys(cache)) if (!isLibraryFile(id)) delete cache[id];
    }
    return this.#generation;
  }

  /** `require`'s cache (CommonJS modules by file). */
  #requireCache(): Record<string, unknown> {
    return requireBuiltin("node:module", "Loading the application's files").createRequire(import.meta.url).cache;
  }

  /** Stamps the application files `require` has loaded that are not stamped yet (CommonJS ones: no hook reports them). */
  #stampRequired(): void {
    const known = new Set(this.files.files);
    for (const id of Object.keys(this.#requireCache()))
      if (!known.has(id) && !id.includes("?") && !isLibraryFile(id)) this.files.stamp(id);
  }

  /** Watches files that do not exist yet (a route file `r.draw` names), so creating one reloads. */
  watch(files: Iterable<string>): void {
    this.files.add(files);
  }

  /** Imports an application file into the process's graph, at the current generation. */
  async import(file: string): Promise<unknown> {
    await (this.#prepared ??= this.#prepare());
    this.files.stamp(file);
    const { pathToFileURL } = requireBuiltin("node:url", "Loading the application's files");
    const url = pathToFileURL(file).href;
    try {
      return authored(await import(this.#generation === 0 ? url : `${url}?${GENERATION_PARAM}=${this.#generation}`));
    } finally {
      this.#stampRequired();
    }
  }

  /**
   * Loads a route file synchronously, for `draw()` (synchronous by contract) when it runs
   * `r.draw(name)` outside `loadRoutes`: through tsx's CommonJS loader, afresh on each call.
   * `loadRoutes` does not come here: it imports route files into the process's graph.
   */
  require(file: string): unknown {
    this.files.stamp(file);
    serveRunningModules();
    const { createRequire } = requireBuiltin("node:module", "Loading route files");
    const require = createRequire(import.meta.url);
    const before = new Set(Object.keys(require.cache));
    const tsx = require("tsx/cjs/api") as { require: (id: string, from: string) => unknown };
    try {
      return tsx.require(file, import.meta.url);
    } finally {
      // tsx loads each call in a namespace of its own (`?namespace=`): forgotten once drawn.
      for (const id of Object.keys(require.cache))
        if (!before.has(id) && id.includes("?namespace=")) delete require.cache[id];
    }
  }

  /** Registers, once, what loads TypeScript and the module hooks (Node), before the first application file loads. */
  async #prepare(): Promise<void> {
    const runtime = globalThis as Runtime;
    if (runtime.Bun !== undefined || runtime.Deno !== undefined || runtime.process === undefined) return;
    const process = runtime.process;
    const module = requireBuiltin("node:module", "Loading the application's files");
    if (typeof module.register !== "function") return;
    const features = process.features as { typescript?: unknown };
    if (!features.typescript && !tsxRunning(process)) {
      // Both of tsx's loaders, as its own command registers them: a `.ts` file outside a
      // `"type": "module"` package is CommonJS to Node, and is transformed by the CommonJS one.
      // (Specifiers in variables: bundlers leave them to the runtime, which has a file system here.)
      for (const api of ["tsx/cjs/api", "tsx/esm/api"]) ((await import(api)) as { register: () => unknown }).register();
    }
    const { MessageChannel } = requireBuiltin("node:worker_threads", "Watching the application's files");
    const aliases = packageAliases();
    // The modules application files import (the adapters, which need their frameworks, are left
    // to the fallback: a `require` of the running copy's file).
    for (const id of ["switchyard", "switchyard/http", "switchyard/testing", "switchyard/node"])
      if (Object.hasOwn(aliases, id)) runningModules.set(id, await import(aliases[id]!));
    serveRunningModules();
    const channel = new MessageChannel();
    channel.port1.on("message", (loaded: LoadedFile) => this.files.set(loaded.file, loaded));
    channel.port1.unref();
    module.register(
      // Its own file in the build too (script/build.mjs): Node loads it by URL on the loader thread.
      new URL(
        fromSource() ? "src/support/app-hooks.ts" : "dist/support/app-hooks.js",
        packageURL("Loading the application's files"),
      ).href,
      {
        data: { aliases, ownDirs: ownDirectories(), port: channel.port2, param: GENERATION_PARAM },
        transferList: [channel.port2],
      },
    );
    this.#hooked = true;
  }

  /** Whether a new generation reaches every application file, or only those switchyard imports itself. */
  get hooked(): boolean {
    return this.#hooked;
  }
}

/** The application's module graph in this process. */
export const applicationGraph: ApplicationGraph = /* @__PURE__ */ new ApplicationGraph();
