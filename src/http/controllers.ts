/**
 * Controllers: `controller#action` runs the action of the controller registered under the
 * controller path (`photos`, `admin/users`), from an explicit map or, by convention, from
 * `<root>/app/controllers/<path>_controller.ts` (or `.js`/`.mjs`), default-exported and imported
 * into the process's module graph with no build step (see `support/user-files.ts`): on first use,
 * or all at boot (`eagerLoad`, as Rails' `eager_load` in production).
 *
 * A controller is a class (one instance per request, as Rails makes one: constructed with the
 * action context, whose actions are its prototype's methods) or an object of functions. Its
 * actions are Rails' `action_methods`: the methods it defines itself or inherits from its own
 * classes — never `constructor`, nor anything of `Object.prototype` or of switchyard's
 * `Controller` base, so a `:action` segment cannot reach `toString` or `__proto__`.
 */
import type { ActionName, ActionParams, ActionsOf, ControllerName } from "../index.js";
import { RoutingError } from "../errors.js";
import { camelize } from "../support/inflector.js";
import { requireBuiltin } from "../support/runtime.js";
import {
  defaultExport,
  exportNames,
  findUserFile,
  USER_FILE_EXTENSIONS,
  userFileCandidates,
} from "../support/user-files.js";
import type { ActionContext } from "./action-context.js";
import { extensions } from "./extensions.js";
import { BUILT_IN_CONTROLLERS } from "./health.js";
import {
  chainOf,
  type ControllerCallbacks,
  declareCallbacks,
  type DeclareCallback,
  type DeclareForgerySkip,
  type DeclareRescue,
  declarer,
  forgerySkipper,
  rescuer,
} from "./callbacks.js";

/** An action: gets the context, returns a `Response`, a string (HTML), a JSON value, or nothing (204). */
export type Action = (context: ActionContext) => unknown;

/** A controller class: constructed with the context for each request; its methods are the actions. */
export type ControllerClass = new (context: ActionContext) => object;

/** A controller object: its function properties are the actions. */
export type ControllerObject = { readonly [action: string]: unknown };

export type ControllerDefinition = ControllerClass | ControllerObject;

/** Controllers by controller path (`"photos"`, `"admin/users"`). */
export type ControllerMap = Readonly<Record<string, ControllerDefinition>>;

/**
 * A base class for controllers, if wanted: `this.params`, `this.request`, `this.helpers`,
 * `this.redirectTo()` as in a Rails controller. Its own members are never actions.
 *
 * `C`: the controller path (`Controller<"photos">`). After `switchyard types`,
 * `this.paramsFor<"show">()` is `show`'s typed params, and an action no route reaches is a compile
 * error there; an action may also take its context typed, `show(ctx: ActionContext<"photos#show">)`.
 */
export class Controller<C extends ControllerName = ControllerName> {
  constructor(readonly context: ActionContext) {}
  get params(): ActionContext["params"] {
    return this.context.params;
  }
  /** `this.params`, typed as action `A` of this controller gets them (see `ActionParams`). */
  paramsFor<A extends ActionsOf<C>>(): ActionParams<`${C}#${A}`> {
    return this.context.params as ActionParams<`${C}#${A}`>;
  }
  /** The method the request is served with (`DELETE` for a form POST with `_method=delete`). */
  get method(): string {
    return this.context.method;
  }
  /** The method the client sent (Rails' `request.method`). */
  get originalMethod(): string {
    return this.context.originalMethod;
  }
  get request(): Request {
    return this.context.request;
  }
  get helpers(): ActionContext["helpers"] {
    return this.context.helpers;
  }
  /** Rails' `redirect_to` (see `ActionContext#redirectTo`). */
  redirectTo(target: string, status?: number): Response {
    return this.context.redirectTo(target, status);
  }

  // Rails' callbacks and rescue_from, declared in a subclass's `static { }` block (see callbacks.ts).

  /** Rails' `before_action`: returning a `Response` halts the chain (the action does not run). */
  static readonly beforeAction: DeclareCallback<"plain"> = declarer("before", "add");
  /** Rails' `after_action`: after the action, unless the chain halted or something threw. */
  static readonly afterAction: DeclareCallback<"plain"> = declarer("after", "add");
  /** Rails' `around_action`: `callback(ctx, next)`, `await next()` running the rest of the chain and the action. */
  static readonly aroundAction: DeclareCallback<"around"> = declarer("around", "add");
  /** Rails' `skip_before_action`: removed, or, with options, not run where they hold. */
  static readonly skipBeforeAction: DeclareCallback<"plain"> = declarer("before", "skip");
  /** Rails' `skip_after_action`. */
  static readonly skipAfterAction: DeclareCallback<"plain"> = declarer("after", "skip");
  /** Rails' `skip_around_action`. */
  static readonly skipAroundAction: DeclareCallback<"around"> = declarer("around", "skip");
  /** Rails' `rescue_from`: an error of these classes (or subclasses) is answered by `handler`; the last declared wins. */
  static readonly rescueFrom: DeclareRescue = rescuer();
  /** Rails' `skip_forgery_protection`: cross-site requests reach these actions (an API's, a webhook's). */
  static readonly skipForgeryProtection: DeclareForgerySkip = forgerySkipper();
}

/**
 * The actions of controller `C` as an object of functions, each taking its typed context: an
 * action no route reaches is a compile error (an excess property), after `switchyard types`.
 *
 *     export default { show(ctx) { return ctx.params.id; } } satisfies Actions<"photos">;
 */
export type Actions<C extends ControllerName> = {
  [A in ActionsOf<C>]?: (context: ActionContext<Extract<`${C}#${A}`, ActionName>>) => unknown;
};

/**
 * `defineController<"photos">({ show(ctx) { ... } })`: an object of actions checked as `Actions<C>`,
 * returned as it is. `callbacks`: its `beforeAction`, `afterAction`, `aroundAction`, `rescueFrom`
 * and `skipForgeryProtection` (see callbacks.ts), `only`/`except` checked against its actions:
 *
 *     defineController({ index, create }, { beforeAction: [[authenticate, { only: ["create"] }]] })
 */
export function defineController<C extends ControllerName, const T extends Actions<C> = Actions<C>>(
  actions: T,
  callbacks?: ControllerCallbacks<T, Extract<keyof T, string>>,
): T {
  if (callbacks !== undefined) declareCallbacks(actions, callbacks as never, "defineController");
  return actions;
}

/** Rails' `uninitialized constant PhotosController` (a `RoutingError`, 404), naming the controller path looked for. */
export class MissingController extends RoutingError {
  constructor(
    message: string,
    readonly controllerPath: string,
  ) {
    super(message);
  }
}

/** Rails' `AbstractController::ActionNotFound` (404). */
export class ActionNotFound extends Error {
  override name = "ActionNotFound" as const;
}

/** A controller path's class name: `admin/users` is `Admin::UsersController`, as Rails names it. */
export function controllerClassName(controllerPath: string): string {
  return `${camelize(controllerPath)}Controller`;
}

// Rails' requirement for a `:controller` segment, applied to every controller path before a file
// is looked for: no `.`, no leading `/`, so a request cannot name a file outside app/controllers.
const CONTROLLER_PATH = /^[a-z0-9_]+(?:\/[a-z0-9_]+)*$/;

/** An invoker of one action of one controller. */
export type Invoke = (context: ActionContext) => unknown;

interface Loaded {
  readonly definition: ControllerDefinition;
  /** Actions resolved so far (only actions that exist are kept: a `:action` segment cannot grow this). */
  readonly invokers: Map<string, Invoke>;
  /** Where the controller came from, for messages. */
  readonly source: string;
}

export class ControllerRegistry {
  readonly #map: ControllerMap;
  readonly #root: string | undefined;
  readonly #loaded = new Map<string, Loaded>();
  readonly #loading = new Map<string, Promise<Loaded>>();

  constructor(map: ControllerMap | undefined, root: string | undefined) {
    this.#map = map ?? {};
    this.#root = root === undefined ? undefined : requireBuiltin("node:path", "Loading controllers").resolve(root);
  }

  /**
   * Loads every controller under `<root>/app/controllers` now, and what each imports, as Rails'
   * `eager_load` does at boot in production: a file that does not load rejects, naming it, before
   * any request is served, and no request pays for loading. Resolves to the controller paths loaded.
   */
  async eagerLoad(): Promise<string[]> {
    if (this.#root === undefined) return [];
    const { readdirSync } = requireBuiltin("node:fs", "Loading controllers");
    let files: string[];
    try {
      // (Relative paths, `/`-separated on every platform once joined below; sorted: a stable order.)
      files = (readdirSync(`${this.#root}/app/controllers`, { recursive: true }) as string[]).sort();
    } catch {
      return [];
    }
    const found = new Set<string>();
    for (const file of files) {
      const ext = USER_FILE_EXTENSIONS.find((e) => file.endsWith(`_controller${e}`));
      if (ext !== undefined) found.add(file.split("\\").join("/").slice(0, -`_controller${ext}`.length));
    }
    const loaded: string[] = [];
    for (const controllerPath of found) {
      if (!CONTROLLER_PATH.test(controllerPath)) continue;
      await this.controller(controllerPath);
      loaded.push(controllerPath);
    }
    return loaded;
  }

  /** Forgets the controllers loaded from files: each is loaded again, its imports too, on its next use (development reloading). */
  reload(): void {
    for (const [controllerPath, loaded] of this.#loaded)
      if (!Object.hasOwn(this.#map, controllerPath) || loaded.definition !== this.#map[controllerPath])
        this.#loaded.delete(controllerPath);
  }

  /** Where a controller's file is looked for (without the extension), or null without a root. */
  fileBase(controllerPath: string): string | null {
    return this.#root === undefined
      ? null
      : requireBuiltin("node:path", "Loading controllers").join(
          this.#root,
          "app",
          "controllers",
          `${controllerPath}_controller`,
        );
  }

  /** The files looked for, as a message names them. */
  lookedFor(controllerPath: string): string[] {
    const base = this.fileBase(controllerPath);
    return base === null ? [] : userFileCandidates(base);
  }

  /** The controller registered under `controllerPath` (loading its file on first use), or a `RoutingError`. */
  controller(controllerPath: string): Loaded | Promise<Loaded> {
    const loaded = this.#loaded.get(controllerPath);
    if (loaded !== undefined) return loaded;
    if (Object.hasOwn(this.#map, controllerPath)) {
      const entry = this.#entry(
        this.#map[controllerPath]!,
        `controllers[${JSON.stringify(controllerPath)}]`,
        controllerPath,
      );
      this.#loaded.set(controllerPath, entry);
      return entry;
    }
    const missing = new MissingController(
      `uninitialized constant ${controllerClassName(controllerPath)}`,
      controllerPath,
    );
    if (!CONTROLLER_PATH.test(controllerPath)) throw missing;
    const base = this.fileBase(controllerPath);
    const file = base === null ? undefined : findUserFile(base);
    if (file === undefined) {
      const builtIn = this.#builtIn(controllerPath);
      if (builtIn === undefined) throw missing;
      return builtIn;
    }
    let pending = this.#loading.get(controllerPath);
    if (pending === undefined) {
      pending = this.#load(file, controllerPath).finally(() => this.#loading.delete(controllerPath));
      this.#loading.set(controllerPath, pending);
    }
    return pending;
  }

  /** A controller switchyard brings (`rails/health`), when the application has none by that path. */
  #builtIn(controllerPath: string): Loaded | undefined {
    if (!Object.hasOwn(BUILT_IN_CONTROLLERS, controllerPath)) return undefined;
    const entry = this.#entry(
      BUILT_IN_CONTROLLERS[controllerPath]!,
      `switchyard's built-in ${controllerClassName(controllerPath)}`,
      controllerPath,
    );
    this.#loaded.set(controllerPath, entry);
    return entry;
  }

  async #load(file: string, controllerPath: string): Promise<Loaded> {
    const importFile = extensions().importFile;
    if (importFile === undefined)
      throw new Error(
        `${file} cannot be loaded: this bundle's switchyard/http is its edge entry (package.json's workerd, worker and browser conditions), which loads no files; give createHandler its controllers as a map`,
      );
    const mod = await importFile(file, this.#root!);
    const exported = defaultExport(mod);
    if (exported === null || (typeof exported !== "object" && typeof exported !== "function")) {
      const name = controllerClassName(controllerPath).replace(/::/g, "");
      const found =
        exported === undefined
          ? `has no default export (it exports ${exportNames(mod)})`
          : `default-exports ${typeof exported === "string" ? JSON.stringify(exported) : String(exported)}`;
      throw new TypeError(
        `${file} ${found}: a controller file must default-export its controller, a class (export default class ${name} { ... }) or an object of actions`,
      );
    }
    const entry = this.#entry(exported as ControllerDefinition, file, controllerPath);
    this.#loaded.set(controllerPath, entry);
    return entry;
  }

  #entry(definition: ControllerDefinition, source: string, controllerPath: string): Loaded {
    if (typeof definition === "function" && definition.prototype === undefined) {
      throw new TypeError(
        `${source} (the ${controllerClassName(controllerPath)}) is a function without a prototype: give a class, or an object of actions`,
      );
    }
    return { definition, invokers: new Map(), source };
  }

  /** Whether the loaded controller at `controllerPath` skips forgery protection for `action`. */
  skipsForgery(controllerPath: string, action: string): boolean {
    const loaded = this.#loaded.get(controllerPath);
    return loaded !== undefined && chainOf(loaded.definition)?.skipsForgery(action) === true;
  }

  /** The invoker of `action` on a loaded controller, or an `ActionNotFound`. */
  action(loaded: Loaded, action: string, controllerPath: string): Invoke {
    let invoke = loaded.invokers.get(action);
    if (invoke !== undefined) return invoke;
    const def = loaded.definition;
    const chain = chainOf(def);
    const fn = chain?.helperNames.has(action)
      ? undefined
      : actionMethod(typeof def === "function" ? def.prototype : def, action);
    if (fn === undefined)
      throw new ActionNotFound(`The action '${action}' could not be found for ${controllerClassName(controllerPath)}`);
    const Class = def as ControllerClass;
    if (chain !== undefined && !chain.empty)
      invoke = chain.invoker(action, fn as never, typeof def === "function" ? (ctx) => new Class(ctx) : () => def);
    else if (typeof def === "function") invoke = (ctx) => fn.call(new Class(ctx), ctx);
    else invoke = (ctx) => fn.call(def, ctx);
    loaded.invokers.set(action, invoke);
    return invoke;
  }
}

/** A method named `name` defined on `target` or its prototype chain, short of `Object.prototype` and `Controller.prototype`; not `constructor`. */
function actionMethod(target: object, name: string): ((ctx: ActionContext) => unknown) | undefined {
  if (name === "constructor") return undefined;
  for (
    let o: object | null = target;
    o !== null && o !== Object.prototype && o !== Controller.prototype;
    o = Object.getPrototypeOf(o)
  ) {
    const d = Object.getOwnPropertyDescriptor(o, name);
    if (d === undefined) continue;
    return typeof d.value === "function" ? (d.value as (ctx: ActionContext) => unknown) : undefined;
  }
  return undefined;
}
