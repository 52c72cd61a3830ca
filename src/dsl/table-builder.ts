import { ArgumentError } from "../errors.js";
import { PatternCache } from "../pattern/pattern-of.js";
import type { DirectDefinition, ResolveDefinition, ResourceDeclaration, RouteTable } from "../table/route-table.js";
import type { UrlOptions } from "../table/url-options.js";
import type { Route, RouteSource, SourceLocation } from "../table/route.js";
import { buildRoute, type RouteInput } from "./route-builder.js";
import type { SourceLocator } from "./source-locations.js";

const VALID_NAME = /^[_a-z]\w*$/i;

/** Collects routes, names, custom URL helpers and URL options while the DSL runs (Rails' `RouteSet#add_route`). */
export class TableBuilder {
  readonly routes: Route[] = [];
  readonly namedRoutes = new Map<string, Route>();
  readonly directs = new Map<string, DirectDefinition>();
  readonly resolves = new Map<string, ResolveDefinition>();
  /** Resource declarations that drew no route (for the lint's "empty-resource" finding). */
  readonly emptyResources: ResourceDeclaration[] = [];
  defaultUrlOptions: UrlOptions;
  /** This draw's patterns: its memo of the last path is the draw's own (see `PatternCache`). */
  readonly #patterns = new PatternCache();
  /** Locates each route's declaration (`sourceLocations: true`), or null. */
  readonly #locator: SourceLocator | null;
  /** The concern being applied: its name, and the `concerns` call that applied the outermost one. */
  #concern: { readonly name: string; readonly site: SourceLocation | null } | null = null;

  constructor(defaultUrlOptions: UrlOptions = {}, locator: SourceLocator | null = null) {
    this.defaultUrlOptions = { ...defaultUrlOptions };
    this.#locator = locator;
  }

  add(input: RouteInput): Route {
    const name = input.name;
    const source = this.#locator === null ? null : this.#source(this.#locator, TableBuilder.prototype.add);
    // Rails builds the mapping (and checks the controller) before it checks the name.
    const route = buildRoute(input, this.routes.length, this.#patterns, source);
    if (typeof name === "string" && name !== "") {
      if (!VALID_NAME.test(name)) throw new ArgumentError(`Invalid route name: '${name}'`);
      if (name !== this.#unused && this.namedRoutes.has(name)) {
        throw new ArgumentError(
          `Invalid route name, already in use: '${name}' \n` +
            "You may have defined two routes with the same name using the `:as` option, or you may be overriding a route already defined by a resource with the same naming. " +
            "For the latter, you can restrict the routes created with `resources` as explained here: \n" +
            "https://guides.rubyonrails.org/routing.html#restricting-the-routes-created",
        );
      }
    }
    this.routes.push(route);
    if (typeof name === "string" && name !== "") {
      this.namedRoutes.set(name, route);
      this.#unused = null;
    }
    return route;
  }

  /**
   * Applies a concern (`concerns`, or a `concerns:` option): the routes `apply` adds are located at
   * the call that applied it, and name the concern and the line of its body. Nested concerns keep
   * the outermost call (the one outside every concern body) and name the innermost concern.
   */
  applyConcern(name: string, apply: () => void): void {
    if (this.#locator === null) return apply();
    const outer = this.#concern;
    this.#concern = {
      name,
      site: outer !== null ? outer.site : this.#locator.locate(TableBuilder.prototype.applyConcern),
    };
    try {
      apply();
    } finally {
      this.#concern = outer;
    }
  }

  /** Where the declaration calling `below` stands (in a concern: the call that applied it, naming the concern's line). */
  #source(locator: SourceLocator, below: Function): RouteSource | null {
    const here = locator.locate(below);
    const concern = this.#concern;
    if (concern === null || concern.site === null) return here;
    return here === null ? concern.site : { ...concern.site, concern: { name: concern.name, ...here } };
  }

  hasNamedRoute(name: string): boolean {
    if (this.namedRoutes.has(name)) return true;
    this.#unused = name;
    return false;
  }

  /**
   * The last name `hasNamedRoute` found unused, while no route has been named since: the mapper
   * asks for the name it generates, then adds the route, whose name need not be looked up again
   * (one Map lookup of a new string less per route the mapper names).
   */
  #unused: string | null = null;

  /** A resource declaration that drew no route, located as a route would be (`sourceLocations: true`). */
  addEmptyResource(declaration: ResourceDeclaration): void {
    const source = this.#locator === null ? null : this.#source(this.#locator, TableBuilder.prototype.addEmptyResource);
    this.emptyResources.push(Object.freeze(source === null ? declaration : { ...declaration, source }));
  }

  addDirect(name: string, callback: DirectDefinition["callback"], options: Record<string, unknown>): void {
    this.directs.set(name, Object.freeze({ name, callback, options: Object.freeze({ ...options }) }));
  }

  addResolve(modelName: string, callback: ResolveDefinition["callback"], options: Record<string, unknown>): void {
    this.resolves.set(modelName, Object.freeze({ modelName, callback, options: Object.freeze({ ...options }) }));
  }

  setDefaultUrlOptions(options: UrlOptions): void {
    this.defaultUrlOptions = { ...options };
  }

  table(): RouteTable {
    return {
      routes: this.routes,
      namedRoutes: this.namedRoutes,
      defaultUrlOptions: this.defaultUrlOptions,
      directs: this.directs,
      resolves: this.resolves,
      emptyResources: this.emptyResources,
    };
  }
}
