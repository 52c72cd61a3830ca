/**
 * `switchyard/http` as a Worker's or a browser's bundle gets it (package.json's `workerd`, `worker`
 * and `browser` conditions): the same exports as http/index.ts, without the development pages, the
 * reloader and loading controllers from files (extensions.ts), which such a runtime cannot use and
 * its bundle should not carry. A handler made here answers as in production.
 */
export { createHandler } from "./create-handler.js";
export type { SwitchyardHandler } from "./create-handler.js";
export type { HandlerOptions, FetchHandler, NodeListener } from "./dispatcher.js";
export { ActionContext } from "./action-context.js";
export type { Params, Framework, FrameworkObjects } from "./action-context.js";
export { Controller, ActionNotFound, MissingController, controllerClassName, defineController } from "./controllers.js";
export type { CallbackOptions, ControllerCallbacks } from "./callbacks.js";
export { InvalidCrossOriginRequest } from "./forgery.js";
export type { ForgeryProtectionOptions } from "./forgery.js";
export type {
  Action,
  Actions,
  ControllerClass,
  ControllerObject,
  ControllerDefinition,
  ControllerMap,
} from "./controllers.js";
export type { ParamValue, ActionParams, ActionName, ControllerName, ActionsOf } from "../index.js";
export { HealthController } from "./health.js";
export { BadRequest } from "./transport/exchange.js";
export { scriptNameOf } from "./script-name.js";
export { BlockedHost, DEVELOPMENT_HOSTS } from "./hosts.js";
export type { HostPattern } from "./hosts.js";
