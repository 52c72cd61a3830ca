import { compileHelpers, type HelperCompilation, helperSet, type Helpers } from "./generate/helpers.js";
import { formatRoutes, type InspectOptions } from "./inspect/sheet.js";
import { ArgumentError } from "./errors.js";
import type { RecognizeRequest, RecognizeResult, Recognizer } from "./recognize/index.js";
import type { Route } from "./table/route.js";
import type { DirectDefinition, ResolveDefinition, ResourceDeclaration, RouteTable } from "./table/route-table.js";
import type { UrlOptions } from "./table/url-options.js";

/** How many helper sets `helpersFor` keeps (one made anew costs a few objects, and each helper it is asked for). */
const MAX_BOUND = 16;

/**
 * How a route set made without a recognizer compiles one (`compileRecognizer`): installed by every
 * draw and by the `switchyard` entry on Node, Bun and Deno. Not imported here, so that an app whose
 * table is built (`builtRoutes`, which reads its recognizer back from the data) leaves the
 * compiler out of its bundle.
 */
let compiler: ((routes: readonly Route[]) => Recognizer) | undefined;

/** Installs how a route set made without a recognizer compiles one. */
export function installRecognizerCompiler(compile: (routes: readonly Route[]) => Recognizer): void {
  compiler = compile;
}

/** Whether a route set made without a recognizer can compile one here. */
export function hasRecognizerCompiler(): boolean {
  return compiler !== undefined;
}

/** The result of `draw`: the frozen table and what is compiled from it. */
export class RouteSet implements RouteTable {
  readonly routes: readonly Route[];
  readonly namedRoutes: ReadonlyMap<string, Route>;
  readonly defaultUrlOptions: Readonly<UrlOptions>;
  readonly directs: ReadonlyMap<string, DirectDefinition>;
  readonly resolves: ReadonlyMap<string, ResolveDefinition>;
  /** `resources`/`resource` declarations that drew no route: `lintRoutes(set.routes, { emptyResources: set.emptyResources })` reports them. */
  readonly emptyResources: readonly ResourceDeclaration[];

  /**
   * The route set of `table`, recognizing with `recognizer` (compiled for `table.routes`), or
   * compiling one now: `new RouteSet(table, compileRecognizer(table.routes))` in a Worker's bundle
   * that has drawn no table.
   */
  constructor(table: RouteTable, recognizer?: Recognizer) {
    this.routes = Object.freeze([...table.routes]);
    this.namedRoutes = table.namedRoutes;
    this.defaultUrlOptions = Object.freeze({ ...table.defaultUrlOptions });
    this.directs = table.directs;
    this.resolves = table.resolves;
    this.emptyResources = Object.freeze([...(table.emptyResources ?? [])]);
    // Compiled eagerly, so that drawing pays for it and the first request does not.
    this.#recognizer = recognizer ?? compiled(this.routes);
  }

  readonly #recognizer: Recognizer;

  /** What a Rails app serving `method path` would route to: `{ name, params }`, `{ name, redirect }`, or null (docs/contract.md §2). */
  recognize(method: string, path: string, request?: RecognizeRequest): RecognizeResult | null {
    return this.#recognizer.recognize(method, path, request);
  }

  /**
   * Whether recognizing may read the `request` argument: true when a route has request constraints
   * (`host:`, `subdomain:`, ...), a lambda or `matches?` constraint, a redirect or a mount. When
   * false, `recognize(method, path)` gives the same answer with or without it, so a server need not
   * build it (the dispatcher then passes none).
   */
  get readsRequest(): boolean {
    return this.#recognizer.readsRequest;
  }

  /**
   * What `method path` matches after `route`: the next route Rails' router tries when `route`'s
   * endpoint answers `X-Cascade: pass` (a mounted app passing, a `:controller` naming no controller).
   */
  recognizeAfter(route: Route, method: string, path: string, request?: RecognizeRequest): RecognizeResult | null {
    return this.#recognizer.recognizeAfter(route, method, path, request);
  }

  #compiled: HelperCompilation | undefined;
  #helpers: Helpers | undefined;

  /** The routes compiled for the helpers: once per route set, shared by every helper set. */
  get #compilation(): HelperCompilation {
    return (this.#compiled ??= compileHelpers(this));
  }

  /** `photo_path`, `photo_url`, `url_for`, `polymorphic_path`, ... compiled once, on first use (docs/contract.md §3). */
  get helpers(): Helpers {
    return (this.#helpers ??= helperSet(this.#compilation, this.defaultUrlOptions));
  }

  /** Helper sets with other default URL options, by those options (as JSON). */
  readonly #bound = new Map<string, Helpers>();

  /**
   * The helpers with `options` over the route set's default URL options, as a Rails controller's
   * are (its request's protocol, host, port and script name): `helpersFor({ host: "example.org",
   * protocol: "https" }).photo_url(1)`. The routes are compiled once; a set for new options makes
   * each helper when it is first read, so a Host never seen before costs a few objects, not a
   * rebuild of the table's helpers. The last few sets are kept, so asking for every request costs
   * a lookup.
   */
  helpersFor(options: Readonly<UrlOptions>): Helpers {
    const key = JSON.stringify(options);
    let helpers = this.#bound.get(key);
    if (helpers === undefined) {
      if (this.#bound.size >= MAX_BOUND) this.#bound.delete(this.#bound.keys().next().value!);
      helpers = helperSet(this.#compilation, { ...this.defaultUrlOptions, ...options }, true);
      this.#bound.set(key, helpers);
    }
    return helpers;
  }

  /** The `bin/rails routes` sheet (or the expanded form), optionally filtered. */
  inspect(options: InspectOptions = {}): string {
    return formatRoutes(this.routes, options);
  }
}

function compiled(routes: readonly Route[]): Recognizer {
  if (compiler !== undefined) return compiler(routes);
  throw new ArgumentError(
    'new RouteSet(table) compiles a recognizer, and this bundle has not loaded the compiler (a Worker\'s bundle that draws no table): pass one, `new RouteSet(table, compileRecognizer(table.routes))` with `import { compileRecognizer } from "switchyard"`',
  );
}
