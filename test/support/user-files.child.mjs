// Run by user-files.test.ts with plain node (no TypeScript runner) from a folder where switchyard is
// installed under node_modules, as an application runs it: prints what the application's files see.
import path from "node:path";
import { inflections, loadRoutes } from "switchyard";
import { Controller } from "switchyard/http";

const app = process.argv[2];
const { UserFileLoader } = await import(
  new URL("./node_modules/switchyard/dist/support/user-files.js", import.meta.url).href
);
const routes = await loadRoutes({ root: app });
const mod = new UserFileLoader(app).require(path.join(app, "config", "routes.ts"));
const controller = await new UserFileLoader(app).import(path.join(app, "app", "controllers", "pages_controller.ts"));
console.log(
  JSON.stringify({
    paths: routes.routes.map((r) => r.path),
    sameInflections: mod.shared.inflections === inflections,
    sameController: Object.getPrototypeOf(controller.default.prototype) === Controller.prototype,
  }),
);
