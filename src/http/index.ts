/**
 * `switchyard/http`: serving requests (docs/contract.md §6). `createHandler(routes, options)` is a fetch-style
 * handler `(Request) => Promise<Response>`; the adapters (`switchyard/node`, `switchyard/express`,
 * `switchyard/fastify`, `switchyard/hono`) serve it in each server. On Node, Bun and Deno, this entry;
 * in a Worker's or a browser's bundle, http/edge.ts (the same exports, without the development pages,
 * the reloader and controller files: see extensions.ts; nor the bridge calling a mounted node listener).
 */
import { installDevelopment } from "./development.js";

installDevelopment();

export * from "./edge.js";
