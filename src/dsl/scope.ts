import { normalizeMapperPath } from "../pattern/normalize.js";
import type { RequestConstraint } from "../table/route.js";
import type { Resource } from "./resource.js";
import { hasAnyKey } from "../support/objects.js";

/** Where a declaration stands: Rails' scope levels. */
export type ScopeLevel = "resources" | "resource" | "collection" | "member" | "new" | "nested" | "root";

export type Hash = Record<string, unknown>;

/**
 * The values a scope frame may set. Keys mirror Rails' `Scope::OPTIONS` (camelCased), plus the
 * resource the frame belongs to and the `only`/`except` a scope passes on to its resources.
 */
export interface ScopeFrame {
  path?: string | null;
  shallowPath?: string | null;
  as?: string | null;
  shallowPrefix?: string | null;
  module?: string | null;
  controller?: string | null;
  action?: string | null;
  pathNames?: Record<string, string | undefined>;
  constraints?: Hash;
  shallow?: boolean;
  blocks?: readonly RequestConstraint[];
  defaults?: Hash;
  via?: unknown;
  format?: unknown;
  options?: Hash;
  to?: unknown;
  scopeLevelResource?: Resource;
  actionOptions?: { only?: unknown; except?: unknown };
}

/** Ruby's `"#{value}"`: `nil` interpolates as nothing (`namespace :b, as: nil` inside `as: "a"` prefixes `a_`). */
const toS = (value: unknown): string => (value == null ? "" : String(value));
const joinName = (parent: unknown, child: unknown) => (parent ? `${toS(parent)}_${toS(child)}` : child);
const replace = (_parent: unknown, child: unknown) => child;
/** Merged hashes are only read, so an empty side leaves the other as it is (no copy per nested scope). */
const mergeHash = (parent: unknown, child: unknown) => {
  const p = parent as Hash | undefined;
  const c = child as Hash | undefined;
  if (!hasKeys(c)) return p ?? {};
  return { ...p, ...c };
};
/** Whether a hash has any key (without allocating its key list). */
export const hasKeys = (o: Hash | undefined): o is Hash => hasAnyKey(o);

type Merge = (parent: unknown, child: unknown) => unknown;

/**
 * The keys `scope()` accepts, each with how a child scope's value combines with its parent's (Rails'
 * `merge_*_scope`), in the order Rails merges them (the order matters for `options`): the one
 * declaration of the scope keys. `ScopeFrame` must have exactly these keys and the resource's two
 * (a type check below), and `ScopeValues` must copy each (test/dsl/scope.test.ts).
 */
export const MERGE = {
  path: (parent, child) => normalizeMapperPath(`${parent ?? ""}/${child ?? ""}`),
  shallowPath: (parent, child) => normalizeMapperPath(`${parent ?? ""}/${child ?? ""}`),
  as: joinName,
  shallowPrefix: joinName,
  module: (parent, child) => (parent ? `${toS(parent)}/${toS(child)}` : child),
  controller: replace,
  action: replace,
  // Always a new object (Ruby's `Hash#merge`): `resourcesPathNames` adds to the nearest frame's in place.
  pathNames: (parent, child) => ({ ...(parent as Hash | undefined), ...(child as Hash | undefined) }),
  constraints: mergeHash,
  shallow: (_parent, child) => !!child,
  blocks: (parent, child) =>
    child ? [...((parent as RequestConstraint[] | undefined) ?? []), child as RequestConstraint] : (parent ?? []),
  defaults: mergeHash,
  via: replace,
  format: replace,
  options: mergeHash,
  to: replace,
} as const satisfies Record<string, Merge>;
export type ScopeKey = keyof typeof MERGE;
/** The keys of `MERGE`, in its (Rails') order. */
export const SCOPE_KEYS = Object.keys(MERGE) as readonly ScopeKey[];

/** The frame keys that are not scope options: the resource a frame belongs to and its `only`/`except`. */
type ResourceFrameKey = "scopeLevelResource" | "actionOptions";
// A frame key without a merge function, or a merge function without a frame key, fails here.
const frameKeysAreScopeKeys: [Exclude<keyof ScopeFrame, ResourceFrameKey>, ScopeKey] extends [
  ScopeKey,
  Exclude<keyof ScopeFrame, ResourceFrameKey>,
]
  ? true
  : false = true;
void frameKeysAreScopeKeys;

/**
 * A scope's values as lookups see them: the frame's own, else the parent's. Copied down once per
 * frame, field by field, so every scope's values have one shape and each lookup a route makes is
 * a plain field load: walking ~10 frames per lookup cost ~30 ms of a 10,000-route draw, and a
 * copy by object spread (one shape per set of keys) ~3 ms; this copy costs ~0.1 µs a scope.
 * A key the frame sets, even to `undefined` or `null`, hides the parent's value, as in Rails.
 */
class ScopeValues implements ScopeFrame {
  readonly path: ScopeFrame["path"];
  readonly shallowPath: ScopeFrame["shallowPath"];
  readonly as: ScopeFrame["as"];
  readonly shallowPrefix: ScopeFrame["shallowPrefix"];
  readonly module: ScopeFrame["module"];
  readonly controller: ScopeFrame["controller"];
  readonly action: ScopeFrame["action"];
  readonly pathNames: ScopeFrame["pathNames"];
  readonly constraints: ScopeFrame["constraints"];
  readonly shallow: ScopeFrame["shallow"];
  readonly blocks: ScopeFrame["blocks"];
  readonly defaults: ScopeFrame["defaults"];
  readonly via: ScopeFrame["via"];
  readonly format: ScopeFrame["format"];
  readonly options: ScopeFrame["options"];
  readonly to: ScopeFrame["to"];
  readonly scopeLevelResource: ScopeFrame["scopeLevelResource"];
  readonly actionOptions: ScopeFrame["actionOptions"];
  /** No options, constraints, defaults or request blocks apply here: routes can take the short path. */
  readonly plain: boolean;

  /** `p`: the parent scope's values (none for the root). */
  constructor(p: ScopeValues | null, f: ScopeFrame) {
    this.path = p?.path;
    this.shallowPath = p?.shallowPath;
    this.as = p?.as;
    this.shallowPrefix = p?.shallowPrefix;
    this.module = p?.module;
    this.controller = p?.controller;
    this.action = p?.action;
    this.pathNames = p?.pathNames;
    this.constraints = p?.constraints;
    this.shallow = p?.shallow;
    this.blocks = p?.blocks;
    this.defaults = p?.defaults;
    this.via = p?.via;
    this.format = p?.format;
    this.options = p?.options;
    this.to = p?.to;
    this.scopeLevelResource = p?.scopeLevelResource;
    this.actionOptions = p?.actionOptions;
    // The frame's own keys (1 or 2, every one a key declared above, so the shape stays put).
    Object.assign(this, f);
    this.plain =
      p !== null &&
      this.options === p.options &&
      this.constraints === p.constraints &&
      this.defaults === p.defaults &&
      this.blocks === p.blocks
        ? p.plain
        : !hasKeys(this.options) && !hasKeys(this.constraints) && !hasKeys(this.defaults) && !this.blocks?.length;
  }
}

/**
 * An immutable scope frame linked to its parent (Rails' `Mapper::Scope`). A lookup finds the
 * nearest frame that *has* the key — a key set to `null` hides the parent's value, as in Rails.
 */
export class Scope {
  readonly #values: ScopeValues;

  constructor(
    readonly frame: ScopeFrame,
    readonly parent: Scope | null,
    readonly level: ScopeLevel | null,
  ) {
    this.#values =
      parent !== null && parent.frame === frame ? parent.#values : new ScopeValues(parent && parent.#values, frame);
  }

  static root(pathNames: Record<string, string | undefined>): Scope {
    return new Scope({ pathNames }, null, null);
  }

  /** A child frame at the same level. */
  extend(frame: ScopeFrame): Scope {
    return new Scope(frame, this, this.level);
  }

  /** A child at a new level, sharing this frame's values (Rails' `new_level`). */
  enterLevel(level: ScopeLevel): Scope {
    return new Scope(this.frame, this, level);
  }

  /** The value of a key named at run time (`values.path` where the key is known: see {@link values}). */
  get<K extends keyof ScopeFrame>(key: K): ScopeFrame[K] | undefined {
    return this.#values[key];
  }

  /**
   * The scope's values, to read by name (`scope.values.path`). Reading them through `get(key)`
   * made one keyed load for every key the DSL asks, which V8 sees as megamorphic wherever `get`
   * is inlined: ~2% of drawing 10,000 routes went to its generic lookup.
   */
  get values(): Readonly<ScopeFrame> {
    return this.#values;
  }

  /** Every scope from this one up to the root. */
  *chain(): Generator<Scope> {
    for (let s: Scope | null = this; s; s = s.parent) yield s;
  }

  /**
   * The path names `resourcesPathNames` adds to: those of the nearest frame that sets them (the
   * root's, unless a `scope` or resource gives `pathNames`). Rails `merge!`s into that hash, so the
   * names hold after the block that added them ends, wherever that frame's scope reaches.
   */
  ownPathNames(): Record<string, string | undefined> {
    for (const node of this.chain()) {
      if (Object.hasOwn(node.frame, "pathNames") && node.frame.pathNames) return node.frame.pathNames;
    }
    throw new Error("unreachable: the root scope sets pathNames");
  }

  /** See {@link ScopeValues.plain}. */
  isPlain(): boolean {
    return this.#values.plain;
  }

  isRoot(): boolean {
    return this.parent === null;
  }
  isNested(): boolean {
    return this.level === "nested";
  }
  isResources(): boolean {
    return this.level === "resources";
  }
  isResourceScope(): boolean {
    return this.level === "resource" || this.level === "resources";
  }
  isResourceMethodScope(): boolean {
    return this.level === "collection" || this.level === "member" || this.level === "new";
  }
}
