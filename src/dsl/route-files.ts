/**
 * Route files: `r.draw(name)` loads `<drawPath>/<name>.ts` (or `.js`/`.mjs`) and runs its
 * default-exported declaration function in the current scope; `config/routes.ts` is loaded the
 * same way. TypeScript files load with no build step (see `support/user-files.ts`).
 */
const path = () => requireBuiltin("node:path", "Drawing route files");
import { ArgumentError } from "../errors.js";
import { SourceLocator } from "./source-locations.js";
import { requireBuiltin } from "../support/runtime.js";
import {
  applicationGraph,
  defaultExport,
  exportNames,
  findUserFile,
  userFileCandidates,
} from "../support/user-files.js";
import type { Mapper } from "./mapper.js";
import type { Block } from "./options.js";

/** A declaration function, as a route file default-exports it. */
export type RoutesDeclaration = Block;

function escaping(name: string): ArgumentError {
  return new ArgumentError(
    `Your router tried to #draw ${JSON.stringify(name)}: route file names are relative to the routes directory and may not contain "." or ".." parts or start with "/" (nor lead out of it through a symbolic link). Use a name like "api" or "admin/reports".`,
  );
}

/** Whether the real path `file` lies below the real directory `dir`. */
function inside(file: string, dir: string): boolean {
  const { relative, isAbsolute } = path();
  const rel = relative(dir, file);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
}

function declarationOf(mod: unknown, file: string): RoutesDeclaration {
  const candidate = defaultExport(mod);
  if (typeof candidate !== "function") {
    throw new ArgumentError(
      `The route file ${file} must default-export a declaration function: export default defineRoutes((r) => { ... }) (it exports ${exportNames(mod)})`,
    );
  }
  return candidate as RoutesDeclaration;
}

/** Where a route file's error was raised, as `loadRoutes` and `r.draw` attach it to the error (`error.source`). */
interface RouteErrorSource {
  /** The file, relative to the application's root (absolute outside it). */
  readonly file: string;
  readonly line: number | null;
}

const SOURCE = "source";

/** The location an error from a route file already carries, if any. */
function routeErrorSource(error: unknown): RouteErrorSource | undefined {
  const source = error instanceof Error ? (error as { source?: unknown }).source : undefined;
  return typeof source === "object" && source !== null && typeof (source as RouteErrorSource).file === "string"
    ? (source as RouteErrorSource)
    : undefined;
}

/** `file:line` (or the file alone), as messages and the CLI print a location. */
function formatErrorSource(source: RouteErrorSource): string {
  return source.line === null ? source.file : `${source.file}:${source.line}`;
}

/**
 * Loads route files for one draw. `draw` is synchronous: `loadRoutes` imports the route files into
 * the process's module graph first (`modules`: each file's module, as imported) and draws from
 * them — a file the draw names that was not imported yet is recorded in `missing` and skipped,
 * and `loadRoutes` imports it and draws again; a bare `draw()` loads them synchronously, afresh.
 *
 * An error raised while a route file loads or runs leaves it carrying where it was raised
 * (`error.source`, `{ file, line }`, and the message ends with `(config/routes.ts:4)`), the class
 * kept; a thrown value that is not an `Error` becomes one saying what was thrown. A file that
 * draws itself, directly or through others, is an `ArgumentError` naming the chain.
 */
export class RouteFileLoader {
  readonly #locator: SourceLocator;
  /** The names being drawn, outermost first (`r.draw` cycles). */
  readonly #drawing: string[] = [];
  /** Route files the draw named that `modules` does not have yet: skipped this time. */
  readonly missing = new Set<string>();

  /**
   * `mention`: the message of an error ends with where it was raised (`loadRoutes`); else only
   * `error.source` says it, and the message stays Rails' own (`draw`, which the conformance
   * suites compare with Rails' messages). `modules`: the route files imported so far (`loadRoutes`);
   * without it, files are required synchronously.
   */
  constructor(
    public drawPaths: readonly string[],
    root: string,
    readonly mention = false,
    readonly modules?: ReadonlyMap<string, unknown>,
  ) {
    this.#locator = new SourceLocator(root);
  }

  /** A route file's module: its default-exported declaration function, and its `options` export (`config/routes.ts` may have one). */
  load(file: string): { readonly declaration: RoutesDeclaration; readonly options: unknown } {
    return this.#located(file, () => {
      const mod = this.modules !== undefined ? this.modules.get(file) : applicationGraph.require(file);
      return { declaration: declarationOf(mod, file), options: (mod as { options?: unknown } | null)?.options };
    });
  }

  /** Locates an error raised while `file` was imported (`loadRoutes`), as `load` does. */
  located(file: string, error: unknown): unknown {
    try {
      this.#located(file, () => {
        throw error;
      });
    } catch (located) {
      return located;
    }
    return error;
  }

  /**
   * Makes a mapper drawing into a table of its own, for running a declaration again to find where
   * it throws (set by the draw).
   */
  scratch: (() => Mapper) | undefined;

  /** Runs a route file's declaration function with the mapper, locating what it throws. */
  run(file: string, declaration: RoutesDeclaration, mapper: Mapper): void {
    const scratch = this.scratch;
    // The file's own frame lies below the mapper's (ten to forty of them, past V8's default of
    // ten): an error raised in the mapper keeps it, so the error can name the file's line.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = Math.max(limit, 64);
    try {
      this.#located(file, () => declaration(mapper), scratch && (() => declaration(scratch())));
    } finally {
      Error.stackTraceLimit = limit;
    }
  }

  /** `r.draw(name)`: runs `<drawPath>/<name>` with the mapper, from the first directory that has it. */
  draw(name: string, mapper: Mapper): void {
    if (name === "" || path().isAbsolute(name) || name.split(/[\\/]/).some((part) => part === ".." || part === "."))
      throw escaping(name);
    const cycle = this.#drawing.indexOf(name);
    if (cycle >= 0) {
      const chain = [...this.#drawing.slice(cycle), name].join(" -> ");
      throw new ArgumentError(
        `Your router tried to #draw ${JSON.stringify(name)} while drawing it: ${chain}. Route files may not draw each other in a cycle; remove one of these r.draw calls.`,
      );
    }
    for (const dir of this.drawPaths) {
      const file = findUserFile(path().join(dir, name));
      if (file) {
        // A name is checked as written above; a symbolic link on the way could still lead out.
        const { realpathSync } = requireBuiltin("node:fs", "Drawing route files");
        if (!inside(realpathSync(file), realpathSync(dir))) throw escaping(name);
        if (this.modules !== undefined && !this.modules.has(file)) {
          this.missing.add(file);
          return;
        }
        this.#drawing.push(name);
        try {
          this.run(file, this.load(file).declaration, mapper);
        } finally {
          this.#drawing.pop();
        }
        return;
      }
    }
    // Creating the file is a change the development reloader sees.
    for (const dir of this.drawPaths) applicationGraph.watch(userFileCandidates(path().join(dir, name)));
    throw new ArgumentError(
      `Your router tried to #draw the external file ${name}.ts,\nbut the file was not found in:\n\n` +
        this.drawPaths.map((dir) => ` * ${dir}`).join("\n"),
    );
  }

  /**
   * Runs `fn` (loading or running `file`); what it throws leaves carrying where it was raised. A
   * thrown non-Error has no stack: `rerun` (the declaration again, on a scratch mapper) is run
   * with the inspector watching for the throw (`SourceLocator#locateThrow`).
   */
  #located<T>(file: string, fn: () => T, rerun?: () => void): T {
    try {
      return fn();
    } catch (thrown) {
      if (routeErrorSource(thrown) !== undefined) throw thrown;
      const at = { file: this.#locator.relative(file), line: null };
      if (thrown instanceof Error)
        throw withSource(thrown, this.#locator.locateError(thrown, file) ?? at, this.mention);
      throw new ThrownValue(thrown, (rerun && this.#locator.locateThrow(rerun)) ?? at);
    }
  }
}

/** A route file threw something that is not an `Error` (`throw "x"`): this says what, and where. */
class ThrownValue extends Error {
  declare readonly source: RouteErrorSource;
  constructor(value: unknown, source: RouteErrorSource) {
    super(
      `${source.file} threw ${inspectNonError(value)}, which is not an Error: throw an Error (throw new Error("...")) so the failure carries its message and stack`,
      { cause: value },
    );
    withSource(this, source, true);
  }
}

/** `error` with `source` set, and (`mention`) its message ending with where it was raised. */
function withSource(error: Error, source: RouteErrorSource, mention: boolean): Error {
  try {
    Object.defineProperty(error, SOURCE, { value: source, enumerable: false, configurable: true, writable: true });
    if (!mention) return error;
    const message = `${error.message} (${formatErrorSource(source)})`;
    // V8's stack text starts with the message as it was thrown: say it the same way there.
    const stack = error.stack;
    const head = `${error.name}: ${error.message}`;
    Object.defineProperty(error, "message", { value: message, enumerable: false, configurable: true, writable: true });
    if (typeof stack === "string" && stack.startsWith(head)) {
      Object.defineProperty(error, "stack", {
        value: `${error.name}: ${message}${stack.slice(head.length)}`,
        enumerable: false,
        configurable: true,
        writable: true,
      });
    }
  } catch {
    // a frozen error keeps its message
  }
  return error;
}

/**
 * An error raised while an application file was imported (a route file or controller with a syntax error, a
 * module that throws as it loads), carrying where it was raised (`error.source`), the message
 * ending with it: `(app/controllers/photos_controller.ts:3)`.
 */
export function locatedImportError(file: string, error: unknown, root: string): unknown {
  return new RouteFileLoader([], root, true).located(file, error);
}

/** A thrown non-Error, for a message: never throws (`Object.create(null)` has no `toString`). */
function inspectNonError(value: unknown): string {
  try {
    return requireBuiltin("node:util", "Describing a thrown value").inspect(value, { depth: 1, breakLength: Infinity });
  } catch {
    return typeof value;
  }
}
