import type { Redirect } from "../table/redirect-endpoint.js";
import { type ConcernCallback, concern, concerns } from "./concerns.js";
import { DrawState } from "./draw-state.js";
import { match, root, verb } from "./match.js";
import { mount } from "./mount.js";
import { collection, member, nested, newMember, shallow } from "./nesting.js";
import type {
  Block,
  Handler,
  MatchOptions,
  MountMapping,
  MountOptions,
  NamespaceOptions,
  PathNames,
  RedirectOptions,
  ResourceOptions,
  ScopeOptions,
  SingularResourceOptions,
} from "./options.js";
import { redirect } from "./redirect-declaration.js";
import { resources, resourcesPathNames } from "./resource-routes.js";
import type { Hash } from "./scope.js";
import { controller, defaults, namespace, scope } from "./scoping.js";
import type { TableBuilder } from "./table-builder.js";
import { defaultUrlOptions, direct, resolve } from "./url-declarations.js";

/** A declaration function's state shared with route files: the mapper evaluates them in its current scope. */
export interface MapperContext {
  readonly builder: TableBuilder;
  readonly apiOnly: boolean;
  readonly drawFile: (name: string, mapper: Mapper) => void;
}

/** The resource names (Rails takes none too: `resources only: []` declares a resource named ""). */
type Names = string[];
/** Form 2 of `match` (`r.get({ "photos/:id": "photos#show", as: "photo" })`): the path is a key, so any key is allowed. */
type MatchMap = MatchOptions & { readonly [path: string]: unknown };
type MatchArgs =
  | [path: string | symbol, ...more: (string | symbol)[], options: MatchOptions]
  | [map: MatchMap]
  | [path: string | symbol, ...more: (string | symbol)[]];
type Path = string | symbol;
type Paths = [path: Path, ...more: Path[]];
type PathsAndOptions = [path: Path, other: Path, ...more: Path[], options: MatchOptions];

/**
 * The routing DSL (`r` in `draw((r) => { ... })`): Rails' `ActionDispatch::Routing::Mapper`.
 * Each declaration runs synchronously inside a scope of its own, restored afterwards. The methods
 * are the DSL's verbs; each is carried out by the module of its kind (scoping, resource-routes,
 * nesting, concerns, match, mount, redirect, url-declarations), over the draw's shared state.
 */
export class Mapper {
  readonly #st: DrawState;

  constructor(ctx: MapperContext, pathNames: PathNames = { new: "new", edit: "edit" }) {
    this.#st = new DrawState(this, ctx, pathNames);
  }

  // ---------------------------------------------------------------- scoping

  /** `scope "admin", module: "a", as: "b" do ... end`: path(s), then options, then the block. */
  scope(...args: [...paths: string[], block: Block]): this;
  scope(...args: [...paths: string[], options: ScopeOptions, block: Block]): this;
  scope(...args: [...paths: string[], options: ScopeOptions, block: Block] | [...paths: string[], block: Block]): this {
    scope(this.#st, args);
    return this;
  }

  /** `controller :pages do ... end`. */
  controller(name: string, block: Block): this {
    controller(this.#st, name, block);
    return this;
  }

  /** `namespace :admin do ... end`: path, module, name prefix and shallow prefix all `admin`. */
  namespace(name: string, ...rest: [block: Block] | [options: NamespaceOptions, block: Block]): this {
    namespace(this.#st, name, rest);
    return this;
  }

  /** `constraints(subdomain: "api") do ... end`, or a function / `matches` or `call` object. */
  constraints(constraints: ScopeOptions["constraints"], block: Block): this {
    return this.scope({ constraints }, block);
  }

  /** `defaults format: "json" do ... end`. */
  defaults(given: Record<string, unknown>, block: Block): this {
    defaults(this.#st, given, block);
    return this;
  }

  // ---------------------------------------------------------------- resources

  // Overloads, not one signature over a union of tuples: a misspelled option is then reported
  // against the last overload, by the option's name ("'onyl' does not exist in type
  // 'ResourceOptions'"), where a union of tuples made TypeScript compare the name with the options.
  // The last overload takes one name and options, or, when its second argument is a string,
  // several names then options: so that with several names too the error is the option's, not
  // "Type '"b"' has no properties in common with type 'ResourceOptions'". (Its options parameter
  // is `ResourceOptions` itself when `S` is not a string, so an object literal is checked for
  // excess keys against it, not against its own inferred type.)

  /** `resources :photos` — the seven conventional routes (several names declare several resources). */
  resources(...names: Names): this;
  resources(...args: [...names: Names, block: Block]): this;
  resources(...args: [...names: Names, options: ResourceOptions, block: Block]): this;
  resources(...args: [...names: Names, options: ResourceOptions]): this;
  resources<const S extends ResourceOptions | string>(
    name: string,
    options: S extends string ? S : ResourceOptions,
    ...rest: S extends string ? [...names: Names, options: ResourceOptions] : [block?: Block]
  ): this;
  resources(...args: unknown[]): this {
    resources(this.#st, "resources", args);
    return this;
  }

  /** `resource :profile` — a singular resource (no index, no `:id`). */
  resource(...names: Names): this;
  resource(...args: [...names: Names, block: Block]): this;
  resource(...args: [...names: Names, options: SingularResourceOptions, block: Block]): this;
  resource(...args: [...names: Names, options: SingularResourceOptions]): this;
  resource<const S extends SingularResourceOptions | string>(
    name: string,
    options: S extends string ? S : SingularResourceOptions,
    ...rest: S extends string ? [...names: Names, options: SingularResourceOptions] : [block?: Block]
  ): this;
  resource(...args: unknown[]): this {
    resources(this.#st, "resource", args);
    return this;
  }

  /** Routes on the collection (`/photos/search`). */
  collection(block: Block): this {
    collection(this.#st, block);
    return this;
  }

  /** Routes on one member (`/photos/:id/like`). */
  member(block: Block): this {
    member(this.#st, block);
    return this;
  }

  /** Routes on the new-member form (`/photos/new/preview`). */
  new(block: Block): this {
    newMember(this.#st, block);
    return this;
  }

  /** Routes nested under one member (`/photos/:photo_id/...`). */
  nested(block: Block): this {
    nested(this.#st, block);
    return this;
  }

  /** `shallow do ... end`: nested members drop their parents from paths and names. */
  shallow(block: Block): this {
    shallow(this.#st, block);
    return this;
  }

  /**
   * `resources_path_names new: "neu"`: path segments for action names from here on (`new`, `edit`,
   * or any action: `{ preview: "vorschau" }` makes `get("preview", { on: "member" })` `/:id/vorschau`).
   * Merged, as Rails merges them, into the path names of the nearest scope that sets them: the
   * root's (so the names outlast the block they are declared in) unless a `scope` or resource
   * around gives `pathNames`.
   */
  resourcesPathNames(pathNames: PathNames): this {
    resourcesPathNames(this.#st, pathNames);
    return this;
  }

  // ---------------------------------------------------------------- concerns

  /** `concern :commentable do ... end`; the block gets the options given to `concerns` and the mapper (or an object's `call(mapper, options)`). */
  concern(name: string, callback: ConcernCallback): this {
    concern(this.#st, name, callback);
    return this;
  }

  /** `concerns :commentable, :taggable` — replays the named concerns here. */
  concerns(
    ...args: [...names: (string | readonly string[])[]] | [...names: (string | readonly string[])[], options: Hash]
  ): this {
    concerns(this.#st, args);
    return this;
  }

  // ---------------------------------------------------------------- match and verbs

  // Overloads, the common `(path, options)` last: a misspelled option is reported by name ("'too'
  // does not exist in type 'MatchOptions'"), as for resources.

  /** `match "path", to: "c#a", via: [:get, :post]`, or form 2: `match({ "path": "c#a", via: "get" })`. */
  match(map: MatchMap): this;
  match(...paths: Paths): this;
  match(...args: PathsAndOptions): this;
  match(path: Path, options: MatchOptions): this;
  match(...args: MatchArgs): this {
    match(this.#st, args);
    return this;
  }

  get(map: MatchMap): this;
  get(...paths: Paths): this;
  get(...args: PathsAndOptions): this;
  get(path: Path, options: MatchOptions): this;
  get(...args: MatchArgs): this {
    verb(this.#st, "get", args);
    return this;
  }
  post(map: MatchMap): this;
  post(...paths: Paths): this;
  post(...args: PathsAndOptions): this;
  post(path: Path, options: MatchOptions): this;
  post(...args: MatchArgs): this {
    verb(this.#st, "post", args);
    return this;
  }
  patch(map: MatchMap): this;
  patch(...paths: Paths): this;
  patch(...args: PathsAndOptions): this;
  patch(path: Path, options: MatchOptions): this;
  patch(...args: MatchArgs): this {
    verb(this.#st, "patch", args);
    return this;
  }
  put(map: MatchMap): this;
  put(...paths: Paths): this;
  put(...args: PathsAndOptions): this;
  put(path: Path, options: MatchOptions): this;
  put(...args: MatchArgs): this {
    verb(this.#st, "put", args);
    return this;
  }
  delete(map: MatchMap): this;
  delete(...paths: Paths): this;
  delete(...args: PathsAndOptions): this;
  delete(path: Path, options: MatchOptions): this;
  delete(...args: MatchArgs): this {
    verb(this.#st, "delete", args);
    return this;
  }
  options(map: MatchMap): this;
  options(...paths: Paths): this;
  options(...args: PathsAndOptions): this;
  options(path: Path, options: MatchOptions): this;
  options(...args: MatchArgs): this {
    verb(this.#st, "options", args);
    return this;
  }

  /** `root "pages#home"` or `root to: "pages#home"`: `GET /` named `root` (in a resources block, its index path). */
  root(path: string | MatchOptions, options?: MatchOptions): this {
    root(this.#st, path, options);
    return this;
  }

  // ---------------------------------------------------------------- redirect, mount

  /**
   * `redirect("/new/%{id}", status: 302)`, `redirect(subdomain: "x")`, or `redirect((params, req) => url)`.
   * Ruby's `redirect(status: 302) { |params, req| ... }` passes the block after the options, so
   * `r.redirect({ status: 302 }, (params, req) => url)` works as well as `r.redirect(fn, { status: 302 })`.
   */
  redirect(
    target: string | RedirectOptions | ((...args: any[]) => string),
    options?: RedirectOptions | ((...args: any[]) => string),
  ): Redirect {
    return redirect(target, options);
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
    mount(this.#st, app, options);
    return this;
  }

  // ---------------------------------------------------------------- files, custom URLs, settings

  /** `draw :api` — evaluates `<drawPath>/api.ts` here, in the current scope. */
  draw(name: string): this {
    this.#st.drawFile(String(name), this);
    return this;
  }

  /** `direct(:homepage) { "https://rubyonrails.org" }` — a custom `homepage_path`/`homepage_url`. */
  direct(
    name: string,
    ...rest: [callback: (...args: any[]) => unknown] | [options: Hash, callback: (...args: any[]) => unknown]
  ): this {
    direct(this.#st, name, rest);
    return this;
  }

  /** `resolve("Basket") { [:basket] }` — how polymorphic helpers route a model. */
  resolve(
    ...args:
      | [...models: (string | readonly string[])[], callback: (...args: any[]) => unknown]
      | [...models: (string | readonly string[])[], options: Hash, callback: (...args: any[]) => unknown]
  ): this {
    resolve(this.#st, args);
    return this;
  }

  /** `default_url_options host: "example.com"` — the URL options every `_url` helper starts from. */
  defaultUrlOptions(options: Record<string, unknown>): this {
    defaultUrlOptions(this.#st, options);
    return this;
  }
}
