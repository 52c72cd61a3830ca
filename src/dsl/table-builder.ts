import { ArgumentError } from "../errors.js";
import { PatternCache } from "../pattern/path.js";
import type { DirectDefinition, ResolveDefinition, RouteTable, UrlOptions } from "../table/route-table.js";
import type { Route } from "../table/route.js";
import { buildRoute, type MappingInput } from "./mapping.js";

const VALID_NAME = /^[_a-z]\w*$/i;

/** Collects routes, names, custom URL helpers and URL options while the DSL runs (Rails' `RouteSet#add_route`). */
export class TableBuilder {
  readonly routes: Route[] = [];
  readonly namedRoutes = new Map<string, Route>();
  readonly directs = new Map<string, DirectDefinition>();
  readonly resolves = new Map<string, ResolveDefinition>();
  defaultUrlOptions: UrlOptions;
  /** This draw's patterns: its memo of the last path is the draw's own (see `PatternCache`). */
  readonly #patterns = new PatternCache();

  constructor(defaultUrlOptions: UrlOptions = {}) {
    this.defaultUrlOptions = { ...defaultUrlOptions };
  }

  add(input: MappingInput): Route {
    const name = input.name;
    // Rails builds the mapping (and checks the controller) before it checks the name.
    const route = buildRoute(input, this.routes.length, this.#patterns);
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
    };
  }
}
