/**
 * Route files: `r.draw(name)` loads `<drawPath>/<name>.ts` (or `.js`/`.mjs`) and runs its
 * default-exported declaration function in the current scope; `config/routes.ts` is loaded the
 * same way. TypeScript files load with no build step.
 */
import fs from "node:fs";
import path from "node:path";
import { ArgumentError } from "../errors.js";
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

/**
 * Loads route files for one draw. `draw` is synchronous, so route files are loaded with the user-file
 * loader's synchronous require. One loader per draw, made on its first file: a loader resolves bare
 * imports from the file it was made for, so one shared by every draw of a process would resolve
 * another application's packages.
 */
export class RouteFileLoader {
  #loader: UserFileLoader | undefined;

  constructor(readonly drawPaths: readonly string[]) {}

  /** A route file's module: its default-exported declaration function, and its `options` export (`config/routes.ts` may have one). */
  load(file: string): { readonly declaration: RoutesDeclaration; readonly options: unknown } {
    this.#loader ??= new UserFileLoader(file);
    const mod = this.#loader.require(file);
    return { declaration: declarationOf(mod, file), options: (mod as { options?: unknown } | null)?.options };
  }

  /** `r.draw(name)`: runs `<drawPath>/<name>` with the mapper, from the first directory that has it. */
  draw(name: string, mapper: Mapper): void {
    if (name === "" || path.isAbsolute(name) || name.split(/[\\/]/).some((part) => part === ".." || part === ".")) throw escaping(name);
    for (const dir of this.drawPaths) {
      const file = findUserFile(path.join(dir, name));
      if (file) {
        // A name is checked as written above; a symbolic link on the way could still lead out.
        if (!inside(fs.realpathSync(file), fs.realpathSync(dir))) throw escaping(name);
        this.load(file).declaration(mapper);
        return;
      }
    }
    throw new ArgumentError(
      `Your router tried to #draw the external file ${name}.ts,\nbut the file was not found in:\n\n` +
        this.drawPaths.map((dir) => ` * ${dir}`).join("\n"),
    );
  }
}
