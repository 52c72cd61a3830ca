/**
 * Route files: `r.draw(name)` loads `<drawPath>/<name>.ts` (or `.js`/`.mjs`) and runs its
 * default-exported declaration function in the current scope; `config/routes.ts` is loaded the
 * same way. TypeScript files load with no build step.
 */
import fs from "node:fs";
import path from "node:path";
import { inspect } from "node:util";
import { ArgumentError } from "../errors.js";
import { SourceLocator } from "./source-locations.js";
import { FileStamps } from "../support/file-stamps.js";
import { defaultExport, exportNames, findUserFile, UserFileLoader } from "../support/user-files.js";
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
  const rel = path.relative(dir, file);
  return rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel);
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
export interface RouteErrorSource {
  /** The file, relative to the application's root (absolute outside it). */
  readonly file: string;
  readonly line: number | null;
}

const SOURCE = "source";

/** The location an error from a route file already carries, if any. */
export function routeErrorSource(error: unknown): RouteErrorSource | undefined {
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
 * Loads route files for one draw. `draw` is synchronous, so route files are loaded with the user-file
 * loader's synchronous require. One loader per draw, made on its first file: a loader resolves bare
 * imports from the file it was made for, so one shared by every draw of a process would resolve
 * another application's packages.
 *
 * An error raised while a route file loads or runs leaves it carrying where it was raised
 * (`error.source`, `{ file, line }`, and the message ends with `(config/routes.ts:4)`), the class
 * kept; a thrown value that is not an `Error` becomes one saying what was thrown. A file that
 * draws itself, directly or through others, is an `ArgumentError` naming the chain.
 */
export class RouteFileLoader {
  #loader: UserFileLoader | undefined;
  readonly #locator: SourceLocator;
  /** The names being drawn, outermost first (`r.draw` cycles). */
  readonly #drawing: string[] = [];
  /** Every application file read, stamped as read: the route files and the modules they import. */
  readonly stamps = new FileStamps();

  /**
   * `mention`: the message of an error ends with where it was raised (`loadRoutes`); else only
   * `error.source` says it, and the message stays Rails' own (`draw`, which the conformance
   * suites compare with Rails' messages).
   */
  constructor(
    public drawPaths: readonly string[],
    root: string = process.cwd(),
    readonly mention = false,
  ) {
    this.#locator = new SourceLocator(root);
  }

  /** A route file's module: its default-exported declaration function, and its `options` export (`config/routes.ts` may have one). */
  load(file: string): { readonly declaration: RoutesDeclaration; readonly options: unknown } {
    this.#loader ??= new UserFileLoader(file, this.stamps);
    const loader = this.#loader;
    return this.#located(file, () => {
      const mod = loader.require(file);
      return { declaration: declarationOf(mod, file), options: (mod as { options?: unknown } | null)?.options };
    });
  }

  /**
   * Makes a mapper drawing into a table of its own, for running a declaration again to find where
   * it throws (set by the draw).
   */
  scratch: (() => Mapper) | undefined;

  /** Runs a route file's declaration function with the mapper, locating what it throws. */
  run(file: string, declaration: RoutesDeclaration, mapper: Mapper): void {
    const scratch = this.scratch;
    this.#located(file, () => declaration(mapper), scratch && (() => declaration(scratch())));
  }

  /** `r.draw(name)`: runs `<drawPath>/<name>` with the mapper, from the first directory that has it. */
  draw(name: string, mapper: Mapper): void {
    if (name === "" || path.isAbsolute(name) || name.split(/[\\/]/).some((part) => part === ".." || part === "."))
      throw escaping(name);
    const cycle = this.#drawing.indexOf(name);
    if (cycle >= 0) {
      const chain = [...this.#drawing.slice(cycle), name].join(" -> ");
      throw new ArgumentError(
        `Your router tried to #draw ${JSON.stringify(name)} while drawing it: ${chain}. Route files may not draw each other in a cycle; remove one of these r.draw calls.`,
      );
    }
    for (const dir of this.drawPaths) {
      const file = findUserFile(path.join(dir, name));
      if (file) {
        // A name is checked as written above; a symbolic link on the way could still lead out.
        if (!inside(fs.realpathSync(file), fs.realpathSync(dir))) throw escaping(name);
        this.#drawing.push(name);
        try {
          this.run(file, this.load(file).declaration, mapper);
        } finally {
          this.#drawing.pop();
        }
        return;
      }
    }
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

/** A thrown non-Error, for a message: never throws (`Object.create(null)` has no `toString`). */
function inspectNonError(value: unknown): string {
  try {
    return inspect(value, { depth: 1, breakLength: Infinity });
  } catch {
    return typeof value;
  }
}
