/**
 * The dispatcher's extensions on Node, Bun and Deno (see extensions.ts): the development pages, the
 * reloader and controller files, installed by the full `switchyard/http` entry and the CLI.
 */
import { locatedImportError } from "../dsl/route-files.js";
import { loadedRoutes } from "../draw.js";
import { applicationGraph } from "../support/user-files.js";
import { installExtensions } from "./extensions.js";
import { blockedHostPage, exceptionPage, routesPage, routingErrorPage } from "./pages.js";
import { Reloader } from "./reloader.js";

/** Installs the development pages, the reloader and controller-file loading into every dispatcher made from now on. */
export function installDevelopment(): void {
  installExtensions({
    pages: { blockedHostPage, exceptionPage, routesPage, routingErrorPage },
    reloader: (target, root) =>
      root !== undefined || loadedRoutes(target.routes) !== undefined ? new Reloader(target) : undefined,
    importFile: async (file, root) => {
      try {
        return await applicationGraph.import(file);
      } catch (error) {
        throw locatedImportError(file, error, root);
      }
    },
  });
}
