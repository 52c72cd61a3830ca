import { formatRoutes, type InspectOptions } from "../inspect/sheet.js";
import type { Route } from "./route.js";
import { buildHelpers, type Helpers } from "../generate/helpers.js";
import { compileRecognizer, type RecognizeRequest, type RecognizeResult, type Recognizer } from "../recognize/index.js";

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

/** The result of `draw`: the frozen table and what is compiled from it. */
export class RouteSet implements RouteTable {
  readonly routes: readonly Route[];
  readonly namedRoutes: ReadonlyMap<string, Route>;
  readonly defaultUrlOptions: Readonly<UrlOptions>;
  readonly directs: ReadonlyMap<string, DirectDefinition>;
  readonly resolves: ReadonlyMap<string, ResolveDefinition>;

  constructor(table: RouteTable) {
    this.routes = Object.freeze([...table.routes]);
    this.namedRoutes = table.namedRoutes;
    this.defaultUrlOptions = Object.freeze({ ...table.defaultUrlOptions });
    this.directs = table.directs;
    this.resolves = table.resolves;
    // Compiled eagerly, so that drawing pays for it and the first request does not.
    this.#recognizer = compileRecognizer(this.routes);
  }

  readonly #recognizer: Recognizer;

  /** What a Rails app serving `method path` would route to: `{ name, params }`, `{ name, redirect }`, or null (SPEC §2). */
  recognize(method: string, path: string, request?: RecognizeRequest): RecognizeResult | null {
    return this.#recognizer.recognize(method, path, request);
  }

  #helpers: Helpers | undefined;

  /** `photo_path`, `photo_url`, `url_for`, `polymorphic_path`, ... compiled once, on first use (SPEC §3). */
  get helpers(): Helpers {
    return (this.#helpers ??= buildHelpers(this));
  }

  /** The `bin/rails routes` sheet (or the expanded form), optionally filtered. */
  inspect(options: InspectOptions = {}): string {
    return formatRoutes(this.routes, options);
  }
}
