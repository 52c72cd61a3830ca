import type { Route, RouteSource } from "./route.js";
import type { UrlOptions } from "./url-options.js";

/** A `direct` declaration: a custom helper `<name>_path`/`<name>_url`. */
export interface DirectDefinition {
  readonly name: string;
  readonly callback: (...args: any[]) => unknown;
  readonly options: Readonly<Record<string, unknown>>;
}

/** A `resolve` declaration: how polymorphic helpers map a model class name to a route. */
export interface ResolveDefinition {
  readonly modelName: string;
  readonly callback: (...args: any[]) => unknown;
  readonly options: Readonly<Record<string, unknown>>;
}

/**
 * `only`/`except` that leave a resource with no route. What the mapper knows when it declares a
 * resource: its kind and name, the options, and whether anything else declares routes inside it
 * (a block, `concerns:`). `resources :photos, only: [] do ... end` is Rails' idiom for nesting
 * under a parent that has no routes of its own, so a block keeps the declaration quiet; the exact
 * test is `routesDrawn`, the number of routes the declaration added, where the mapper can count it.
 */
export interface ResourceDeclaration {
  readonly kind: "resources" | "resource";
  readonly name: string;
  readonly only?: unknown;
  readonly except?: unknown;
  /** `draw(..., { apiOnly: true })`: no `new`/`edit` by default. */
  readonly apiOnly?: boolean;
  /** A block, or `concerns:`, may declare routes inside the resource. */
  readonly hasBlock?: boolean;
  /** How many routes the declaration added, block included (when known, it decides). */
  readonly routesDrawn?: number;
  /** `only`/`except` came from an enclosing `scope`, not the declaration. */
  readonly inherited?: boolean;
  /** The path of the scope it is declared in (`/photos/:photo_id` for one nested in photos). */
  readonly scope?: string;
  /** Where it stands in the route table: the number of routes declared before it. */
  readonly position?: number;
  /** Where it was declared, when the table was drawn with `sourceLocations: true`. */
  readonly source?: RouteSource;
}

/** Everything `draw` produces, handed to the route set. */
export interface RouteTable {
  readonly routes: readonly Route[];
  readonly namedRoutes: ReadonlyMap<string, Route>;
  readonly defaultUrlOptions: Readonly<UrlOptions>;
  readonly directs: ReadonlyMap<string, DirectDefinition>;
  readonly resolves: ReadonlyMap<string, ResolveDefinition>;
  /** `resources`/`resource` declarations that drew no route (`lintRoutes` reports them). */
  readonly emptyResources?: readonly ResourceDeclaration[];
}
