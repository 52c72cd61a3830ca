// `mount`: a request handler matched by path prefix with any verb.
import { ArgumentError } from "../errors.js";
import { underscore } from "../support/inflector.js";
import { inspectValue } from "../support/node-inspect.js";
import { isHash } from "../support/ruby.js";
import type { DrawState } from "./draw-state.js";
import { match } from "./match.js";
import { type Handler, MOUNT_OPTIONS, type MountMapping, type MountOptions, optionKeys } from "./options.js";
import { isCallable } from "./route-builder.js";
import type { Hash } from "./scope.js";

/** The keys of `mount`'s options: in its hash form, never the application's path. */
const MOUNT_OPTION_KEYS = optionKeys(MOUNT_OPTIONS);

/**
 * `mount app, at: "/x"`: any request handler, matched by path prefix with any verb. Rails' hash
 * form, `mount app => "/x", as: "x"` (how most apps mount Sidekiq::Web), is
 * `mount({ "/x": app, as: "x" })`: the entry whose value is a handler gives the path, the other
 * keys are the options.
 */
export function mount(st: DrawState, app: Handler | MountMapping, options?: MountOptions): void {
  let handler: unknown = app;
  let path: unknown;
  let opts: Hash = {};
  if (options !== undefined && options !== null) {
    opts = { ...options };
    path = opts.at;
    delete opts.at;
  } else if (isHash(app) && !isCallable(app)) {
    // Rails takes the first key that responds to `call` (the app) and its value (the path); a
    // JS object's keys are strings, so here the path is the key and the handler its value. An
    // option's value may be a function too (`constraints: (req) => ...`): options are never the app.
    const mapping: Hash = app;
    handler = undefined;
    const apps: string[] = [];
    for (const key of Object.keys(mapping)) {
      const value = mapping[key];
      if (!MOUNT_OPTION_KEYS.has(key) && isCallable(value)) {
        apps.push(key);
        handler ??= value;
        path ??= key;
      } else opts[key] = value;
    }
    if (apps.length > 1) {
      const shown = apps.map((k) => JSON.stringify(k)).join(", ");
      throw new ArgumentError(
        `mount got ${apps.length} applications (${shown}) in one hash: mount each with its own call, r.mount({ ${JSON.stringify(apps[0])}: app, ... })`,
      );
    }
    if (apps.length === 1 && "at" in opts) {
      throw new ArgumentError(
        `mount got both a path (${inspectValue(path)}) and at: ${inspectValue(opts.at)}: give the path once, r.mount({ "/path": app }) or r.mount(app, { at: "/path" })`,
      );
    }
  }
  if (!isCallable(handler)) throw new ArgumentError("A rack application must be specified");
  if (path === undefined || path === null || path === false) {
    throw new ArgumentError(
      'Must be called with mount point\n\n  mount SomeRackApp, at: "some_route"\n  or\n  mount(SomeRackApp => "some_route")\n\nIn switchyard: r.mount(handler, { at: "/some_route" }) or r.mount({ "/some_route": handler })',
    );
  }
  opts.as ||= appName(handler);
  opts.via ||= "all";
  match(st, [String(path), { ...opts, to: handler, anchor: false, format: false }]);
}

/** A mounted class is named after itself (`AdminApp` -> `admin_app`), as Rails names mounted Rack classes. */
function appName(app: unknown): string | null {
  if (typeof app !== "function" || !/^class\b/.test(Function.prototype.toString.call(app))) return null;
  return app.name ? underscore(app.name).replace(/\//g, "_") : null;
}
