// `match`, the verb methods and `root`: single routes, and a resource's own routes, down to the
// route the table builder adds (Rails' `Mapper::Base#match`, `HttpHelpers` and `add_route`).
import { ArgumentError } from "../errors.js";
import { inspectValue } from "../support/node-inspect.js";
import { isHash, present } from "../support/ruby.js";
import { arrayOf, type PathArg, pathArg } from "./args.js";
import type { DrawState } from "./draw-state.js";
import { routeName, underscored } from "./naming.js";
import { collection, member, nested, newMember } from "./nesting.js";
import { MATCH_OPTIONS, type MatchOptions, optionKeys, RESOURCE_OPTIONS } from "./options.js";
import { pathForAction, shorthandTo } from "./paths.js";
import type { ResourceAction } from "./resource.js";
import { NO_CONSTRAINTS } from "./route-builder.js";
import type { Hash } from "./scope.js";
import { defaults } from "./scoping.js";

const CANONICAL_ACTIONS = ["index", "create", "new", "show", "update", "destroy"];
const VALID_ON = ["new", "collection", "member"];
/** Keys a form-2 map (`r.get({ "path": "c#a", as: "x" })`) reserves for options; the first other key is the path. */
const MATCH_OPTION_KEYS: ReadonlySet<string> = new Set([...optionKeys(MATCH_OPTIONS), ...optionKeys(RESOURCE_OPTIONS)]);
/** Options `match` itself consumes (`on` and `defaults` are read apart); every other key becomes a default or a segment constraint. */
const MAPPER_KEYS: ReadonlySet<string> = new Set([
  "controller",
  "path",
  "to",
  "via",
  "format",
  "anchor",
  "constraints",
  "action",
  "as",
] satisfies Exclude<keyof MatchOptions, "on" | "defaults">[]);
const NO_OPTIONS: Hash = Object.freeze({});

/** A resource's own routes are declared as action names (`get :show`); one frozen argument per action. */
const RESOURCE_ACTION_ARGS = Object.fromEntries(
  (["index", "create", "new", "show", "update", "destroy", "edit"] as const).map((a) => [
    a,
    Object.freeze(pathArg(Symbol.for(a))),
  ]),
) as Record<ResourceAction, PathArg>;

type ResourceVerb = "get" | "post" | "patch" | "put" | "delete";
/** `via` of a resource's own routes, one shared list per verb (the table builder only reads it). */
const RESOURCE_VIA = Object.fromEntries(
  (["get", "post", "patch", "put", "delete"] as const).map((v) => [v, Object.freeze([v]) as unknown[]]),
) as Record<ResourceVerb, unknown[]>;

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

/** `match "path", to: "c#a", via: [:get, :post]`, or form 2: `match({ "path": "c#a", via: "get" })`. */
export function match(st: DrawState, args: readonly unknown[]): void {
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
    const given = options.defaults as Hash;
    delete options.defaults;
    defaults(st, given, () => mapMatch(st, paths, options));
  } else mapMatch(st, paths, options);
}

/** `get`, `post`, ...: `match` with one `via`. */
export function verb(st: DrawState, via: string, args: readonly unknown[]): void {
  const rest = [...args];
  const options = isHash(rest[rest.length - 1]) ? { ...(rest.pop() as Hash) } : {};
  options.via = via;
  match(st, rest.length === 0 ? [options] : [...rest, options]);
}

/** `root "pages#home"` or `root to: "pages#home"`: `GET /` named `root` (in a resources block, its index path). */
export function root(st: DrawState, path: string | MatchOptions, options?: MatchOptions): void {
  let opts: Hash;
  if (typeof path === "string") opts = { ...(options ?? {}), to: path };
  else if (isHash(path) && (options === undefined || Object.keys(options).length === 0)) opts = { ...path };
  else throw new ArgumentError("must be called with a path and/or options");
  const matchRoot = () => match(st, ["/", { as: "root", via: "get", ...opts }]);
  if (st.scope.isResources()) {
    const resource = st.parentResource!;
    st.withLevel("root", () => st.pathScope(resource.path, matchRoot));
  } else matchRoot();
}

/** One of a resource's own routes: its action name, as `get :show` would give it. */
export function mapVerb(st: DrawState, via: ResourceVerb, action: ResourceAction): void {
  // What `mapMatch` makes of `{ via }`, without reading the options: 7 of 8 routes of a
  // Rails-shaped table come this way, much of a second draw runs unoptimized, and steps count.
  const scope = st.scope;
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
  decomposedMatch(st, RESOURCE_ACTION_ARGS[action], undefined, undefined, defaultTo(st, undefined), args);
}

/** `to:`, else the scope's `to`, else its `controller#action` when it has both. */
function defaultTo(st: DrawState, to: unknown): unknown {
  const scope = st.scope;
  const scopeTo = scope.values.to;
  if (scopeTo) to ||= scopeTo;
  const scopeController = scope.values.controller;
  const scopeAction = scope.values.action;
  if (scopeController && scopeAction) to ||= `${scopeController}#${scopeAction}`;
  return to;
}

function mapMatch(st: DrawState, paths: PathArg[], options: Hash): void {
  const on = options.on;
  if (on && !VALID_ON.includes(String(on))) {
    throw new ArgumentError(`Unknown scope ${inspectValue(on)} given to :on; use on: "member", "collection" or "new"`);
  }
  const scope = st.scope;
  let to = defaultTo(st, options.to);
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
    if (optionPath)
      throw new ArgumentError("Ambiguous route definition. Both :path and the route path were specified as strings.");
    to = shorthandTo(path.value, to, args.action);
    decomposedMatch(st, path, path.value, onScope, to, args);
  }
  for (const action of paths) if (action.symbol) decomposedMatch(st, action, optionPath, onScope, to, args);
}

function decomposedMatch(
  st: DrawState,
  action: PathArg,
  path: string | undefined,
  on: string | undefined,
  to: unknown,
  args: MatchArgs,
): void {
  const level = st.scope.level;
  if (on || level === "resources" || level === "resource") rescopedMatch(st, action, path, on, to, args);
  else addRoute(st, action, path, to, args);
}

/**
 * `decomposedMatch` again in the scope `on:` names, or nested in (or on the member of) the
 * resource being declared. Apart, so that the common call makes no context for these closures
 * (a function whose closures capture its arguments allocates one on every call, closures made or not).
 */
function rescopedMatch(
  st: DrawState,
  action: PathArg,
  path: string | undefined,
  on: string | undefined,
  to: unknown,
  args: MatchArgs,
): void {
  if (on) {
    const again = () => decomposedMatch(st, action, path, undefined, to, args);
    if (on === "member") member(st, again);
    else if (on === "collection") collection(st, again);
    else newMember(st, again);
  } else if (st.scope.level === "resources") nested(st, () => decomposedMatch(st, action, path, on, to, args));
  else member(st, () => decomposedMatch(st, action, path, on, to, args));
}

function addRoute(
  st: DrawState,
  actionArg: PathArg,
  explicitPath: string | undefined,
  to: unknown,
  args: MatchArgs,
): void {
  const scope = st.scope;
  // One of the six in a member, collection or new scope: it adds nothing to the path or the name.
  const canonical = scope.isResourceMethodScope() && CANONICAL_ACTIONS.includes(actionArg.value);
  const pathInput = st.pathInput;
  pathInput.scopePath = scope.values.path;
  pathInput.action = actionArg.value;
  pathInput.path = explicitPath;
  pathInput.canonical = canonical;
  pathInput.pathNames = scope.values.pathNames;
  const path = pathForAction(pathInput);
  if (!present(path)) throw new ArgumentError("path is required");
  let action: string | null = actionArg.value;
  let defaultAction = args.action || scope.values.action;
  if (actionArg.actionLike) {
    if (!defaultAction && !action.includes("/")) defaultAction = underscored(action);
  } else action = null;
  // `as: null`/`false` leave the route unnamed, yet Rails' sheet prints the name of `as: false` as
  // "false". `as: ""` is a name, as Ruby's "" is truthy: it adds nothing of its own to the scope's.
  const as = args.as;
  let name: string | null | false;
  if (args.hasAs && (as == null || as === false)) name = as === false ? false : null;
  else {
    const nameInput = st.nameInput;
    nameInput.as = as as string | undefined;
    nameInput.action = action;
    nameInput.canonical = canonical;
    nameInput.namePrefix = scope.values.as;
    nameInput.level = scope.level;
    nameInput.resource = st.parentResource;
    name = routeName(nameInput, st.joinName);
  }
  st.builder.add({
    scope,
    path: st.fullPath(path, args.formatted),
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
