import type { Redirect } from "../table/redirect-endpoint.js";
export type { RedirectOptions } from "../table/redirect-endpoint.js";
import type { RequestConstraint } from "../table/route.js";
import type { Mapper } from "./mapper.js";
import type { ResourceAction } from "./resource.js";

/** A declaration block: called with the mapper (the same object as the enclosing `r`). */
export type Block = (r: Mapper) => void;

/** A request handler a route can dispatch to instead of a controller (a function or fetch/call-style object). */
export type Handler =
  | ((...args: any[]) => unknown)
  | { fetch(...args: any[]): unknown }
  | { call(...args: any[]): unknown };

export type Via = "get" | "post" | "patch" | "put" | "delete" | "options" | "head" | "all" | (string & {});

/**
 * Path segments for action names (Rails' `path_names`): `new` and `edit` rename a resource's own
 * segments, any other key an action's (`{ preview: "vorschau" }`: `/photos/:id/vorschau`).
 */
export type PathNames = { new?: string; edit?: string; [action: string]: string | undefined };

/** Segment constraints (`{ id: /\d+/ }`) and request constraints (`{ subdomain: "api" }`). */
export type ConstraintMap = Record<string, RegExp | string | number | boolean | readonly unknown[] | null>;

/**
 * Each option set is declared once, as a const object of key -> `option<T>()`: its TypeScript type
 * (`interface MatchOptions extends OptionalOf<typeof MATCH_OPTIONS>, ...`) and its run-time key set (`optionKeys(MATCH_OPTIONS)`) both
 * come from it, so an option added to the object is at once typed and known to the mapper, and a
 * list the mapper keeps of its own is checked against it with `satisfies` (see match.ts, scoping.ts).
 * Option types have no index signature: in TypeScript a misspelled key is an excess-property error,
 * and each is an interface, so that the compiler's message names it ("'onyl' does not exist in type
 * 'ResourceOptions'") rather than spelling out its members.
 * JavaScript callers keep Rails' meaning (an unknown key becomes a default, or with a RegExp a
 * segment constraint), and `lintRoutes` reports such a key when it is one edit from an option.
 */
declare const optionType: unique symbol;
/** The type-carrying marker of one option (at run time only its key matters). */
export interface Option<T, Required extends boolean = false> {
  readonly [optionType]?: [T, Required];
}
/** An optional option of type `T`. */
const option = <T>(): Option<T> => ({});
/** An option that must be given. */
const required = <T>(): Option<T, true> => ({});

type Declared = Record<string, Option<unknown, boolean>>;
type TypeOf<O> = O extends Option<infer T, boolean> ? T : never;
type RequiredKeys<D> = { [K in keyof D]: D[K] extends Option<unknown, true> ? K : never }[keyof D];
/**
 * The options object a declaration describes, in two parts an interface extends: the keys not
 * declared `required` (optional) and those declared `required`. (An interface with one base and
 * no members of its own is printed in messages as its base, spelled out; with two, by its name.)
 */
type OptionalOf<D extends Declared> = { -readonly [K in Exclude<keyof D, RequiredKeys<D>>]?: TypeOf<D[K]> };
type RequiredOf<D extends Declared> = { -readonly [K in RequiredKeys<D>]: TypeOf<D[K]> };
/** The keys of a declaration, as the mapper looks them up at run time. */
export const optionKeys = (declared: Declared): ReadonlySet<string> => new Set(Object.keys(declared));

type Constraints = ConstraintMap | RequestConstraint;
type Format = boolean | string | RegExp;
type Names = string | readonly string[];
/** One action or a list (`only`, `except`). */
type ActionList<A extends string> = A | readonly A[];
/** The actions a singular resource (`resource`) has: a plural resource's less `index`. */
export type SingularResourceAction = Exclude<ResourceAction, "index">;

/** Options of `match` and the verb methods (`get`, `post`, ...). Rails' `map_match` reads them; any other key becomes a default. */
export const MATCH_OPTIONS = {
  /** `"controller#action"`, a redirect, or a handler. */
  to: option<string | Redirect | Handler>(),
  via: option<Via | readonly Via[]>(),
  /** The route name; `null`/`false` leaves the route unnamed. */
  as: option<string | null | false>(),
  on: option<"member" | "collection" | "new">(),
  controller: option<string>(),
  action: option<string>(),
  /** The path when the route is given as an action name (`Symbol.for("preview")`). */
  path: option<string>(),
  /** Segment constraints (`{ id: /\d+/ }`) and request constraints (`{ subdomain: "api" }`), or a request constraint object/function. */
  constraints: option<Constraints>(),
  /** Defaults of the route's params (`{ format: "json" }`, or any key the route should carry). */
  defaults: option<Record<string, unknown>>(),
  /** `false`: no `(.:format)`; `true`: a required `.:format`; a string or RegExp: a format default/constraint. */
  format: option<Format>(),
  /** `false` matches a path prefix. */
  anchor: option<boolean>(),
};
export interface MatchOptions extends OptionalOf<typeof MATCH_OPTIONS>, RequiredOf<typeof MATCH_OPTIONS> {}

/** Options of `scope` (and of `namespace`). Rails' `Scope::OPTIONS`, plus `only`/`except` passed on to resources. */
export const SCOPE_OPTIONS = {
  path: option<string>(),
  /** `null` as in Rails: no module (nested, it joins as nothing: `admin/`). */
  module: option<string | null>(),
  /** `null` as in Rails: no name prefix (nested, it joins as nothing: `adm__daily`). */
  as: option<string | null>(),
  controller: option<string>(),
  action: option<string>(),
  shallowPath: option<string>(),
  shallowPrefix: option<string>(),
  pathNames: option<PathNames>(),
  constraints: option<Constraints>(),
  defaults: option<Record<string, unknown>>(),
  shallow: option<boolean>(),
  format: option<Format>(),
  via: option<Via | readonly Via[]>(),
  /** The actions of the resources inside (`resources` in the block take them unless they give their own). */
  only: option<ActionList<ResourceAction>>(),
  except: option<ActionList<ResourceAction>>(),
  to: option<string>(),
};
export interface ScopeOptions extends OptionalOf<typeof SCOPE_OPTIONS>, RequiredOf<typeof SCOPE_OPTIONS> {}

/** `namespace` takes what `scope` takes (its `path`, `as`, `module` and shallow keys default to the name). */
export type NamespaceOptions = ScopeOptions;

/** The options only `resources`/`resource` read; every scope option is also accepted (it scopes the resource). */
export const RESOURCE_OWN_OPTIONS = {
  as: option<string>(),
  controller: option<string>(),
  path: option<string>(),
  /** The conventional actions to draw: one or a list of `index`, `create`, `new`, `show`, `update`, `destroy`, `edit`. */
  only: option<ActionList<ResourceAction>>(),
  /** The conventional actions not to draw. */
  except: option<ActionList<ResourceAction>>(),
  /** The member segment's name (`param: "slug"`: `/photos/:slug`). */
  param: option<string>(),
  /** Concerns replayed in the resource (`concerns: ["commentable"]`). */
  concerns: option<Names>(),
};
/** Options of `resources`/`resource`: their own, then every scope option. */
export const RESOURCE_OPTIONS = { ...SCOPE_OPTIONS, ...RESOURCE_OWN_OPTIONS };
/** Options of `resources`: `only`/`except` name its seven actions. */
export interface ResourceOptions extends OptionalOf<typeof RESOURCE_OPTIONS>, RequiredOf<typeof RESOURCE_OPTIONS> {}
/** Options of `resource` (singular): `only`/`except` name its six actions (no `index`). */
export interface SingularResourceOptions extends Omit<ResourceOptions, "only" | "except"> {
  only?: ActionList<SingularResourceAction>;
  except?: ActionList<SingularResourceAction>;
}

/** Options of `mount`. */
export const MOUNT_OPTIONS = {
  at: required<string>(),
  as: option<string | null>(),
  via: option<Via | readonly Via[]>(),
  constraints: option<Constraints>(),
  defaults: option<Record<string, unknown>>(),
};
export interface MountOptions extends OptionalOf<typeof MOUNT_OPTIONS>, RequiredOf<typeof MOUNT_OPTIONS> {}

/** Every option key of every option set: a key one edit from one of these that became a default is likely a typo. */
export const ALL_OPTION_KEYS: ReadonlySet<string> = new Set([
  ...optionKeys(MATCH_OPTIONS),
  ...optionKeys(RESOURCE_OPTIONS),
  ...optionKeys(MOUNT_OPTIONS),
]);

/**
 * Rails' hash form of `mount` (`mount Sidekiq::Web => "/sidekiq", as: "sidekiq"`):
 * `r.mount({ "/sidekiq": handler, as: "sidekiq" })`. One entry maps the path to the handler; the
 * other keys are `MountOptions` without `at` (and, as in `match`, `segment: /regexp/` constraints).
 */
export type MountMapping = Omit<MountOptions, "at"> & { readonly [pathOrOption: string]: unknown };
