import type { Redirect } from "../table/redirect-endpoint.js";
export type { RedirectOptions } from "../table/redirect-endpoint.js";
import type { RequestConstraint } from "../table/route.js";
import type { Mapper } from "./mapper.js";

/** A declaration block: called with the mapper (the same object as the enclosing `r`). */
export type Block = (r: Mapper) => void;

/** A request handler a route can dispatch to instead of a controller (a function or fetch/call-style object). */
export type Handler = ((...args: any[]) => unknown) | { fetch(...args: any[]): unknown } | { call(...args: any[]): unknown };

export type Via = "get" | "post" | "patch" | "put" | "delete" | "options" | "head" | "all" | (string & {});

/**
 * Path segments for action names (Rails' `path_names`): `new` and `edit` rename a resource's own
 * segments, any other key an action's (`{ preview: "vorschau" }`: `/photos/:id/vorschau`).
 */
export type PathNames = { new?: string; edit?: string; [action: string]: string | undefined };

/** Segment constraints (`{ id: /\d+/ }`) and request constraints (`{ subdomain: "api" }`). */
export type ConstraintMap = Record<string, RegExp | string | number | boolean | readonly unknown[] | null>;

/** Options of `match` and the verb methods (`get`, `post`, ...). Unknown keys become defaults, as in Rails. */
export interface MatchOptions {
  /** `"controller#action"`, a redirect, or a handler. */
  to?: string | Redirect | Handler;
  via?: Via | readonly Via[];
  /** The route name; `null`/`false` leaves the route unnamed. */
  as?: string | null | false;
  on?: "member" | "collection" | "new";
  controller?: string;
  action?: string;
  /** The path when the route is given as an action name (`Symbol.for("preview")`). */
  path?: string;
  constraints?: ConstraintMap | RequestConstraint;
  defaults?: Record<string, unknown>;
  /** `false`: no `(.:format)`; `true`: a required `.:format`; a string or RegExp: a format default/constraint. */
  format?: boolean | string | RegExp;
  /** `false` matches a path prefix. */
  anchor?: boolean;
  [key: string]: unknown;
}

/** Options of `scope` (and of `namespace`, `constraints`, `defaults` blocks). Unknown keys become defaults or, as RegExps, constraints. */
export interface ScopeOptions {
  path?: string;
  /** `null` as in Rails: no module (nested, it joins as nothing: `admin/`). */
  module?: string | null;
  /** `null` as in Rails: no name prefix (nested, it joins as nothing: `adm__daily`). */
  as?: string | null;
  controller?: string;
  action?: string;
  shallowPath?: string;
  shallowPrefix?: string;
  pathNames?: PathNames;
  constraints?: ConstraintMap | RequestConstraint;
  defaults?: Record<string, unknown>;
  shallow?: boolean;
  format?: boolean | string | RegExp;
  via?: Via | readonly Via[];
  only?: string | readonly string[];
  except?: string | readonly string[];
  to?: string;
  [key: string]: unknown;
}

/** Options of `resources`/`resource`. */
export interface ResourceOptions {
  as?: string;
  controller?: string;
  path?: string;
  only?: string | readonly string[];
  except?: string | readonly string[];
  param?: string;
  concerns?: string | readonly string[];
  module?: string;
  pathNames?: PathNames;
  shallow?: boolean;
  shallowPath?: string;
  shallowPrefix?: string;
  format?: boolean | string | RegExp;
  constraints?: ConstraintMap | RequestConstraint;
  defaults?: Record<string, unknown>;
  /** Any other key must hold a RegExp: a segment constraint (`id: /\d+/`). */
  [segment: string]: unknown;
}

export interface NamespaceOptions {
  path?: string;
  as?: string | null;
  module?: string | null;
  shallowPath?: string;
  shallowPrefix?: string;
  [key: string]: unknown;
}

export interface MountOptions {
  at: string;
  as?: string | null;
  via?: Via | readonly Via[];
  constraints?: ConstraintMap | RequestConstraint;
  defaults?: Record<string, unknown>;
}

/**
 * Rails' hash form of `mount` (`mount Sidekiq::Web => "/sidekiq", as: "sidekiq"`):
 * `r.mount({ "/sidekiq": handler, as: "sidekiq" })`. One entry maps the path to the handler; the
 * other keys are `MountOptions` without `at` (and, as in `match`, `segment: /regexp/` constraints).
 */
export type MountMapping = Omit<MountOptions, "at"> & { readonly [pathOrOption: string]: unknown };
