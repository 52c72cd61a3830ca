// Run by user-files.test.ts with plain node (no TypeScript runner) from a folder where switchyard is
// installed under node_modules, as an application runs it: prints what the application's files see.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { inflections, loadRoutes } from "switchyard";
import { Controller } from "switchyard/http";

const app = process.argv[2];
const routes = await loadRoutes({ root: app });
// Once switchyard has loaded the application, the process imports its TypeScript files too, and
// gets the very modules the routes and controllers got.
const file = (rel) => pathToFileURL(path.join(app, rel)).href;
const mod = await import(file("config/routes.ts"));
const controller = await import(file("app/controllers/pages_controller.ts"));
console.log(
  JSON.stringify({
    paths: routes.routes.map((r) => r.path),
    sameInflections: mod.shared.inflections === inflections,
    sameController: Object.getPrototypeOf(controller.default.prototype) === Controller.prototype,
  }),
);
