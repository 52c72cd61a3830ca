// `resources` and `resource`: a resource's conventional routes, its options, its block and the
// resources nested in it (Rails' `Mapper::Resources`), and `resourcesPathNames`.
import { ArgumentError } from "../errors.js";
import { inspectValue } from "../support/node-inspect.js";
import { isHash } from "../support/ruby.js";
import { nearestWord } from "../support/spelling.js";
import { arrayOf, splitArgs } from "./args.js";
import { concerns } from "./concerns.js";
import type { DrawState } from "./draw-state.js";
import { mapVerb } from "./match.js";
import { collection, member, nested, newMember, shallow } from "./nesting.js";
import {
  type Block,
  optionKeys,
  type PathNames,
  RESOURCE_OPTIONS,
  RESOURCE_OWN_OPTIONS,
  type ScopeOptions,
} from "./options.js";
import { Resource, type ResourceAction, SingletonResource } from "./resource.js";
import type { Hash } from "./scope.js";
import { scope } from "./scoping.js";

type ResourceKind = "resources" | "resource";

/** The keys only a resource reads; the others scope it. */
const OWN_KEYS = optionKeys(RESOURCE_OWN_OPTIONS);
/** Keys `resources`/`resource` accept: Rails' resource options plus every scope option. */
const RESOURCE_KEYS = optionKeys(RESOURCE_OPTIONS);

/** A key as it is written in an object literal: bare when it is an identifier, else quoted. */
const objectKey = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key));

/** `resources :photos` or `resource :profile`, as the mapper's methods take their arguments (several names declare several resources). */
export function resources(st: DrawState, kind: ResourceKind, args: readonly unknown[]): void {
  const { names, options, block } = splitArgs(args);
  declareResource(st, kind, names.map(String), options, block);
}

function declareResource(
  st: DrawState,
  kind: ResourceKind,
  names: string[],
  options: Hash,
  block: Block | undefined,
): void {
  if (applyCommonBehavior(st, kind, names, options, block)) return;
  const drawnBefore = st.builder.routes.length;
  let opts: Hash = options;
  st.withLevel(kind, () => {
    opts = applyActionOptions(st, kind, options);
    const Kind = kind === "resources" ? Resource : SingletonResource;
    const resource = new Kind(names[names.length - 1]!, st.apiOnly, !!st.scope.values.shallow, opts);
    resourceScope(st, resource, () => {
      st.run(block);
      if (opts.concerns) concerns(st, arrayOf(opts.concerns));
      const has = (a: ResourceAction) => resource.hasAction(a);
      if (kind === "resources") {
        collection(st, () => {
          if (has("index")) mapVerb(st, "get", "index");
          if (has("create")) mapVerb(st, "post", "create");
        });
        if (has("new")) newMember(st, () => mapVerb(st, "get", "new"));
        memberMappings(st, resource);
      } else {
        if (has("new")) newMember(st, () => mapVerb(st, "get", "new"));
        memberMappings(st, resource);
        if (has("create")) collection(st, () => mapVerb(st, "post", "create"));
      }
    });
  });
  if (st.builder.routes.length === drawnBefore) {
    // `only`/`except` (the resource's, else its scope's) left no action, and no block added a route.
    st.builder.addEmptyResource({
      kind,
      name: names[names.length - 1]!,
      only: opts.only ?? undefined,
      except: opts.except ?? undefined,
      inherited: opts !== options,
      scope: st.scope.values.path || undefined,
      apiOnly: st.apiOnly,
      hasBlock: block !== undefined || !!opts.concerns,
      routesDrawn: 0,
      position: drawnBefore,
    });
  }
}

function memberMappings(st: DrawState, resource: Resource): void {
  member(st, () => {
    if (resource.hasAction("edit")) mapVerb(st, "get", "edit");
    if (resource.hasAction("show")) mapVerb(st, "get", "show");
    if (resource.hasAction("update")) {
      mapVerb(st, "patch", "update");
      mapVerb(st, "put", "update");
    }
    if (resource.hasAction("destroy")) mapVerb(st, "delete", "destroy");
  });
}

/** Several names, no name, `shallow`, nesting and scope options: the declaration again, in the scope they make (Rails' `apply_common_behavior_for`). */
function applyCommonBehavior(
  st: DrawState,
  kind: ResourceKind,
  names: string[],
  options: Hash,
  block: Block | undefined,
): boolean {
  checkResourceOptions(kind, names, options);
  if (names.length > 1) {
    for (const name of names) declareResource(st, kind, [name], { ...options }, block);
    return true;
  }
  // Without a name Rails 6.1 declares a resource named "" (its routes fail on the empty
  // controller name unless `controller:` gives one or `only: []` declares none).
  if (names.length === 0) {
    declareResource(st, kind, [""], options, block);
    return true;
  }
  if (options.shallow) {
    delete options.shallow;
    shallow(st, () => declareResource(st, kind, names, options, block));
    return true;
  }
  if (st.scope.isResourceScope()) {
    nested(st, () => declareResource(st, kind, names, options, block));
    return true;
  }
  for (const key of Object.keys(options)) {
    if (options[key] instanceof RegExp) {
      options.constraints = { ...((options.constraints as Hash | undefined) ?? {}), [key]: options[key] };
      delete options[key];
    }
  }
  const scopeOptions: Hash = {};
  for (const key of Object.keys(options)) {
    if (!OWN_KEYS.has(key)) {
      scopeOptions[key] = options[key];
      delete options[key];
    }
  }
  if (Object.keys(scopeOptions).length > 0) {
    scope(st, [scopeOptions as ScopeOptions, () => declareResource(st, kind, names, options, block)]);
    return true;
  }
  return false;
}

/**
 * Unknown resource options are taken for typos and rejected with the resource's name (Rails 8
 * is as strict). Rails 6.1 reads one as a default that URL generation requires; the message says
 * how to keep that meaning: a `scope` around the resource (which, unlike `defaults:`, makes the
 * key required, as Rails' resource option does).
 */
function checkResourceOptions(kind: ResourceKind, names: string[], options: Hash): void {
  // Rails hands a resource's non-resource options to `scope`, which rejects `anchor`.
  if (Object.hasOwn(options, "anchor")) throw new ArgumentError("anchor is ignored unless passed to `match`");
  const unknown = Object.keys(options).filter((key) => !RESOURCE_KEYS.has(key) && !(options[key] instanceof RegExp));
  if (unknown.length === 0) return;
  const given = unknown.map((key) => `${objectKey(key)}: ${inspectValue(options[key])}`).join(", ");
  const guesses = unknown.flatMap((key) => {
    const near = nearestWord(key, RESOURCE_KEYS);
    return near === undefined ? [] : [unknown.length === 1 ? near : `${near} for ${key}`];
  });
  const kept = Object.keys(options).length > unknown.length ? ", { ... }" : "";
  const declared = `r.${kind}(${names.map((n) => JSON.stringify(n)).join(", ")}${kept})`;
  throw new ArgumentError(
    `${kind} ${names.map((n) => JSON.stringify(n)).join(", ")}: unknown option${unknown.length > 1 ? "s" : ""} ${given}` +
      `${guesses.length > 0 ? ` (did you mean ${guesses.join(", ")}?)` : ""}. ` +
      `Valid options are ${[...RESOURCE_KEYS].join(", ")}; a segment constraint takes a RegExp (id: /\\d+/). ` +
      `Rails 6.1 makes an unknown option a default that URL generation requires; to keep that meaning, ` +
      `declare the resource in a scope: r.scope({ ${given} }, () => { ${declared}; }).`,
  );
}

/** A resource without `only`/`except` takes its scope's, keeping the actions this kind of resource has. */
function applyActionOptions(st: DrawState, kind: ResourceKind, options: Hash): Hash {
  if (options.only || options.except) return options;
  const inherited = st.scope.values.actionOptions;
  if (!inherited) return options;
  const valid = (kind === "resources" ? Resource : SingletonResource).validActions as readonly string[];
  const keep = (v: unknown) =>
    v == null
      ? v
      : arrayOf(v)
          .map(String)
          .filter((a) => valid.includes(a));
  return { ...options, only: keep(inherited.only), except: keep(inherited.except) };
}

function resourceScope(st: DrawState, resource: Resource, fn: () => void): void {
  st.within(st.scope.extend({ scopeLevelResource: resource }), () => {
    st.within(st.scope.extend({ controller: resource.resourceScope }), fn);
  });
}

/**
 * `resources_path_names new: "neu"`: path segments for action names from here on (`new`, `edit`,
 * or any action: `{ preview: "vorschau" }` makes `get("preview", { on: "member" })` `/:id/vorschau`).
 * Merged, as Rails merges them, into the path names of the nearest scope that sets them: the
 * root's (so the names outlast the block they are declared in) unless a `scope` or resource
 * around gives `pathNames`.
 */
export function resourcesPathNames(st: DrawState, pathNames: PathNames): void {
  if (!isHash(pathNames)) {
    throw new ArgumentError(
      `resourcesPathNames takes an object of action names and path segments ({ new: "neu" }), not ${inspectValue(pathNames)}`,
    );
  }
  const target = st.scope.ownPathNames();
  // Defined, not assigned: a "__proto__" key (from JSON) stays a key instead of replacing the prototype.
  for (const key of Object.keys(pathNames)) {
    Object.defineProperty(target, key, { value: pathNames[key], writable: true, enumerable: true, configurable: true });
  }
}
