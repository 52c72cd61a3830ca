/**
 * `switchyard/http`: serving requests (SPEC §6). `createHandler(routes, options)` is a fetch-style
 * handler `(Request) => Promise<Response>`; the adapters (`switchyard/node`, `switchyard/express`,
 * `switchyard/fastify`, `switchyard/hono`) serve it in each server.
 */
export { createHandler } from "./fetch.js";
export type { SwitchyardHandler } from "./fetch.js";
export type { HandlerOptions, FetchHandler, NodeListener } from "./dispatcher.js";
export { ActionContext } from "./context.js";
export type { Params } from "./context.js";
export { Controller, ActionNotFound, MissingController, controllerClassName, defineController } from "./controllers.js";
export type { Action, Actions, ControllerClass, ControllerObject, ControllerDefinition, ControllerMap } from "./controllers.js";
export type { ParamValue, ActionParams, ActionName, ControllerName, ActionsOf } from "../index.js";
export { BadRequest } from "./exchange.js";
