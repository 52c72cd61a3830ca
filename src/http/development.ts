/**
 * The dispatcher's extensions on Node, Bun and Deno (see extensions.ts): the development pages, the
 * reloader and controller files, the request log and host authorization, installed by the full
 * `switchyard/http` entry and the CLI; and the bridge that calls a mounted node listener (a fetch
 * handler's, see transport/fetch-exchange.ts).
 */
import { locatedImportError } from "../dsl/route-files.js";
import { loadedRoutes } from "../draw.js";
import { installPolymorphic } from "../generate/polymorphic.js";
import { applicationGraph } from "../support/user-files.js";
import { installExtensions } from "./extensions.js";
import { hostPermissions } from "./host-permissions.js";
import { blockedHostPage, exceptionPage, routesPage, routingErrorPage } from "./pages.js";
import { Reloader } from "./reloader.js";
import { requestLog } from "./request-log.js";
import { installNodeBridge } from "./transport/fetch-exchange.js";

/** Installs the development pages, the reloader, controller-file loading, the request log, host authorization, polymorphic routes and the node bridge into every dispatcher made from now on. */
export function installDevelopment(): void {
  // (node-bridge.ts asks for node:http as it loads: imported when a node listener is first called.)
  installNodeBridge(() => import("./transport/node-bridge.js"));
  // (`switchyard` installs them too; an application importing only this entry gets them here.)
  installPolymorphic();
  installExtensions({
    pages: { blockedHostPage, exceptionPage, routesPage, routingErrorPage },
    requestLog,
    hostPermissions,
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
