import type { Route } from "./route.js";

/** URL options that `_url` helpers and `url_for` read (Rails' `default_url_options`). */
export interface UrlOptions {
  host?: string;
  protocol?: string;
  port?: number | string | null;
  subdomain?: string | false;
  domain?: string;
  scriptName?: string;
  trailingSlash?: boolean;
  onlyPath?: boolean;
  user?: string;
  password?: string;
  anchor?: string;
  params?: Record<string, unknown>;
  [key: string]: unknown;
}

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

/** Everything `draw` produces, handed to the route set. */
export interface RouteTable {
  readonly routes: readonly Route[];
  readonly namedRoutes: ReadonlyMap<string, Route>;
  readonly defaultUrlOptions: Readonly<UrlOptions>;
  readonly directs: ReadonlyMap<string, DirectDefinition>;
  readonly resolves: ReadonlyMap<string, ResolveDefinition>;
}
