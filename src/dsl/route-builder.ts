// One route from one declaration in its scope (Rails' `Mapper::Mapping`): what `TableBuilder#add`
// calls for each route the DSL declares, and the predicates the DSL shares with it (constraint
// maps and objects, callables, verb names).
import { ArgumentError } from "../errors.js";
import type { PathPattern } from "../pattern/path.js";
import type { PatternCache } from "../pattern/pattern-of.js";
import { inspectValue } from "../support/node-inspect.js";
import { nearestWord } from "../support/spelling.js";
import { ALL_OPTION_KEYS } from "./options.js";
import { asRubyRegExp, RubyRegExpError } from "../pattern/ruby-regexp.js";
import { rubyFormOf } from "../support/regexp-forms.js";
import { isHash, rubyInspect, rubyRegexpInspect } from "../support/ruby.js";
import { Redirect } from "../table/redirect-endpoint.js";
import type { Endpoint, RequestConstraint, Requirement, Route, RouteSource } from "../table/route.js";
import { type Hash, hasKeys, type Scope } from "./scope.js";

/** Request attributes a hash constraint may test (Rails keeps only keys `ActionDispatch::Request` answers). */
const REQUEST_ATTRIBUTES = new Set([
  "subdomain",
  "subdomains",
  "host",
  "domain",
  "ip",
  "remote_ip",
  "protocol",
  "scheme",
  "port",
  "method",
  "request_method",
  "path",
  "fullpath",
  "original_fullpath",
  "url",
  "original_url",
  "query_string",
  "media_type",
  "content_type",
  "user_agent",
  "referer",
  "referrer",
  "authorization",
  "host_with_port",
  "port_string",
  "server_name",
  "headers",
  "xhr",
  "ssl",
  "format",
  "local",
]);

/** URL options that a request constraint also turns into a default (Rails' `URL_OPTIONS`). */
export const URL_OPTIONS = ["protocol", "subdomain", "domain", "host", "port"];

const VERBS = new Set(["DELETE", "GET", "HEAD", "OPTIONS", "LINK", "PATCH", "POST", "PUT", "TRACE", "UNLINK"]);

/** A declared route as the DSL hands it over: everything Rails' `add_route` passes to `Mapping.build`. */
export interface RouteInput {
  scope: Scope;
  path: string;
  /** The route name; `false` (from `as: false`) is unnamed but shown as "false", as Rails shows it. */
  name: string | null | false;
  controller: unknown;
  defaultAction: unknown;
  to: unknown;
  via: readonly unknown[];
  formatted: unknown;
  optionsConstraints: unknown;
  anchor: boolean;
  options: Hash;
}

/** Something a route can dispatch to other than a controller: a function or a fetch/call-style handler. */
export function isCallable(v: unknown): boolean {
  if (typeof v === "function") return true;
  if (typeof v !== "object" || v === null) return false;
  const o = v as { fetch?: unknown; call?: unknown; handle?: unknown };
  return typeof o.fetch === "function" || typeof o.call === "function" || typeof o.handle === "function";
}

/**
 * A map of segment/request constraints, as opposed to a constraint object. Rails tells them apart
 * by class (a Hash is a map); a plain object here is both, so one with a `matches` or `call` method
 * is taken for an object, as Rails takes any object that responds to `matches?` or `call`.
 */
export function isConstraintMap(v: unknown): v is Hash {
  return isHash(v) && typeof v.matches !== "function" && typeof v.call !== "function";
}

/** A function, or an object with a `matches(req)` or `call(...)` method (Rails: responds to `matches?` or `call`). */
function isConstraintObject(v: unknown): boolean {
  if (typeof v === "function") return true;
  if (typeof v !== "object" || v === null) return false;
  const o = v as { matches?: unknown; call?: unknown };
  return typeof o.matches === "function" || typeof o.call === "function";
}

/**
 * How a mounted handler or `to:` callable shows in the sheet, saying what it is as Rails shows a
 * Rack app's class name or `inspect` (`MyApp`, `#<Proc:... (lambda)>`, `#<Inst:0x...>`): a handler
 * made by `createHandler` is `switchyard handler`, an Express app `Express app` (Express names its
 * app function `app`), an object with `fetch()` of a class `Hono app` (its class's name and "app"),
 * any other function or object its own name, or its class's.
 */
function appLabel(app: unknown): string {
  if ((app as { [k: symbol]: unknown } | null)?.[Symbol.for("switchyard.dispatcher")] !== undefined)
    return "switchyard handler";
  if (typeof app === "function") {
    const f = app as { handle?: unknown; use?: unknown; set?: unknown };
    if (typeof f.handle === "function" && typeof f.use === "function" && typeof f.set === "function")
      return "Express app";
    return app.name || "(anonymous handler)";
  }
  const ctor = (app as { constructor?: { name?: string } }).constructor;
  const named = ctor?.name && ctor.name !== "Object" ? ctor.name : null;
  if (named !== null && typeof (app as { fetch?: unknown }).fetch === "function") return `${named} app`;
  return named ?? "(handler)";
}

/** `Journey::Route.verb_matcher` names: known verbs upper-cased, `all` for any, others dasherized. */
function verbName(via: unknown): string {
  const v = String(via);
  if (v === "all") return "";
  const up = v.toUpperCase();
  return VERBS.has(up) ? up : v.replace(/_/g, "-").toUpperCase();
}

/** Ruby's `String#split("#")`: trailing empty fields dropped. */
function splitTo(to: string): string[] {
  if (!to.includes("#")) return [];
  const parts = to.split("#");
  while (parts.length > 0 && parts[parts.length - 1] === "") parts.pop();
  return parts;
}

/** The last controller name found valid: routes come in runs with one controller. (Not "": that one is invalid.) Pure by key: validity is a function of the name. */
let validController: string | null = null;

function translateController(controller: unknown): unknown {
  if (controller instanceof RegExp) return controller;
  const s = String(controller);
  if (s === validController) return s;
  if (/^[a-z_0-9][a-z_0-9/]*$/.test(s)) return (validController = s);
  throw new ArgumentError(
    `'${s}' is not a supported controller name. This can lead to potential routing problems. See https://guides.rubyonrails.org/routing.html#specifying-a-controller-to-use`,
  );
}

function addControllerModule(controller: unknown, module: unknown): unknown {
  if (!module || controller instanceof RegExp) return controller;
  if (typeof controller === "string" && controller.startsWith("/")) return controller.slice(1);
  return [module, controller].filter((x) => x != null).join("/");
}

/** Rails' `ANCHOR_CHARACTERS_REGEX` (`\A` and `\Z` there: a final newline may follow). */
const ANCHOR_CHARACTERS = /^(\\A|\^)|(\\Z|\\z|\$)\n?$/;

/** Rails' `verify_regexp_requirements`, on the Ruby regexp (a `ruby` literal's own source and flags). */
function verifyRequirement(re: RegExp): void {
  const ruby = rubyFormOf(re);
  if (ANCHOR_CHARACTERS.test(ruby ? ruby.source : re.source)) {
    throw new ArgumentError(
      `Regexp anchor characters are not allowed in routing requirements: ${rubyRegexpInspect(re)}`,
    );
  }
  if (ruby ? ruby.flags.includes("m") : re.flags.includes("s")) {
    throw new ArgumentError(`Regexp multiline option is not allowed in routing requirements: ${rubyRegexpInspect(re)}`);
  }
}

/** How a declaration error names the route: `GET /photos/:id(.:format)`. */
function routeLabel(input: RouteInput, pattern: PathPattern): string {
  return `${verbsOf(input.via).verb || "any verb"} ${pattern.spec}`;
}

/** A constraint RegExp as Ruby reads it (see `asRubyRegExp`), or an ArgumentError naming the route and the constraint. */
function rubyConstraint(re: RegExp, key: string, input: RouteInput, pattern: PathPattern): RegExp {
  try {
    return asRubyRegExp(re);
  } catch (error) {
    if (!(error instanceof RubyRegExpError)) throw error;
    throw new ArgumentError(
      `The constraint ${key}: ${rubyRegexpInspect(re)} of ${routeLabel(input, pattern)} cannot be matched in JavaScript: ${error.message}.`,
    );
  }
}

/** `Regexp.union` lists (`id: ["first", "last"]`), translated once per list: a scope's list serves all its routes. */
const requirementLists = new WeakMap<readonly unknown[], readonly (RegExp | string | number)[]>();

/**
 * A segment requirement as the route keeps it: a RegExp as Ruby reads it, checked as Rails checks
 * it; a list of strings and RegExps (Rails' `Regexp.union`, whose elements Rails does not check);
 * or the value itself (a literal string).
 */
function segmentRequirement(value: unknown, key: string, input: RouteInput, pattern: PathPattern): Requirement {
  if (value instanceof RegExp) {
    verifyRequirement(value);
    return rubyConstraint(value, key, input, pattern);
  }
  if (!Array.isArray(value)) return value as string;
  let list = requirementLists.get(value);
  if (list === undefined) {
    list = Object.freeze(
      value.map((v: unknown) => {
        if (v instanceof RegExp) return rubyConstraint(v, key, input, pattern);
        if (typeof v === "string" || typeof v === "number") return v;
        throw new ArgumentError(
          `The constraint ${key}: ${inspectValue(value)} of ${routeLabel(input, pattern)} lists ${inspectValue(v)}: ` +
            `a list of segment values holds strings and RegExps (Rails' Regexp.union), e.g. ${key}: ["first", "last"].`,
        );
      }),
    );
    requirementLists.set(value, list);
  }
  return list;
}

const isLazyAny = (v: unknown) => v instanceof RegExp && v.source === ".+?" && v.flags === "";

/** Frozen values routes share instead of each holding its own copy (most routes have no constraints). */
const NO_KEYS: Readonly<Hash> = Object.freeze({});
/** A route's `constraints:` when none are given. */
export const NO_CONSTRAINTS: Readonly<Hash> = NO_KEYS;
const NO_BLOCKS: readonly RequestConstraint[] = Object.freeze([]);
const DISPATCH: Endpoint = Object.freeze({ kind: "dispatch" });
const CONTROLLER_ACTION: readonly string[] = Object.freeze(["controller", "action"]);

/** `{ ...a, ...b }` for reading only: either side when the other is empty. */
const merged = (a: Hash | undefined, b: Hash | undefined): Hash | undefined =>
  !hasKeys(b) ? a : !hasKeys(a) ? b : { ...a, ...b };

/** Verb lists by `via` value: one frozen list per verb for a whole draw instead of one per route. Pure by key (a `via` string), and at most 64. */
const VERBS_OF = new Map<unknown, { verbs: readonly string[]; verb: string }>();

function verbsOf(via: readonly unknown[]): { verbs: readonly string[]; verb: string } {
  const one = via.length === 1 && typeof via[0] === "string" ? via[0] : undefined;
  const hit = one === undefined ? undefined : VERBS_OF.get(one);
  if (hit) return hit;
  const verbs = via.map(verbName);
  const entry = { verbs: Object.freeze(verbs.includes("") ? [] : verbs), verb: verbs.join("|") };
  if (one !== undefined && VERBS_OF.size < 64) VERBS_OF.set(one, entry);
  return entry;
}

/**
 * Builds one route from a declaration in its scope: Rails' `Mapper::Mapping`. Splits the options
 * into segment requirements, request conditions and defaults exactly as Rails does, so that the
 * sheet, the recognizer and the helpers all read the same table.
 *
 * Runs once per route, so it builds each object at most once and shares empty ones: the version
 * made of object spreads and `delete`s cost ~7 µs per route plus its garbage.
 */
export function buildRoute(
  input: RouteInput,
  index: number,
  patterns: PatternCache,
  source: RouteSource | null = null,
): Route {
  const pattern = patterns.of(input.path);
  return plainRoute(input, pattern, index, source) ?? fullRoute(input, pattern, index, source);
}

/**
 * The common route — `controller#action` with no options, constraints, defaults, format or
 * glob anywhere in its scope — built directly. The result is what {@link fullRoute} makes of it.
 * Every route of the bench's Rails-shaped tables comes this way, at ~0.45 µs against ~1.1 µs for
 * the general path (measured warm; a second draw runs much of this code before it is optimized,
 * where fewer steps count even more).
 */
function plainRoute(
  input: RouteInput,
  pattern: PathPattern,
  index: number,
  source: RouteSource | null,
): Route | undefined {
  const { scope, to, formatted } = input;
  if (!scope.isPlain() || input.optionsConstraints !== NO_CONSTRAINTS || hasKeys(input.options)) return undefined;
  if (
    formatted === true ||
    typeof formatted === "string" ||
    formatted instanceof RegExp ||
    pattern.globNames.length > 0
  )
    return undefined;
  if (to != null && typeof to !== "string") return undefined;
  for (const name of pattern.names) if (name === "controller" || name === "action") return undefined;
  const parts = toParts(input);
  const controller = targetController(input, parts, scope.values.module);
  const action = targetAction(input, parts);
  if (typeof controller !== "string" || action == null || action instanceof RegExp) return undefined;
  const defaults = { controller: translateController(controller) as string, action: String(action) };
  return freezeRoute(input, index, source, pattern, {
    endpoint: DISPATCH,
    controller: defaults.controller,
    action: defaults.action,
    requirements: NO_KEYS as Record<string, never>,
    defaults: Object.freeze(defaults),
    requiredDefaults: CONTROLLER_ACTION,
    conditions: NO_KEYS,
    blocks: NO_BLOCKS,
    constraints: NO_KEYS,
    reqs: `${defaults.controller}#${defaults.action}`,
  });
}

/** Any route (Rails' `Mapping#initialize` and `#build_route`). */
function fullRoute(input: RouteInput, pattern: PathPattern, index: number, source: RouteSource | null): Route {
  const { scope, to } = input;
  const pathParams = pattern.names;
  const scopeModule = scope.values.module;

  // Options: glob wildcards, then the scope's, then the route's own; then controller and action.
  const options: Hash = { ...wildcards(pattern, input.formatted), ...scope.values.options, ...input.options };
  if (pathParams.includes("controller")) {
    if (scopeModule) throw new ArgumentError(":controller segment is not allowed within a namespace block");
    options.controller ??= /.+?/;
  }
  if (!(to instanceof Redirect) && !isCallable(to)) checkControllerAction(options, pathParams, scopeModule, input);

  // Group the options: RegExps are constraints, path-parameter values are segment values, the rest required defaults.
  let optionConstraints: Hash | undefined;
  const requiredDefaults: string[] = [];
  for (const key in options) {
    const value = options[key];
    if (value instanceof RegExp) (optionConstraints ??= {})[key] = value;
    else if (!pathParams.includes(key)) requiredDefaults.push(key);
  }
  let constraints = merged(scope.values.constraints, optionConstraints);
  let blocks: readonly RequestConstraint[];
  let urlDefaults: Hash | undefined;
  const oc = input.optionsConstraints;
  if (isConstraintMap(oc)) {
    for (const k in oc) {
      const v = oc[k];
      if (URL_OPTIONS.includes(k) && (typeof v === "string" || (typeof v === "number" && Number.isInteger(v))))
        (urlDefaults ??= {})[k] = v;
    }
    const scopeBlocks = scope.values.blocks;
    // The scope's list is never changed once made, so its routes share it (frozen).
    blocks = scopeBlocks && scopeBlocks.length > 0 ? Object.freeze(scopeBlocks) : NO_BLOCKS;
    constraints = merged(constraints, oc);
  } else {
    if (!isConstraintObject(oc)) {
      throw new ArgumentError(`Invalid constraint: ${rubyInspect(oc)} must respond to :call or :matches?`);
    }
    blocks = Object.freeze([oc as RequestConstraint]);
  }

  let segmentRequirements: Record<string, Requirement> | undefined;
  let conditions: Hash | undefined;
  for (const key in constraints) {
    const value = constraints[key];
    if (pathParams.includes(key) || key === "controller")
      (segmentRequirements ??= {})[key] = segmentRequirement(value, key, input, pattern);
    else if (REQUEST_ATTRIBUTES.has(key))
      (conditions ??= {})[key] = value instanceof RegExp ? rubyConstraint(value, key, input, pattern) : value;
  }

  const formats = normalizeFormat(input.formatted, input, pattern);
  const requirements: Readonly<Record<string, Requirement>> = formats
    ? Object.freeze({ ...formats.requirements, ...segmentRequirements })
    : segmentRequirements
      ? Object.freeze(segmentRequirements)
      : (NO_KEYS as Record<string, never>);
  const defaults: Hash = { ...formats?.defaults, ...urlDefaults, ...scope.values.defaults };
  for (const key in options) {
    const value = options[key];
    if (!(value instanceof RegExp)) defaults[key] = value;
  }
  if (pathParams.includes("action") && !Object.hasOwn(requirements, "action") && !defaults.action)
    defaults.action = "index";

  const endpoint = endpointOf(to);
  // What `rails routes` shows: defaults, then segment requirements (Journey's Route#requirements, less globs' /.+?/).
  let displayed: Hash | undefined;
  for (const key in defaults) {
    if (key === "controller" || key === "action") continue;
    const value = shownValue(key, requirements, defaults);
    if (!isLazyAny(value)) (displayed ??= {})[key] = value;
  }
  for (const key in requirements) {
    if (key === "controller" || key === "action" || Object.hasOwn(defaults, key)) continue;
    const value = requirements[key];
    if (!isLazyAny(value)) (displayed ??= {})[key] = value;
  }
  const controller = shownName("controller", pathParams, requirements, defaults);
  const action = shownName("action", pathParams, requirements, defaults);
  const head =
    endpoint.kind === "dispatch"
      ? `${controller ?? ""}#${action ?? ""}`
      : endpoint.kind === "redirect"
        ? endpoint.redirect.inspect()
        : endpoint.label;

  return freezeRoute(input, index, source, pattern, {
    endpoint,
    controller: endpoint.kind === "dispatch" ? controller : null,
    action: endpoint.kind === "dispatch" ? action : null,
    requirements,
    defaults: Object.freeze(defaults),
    requiredDefaults:
      requiredDefaults.length === 2 && requiredDefaults[0] === "controller" && requiredDefaults[1] === "action"
        ? CONTROLLER_ACTION
        : Object.freeze(requiredDefaults),
    conditions: conditions ? Object.freeze(conditions) : NO_KEYS,
    blocks,
    constraints: displayed ? Object.freeze(displayed) : NO_KEYS,
    reqs: displayed ? `${head} ${inspectValue(displayed)}` : head,
  });
}

/** What a route holds besides its declaration's name, verbs, path and anchor. */
type RouteParts = Pick<
  Route,
  | "endpoint"
  | "controller"
  | "action"
  | "requirements"
  | "defaults"
  | "requiredDefaults"
  | "conditions"
  | "blocks"
  | "constraints"
  | "reqs"
>;

/** The frozen route, its fields in one order (one object shape for every route). */
function freezeRoute(
  input: RouteInput,
  index: number,
  source: RouteSource | null,
  pattern: PathPattern,
  parts: RouteParts,
): Route {
  const { verbs, verb } = verbsOf(input.via);
  return Object.freeze({
    index,
    name: input.name === false ? "false" : input.name || null,
    verbs,
    verb,
    path: pattern.spec,
    pattern,
    endpoint: parts.endpoint,
    controller: parts.controller,
    action: parts.action,
    requirements: parts.requirements,
    defaults: parts.defaults,
    requiredDefaults: parts.requiredDefaults,
    conditions: parts.conditions,
    blocks: parts.blocks,
    anchor: input.anchor,
    constraints: parts.constraints,
    reqs: parts.reqs,
    source,
  });
}

/** A key's value in the sheet: its segment requirement, else its default. */
function shownValue(key: string, requirements: Readonly<Hash>, defaults: Hash): unknown {
  return Object.hasOwn(requirements, key) ? requirements[key] : defaults[key];
}

/** The controller or action the sheet names: `:controller` for a path segment, none for a glob-like `/.+?/`. */
function shownName(
  key: string,
  pathParams: readonly string[],
  requirements: Readonly<Hash>,
  defaults: Hash,
): string | null {
  if (pathParams.includes(key)) return `:${key}`;
  const value = shownValue(key, requirements, defaults);
  return isLazyAny(value) ? null : ((value as string | undefined) ?? null);
}

/** `/.+?/` for each glob of a formatted route (Rails' `wildcard_options`). */
function wildcards(pattern: PathPattern, formatted: unknown): Hash | undefined {
  if (formatted === false || pattern.globNames.length === 0) return undefined;
  const wildcard: Hash = {};
  for (const g of pattern.globNames) wildcard[g] ??= /.+?/;
  return wildcard;
}

function endpointOf(to: unknown): Endpoint {
  if (to instanceof Redirect) return { kind: "redirect", redirect: to };
  if (isCallable(to)) return { kind: "app", app: to, label: appLabel(to) };
  return DISPATCH;
}

const NO_PARTS: readonly string[] = Object.freeze([]);

/** The fields of a dispatch route's `to: "c#a"`, split once for its controller and its action. */
function toParts(input: RouteInput): readonly string[] {
  return typeof input.to === "string" ? splitTo(input.to) : NO_PARTS;
}

/**
 * The controller (in the scope's module) a dispatch route names: `to: "c#..."` (`parts`, from
 * `toParts`), else the declaration's. Controller and action are asked apart: a pair returned in
 * an array and taken apart again cost an array and, before V8 optimizes the caller, an iterator
 * per route.
 */
function targetController(input: RouteInput, parts: readonly string[], module: unknown): unknown {
  return addControllerModule(parts[0] ?? input.controller ?? null, module);
}

/** The action a dispatch route names: `to: "...#a"` (`parts`, from `toParts`), else the declaration's. */
function targetAction(input: RouteInput, parts: readonly string[]): unknown {
  return parts[1] ?? input.defaultAction ?? null;
}

/** The controller and action a dispatch route names, checked and set in `options`. */
function checkControllerAction(options: Hash, pathParams: readonly string[], module: unknown, input: RouteInput): void {
  const parts = toParts(input);
  const controller = targetController(input, parts, module);
  const action = targetAction(input, parts);
  const checkedController = controller != null ? translateController(controller) : undefined;
  if (controller == null && !pathParams.includes("controller")) {
    throw new ArgumentError(
      `Missing :controller key on routes definition, please check your routes.${misspelledTarget(input, "controller")}`,
    );
  }
  if (action == null && !pathParams.includes("action"))
    throw new ArgumentError(
      `Missing :action key on routes definition, please check your routes.${misspelledTarget(input, "action")}`,
    );
  if (controller != null) options.controller = checkedController;
  if (action != null) options.action = action instanceof RegExp ? action : String(action);
}

/**
 * Rails' message says nothing of the route; when one of its keys is a misspelling of `to:` or of
 * the missing key (`too: "pages#about"`), this names the route and the key (Rails' text is kept
 * as it is otherwise: the conformance fixtures hold it).
 */
function misspelledTarget(input: RouteInput, missing: "controller" | "action"): string {
  for (const key in input.options) {
    const option = nearestWord(key, ALL_OPTION_KEYS, 1);
    if (key === option || (option !== "to" && option !== missing)) continue;
    const verbs = input.via.map((v) => String(v).toUpperCase()).join("|");
    return ` ${verbs} ${input.path} gives ${key}: ${inspectValue(input.options[key])}, which became a default; did you mean ${option}:?`;
  }
  return "";
}

function normalizeFormat(
  formatted: unknown,
  input: RouteInput,
  pattern: PathPattern,
): { requirements: Record<string, RegExp>; defaults: Hash } | undefined {
  if (formatted === true) return { requirements: { format: /.+/ }, defaults: {} };
  if (formatted instanceof RegExp)
    return {
      requirements: { format: rubyConstraint(formatted, "format", input, pattern) },
      defaults: { format: null },
    };
  if (typeof formatted === "string")
    return { requirements: { format: new RegExp(formatted) }, defaults: { format: formatted } };
  return undefined;
}
