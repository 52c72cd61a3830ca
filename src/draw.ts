/**
 * `draw` and `loadRoutes`: the DSL's declarations become a frozen route table, and the route set
 * compiles its recognizer and helpers from it.
 */
import path from "node:path";
import { Mapper } from "./dsl/mapper.js";
import { RouteFileLoader, type RoutesDeclaration } from "./dsl/route-files.js";
import { SourceLocator } from "./dsl/source-locations.js";
import { TableBuilder } from "./dsl/table-builder.js";
import type { PathNames } from "./dsl/options.js";
import { ArgumentError } from "./errors.js";
import { findUserFile, packageModules, USER_FILE_EXTENSIONS } from "./support/user-files.js";
import { lintRoutes, type RouteLintFinding } from "./lint/index.js";
import { RouteSet } from "./route-set.js";
import type { FileStamps } from "./support/file-stamps.js";
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
   * Without it, only the regexps are checked, and each that can backtrack catastrophically is reported
   * with `process.emitWarning` (a full lint costs about a second of CPU at 10,000 routes; the
   * regexp check, milliseconds).
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
  const root = path.resolve(options.root ?? process.cwd());
  return drawWith(
    declaration,
    options,
    root,
    new RouteFileLoader([...(options.drawPaths ?? [path.join(root, "config", "routes")])], root),
  );
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
  const set = new RouteSet(builder.table());
  if (options.warn !== undefined)
    for (const finding of lintRoutes(set.routes, { emptyResources: set.emptyResources })) options.warn(finding);
  else
    for (const finding of lintRoutes(set.routes, { checks: ["backtracking"] }))
      process.emitWarning(finding.message, { code: "SWITCHYARD_BACKTRACKING_REGEXP" });
  return set;
}

/**
 * Loads `<root>/config/routes.ts` (or `.js`/`.mjs`) and draws it; route files resolve from
 * `<root>/config/routes`. An error raised while a route file loads or draws — a declaration error,
 * an exception, a thrown non-Error — is rethrown carrying where (`error.source`: `{ file, line }`,
 * the file relative to `root`; the message ends with `(config/routes.ts:4)`).
 */
export async function loadRoutes(options: DrawOptions = {}): Promise<RouteSet> {
  const root = path.resolve(options.root ?? process.cwd());
  const base = path.join(root, "config", "routes");
  const file = findUserFile(base);
  if (!file) {
    throw new ArgumentError(
      `No routes file found: looked for ${USER_FILE_EXTENSIONS.map((e) => path.join("config", "routes" + e)).join(", ")} in ${root}`,
    );
  }
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
  await packageModules(); // (the route files' `switchyard`: see packageModules)
  const files = new RouteFileLoader([base], root, true);
  const set = load(files);
  LOADED_ROUTES.set(set, { options: { ...options, root }, stamps: files.stamps });
  return set;
}

/** How a route set `loadRoutes` returned was loaded: the options, and every file read, stamped as read (what the development reloader watches). */
export interface LoadedRoutes {
  readonly options: DrawOptions;
  readonly stamps: FileStamps;
}

const LOADED_ROUTES = new WeakMap<RouteSet, LoadedRoutes>();

/** How `routes` was loaded, if `loadRoutes` loaded it. */
export function loadedRoutes(routes: RouteSet): LoadedRoutes | undefined {
  return LOADED_ROUTES.get(routes);
}
