import { ArgumentError } from "../errors.js";
import { PathPattern } from "../pattern/path.js";
import { inspectValue } from "../support/inspect.js";
import { Redirect } from "../table/redirect.js";
import type { Endpoint, RequestConstraint, Route } from "../table/route.js";
import type { Hash, Scope } from "./scope.js";

/** Request attributes a hash constraint may test (Rails keeps only keys `ActionDispatch::Request` answers). */
export const REQUEST_ATTRIBUTES = new Set([
  "subdomain", "subdomains", "host", "domain", "ip", "remote_ip", "protocol", "scheme", "port", "method",
  "request_method", "path", "fullpath", "original_fullpath", "url", "original_url", "query_string",
  "media_type", "content_type", "user_agent", "referer", "referrer", "authorization", "host_with_port",
  "port_string", "server_name", "headers", "xhr", "ssl", "format", "local",
]);

/** URL options that a request constraint also turns into a default (Rails' `URL_OPTIONS`). */
export const URL_OPTIONS = ["protocol", "subdomain", "domain", "host", "port"];

const VERBS = new Set(["DELETE", "GET", "HEAD", "OPTIONS", "LINK", "PATCH", "POST", "PUT", "TRACE", "UNLINK"]);

/** Everything `add_route` hands to Rails' `Mapping.build`. */
export interface MappingInput {
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

const isPlainObject = (v: unknown): v is Hash =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof RegExp) &&
  (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/** Something a route can dispatch to other than a controller: a function or a fetch/call-style handler. */
export function isCallable(v: unknown): boolean {
  if (typeof v === "function") return true;
  if (typeof v !== "object" || v === null) return false;
  const o = v as { fetch?: unknown; call?: unknown; handle?: unknown };
  return typeof o.fetch === "function" || typeof o.call === "function" || typeof o.handle === "function";
}

/** A map of segment/request constraints, as opposed to a `{ matches(req) }` constraint object. */
export function isConstraintMap(v: unknown): v is Hash {
  return isPlainObject(v) && typeof v.matches !== "function";
}

export function isConstraintObject(v: unknown): boolean {
  return typeof v === "function" || (typeof v === "object" && v !== null && typeof (v as { matches?: unknown }).matches === "function");
}

/** How a mounted handler or `to:` callable shows in the sheet: its class or function name. */
export function appLabel(app: unknown): string {
  if (typeof app === "function") return app.name || "(anonymous handler)";
  const ctor = (app as { constructor?: { name?: string } }).constructor;
  return ctor?.name && ctor.name !== "Object" ? ctor.name : "(handler)";
}

/** `Journey::Route.verb_matcher` names: known verbs upper-cased, `all` for any, others dasherized. */
export function verbName(via: unknown): string {
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

function translateController(controller: unknown): unknown {
  if (controller instanceof RegExp) return controller;
  const s = String(controller);
  if (/^[a-z_0-9][a-z_0-9/]*$/.test(s)) return s;
  throw new ArgumentError(
    `'${s}' is not a supported controller name. This can lead to potential routing problems. See https://guides.rubyonrails.org/routing.html#specifying-a-controller-to-use`,
  );
}

function addControllerModule(controller: unknown, module: unknown): unknown {
  if (!module || controller instanceof RegExp) return controller;
  if (typeof controller === "string" && controller.startsWith("/")) return controller.slice(1);
  return [module, controller].filter((x) => x != null).join("/");
}

const ANCHOR_CHARACTERS = /^(\\A|\^)|(\\Z|\\z|\$)$/;

function rubyRegexpInspect(re: RegExp): string {
  return inspectValue(re).replace(/\/([is]*)$/, (_m, f: string) => "/" + f.replace("s", "m"));
}

function verifyRequirement(re: RegExp): void {
  if (ANCHOR_CHARACTERS.test(re.source)) {
    throw new ArgumentError(`Regexp anchor characters are not allowed in routing requirements: ${rubyRegexpInspect(re)}`);
  }
  if (re.flags.includes("s")) {
    throw new ArgumentError(`Regexp multiline option is not allowed in routing requirements: ${rubyRegexpInspect(re)}`);
  }
}

const isLazyAny = (v: unknown) => v instanceof RegExp && v.source === ".+?" && v.flags === "";

/**
 * Builds one route from a declaration in its scope: Rails' `Mapper::Mapping`. Splits the options
 * into segment requirements, request conditions and defaults exactly as Rails does, so that the
 * sheet, the recognizer and the helpers all read the same table.
 */
export function buildRoute(input: MappingInput, index: number): Route {
  const { scope, to } = input;
  const pattern = new PathPattern(input.path);
  const pathParams = pattern.names;
  const scopeConstraints = (scope.get("constraints") ?? {}) as Hash;
  const scopeModule = scope.get("module");
  let defaults: Hash = { ...((scope.get("defaults") ?? {}) as Hash) };

  const wildcard: Hash = {};
  if (input.formatted !== false) for (const g of pattern.globNames) wildcard[g] ??= /.+?/;
  let options: Hash = { ...wildcard, ...((scope.get("options") ?? {}) as Hash), ...input.options };
  options = normalizeOptions(options, pathParams, scopeModule, to, input);

  // Group the options: RegExps are constraints, path-parameter values are segment values, the rest required defaults.
  const optionConstraints: Hash = {};
  const requiredDefaults: string[] = [];
  for (const [key, value] of Object.entries(options)) {
    if (value instanceof RegExp) optionConstraints[key] = value;
    else if (!pathParams.includes(key)) requiredDefaults.push(key);
  }
  let constraints: Hash = { ...scopeConstraints, ...optionConstraints };
  let blocks: RequestConstraint[];
  const oc = input.optionsConstraints;
  if (isConstraintMap(oc)) {
    const urlDefaults: Hash = {};
    for (const [k, v] of Object.entries(oc)) {
      if (URL_OPTIONS.includes(k) && (typeof v === "string" || (typeof v === "number" && Number.isInteger(v)))) urlDefaults[k] = v;
    }
    defaults = { ...urlDefaults, ...defaults };
    blocks = [...((scope.get("blocks") ?? []) as RequestConstraint[])];
    constraints = { ...constraints, ...oc };
  } else {
    if (!isConstraintObject(oc)) {
      throw new ArgumentError(`Invalid constraint: ${inspectValue(oc)} must respond to :call or :matches?`);
    }
    blocks = [oc as RequestConstraint];
  }

  const segmentRequirements: Record<string, RegExp | string> = {};
  const conditions: Hash = {};
  for (const [key, value] of Object.entries(constraints)) {
    if (pathParams.includes(key) || key === "controller") segmentRequirements[key] = value as RegExp | string;
    else if (REQUEST_ATTRIBUTES.has(key)) conditions[key] = value;
  }
  for (const value of Object.values(segmentRequirements)) if (value instanceof RegExp) verifyRequirement(value);

  const formats = normalizeFormat(input.formatted);
  const requirements: Record<string, RegExp | string> = { ...formats.requirements, ...segmentRequirements };
  defaults = { ...formats.defaults, ...defaults };
  for (const [k, v] of Object.entries(options)) if (!(v instanceof RegExp)) defaults[k] = v;
  if (pathParams.includes("action") && !Object.hasOwn(requirements, "action") && !defaults.action) defaults.action = "index";

  const endpoint = endpointOf(to, blocks);
  // What `rails routes` shows: defaults, then segment requirements (Journey's Route#requirements, less globs' /.+?/).
  const shown: Hash = { ...defaults };
  for (const [k, v] of Object.entries(requirements)) shown[k] = v;
  for (const [k, v] of Object.entries(shown)) if (isLazyAny(v)) delete shown[k];
  const controller = pathParams.includes("controller") ? ":controller" : ((shown.controller as string | undefined) ?? null);
  const action = pathParams.includes("action") ? ":action" : ((shown.action as string | undefined) ?? null);
  const displayed: Hash = { ...shown };
  delete displayed.controller;
  delete displayed.action;
  const head =
    endpoint.kind === "dispatch" ? `${controller ?? ""}#${action ?? ""}`
    : endpoint.kind === "redirect" ? endpoint.redirect.inspect()
    : endpoint.label;
  const reqs = Object.keys(displayed).length > 0 ? `${head} ${inspectValue(displayed)}` : head;

  const verbs = input.via.map(verbName);
  return Object.freeze({
    index,
    name: input.name === false ? "false" : input.name,
    verbs: Object.freeze(verbs.includes("") ? [] : verbs),
    verb: verbs.join("|"),
    path: pattern.spec,
    pattern,
    endpoint,
    controller: endpoint.kind === "dispatch" ? controller : null,
    action: endpoint.kind === "dispatch" ? action : null,
    requirements: Object.freeze(requirements),
    defaults: Object.freeze(defaults),
    requiredDefaults: Object.freeze(requiredDefaults.filter((k) => Object.hasOwn(defaults, k) && !pathParams.includes(k))),
    conditions: Object.freeze(conditions),
    blocks: Object.freeze(blocks),
    anchor: input.anchor,
    constraints: Object.freeze(displayed),
    reqs,
  });
}

function endpointOf(to: unknown, _blocks: RequestConstraint[]): Endpoint {
  if (to instanceof Redirect) return { kind: "redirect", redirect: to };
  if (isCallable(to)) return { kind: "app", app: to, label: appLabel(to) };
  return { kind: "dispatch" };
}

function normalizeOptions(options: Hash, pathParams: readonly string[], module: unknown, to: unknown, input: MappingInput): Hash {
  if (pathParams.includes("controller")) {
    if (module) throw new ArgumentError(":controller segment is not allowed within a namespace block");
    options.controller ??= /.+?/;
  }
  if (to instanceof Redirect || isCallable(to)) return options;
  const [toController, toAction] = typeof to === "string" ? splitTo(to) : [];
  const controller = addControllerModule(toController ?? input.controller ?? null, module);
  const action: unknown = toAction ?? input.defaultAction ?? null;
  const checked: Hash = {};
  if (controller != null) checked.controller = translateController(controller);
  else if (!pathParams.includes("controller")) throw new ArgumentError("Missing :controller key on routes definition, please check your routes.");
  if (action != null) checked.action = action instanceof RegExp ? action : String(action);
  else if (!pathParams.includes("action")) throw new ArgumentError("Missing :action key on routes definition, please check your routes.");
  return { ...options, ...checked };
}

function normalizeFormat(formatted: unknown): { requirements: Record<string, RegExp>; defaults: Hash } {
  if (formatted === true) return { requirements: { format: /.+/ }, defaults: {} };
  if (formatted instanceof RegExp) return { requirements: { format: formatted }, defaults: { format: null } };
  if (typeof formatted === "string") return { requirements: { format: new RegExp(formatted) }, defaults: { format: formatted } };
  return { requirements: {}, defaults: {} };
}
