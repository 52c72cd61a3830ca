/**
 * `draw` and `loadRoutes`: the DSL's declarations become a frozen route table, and the route set
 * compiles its recognizer and helpers from it.
 */
import { Mapper } from "./dsl/mapper.js";
import { locatedImportError, RouteFileLoader, type RoutesDeclaration } from "./dsl/route-files.js";
import { SourceLocator } from "./dsl/source-locations.js";
import { TableBuilder } from "./dsl/table-builder.js";
import type { PathNames } from "./dsl/options.js";
import { ArgumentError } from "./errors.js";
import { applicationGraph, findUserFile, USER_FILE_EXTENSIONS } from "./support/user-files.js";
import type { RouteLintFinding } from "./lint/index.js";
import { drawLint, warnUnchecked } from "./lint/draw-hook.js";
import { builtin, currentDirectory, requireBuiltin } from "./support/runtime.js";
import { linearMatcher } from "./pattern/linear/index.js";
import { installLinearMatcher } from "./pattern/linear-exec.js";
import { installRecognizerCompiler, RouteSet } from "./route-set.js";
import { compileRecognizer } from "./recognize/index.js";
import type { Route } from "./table/route.js";
import type { UrlOptions } from "./table/url-options.js";

export type { RoutesDeclaration } from "./dsl/route-files.js";

export interface DrawOptions {
  /** As Rails' `config.api_only`: resources get no `new`/`edit` routes. */
  apiOnly?: boolean;
  /**
   * The application's directory (default: the current directory): `r.draw(name)` looks in
   * `<root>/config/routes` unless `drawPaths` says otherwise, and source locations are relative to it.
   */
  root?: string;
  /** Directories searched, in order, for files named by `r.draw(name)`. Default: `[<root>/config/routes]`. */
  drawPaths?: readonly string[];
  /** URL options every `_url` helper starts from (`host`, `protocol`, ...); `r.defaultUrlOptions` replaces them. */
  defaultUrlOptions?: UrlOptions;
  /** Path segments for `new`, `edit` or any action (Rails' `resources_path_names`; `r.resourcesPathNames` adds to them). */
  pathNames?: PathNames;
  /**
   * Lints the drawn table and calls `warn` with each finding (what `switchyard routes --lint`
   * reports: every check of `LINT_CHECKS` in src/lint/index.ts, listed by `lintCheckSummary`).
   * Without it, only the regexps are checked, and each that can backtrack catastrophically is
   * reported as a process warning (`process.emitWarning`, or `console.warn` where there is no
   * `process`; a full lint costs about a second of CPU at 10,000 routes; the regexp check,
   * milliseconds). The lint loads with `import "switchyard"`; a bundle that never imports the lint
   * (a Worker's) leaves it out: there `draw` says once that the regexps were not checked, and
   * `warn` throws, saying how to load it.
   */
  warn?: (finding: RouteLintFinding) => void;
  /**
   * Records on each route where it was declared (`route.source`: `config/routes.ts:12`, relative
   * to `root`), as Rails 7.1 does in development: shown by `switchyard routes -E`, `--json`,
   * `--html` and the development pages. Off by default: reading the call stack for every route
   * makes drawing a table about 2.3 to 2.5 times as long (synth-10000: +128% to +148% CPU time
   * in three paired runs of `bench/sources.mjs`).
   */
  sourceLocations?: boolean;
}

/** Marks a route file's declaration function (identity at run time; gives `r` its type). */
export function defineRoutes(declaration: RoutesDeclaration): RoutesDeclaration {
  return declaration;
}

/**
 * Draws a route set: runs the declaration function synchronously with the mapper `r`, then
 * freezes the table. Declaration errors are thrown as `ArgumentError` with Rails' text.
 */
export function draw(declaration: RoutesDeclaration, options: DrawOptions = {}): RouteSet {
  // Where the runtime has no file system (workerd, a browser), the root is only a name.
  const paths = builtin("node:path");
  const root = paths?.resolve(options.root ?? currentDirectory() ?? ".") ?? options.root ?? ".";
  const routesDir = paths?.join(root, "config", "routes") ?? `${root}/config/routes`;
  return drawWith(declaration, options, root, new RouteFileLoader([...(options.drawPaths ?? [routesDir])], root));
}

function drawWith(
  declaration: RoutesDeclaration,
  options: DrawOptions,
  root: string,
  files: RouteFileLoader,
  file?: string,
): RouteSet {
  const mapperOf = (builder: TableBuilder) =>
    new Mapper(
      { builder, apiOnly: !!options.apiOnly, drawFile: (name, r) => files.draw(name, r) },
      { new: "new", edit: "edit", ...options.pathNames },
    );
  const builder = new TableBuilder(options.defaultUrlOptions, options.sourceLocations ? new SourceLocator(root) : null);
  const mapper = mapperOf(builder);
  files.scratch = () => mapperOf(new TableBuilder(options.defaultUrlOptions, null));
  if (file === undefined) declaration(mapper);
  else files.run(file, declaration, mapper);
  installLinearMatcher(linearMatcher);
  installRecognizerCompiler(compileRecognizer);
  const set = new RouteSet(builder.table());
  const lint = drawLint();
  if (lint !== undefined) lint(set, options.warn);
  else if (options.warn !== undefined)
    throw new ArgumentError(
      'draw\'s `warn` option runs the lint, which this bundle left out: import lintRoutes from "switchyard" where the table is drawn (importing it loads the lint), or run `switchyard routes --lint` on Node',
    );
  else if (set.routes.some(hasRegExp)) warnUnchecked("the lint is not in this bundle");
  return set;
}

/** Whether a route has a constraint regexp (a segment's, in a list, or a request condition's). */
const hasRegExp = (route: Route): boolean =>
  [...Object.values(route.requirements), ...Object.values(route.conditions)].some(
    (v) => v instanceof RegExp || (Array.isArray(v) && v.some((x) => x instanceof RegExp)),
  );

/**
 * Loads `<root>/config/routes.ts` (or `.js`/`.mjs`) and draws it; route files resolve from
 * `<root>/config/routes`. The route files are imported into the process's own module graph (see
 * `support/user-files.ts`): what they import is shared with the controllers and the rest of the
 * process. An error raised while a route file loads or draws — a declaration error, an exception,
 * a thrown non-Error — is rethrown carrying where (`error.source`: `{ file, line }`, the file
 * relative to `root`; the message ends with `(config/routes.ts:4)`).
 */
export async function loadRoutes(options: DrawOptions = {}): Promise<RouteSet> {
  const path = requireBuiltin("node:path", "Loading config/routes.ts");
  const root = path.resolve(options.root ?? currentDirectory() ?? ".");
  const base = path.join(root, "config", "routes");
  const file = findUserFile(base);
  if (!file) {
    throw new ArgumentError(
      `No routes file found: looked for ${USER_FILE_EXTENSIONS.map((e) => path.join("config", "routes" + e)).join(", ")} in ${root}`,
    );
  }
  // A file changed since the graph was loaded: this load takes up a new generation (as the
  // development reloader does), so loading again after an edit reads the edit.
  const generation = applicationGraph.refresh();
  const modules = new Map<string, unknown>();
  const load = (files: RouteFileLoader): RouteSet => {
    const { declaration, options: fileOptions } = files.load(file);
    const drawOptions: DrawOptions = {
      drawPaths: [base],
      ...(fileOptions as DrawOptions | undefined),
      ...options,
      root,
    };
    // (config/routes.ts's `options` export may name other draw paths.)
    files.drawPaths = [...drawOptions.drawPaths!];
    return drawWith(declaration, drawOptions, root, files, file);
  };
  // `draw` is synchronous and route files are ES modules: each file a draw names that is not
  // imported yet is skipped, then imported, and the table drawn again (once per level of
  // `r.draw` nesting: twice for the usual routes.ts drawing config/routes/*.ts).
  for (let pending = [file]; ; ) {
    for (const next of pending) {
      try {
        modules.set(next, await applicationGraph.import(next));
      } catch (error) {
        throw locatedImportError(next, error, root);
      }
    }
    const files = new RouteFileLoader([base], root, true, modules);
    let set: RouteSet | undefined;
    try {
      set = load(files);
    } catch (error) {
      if (files.missing.size === 0) throw error;
    }
    if (files.missing.size === 0) {
      LOADED_ROUTES.set(set!, { options: { ...options, root }, generation, files: [...modules.keys()] });
      return set!;
    }
    pending = [...files.missing];
  }
}

/** How a route set `loadRoutes` returned was loaded: the options, and the generation of the application's graph it was drawn from (see `support/user-files.ts`). */
export interface LoadedRoutes {
  readonly options: DrawOptions;
  readonly generation: number;
  /** The route files it was drawn from (absolute): config/routes.ts and each file a draw named. */
  readonly files: readonly string[];
}

const LOADED_ROUTES = new WeakMap<RouteSet, LoadedRoutes>();

/** How `routes` was loaded, if `loadRoutes` loaded it. */
export function loadedRoutes(routes: RouteSet): LoadedRoutes | undefined {
  return LOADED_ROUTES.get(routes);
}
