// Route names: what name a declared route gets (Rails' `name_for_action` and the parts of
// `Scope#action_name`), as pure functions of what the declaration and its scope say, so that they
// can be tested without the DSL.
import { normalizeName } from "../pattern/normalize.js";
import { present } from "../support/ruby.js";
import type { ScopeLevel } from "./scope.js";

/** `-` to `_`, checked first: before V8 optimizes it, `replaceAll` costs ~0.2 µs even with nothing to replace, `includes` ~0.08 µs. */
export const underscored = (s: string) => (s.includes("-") ? s.replaceAll("-", "_") : s);

/** Rails' `/\A[_a-z]/i`, the start of a name Rails generates. */
const startsLikeName = (s: string) => {
  const c = s.charCodeAt(0) | 32;
  return s.charCodeAt(0) === 95 || (c >= 97 && c <= 122);
};

/** What a route name takes from the resource it is declared in. */
interface NamedResource {
  /** `photos` (`sheep_index` when singular and plural are one word; a singular resource's own name). */
  readonly collectionName: string;
  /** `photo`. */
  readonly memberName: string;
}

/** What decides a route's name. */
export interface RouteNameInput {
  /** `as:` as given (`""` included), or undefined when not given. (`as: null`/`false` leave a route unnamed before any name is asked.) */
  readonly as: string | undefined;
  /** The action, when the declaration names one that can name a route (`preview`, `photos/search`); else null. */
  readonly action: string | null;
  /** The action is one of the six canonical ones in a member, collection or new scope: it adds no part of its own. */
  readonly canonical: boolean;
  /** The scope's name prefix (the `as` of the scopes around it, joined). */
  readonly namePrefix: string | null | undefined;
  /** The scope level the route is declared at (`member`, `collection`, `nested`, ...; null outside resources). */
  readonly level: ScopeLevel | null;
  /** The resource the route is declared in, if any. */
  readonly resource: NamedResource | undefined;
  /** Whether a name is in use: a generated name that is taken is not given (one given with `as` is, to fail as Rails fails). */
  readonly isTaken: (name: string) => boolean;
}

/** Joins the parts of a name at a level; {@link joinName}, or one that keeps its last answer ({@link lastNameJoiner}). */
export type NameJoiner = (
  level: ScopeLevel | null,
  namePrefix: string | null | undefined,
  prefix: string | undefined,
  collectionName: string | undefined,
  memberName: string | undefined,
) => string;

/** The part a route adds to its scope's name: `as`, else its action unless canonical (Rails' `prefix_name_for_action`). */
export function routeNamePart(as: string | undefined, action: string | null, canonical: boolean): string | undefined {
  const source = as != null ? as : !canonical ? action : null;
  if (!source || source === "/") return undefined;
  return normalizeName(underscored(String(source)));
}

/** The parts a route name is joined from at a level, in their order (Rails' `Scope#action_name`). */
export function nameParts(
  level: ScopeLevel | null,
  namePrefix: string | null | undefined,
  prefix: string | undefined,
  collectionName: string | undefined,
  memberName: string | undefined,
): readonly unknown[] {
  switch (level) {
    case "nested":
      return [namePrefix, prefix];
    case "collection":
      return [prefix, namePrefix, collectionName];
    case "new":
      return [prefix, "new", namePrefix, memberName];
    case "member":
      return [prefix, namePrefix, memberName];
    case "root":
      return [namePrefix, collectionName, prefix];
    default:
      return [namePrefix, memberName, prefix];
  }
}

/** The present parts of a name at a level, joined with `_` (Rails' `select(&:present?).join("_")`). */
export const joinName: NameJoiner = (level, namePrefix, prefix, collectionName, memberName) => {
  let name = "";
  for (const part of nameParts(level, namePrefix, prefix, collectionName, memberName)) {
    if (present(part)) name = name === "" ? String(part) : `${name}_${String(part)}`;
  }
  return name;
};

/**
 * A {@link joinName} that keeps its last answer. A resource's show, update and destroy routes (and
 * its index and create) join the same parts: the run's routes get the very same string, which the
 * table's names then look up already hashed. With the path kept likewise (`lastFullPath`), the DSL
 * part of drawing 10,000 routes takes ~8% less time.
 */
export function lastNameJoiner(): NameJoiner {
  // The last name joined (at the root, with no parts, it is "").
  let lastLevel: ScopeLevel | null | undefined;
  let lastNamePrefix: string | null | undefined;
  let lastPrefix: string | undefined;
  let lastCollectionName: string | undefined;
  let lastMemberName: string | undefined;
  let last = "";
  return (level, namePrefix, prefix, collectionName, memberName) => {
    if (
      level === lastLevel &&
      namePrefix === lastNamePrefix &&
      prefix === lastPrefix &&
      collectionName === lastCollectionName &&
      memberName === lastMemberName
    ) {
      return last;
    }
    lastLevel = level;
    lastNamePrefix = namePrefix;
    lastPrefix = prefix;
    lastCollectionName = collectionName;
    lastMemberName = memberName;
    return (last = joinName(level, namePrefix, prefix, collectionName, memberName));
  };
}

/**
 * A declared route's name (Rails' `name_for_action`), or null for none: the scope's name prefix,
 * the route's own part and, in a resource, its collection or member name, joined in the order
 * the level gives. A generated name is given only when it starts like a name and is free; one
 * given with `as` is given as it is (the table then rejects it if it is taken or invalid).
 */
export function routeName(input: RouteNameInput, join: NameJoiner = joinName): string | null {
  const { as, action, resource } = input;
  const prefix = routeNamePart(as, action, input.canonical);
  if (resource && as == null && action == null) return null;
  const name = join(input.level, input.namePrefix, prefix, resource?.collectionName, resource?.memberName);
  if (name === "") return null;
  if (as == null) return startsLikeName(name) && !input.isTaken(name) ? name : null;
  return name;
}
