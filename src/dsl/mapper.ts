import { ArgumentError, RuntimeError } from "../errors.js";
import { inspectValue } from "../support/node-inspect.js";
import { isHash, present } from "../support/ruby.js";
import { underscore } from "../support/inflector.js";
import { nearestWord } from "../support/spelling.js";
import { Redirect } from "../table/redirect.js";
import type { RequestConstraint } from "../table/route.js";
import { routeName, underscored } from "./naming.js";
import { actionPath, pathForAction, shorthandTo } from "./paths.js";
import { isCallable, isConstraintMap, NO_CONSTRAINTS, URL_OPTIONS } from "./route-builder.js";
import type { Block, Handler, MatchOptions, MountMapping, MountOptions, NamespaceOptions, PathNames, RedirectOptions, ResourceOptions, ScopeOptions } from "./options.js";
import { Resource, type ResourceAction, SingletonResource } from "./resource.js";
import { type Hash, MERGE, SCOPE_KEYS, Scope, type ScopeFrame, type ScopeKey, type ScopeLevel } from "./scope.js";
import { lastNameJoiner } from "./naming.js";
import { lastFullPath } from "./paths.js";
import type { TableBuilder } from "./table-builder.js";

/** A path argument: Ruby distinguishes `get "search"` (a path) from `get :search` (an action); `Symbol.for` is the latter. */
type PathArg = {
  readonly symbol: boolean;
  readonly value: string;
  /** `value` can name a route or a default action (`ACTION_LIKE`): tested once per argument, not per route it makes. */
  readonly actionLike: boolean;
};

const CANONICAL_ACTIONS = ["index", "create", "new", "show", "update", "destroy"];
const RESOURCE_OPTIONS = ["as", "controller", "path", "only", "except", "param", "concerns"];
const VALID_ON = ["new", "collection", "member"];
/** Keys a form-2 map (`r.get({ "path": "c#a", as: "x" })`) reserves for options; the first other key is the path. */
const MATCH_OPTION_KEYS = new Set([
  "to", "via", "as", "on", "controller", "action", "path", "module", "constraints", "defaults", "format", "anchor",
  "shallow", "shallowPath", "shallowPrefix", "pathNames", "param", "only", "except", "concerns",
]);
/** Scope keys `scope()` takes out of its options before what is left becomes the scope's `options`. */
const SCOPE_KEYS_BEFORE_OPTIONS = new Set<string>(SCOPE_KEYS.slice(0, SCOPE_KEYS.indexOf("options")).filter((k) => k !== "blocks"));
/** Keys `resources`/`resource` accept: Rails' resource options plus every scope option. */
const RESOURCE_KEYS = new Set([...RESOURCE_OPTIONS, ...SCOPE_KEYS.filter((k) => k !== "blocks" && k !== "options"), "shallow"]);
/** An action name that can name a route or a default action (Rails' `/^[\w\-\/]+$/`). */
const ACTION_LIKE = /^[\w\-/]+$/;
/** Options `match` itself consumes; every other key becomes a default or a segment constraint. */
const MAPPER_KEYS = new Set(["controller", "path", "to", "via", "format", "anchor", "constraints", "action", "as"]);
const NO_OPTIONS: Hash = Object.freeze({});

/** A key as it is written in an object literal: bare when it is an identifier, else quoted. */
const objectKey = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key));
const arrayOf = (v: unknown): unknown[] => (v == null ? [] : Array.isArray(v) ? v : [v]);

/** Splits `(...names, options?, block?)` as the DSL methods take them. */
function splitArgs(args: readonly unknown[]): { names: unknown[]; options: Hash; block: Block | undefined } {
  let end = args.length;
  const block = typeof args[end - 1] === "function" ? (args[--end] as Block) : undefined;
  const options = isHash(args[end - 1]) ? { ...(args[--end] as Hash) } : {};
  const names = args.slice(0, end);
  return { names: names.some(Array.isArray) ? names.flat() : names, options, block };
}

/**
 * The Rails DSL writes actions as symbols (`get :preview, on: :member`) and paths as strings
 * (`get "photos/:id"`); in TypeScript both are strings. A bare word (letters, digits, `_`, `-`) is
 * read as an action name, as its Ruby symbol would be: canonical actions map to the resource's own
 * path and `pathNames` apply. Anything else is a path. `Symbol.for("x")` is always an action; with a
 * `path:` option a bare word is a path, so `get("photos", { path: "pictures" })` is ambiguous, as in Rails.
 */
const BARE_WORD = /^[A-Za-z0-9_-]+$/;
const pathArg = (v: unknown, pathOption = false): PathArg => {
  const value = typeof v === "symbol" ? (v.description ?? "") : String(v);
  // (A bare word is action-like: BARE_WORD's characters are among ACTION_LIKE's.)
  const bare = BARE_WORD.test(value);
  return { symbol: typeof v === "symbol" || (!pathOption && bare), value, actionLike: bare || ACTION_LIKE.test(value) };
};

/** A resource's own routes are declared as action names (`get :show`); one frozen argument per action. */
const RESOURCE_ACTION_ARGS = Object.fromEntries(
  (["index", "create", "new", "show", "update", "destroy", "edit"] as const).map((a) => [a, Object.freeze(pathArg(Symbol.for(a)))]),
) as Record<ResourceAction, PathArg>;

type ResourceVerb = "get" | "post" | "patch" | "put" | "delete";
/** `via` of a resource's own routes, one shared list per verb (the table builder only reads it). */
const RESOURCE_VIA = Object.fromEntries(
  (["get", "post", "patch", "put", "delete"] as const).map((v) => [v, Object.freeze([v]) as unknown[]]),
) as Record<ResourceVerb, unknown[]>;

/** A declaration function's state shared with route files: the mapper evaluates them in its current scope. */
export interface MapperContext {
  readonly builder: TableBuilder;
  readonly apiOnly: boolean;
  readonly drawFile: (name: string, mapper: Mapper) => void;
}

/** A concern's body: gets the options given to `concerns` (as Rails' block `|options|`), then the mapper. */
type ConcernCallback = ((options: Hash, r: Mapper) => void) | { call(r: Mapper, options: Hash): void };

/**
 * The routing DSL (`r` in `draw((r) => { ... })`): Rails' `ActionDispatch::Routing::Mapper`.
 * Each declaration runs synchronously inside a scope of its own, restored afterwards.
 */
export class Mapper {
  #scope: Scope;
  readonly #ctx: MapperContext;
  /**
   * `ctx.builder`, held directly: read through `ctx` on every route, V8 specialised the code on the
   * first draw's context object and deoptimized it at the start of the next draw (--trace-deopt).
   */
  readonly #builder: TableBuilder;
  readonly #concerns = new Map<string, ConcernCallback>();

  constructor(ctx: MapperContext, pathNames: PathNames = { new: "new", edit: "edit" }) {
    this.#ctx = ctx;
    this.#builder = ctx.builder;
    this.#scope = Scope.root({ ...pathNames });
  }

  // ---------------------------------------------------------------- scoping

  #within(scope: Scope, fn: () => void): void {
    const saved = this.#scope;
    this.#scope = scope;
    try {
      fn();
    } finally {
      this.#scope = saved;
    }
  }

  #withLevel(level: ScopeLevel, fn: () => void): void {
    this.#within(this.#scope.enterLevel(level), fn);
  }

  #pathScope(path: string, fn: () => void): void {
    this.#within(this.#scope.extend({ path: MERGE.path(this.#scope.values.path, path) as string }), fn);
  }

  #run(block: Block | undefined): void {
    block?.(this);
  }

  /** `scope "admin", module: "a", as: "b" do ... end`: path(s), then options, then the block. */
  scope(...args: [...paths: string[], options: ScopeOptions, block: Block] | [...paths: string[], block: Block]): this {
    const { names, options, block } = splitArgs(args);
    if (names.length > 0) options.path = names.map(String).join("/");
    options.constraints ??= {};
    if (!this.#scope.isNested()) {
      if (Object.hasOwn(options, "path")) options.shallowPath ||= options.path;
      if (Object.hasOwn(options, "as")) options.shallowPrefix ||= options.as;
    }
    let blockConstraint: unknown;
    if (isConstraintMap(options.constraints)) {
      let urlDefaults: Hash | undefined;
      for (const k in options.constraints) {
        const v = options.constraints[k];
        if (URL_OPTIONS.includes(k) && (typeof v === "string" || Number.isInteger(v))) (urlDefaults ??= {})[k] = v;
      }
      // Merged into the scope's defaults as a copy; only a request constraint's URL parts add to them here.
      if (urlDefaults) options.defaults = { ...urlDefaults, ...(options.defaults as Hash | undefined) };
    } else {
      blockConstraint = options.constraints;
      options.constraints = {};
    }
    const frame: ScopeFrame = {};
    if (Object.hasOwn(options, "only") || Object.hasOwn(options, "except")) frame.actionOptions = { only: options.only, except: options.except };
    if (Object.hasOwn(options, "anchor")) throw new ArgumentError("anchor is ignored unless passed to `match`");
    const merge = (key: ScopeKey, value: unknown) => ((frame as Hash)[key] = MERGE[key](this.#scope.get(key), value));
    // Each scope key given merges with the parent's value (keys are independent, so their order
    // does not matter). The scope's `options` are what those keys leave, less only/except: Rails
    // deletes each key as it merges it, so `to`, merged after `options`, stays in them too.
    const rest: Hash = {};
    for (const key in options) {
      if (SCOPE_KEYS_BEFORE_OPTIONS.has(key)) merge(key as ScopeKey, options[key]);
      else if (key !== "only" && key !== "except") {
        rest[key] = options[key];
        if (key === "to") merge("to", options.to);
      }
    }
    merge("blocks", blockConstraint);
    merge("options", rest);
    this.#within(this.#scope.extend(frame), () => this.#run(block));
    return this;
  }

  /** `controller :pages do ... end`. */
  controller(controller: string, block: Block): this {
    this.#within(this.#scope.extend({ controller }), () => this.#run(block));
    return this;
  }

  /** `namespace :admin do ... end`: path, module, name prefix and shallow prefix all `admin`. */
  namespace(name: string, ...rest: [block: Block] | [options: NamespaceOptions, block: Block]): this {
    const run = () => {
      const path = String(name);
      const { options, block } = splitArgs(rest);
      const defaults: Hash = {
        module: path,
        as: Object.hasOwn(options, "as") ? options.as : path,
        shallowPath: Object.hasOwn(options, "path") ? options.path : path,
        shallowPrefix: Object.hasOwn(options, "as") ? options.as : path,
      };
      const scopePath = Object.hasOwn(options, "path") ? String(options.path ?? "") : path;
      delete options.path;
      this.#pathScope(scopePath, () => this.scope({ ...defaults, ...options } as ScopeOptions, () => this.#run(block)));
    };
    if (this.#scope.isResourceScope()) this.nested(run);
    else run();
    return this;
  }

  /** `constraints(subdomain: "api") do ... end`, or a lambda / `matches` object. */
  constraints(constraints: ScopeOptions["constraints"], block: Block): this {
    return this.scope({ constraints }, block);
  }

  /** `defaults format: "json" do ... end`. */
  defaults(defaults: Record<string, unknown>, block: Block): this {
    const merged = MERGE.defaults(this.#scope.values.defaults, defaults) as Hash;
    this.#within(this.#scope.extend({ defaults: merged }), () => this.#run(block));
    return this;
  }

  // ---------------------------------------------------------------- resources

  /** `resources :photos` — the seven conventional routes (several names declare several resources). */
  resources(...args: [...names: string[]] | [...names: string[], block: Block] | [...names: string[], options: ResourceOptions] | [...names: string[], options: ResourceOptions, block: Block]): this {
    const { names, options, block } = splitArgs(args);
    this.#declareResource("resources", names.map(String), options, block);
    return this;
  }

  /** `resource :profile` — a singular resource (no index, no `:id`). */
  resource(...args: [...names: string[]] | [...names: string[], block: Block] | [...names: string[], options: ResourceOptions] | [...names: string[], options: ResourceOptions, block: Block]): this {
    const { names, options, block } = splitArgs(args);
    this.#declareResource("resource", names.map(String), options, block);
    return this;
  }

  #declareResource(kind: "resources" | "resource", names: string[], options: Hash, block: Block | undefined): void {
    if (this.#applyCommonBehavior(kind, names, options, block)) return;
    const drawnBefore = this.#builder.routes.length;
    let opts: Hash = options;
    this.#withLevel(kind, () => {
      opts = this.#applyActionOptions(kind, options);
      const Kind = kind === "resources" ? Resource : SingletonResource;
      const resource = new Kind(names[names.length - 1]!, this.#ctx.apiOnly, !!this.#scope.values.shallow, opts);
      this.#resourceScope(resource, () => {
        this.#run(block);
        if (opts.concerns) this.concerns(...(arrayOf(opts.concerns) as string[]));
        const has = (a: ResourceAction) => resource.hasAction(a);
        if (kind === "resources") {
          this.collection(() => {
            if (has("index")) this.#mapVerb("get", "index");
            if (has("create")) this.#mapVerb("post", "create");
          });
          if (has("new")) this.new(() => this.#mapVerb("get", "new"));
          this.#memberMappings(resource);
        } else {
          if (has("new")) this.new(() => this.#mapVerb("get", "new"));
          this.#memberMappings(resource);
          if (has("create")) this.collection(() => this.#mapVerb("post", "create"));
        }
      });
    });
    if (this.#builder.routes.length === drawnBefore) {
      // `only`/`except` (the resource's, else its scope's) left no action, and no block added a route.
      this.#builder.addEmptyResource({
        kind,
        name: names[names.length - 1]!,
        only: opts.only ?? undefined,
        except: opts.except ?? undefined,
        inherited: opts !== options,
        scope: this.#scope.values.path || undefined,
        apiOnly: this.#ctx.apiOnly,
        hasBlock: block !== undefined || !!opts.concerns,
        routesDrawn: 0,
        position: drawnBefore,
      });
    }
  }

  #memberMappings(resource: Resource): void {
    this.member(() => {
      if (resource.hasAction("edit")) this.#mapVerb("get", "edit");
      if (resource.hasAction("show")) this.#mapVerb("get", "show");
      if (resource.hasAction("update")) {
        this.#mapVerb("patch", "update");
        this.#mapVerb("put", "update");
      }
      if (resource.hasAction("destroy")) this.#mapVerb("delete", "destroy");
    });
  }

  #applyCommonBehavior(kind: "resources" | "resource", names: string[], options: Hash, block: Block | undefined): boolean {
    this.#checkResourceOptions(kind, names, options);
    if (names.length > 1) {
      for (const name of names) this.#declareResource(kind, [name], { ...options }, block);
      return true;
    }
    // Without a name Rails 6.1 declares a resource named "" (its routes fail on the empty
    // controller name unless `controller:` gives one or `only: []` declares none).
    if (names.length === 0) {
      this.#declareResource(kind, [""], options, block);
      return true;
    }
    if (options.shallow) {
      delete options.shallow;
      this.shallow(() => this.#declareResource(kind, names, options, block));
      return true;
    }
    if (this.#scope.isResourceScope()) {
      this.nested(() => this.#declareResource(kind, names, options, block));
      return true;
    }
    for (const key of Object.keys(options)) {
      if (options[key] instanceof RegExp) {
        options.constraints = { ...((options.constraints as Hash | undefined) ?? {}), [key]: options[key] };
        delete options[key];
      }
    }
    const scopeOptions: Hash = {};
    for (const key of Object.keys(options)) {
      if (!RESOURCE_OPTIONS.includes(key)) {
        scopeOptions[key] = options[key];
        delete options[key];
      }
    }
    if (Object.keys(scopeOptions).length > 0) {
      this.scope(scopeOptions as ScopeOptions, () => this.#declareResource(kind, names, options, block));
      return true;
    }
    return false;
  }

  /**
   * Unknown resource options are taken for typos and rejected with the resource's name (Rails 8
   * is as strict). Rails 6.1 reads one as a default that URL generation requires; the message says
   * how to keep that meaning: a `scope` around the resource (which, unlike `defaults:`, makes the
   * key required, as Rails' resource option does).
   */
  #checkResourceOptions(kind: string, names: string[], options: Hash): void {
    // Rails hands a resource's non-resource options to `scope`, which rejects `anchor`.
    if (Object.hasOwn(options, "anchor")) throw new ArgumentError("anchor is ignored unless passed to `match`");
    const unknown = Object.keys(options).filter((key) => !RESOURCE_KEYS.has(key) && !(options[key] instanceof RegExp));
    if (unknown.length === 0) return;
    const given = unknown.map((key) => `${objectKey(key)}: ${inspectValue(options[key])}`).join(", ");
    const guesses = unknown.flatMap((key) => {
      const near = nearestWord(key, RESOURCE_KEYS);
      return near === undefined ? [] : [unknown.length === 1 ? near : `${near} for ${key}`];
    });
    const kept = Object.keys(options).length > unknown.length ? ", { ... }" : "";
    const declared = `r.${kind}(${names.map((n) => JSON.stringify(n)).join(", ")}${kept})`;
    throw new ArgumentError(
      `${kind} ${names.map((n) => JSON.stringify(n)).join(", ")}: unknown option${unknown.length > 1 ? "s" : ""} ${given}` +
        `${guesses.length > 0 ? ` (did you mean ${guesses.join(", ")}?)` : ""}. ` +
        `Valid options are ${[...RESOURCE_KEYS].join(", ")}; a segment constraint takes a RegExp (id: /\\d+/). ` +
        `Rails 6.1 makes an unknown option a default that URL generation requires; to keep that meaning, ` +
        `declare the resource in a scope: r.scope({ ${given} }, () => { ${declared}; }).`,
    );
  }

  /** A resource without `only`/`except` takes its scope's, keeping the actions this kind of resource has. */
  #applyActionOptions(kind: "resources" | "resource", options: Hash): Hash {
    if (options.only || options.except) return options;
    const inherited = this.#scope.values.actionOptions;
    if (!inherited) return options;
    const valid = (kind === "resources" ? Resource : SingletonResource).validActions as readonly string[];
    const keep = (v: unknown) => (v == null ? v : arrayOf(v).map(String).filter((a) => valid.includes(a)));
    return { ...options, only: keep(inherited.only), except: keep(inherited.except) };
  }

  #resourceScope(resource: Resource, fn: () => void): void {
    this.#within(this.#scope.extend({ scopeLevelResource: resource }), () => {
      this.#within(this.#scope.extend({ controller: resource.resourceScope }), fn);
    });
  }

  get #parentResource(): Resource | undefined {
    return this.#scope.values.scopeLevelResource;
  }

  #requireResourceScope(what: string): Resource {
    if (!this.#scope.isResourceScope()) throw new ArgumentError(`can't use ${what} outside resource(s) scope`);
    return this.#parentResource!;
  }

  /** Routes on the collection (`/photos/search`). */
  collection(block: Block): this {
    const resource = this.#requireResourceScope("collection");
    this.#withLevel("collection", () => this.#pathScope(resource.collectionScope, () => this.#run(block)));
    return this;
  }

  /** Routes on one member (`/photos/:id/like`). */
  member(block: Block): this {
    const resource = this.#requireResourceScope("member");
    this.#withLevel("member", () => {
      const inner = () => this.#pathScope(resource.memberScope, () => this.#run(block));
      if (this.#isShallow()) this.#shallowScope(inner);
      else inner();
    });
    return this;
  }

  /** Routes on the new-member form (`/photos/new/preview`). */
  new(block: Block): this {
    const resource = this.#requireResourceScope("new");
    this.#withLevel("new", () => this.#pathScope(resource.newScope(this.#actionPath("new")), () => this.#run(block)));
    return this;
  }

  /** Routes nested under one member (`/photos/:photo_id/...`). */
  nested(block: Block): this {
    const resource = this.#requireResourceScope("nested");
    this.#withLevel("nested", () => {
      const inner = () =>
        this.#pathScope(resource.nestedScope, () => this.scope(this.#nestedOptions(resource), () => this.#run(block)));
      if (this.#isShallow() && this.#shallowNestingDepth() >= 1) this.#shallowScope(inner);
      else inner();
    });
    return this;
  }

  /** `shallow do ... end`: nested members drop their parents from paths and names. */
  shallow(block: Block): this {
    this.#within(this.#scope.extend({ shallow: true }), () => this.#run(block));
    return this;
  }

  #isShallow(): boolean {
    const resource = this.#parentResource;
    return !!resource && !resource.isSingleton() && !!this.#scope.values.shallow;
  }

  #shallowNestingDepth(): number {
    let depth = 0;
    for (const node of this.#scope.chain()) if (node.frame.scopeLevelResource?.shallow) depth++;
    return depth;
  }

  #shallowScope(fn: () => void): void {
    this.#within(this.#scope.extend({ as: this.#scope.values.shallowPrefix ?? null, path: this.#scope.values.shallowPath ?? null }), fn);
  }

  #nestedOptions(resource: Resource): ScopeOptions {
    const options: ScopeOptions = { as: resource.memberName };
    const constraint = (this.#scope.values.constraints as Hash | undefined)?.[resource.param];
    if (constraint instanceof RegExp) options.constraints = { [resource.nestedParam]: constraint };
    return options;
  }

  #actionPath(name: string): string {
    return actionPath(this.#scope.values.pathNames, name);
  }

  /**
   * `resources_path_names new: "neu"`: path segments for action names from here on (`new`, `edit`,
   * or any action: `{ preview: "vorschau" }` makes `get("preview", { on: "member" })` `/:id/vorschau`).
   * Merged, as Rails merges them, into the path names of the nearest scope that sets them: the
   * root's (so the names outlast the block they are declared in) unless a `scope` or resource
   * around gives `pathNames`.
   */
  resourcesPathNames(pathNames: PathNames): this {
    if (!isHash(pathNames)) {
      throw new ArgumentError(`resourcesPathNames takes an object of action names and path segments ({ new: "neu" }), not ${inspectValue(pathNames)}`);
    }
    const target = this.#scope.ownPathNames();
    // Defined, not assigned: a "__proto__" key (from JSON) stays a key instead of replacing the prototype.
    for (const key of Object.keys(pathNames)) {
      Object.defineProperty(target, key, { value: pathNames[key], writable: true, enumerable: true, configurable: true });
    }
    return this;
  }

  // ---------------------------------------------------------------- concerns

  /** `concern :commentable do ... end`; the block gets the mapper and the options given to `concerns`. */
  concern(name: string, callback: ConcernCallback): this {
    this.#concerns.set(String(name), callback);
    return this;
  }

  /** `concerns :commentable, :taggable` — replays the named concerns here. */
  concerns(...args: [...names: (string | readonly string[])[]] | [...names: (string | readonly string[])[], options: Hash]): this {
    const { names, options } = splitArgs(args);
    for (const name of names) {
      const concern = this.#concerns.get(String(name));
      if (!concern) throw new ArgumentError(`No concern named ${String(name)} was found!`);
      this.#builder.applyConcern(String(name), () => (typeof concern === "function" ? concern(options, this) : concern.call(this, options)));
    }
    return this;
  }

  // ---------------------------------------------------------------- match and verbs

  /** `match "path", to: "c#a", via: [:get, :post]`, or form 2: `match({ "path": "c#a", via: "get" })`. */
  match(...args: [path: string | symbol, ...more: (string | symbol)[], options: MatchOptions] | [map: MatchOptions] | [path: string | symbol, ...more: (string | symbol)[]]): this {
    let options: Hash;
    let paths: PathArg[];
    if (args.length === 1 && isHash(args[0])) {
      options = { ...(args[0] as Hash) };
      const key = Object.keys(options).find((k) => !MATCH_OPTION_KEYS.has(k));
      if (key === undefined) throw new ArgumentError("Route path not specified");
      const to = options[key];
      if (typeof to === "symbol") options.action = to.description;
      else if (typeof to === "string") {
        if (to.includes("#")) options.to = to;
        else options.controller = to;
      } else options.to = to;
      delete options[key];
      paths = [pathArg(key, Object.hasOwn(options, "path"))];
    } else {
      const rest = [...args];
      options = isHash(rest[rest.length - 1]) ? { ...(rest.pop() as Hash) } : {};
      paths = rest.flat().map((p) => pathArg(p, Object.hasOwn(options, "path")));
    }
    if (Object.hasOwn(options, "defaults")) {
      const defaults = options.defaults as Hash;
      delete options.defaults;
      this.defaults(defaults, () => this.#mapMatch(paths, options));
    } else this.#mapMatch(paths, options);
    return this;
  }

  /** One of a resource's own routes: its action name, as `get :show` would give it. */
  #mapVerb(via: ResourceVerb, action: ResourceAction): void {
    // What `#mapMatch` makes of `{ via }`, without reading the options: 7 of 8 routes of a
    // Rails-shaped table come this way, much of a second draw runs unoptimized, and steps count.
    const scope = this.#scope;
    const args: MatchArgs = {
      controller: scope.values.controller,
      via: RESOURCE_VIA[via],
      formatted: scope.values.format,
      anchor: true,
      optionsConstraints: NO_CONSTRAINTS,
      action: undefined,
      hasAs: false,
      as: undefined,
      options: NO_OPTIONS,
    };
    this.#decomposedMatch(RESOURCE_ACTION_ARGS[action], undefined, undefined, this.#defaultTo(undefined), args);
  }

  /** `to:`, else the scope's `to`, else its `controller#action` when it has both. */
  #defaultTo(to: unknown): unknown {
    const scope = this.#scope;
    const scopeTo = scope.values.to;
    if (scopeTo) to ||= scopeTo;
    const scopeController = scope.values.controller;
    const scopeAction = scope.values.action;
    if (scopeController && scopeAction) to ||= `${scopeController}#${scopeAction}`;
    return to;
  }

  #verb(via: string, args: readonly unknown[]): this {
    const rest = [...args];
    const options = isHash(rest[rest.length - 1]) ? { ...(rest.pop() as Hash) } : {};
    options.via = via;
    return rest.length === 0 ? this.match(options as MatchOptions) : this.match(...(rest as [string]), options as MatchOptions);
  }

  get(...args: [path: string | symbol, ...more: (string | symbol)[], options: MatchOptions] | [map: MatchOptions] | [path: string | symbol, ...more: (string | symbol)[]]): this {
    return this.#verb("get", args);
  }
  post(...args: [path: string | symbol, ...more: (string | symbol)[], options: MatchOptions] | [map: MatchOptions] | [path: string | symbol, ...more: (string | symbol)[]]): this {
    return this.#verb("post", args);
  }
  patch(...args: [path: string | symbol, ...more: (string | symbol)[], options: MatchOptions] | [map: MatchOptions] | [path: string | symbol, ...more: (string | symbol)[]]): this {
    return this.#verb("patch", args);
  }
  put(...args: [path: string | symbol, ...more: (string | symbol)[], options: MatchOptions] | [map: MatchOptions] | [path: string | symbol, ...more: (string | symbol)[]]): this {
    return this.#verb("put", args);
  }
  delete(...args: [path: string | symbol, ...more: (string | symbol)[], options: MatchOptions] | [map: MatchOptions] | [path: string | symbol, ...more: (string | symbol)[]]): this {
    return this.#verb("delete", args);
  }
  options(...args: [path: string | symbol, ...more: (string | symbol)[], options: MatchOptions] | [map: MatchOptions] | [path: string | symbol, ...more: (string | symbol)[]]): this {
    return this.#verb("options", args);
  }

  #mapMatch(paths: PathArg[], options: Hash): void {
    const on = options.on;
    if (on && !VALID_ON.includes(String(on))) {
      throw new ArgumentError(`Unknown scope ${inspectValue(on)} given to :on; use on: "member", "collection" or "new"`);
    }
    const scope = this.#scope;
    let to = this.#defaultTo(options.to);
    const optionPath = options.path as string | undefined;
    const via = arrayOf(Object.hasOwn(options, "via") ? options.via : scope.values.via);
    if (via.length === 0) {
      throw new ArgumentError(
        "You should not use the `match` method in your router without specifying an HTTP method.\n" +
          "If you want to expose your action to both GET and POST, add `via: [:get, :post]` option.\n" +
          "If you want to expose your action to GET, use `get` in the router:\n" +
          '  Instead of: match "controller#action"\n' +
          '  Do: get "controller#action"',
      );
    }
    // What is left once the mapper has taken its keys becomes defaults and segment constraints
    // (a falsy `on` stays, as Rails keeps it). Built without `delete`, which cost ~5 µs per route.
    let rest: Hash | undefined;
    for (const key in options) {
      if (!MAPPER_KEYS.has(key) && !(key === "on" && on)) (rest ??= {})[key] = options[key];
    }
    const args: MatchArgs = {
      controller: options.controller || scope.values.controller,
      via,
      formatted: Object.hasOwn(options, "format") ? options.format : scope.values.format,
      anchor: Object.hasOwn(options, "anchor") ? options.anchor !== false && options.anchor != null : true,
      optionsConstraints: options.constraints || NO_CONSTRAINTS,
      action: options.action,
      hasAs: Object.hasOwn(options, "as"),
      as: options.as,
      options: rest ?? NO_OPTIONS,
    };
    const onScope = on ? (on as string) : undefined;
    // Rails groups paths by class: every string path first, then every action name.
    for (const path of paths) {
      if (path.symbol) continue;
      if (optionPath) throw new ArgumentError("Ambiguous route definition. Both :path and the route path were specified as strings.");
      to = shorthandTo(path.value, to, args.action);
      this.#decomposedMatch(path, path.value, onScope, to, args);
    }
    for (const action of paths) if (action.symbol) this.#decomposedMatch(action, optionPath, onScope, to, args);
  }

  #decomposedMatch(action: PathArg, path: string | undefined, on: string | undefined, to: unknown, args: MatchArgs): void {
    const level = this.#scope.level;
    if (on || level === "resources" || level === "resource") this.#rescopedMatch(action, path, on, to, args);
    else this.#addRoute(action, path, to, args);
  }

  /**
   * `#decomposedMatch` again in the scope `on:` names, or nested in (or on the member of) the
   * resource being declared. Apart, so that the common call makes no context for these closures
   * (a function whose closures capture its arguments allocates one on every call, closures made or not).
   */
  #rescopedMatch(action: PathArg, path: string | undefined, on: string | undefined, to: unknown, args: MatchArgs): void {
    if (on) {
      const again = () => this.#decomposedMatch(action, path, undefined, to, args);
      if (on === "member") this.member(again);
      else if (on === "collection") this.collection(again);
      else this.new(again);
    } else if (this.#scope.level === "resources") this.nested(() => this.#decomposedMatch(action, path, on, to, args));
    else this.member(() => this.#decomposedMatch(action, path, on, to, args));
  }

  #addRoute(actionArg: PathArg, explicitPath: string | undefined, to: unknown, args: MatchArgs): void {
    const scope = this.#scope;
    // One of the six in a member, collection or new scope: it adds nothing to the path or the name.
    const canonical = scope.isResourceMethodScope() && CANONICAL_ACTIONS.includes(actionArg.value);
    const path = pathForAction({ scopePath: scope.values.path, action: actionArg.value, path: explicitPath, canonical, pathNames: scope.values.pathNames });
    if (!present(path)) throw new ArgumentError("path is required");
    let action: string | null = actionArg.value;
    let defaultAction = args.action || scope.values.action;
    if (actionArg.actionLike) {
      if (!defaultAction && !action.includes("/")) defaultAction = underscored(action);
    } else action = null;
    // `as: null`/`false` leave the route unnamed, yet Rails' sheet prints the name of `as: false` as
    // "false". `as: ""` is a name, as Ruby's "" is truthy: it adds nothing of its own to the scope's.
    const as = args.as;
    const name =
      args.hasAs && (as == null || as === false)
        ? as === false ? false : null
        : routeName(
            { as: as as string | undefined, action, canonical, namePrefix: scope.values.as, level: scope.level, resource: this.#parentResource, isTaken: this.#isTaken },
            this.#joinName,
          );
    this.#builder.add({
      scope,
      path: this.#fullPath(path, args.formatted),
      name,
      controller: args.controller,
      defaultAction,
      to,
      via: args.via,
      formatted: args.formatted,
      optionsConstraints: args.optionsConstraints,
      anchor: args.anchor,
      options: args.options,
    });
  }

  /** Whether a route name is taken (`routeName` asks it of every name it generates), bound once. */
  readonly #isTaken = (name: string) => this.#builder.hasNamedRoute(name);
  /** Name and path joiners that keep their last answer (see `lastNameJoiner`). */
  readonly #joinName = lastNameJoiner();
  readonly #fullPath = lastFullPath();

  // ---------------------------------------------------------------- root, redirect, mount

  /** `root "pages#home"` or `root to: "pages#home"`: `GET /` named `root` (in a resources block, its index path). */
  root(path: string | MatchOptions, options?: MatchOptions): this {
    let opts: Hash;
    if (typeof path === "string") opts = { ...(options ?? {}), to: path };
    else if (isHash(path) && (options === undefined || Object.keys(options).length === 0)) opts = { ...path };
    else throw new ArgumentError("must be called with a path and/or options");
    const matchRoot = () => this.match("/", { as: "root", via: "get", ...opts } as MatchOptions);
    if (this.#scope.isResources()) {
      const resource = this.#parentResource!;
      this.#withLevel("root", () => this.#pathScope(resource.path, matchRoot));
    } else matchRoot();
    return this;
  }

  /**
   * `redirect("/new/%{id}", status: 302)`, `redirect(subdomain: "x")`, or `redirect((params, req) => url)`.
   * Ruby's `redirect(status: 302) { |params, req| ... }` passes the block after the options, so
   * `r.redirect({ status: 302 }, (params, req) => url)` works as well as `r.redirect(fn, { status: 302 })`.
   */
  redirect(target: string | RedirectOptions | ((...args: any[]) => string), options?: RedirectOptions | ((...args: any[]) => string)): Redirect {
    // A trailing function is Ruby's `&block`; the rest are Rails' `*args` (options last).
    let block: unknown;
    const args: unknown[] = options === undefined ? [target] : [target, options];
    if (args.length > 1 && typeof args[args.length - 1] === "function") block = args.pop();
    const opts: Hash = isHash(args[args.length - 1]) ? { ...(args.pop() as Hash) } : {};
    const status = Number(opts.status || 301);
    delete opts.status;
    const path = args[0];
    if (Object.keys(opts).length > 0) return new Redirect(status, { kind: "options", options: opts });
    if (typeof path === "string") return new Redirect(status, { kind: "path", path });
    if (typeof path === "function") block = path;
    if (typeof block === "function") return new Redirect(status, { kind: "callback", callback: block as (...a: any[]) => string });
    throw new ArgumentError(`redirection argument not supported: ${inspectValue(path)}; give a path, an options object or a function`);
  }

  /**
   * `mount app, at: "/x"`: any request handler, matched by path prefix with any verb. Rails' hash
   * form, `mount app => "/x", as: "x"` (how most apps mount Sidekiq::Web), is
   * `mount({ "/x": app, as: "x" })`: the entry whose value is a handler gives the path, the other
   * keys are the options.
   */
  mount(app: Handler, options: MountOptions): this;
  mount(mapping: MountMapping): this;
  mount(app: Handler | MountMapping, options?: MountOptions): this {
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
        throw new ArgumentError(`mount got ${apps.length} applications (${shown}) in one hash: mount each with its own call, r.mount({ ${JSON.stringify(apps[0])}: app, ... })`);
      }
      if (apps.length === 1 && "at" in opts) {
        throw new ArgumentError(`mount got both a path (${inspectValue(path)}) and at: ${inspectValue(opts.at)}: give the path once, r.mount({ "/path": app }) or r.mount(app, { at: "/path" })`);
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
    return this.match(String(path), { ...opts, to: handler, anchor: false, format: false } as MatchOptions);
  }

  // ---------------------------------------------------------------- files, custom URLs, settings

  /** `draw :api` — evaluates `<drawPath>/api.ts` here, in the current scope. */
  draw(name: string): this {
    this.#ctx.drawFile(String(name), this);
    return this;
  }

  /** `direct(:homepage) { "https://rubyonrails.org" }` — a custom `homepage_path`/`homepage_url`. */
  direct(name: string, ...rest: [callback: (...args: any[]) => unknown] | [options: Hash, callback: (...args: any[]) => unknown]): this {
    if (!this.#scope.isRoot()) throw new RuntimeError("The direct method can't be used inside a routes scope block");
    const callback = rest[rest.length - 1] as (...args: any[]) => unknown;
    const options = rest.length > 1 ? { ...(rest[0] as Hash) } : {};
    if (typeof callback !== "function") throw new ArgumentError(`direct ${JSON.stringify(name)} needs a callback that returns the URL`);
    this.#builder.addDirect(String(name), callback, options);
    return this;
  }

  /** `resolve("Basket") { [:basket] }` — how polymorphic helpers route a model. */
  resolve(...args: [...models: (string | readonly string[])[], callback: (...args: any[]) => unknown] | [...models: (string | readonly string[])[], options: Hash, callback: (...args: any[]) => unknown]): this {
    if (!this.#scope.isRoot()) throw new RuntimeError("The resolve method can't be used inside a routes scope block");
    const { names, options, block } = splitArgs(args);
    if (!block) throw new ArgumentError(`resolve ${names.map(String).join(", ")} needs a callback that returns the route`);
    for (const model of names) this.#builder.addResolve(String(model), block as (...a: any[]) => unknown, options);
    return this;
  }

  /** `default_url_options host: "example.com"` — the URL options every `_url` helper starts from. */
  defaultUrlOptions(options: Record<string, unknown>): this {
    this.#builder.setDefaultUrlOptions(options);
    return this;
  }
}

/** A `match` declaration's options, split into what the mapper reads and what becomes defaults and constraints. */
interface MatchArgs {
  controller: unknown;
  via: unknown[];
  formatted: unknown;
  anchor: boolean;
  optionsConstraints: unknown;
  /** The `action:` option. */
  action: unknown;
  /** Whether `as:` was given at all (`as: null`/`false` leave the route unnamed). */
  hasAs: boolean;
  as: unknown;
  /** Every other option, in declaration order (shared by the paths of one declaration, never changed). */
  options: Hash;
}

/** The keys of `mount`'s options: in its hash form, never the application's path. */
const MOUNT_OPTION_KEYS: ReadonlySet<string> = new Set(["at", "as", "via", "constraints", "defaults"]);

/** A mounted class is named after itself (`AdminApp` -> `admin_app`), as Rails names mounted Rack classes. */
function appName(app: unknown): string | null {
  if (typeof app !== "function" || !/^class\b/.test(Function.prototype.toString.call(app))) return null;
  return app.name ? underscore(app.name).replace(/\//g, "_") : null;
}

export type { RequestConstraint };
