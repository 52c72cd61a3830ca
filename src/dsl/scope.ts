import { normalizeMapperPath } from "../pattern/normalize.js";
import type { RequestConstraint } from "../table/route.js";
import type { Resource } from "./resource.js";

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
  pathNames?: Record<string, string>;
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

/** The keys `scope()` accepts, in the order Rails merges them (the order matters for `options`). */
export const SCOPE_KEYS = [
  "path", "shallowPath", "as", "shallowPrefix", "module", "controller", "action", "pathNames",
  "constraints", "shallow", "blocks", "defaults", "via", "format", "options", "to",
] as const;
export type ScopeKey = (typeof SCOPE_KEYS)[number];

const joinName = (parent: unknown, child: unknown) => (parent ? `${String(parent)}_${String(child)}` : child);
const replace = (_parent: unknown, child: unknown) => child;
const mergeHash = (parent: unknown, child: unknown) => ({ ...((parent as Hash | undefined) ?? {}), ...((child as Hash | undefined) ?? {}) });

/** How a child scope's value combines with its parent's, one function per key (Rails' `merge_*_scope`). */
export const MERGE: { readonly [K in ScopeKey]: (parent: unknown, child: unknown) => unknown } = {
  path: (parent, child) => normalizeMapperPath(`${parent ?? ""}/${child ?? ""}`),
  shallowPath: (parent, child) => normalizeMapperPath(`${parent ?? ""}/${child ?? ""}`),
  as: joinName,
  shallowPrefix: joinName,
  module: (parent, child) => (parent ? `${String(parent)}/${String(child)}` : child),
  controller: replace,
  action: replace,
  via: replace,
  format: replace,
  to: replace,
  pathNames: mergeHash,
  constraints: mergeHash,
  defaults: mergeHash,
  options: mergeHash,
  blocks: (parent, child) => [...((parent as RequestConstraint[] | undefined) ?? []), ...(child ? [child as RequestConstraint] : [])],
  shallow: (_parent, child) => !!child,
};

/**
 * An immutable scope frame linked to its parent (Rails' `Mapper::Scope`). A lookup walks up to
 * the first frame that *has* the key — a key set to `null` hides the parent's value, as in Rails.
 */
export class Scope {
  constructor(
    readonly frame: ScopeFrame,
    readonly parent: Scope | null,
    readonly level: ScopeLevel | null,
  ) {}

  static root(pathNames: Record<string, string>): Scope {
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

  get<K extends keyof ScopeFrame>(key: K): ScopeFrame[K] | undefined {
    for (let s: Scope | null = this; s; s = s.parent) if (Object.hasOwn(s.frame, key)) return s.frame[key];
    return undefined;
  }

  /** Every scope from this one up to the root. */
  *chain(): Generator<Scope> {
    for (let s: Scope | null = this; s; s = s.parent) yield s;
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

  /** The parts a route name is joined from at this level (Rails' `Scope#action_name`). */
  actionName(namePrefix: unknown, prefix: unknown, collectionName: unknown, memberName: unknown): unknown[] {
    switch (this.level) {
      case "nested": return [namePrefix, prefix];
      case "collection": return [prefix, namePrefix, collectionName];
      case "new": return [prefix, "new", namePrefix, memberName];
      case "member": return [prefix, namePrefix, memberName];
      case "root": return [namePrefix, collectionName, prefix];
      default: return [namePrefix, memberName, prefix];
    }
  }
}
