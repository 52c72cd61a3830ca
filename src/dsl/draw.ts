import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createJiti } from "jiti";
import { ArgumentError } from "../errors.js";
import { RouteSet, type UrlOptions } from "../table/route-set.js";
import { Mapper } from "./mapper.js";
import type { Block } from "./options.js";
import { TableBuilder } from "./table-builder.js";

export interface DrawOptions {
  /** As Rails' `config.api_only`: resources get no `new`/`edit` routes. */
  apiOnly?: boolean;
  /** Directories searched, in order, for files named by `r.draw(name)`. Default: `[<cwd>/config/routes]`. */
  drawPaths?: readonly string[];
  /** URL options every `_url` helper starts from (`host`, `protocol`, ...); `r.defaultUrlOptions` replaces them. */
  defaultUrlOptions?: UrlOptions;
  /** Names of the `new` and `edit` path segments (Rails' `resources_path_names`). */
  pathNames?: { new?: string; edit?: string };
}

/** A declaration function, as a route file default-exports it. */
export type RoutesDeclaration = Block;

/** Marks a route file's declaration function (identity at run time; gives `r` its type). */
export function defineRoutes(declaration: RoutesDeclaration): RoutesDeclaration {
  return declaration;
}

const EXTENSIONS = [".ts", ".js", ".mjs"];

/**
 * Draws a route set: runs the declaration function synchronously with the mapper `r`, then
 * freezes the table. Declaration errors are thrown as `ArgumentError` with Rails' text.
 */
export function draw(declaration: RoutesDeclaration, options: DrawOptions = {}): RouteSet {
  const drawPaths = [...(options.drawPaths ?? [path.join(process.cwd(), "config", "routes")])];
  const builder = new TableBuilder(options.defaultUrlOptions);
  const mapper = new Mapper(
    { builder, apiOnly: !!options.apiOnly, drawFile: (name, r) => drawFile(name, drawPaths, r) },
    { new: "new", edit: "edit", ...options.pathNames },
  );
  declaration(mapper);
  return new RouteSet(builder.table());
}

/** Loads `<root>/config/routes.ts` (or `.js`/`.mjs`) and draws it; route files resolve from `<root>/config/routes`. */
export async function loadRoutes(options: { root?: string } & DrawOptions = {}): Promise<RouteSet> {
  const root = path.resolve(options.root ?? process.cwd());
  const base = path.join(root, "config", "routes");
  const file = EXTENSIONS.map((ext) => base + ext).find((f) => fs.existsSync(f));
  if (!file) {
    throw new ArgumentError(`No routes file found: looked for ${EXTENSIONS.map((e) => path.join("config", "routes" + e)).join(", ")} in ${root}`);
  }
  const mod = loadModule(file) as { default?: unknown; options?: DrawOptions };
  const declaration = declarationOf(mod, file);
  const { root: _root, ...drawOptions } = options;
  return draw(declaration, { drawPaths: [base], ...mod.options, ...drawOptions });
}

function drawFile(name: string, drawPaths: readonly string[], mapper: Mapper): void {
  if (name === "" || path.isAbsolute(name) || name.split(/[\\/]/).some((part) => part === ".." || part === ".")) {
    throw new ArgumentError(
      `Your router tried to #draw ${JSON.stringify(name)}: route file names are relative to the routes directory and may not contain "." or ".." parts or start with "/". Use a name like "api" or "admin/reports".`,
    );
  }
  for (const dir of drawPaths) {
    const file = EXTENSIONS.map((ext) => path.join(dir, name + ext)).find((f) => fs.existsSync(f));
    if (file) {
      declarationOf(loadModule(file), file)(mapper);
      return;
    }
  }
  throw new ArgumentError(
    `Your router tried to #draw the external file ${name}.ts,\nbut the file was not found in:\n\n` +
      drawPaths.map((dir) => ` * ${dir}`).join("\n"),
  );
}

function declarationOf(mod: unknown, file: string): RoutesDeclaration {
  const candidate = typeof mod === "function" ? mod : (mod as { default?: unknown } | null)?.default;
  if (typeof candidate !== "function") {
    throw new ArgumentError(`The route file ${file} must default-export a declaration function: export default defineRoutes((r) => { ... })`);
  }
  return candidate as RoutesDeclaration;
}

let loader: ReturnType<typeof createJiti> | undefined;
let self: unknown;

/**
 * Route files are TypeScript and `draw` is synchronous, so they are loaded with jiti's synchronous
 * require (it transpiles TS and ESM on the fly, no build step). `import ... from "switchyard"` in
 * a route file resolves to this very module instance, so registered inflections and classes are shared.
 */
function loadModule(file: string): unknown {
  loader ??= createJiti(pathToFileURL(file).href, {
    moduleCache: false,
    fsCache: false,
    interopDefault: false,
    virtualModules: self ? { switchyard: self } : {},
  });
  return loader(file);
}

/** Called by the package entry with its own namespace, so route files share it. */
export function registerSelf(namespace: unknown): void {
  self = namespace;
  loader = undefined;
}
