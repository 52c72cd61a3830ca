// `scope`, `namespace`, `controller` and `defaults`: blocks whose declarations share a path, a
// module, a name prefix, constraints or defaults (Rails' `Mapper::Scoping`).
import { ArgumentError } from "../errors.js";
import { splitArgs } from "./args.js";
import type { DrawState } from "./draw-state.js";
import { nested } from "./nesting.js";
import type { Block, ScopeOptions } from "./options.js";
import { isConstraintMap, URL_OPTIONS } from "./route-builder.js";
import { type Hash, MERGE, SCOPE_KEYS, type ScopeFrame, type ScopeKey } from "./scope.js";

/** Scope keys `scope()` takes out of its options before what is left becomes the scope's `options`. */
const SCOPE_KEYS_BEFORE_OPTIONS = new Set<string>(
  SCOPE_KEYS.slice(0, SCOPE_KEYS.indexOf("options")).filter((k) => k !== "blocks"),
);
/** Every `scope` option is a scope key `MERGE` merges (or `only`/`except`, kept for resources): a new option does not compile until it is one. */
const SCOPE_OPTIONS_MERGED: Record<Exclude<keyof ScopeOptions, ScopeKey | "only" | "except">, never> = {};

/** `scope "admin", module: "a", as: "b" do ... end`: path(s), then options, then the block. */
export function scope(st: DrawState, args: readonly unknown[]): void {
  const { names, options, block } = splitArgs(args);
  if (names.length > 0) options.path = names.map(String).join("/");
  options.constraints ??= {};
  if (!st.scope.isNested()) {
    if (Object.hasOwn(options, "path")) options.shallowPath ||= options.path;
    if (Object.hasOwn(options, "as")) options.shallowPrefix ||= options.as;
  }
  let blockConstraint: unknown;
  if (isConstraintMap(options.constraints)) {
    let urlDefaults: Hash | undefined;
    for (const k in options.constraints) {
      const v = options.constraints[k];
      if (URL_OPTIONS.includes(k) && (typeof v === "string" || Number.isInteger(v))) (urlDefaults ??= {})[k] = v;
    }
    // Merged into the scope's defaults as a copy; only a request constraint's URL parts add to them here.
    if (urlDefaults) options.defaults = { ...urlDefaults, ...(options.defaults as Hash | undefined) };
  } else {
    blockConstraint = options.constraints;
    options.constraints = {};
  }
  const frame: ScopeFrame = {};
  if (Object.hasOwn(options, "only") || Object.hasOwn(options, "except"))
    frame.actionOptions = { only: options.only, except: options.except };
  if (Object.hasOwn(options, "anchor")) throw new ArgumentError("anchor is ignored unless passed to `match`");
  const merge = (key: ScopeKey, value: unknown) => ((frame as Hash)[key] = MERGE[key](st.scope.get(key), value));
  // Each scope key given merges with the parent's value (keys are independent, so their order
  // does not matter). The scope's `options` are what those keys leave, less only/except: Rails
  // deletes each key as it merges it, so `to`, merged after `options`, stays in them too.
  const rest: Hash = {};
  for (const key in options) {
    if (SCOPE_KEYS_BEFORE_OPTIONS.has(key)) merge(key as ScopeKey, options[key]);
    else if (key !== "only" && key !== "except") {
      rest[key] = options[key];
      if (key === "to") merge("to", options.to);
    }
  }
  merge("blocks", blockConstraint);
  merge("options", rest);
  st.within(st.scope.extend(frame), () => st.run(block));
}

/** `controller :pages do ... end`. */
export function controller(st: DrawState, controller: string, block: Block): void {
  st.within(st.scope.extend({ controller }), () => st.run(block));
}

/** `namespace :admin do ... end`: path, module, name prefix and shallow prefix all `admin`. */
export function namespace(st: DrawState, name: string, rest: readonly unknown[]): void {
  const run = () => {
    const path = String(name);
    const { options, block } = splitArgs(rest);
    const defaults: Hash = {
      module: path,
      as: Object.hasOwn(options, "as") ? options.as : path,
      shallowPath: Object.hasOwn(options, "path") ? options.path : path,
      shallowPrefix: Object.hasOwn(options, "as") ? options.as : path,
    };
    const scopePath = Object.hasOwn(options, "path") ? String(options.path ?? "") : path;
    delete options.path;
    st.pathScope(scopePath, () => scope(st, [{ ...defaults, ...options } as ScopeOptions, () => st.run(block)]));
  };
  if (st.scope.isResourceScope()) nested(st, run);
  else run();
}

/** `defaults format: "json" do ... end`. */
export function defaults(st: DrawState, defaults: Record<string, unknown>, block: Block): void {
  const merged = MERGE.defaults(st.scope.values.defaults, defaults) as Hash;
  st.within(st.scope.extend({ defaults: merged }), () => st.run(block));
}
