// Route paths: the path a declared route gets (Rails' `path_for_action`, `action_path` and
// `Mapping.normalize_path`), as pure functions of what the declaration and its scope say, so
// that they can be tested without the DSL.
import { escapeRoutePath, normalizeMapperPath } from "../pattern/normalize.js";

/** Path segments by action name (Rails' `path_names`). */
export type PathNameMap = Readonly<Record<string, string | undefined>>;

/** The path segment of an action: its path name, else itself (an own key: `constructor` is not Object's). */
export function actionPath(pathNames: PathNameMap | undefined, action: string): string {
  return pathNames !== undefined && Object.hasOwn(pathNames, action) ? (pathNames[action] ?? action) : action;
}

/** What decides a route's path, before it is escaped and normalized. */
export interface ActionPathInput {
  /** The scope's path (`/photos/:id` on a member). */
  readonly scopePath: string | null | undefined;
  /** The action the declaration names (`preview`), or its path when it names none. */
  readonly action: string;
  /** A path given apart from the action (`path:`, or the string of `get "search"`). */
  readonly path: string | undefined;
  /** The action is one of the six canonical ones in a member, collection or new scope: it is the scope's path itself. */
  readonly canonical: boolean;
  /** The scope's path names (`{ new: "new", edit: "edit" }`, ...). */
  readonly pathNames: PathNameMap | undefined;
}

/** The path a route is declared at (Rails' `path_for_action`): the scope's path, then the given path or the action's segment. */
export function pathForAction(input: ActionPathInput): string {
  const scopePath = input.scopePath ?? "";
  if (input.path != null) return `${scopePath}/${input.path}`;
  if (input.canonical) return String(scopePath);
  return `${scopePath}/${actionPath(input.pathNames, input.action)}`;
}

/**
 * The route's path as the table holds it (Rails' `Mapping.normalize_path` of the escaped path):
 * escaped, normalized, with its format segment: `(.:format)` unless `formatted` is false or the
 * path ends in a format segment or a slash; `.:format` when `formatted` is true.
 */
export function fullPath(path: string, formatted: unknown): string {
  const normalized = normalizeMapperPath(escapeRoutePath(path));
  if (formatted === true) return `${normalized}.:format`;
  if (formatted !== false && !hasFormatSuffix(normalized)) return `${normalized}(.:format)`;
  return normalized;
}

/**
 * A {@link fullPath} that keeps its last answer. Routes of one path come in runs (a resource's
 * index and create; its show, update, update and destroy): the run's routes get the very same
 * string, which `patternOf` then compares by identity instead of comparing a new one.
 * (Measured with the name kept likewise: see `lastNameJoiner`.)
 */
export function lastFullPath(): typeof fullPath {
  let lastPath = "";
  let lastFormatted: unknown;
  let last = "";
  return (path, formatted) => {
    if (path === lastPath && formatted === lastFormatted) return last;
    lastPath = path;
    lastFormatted = formatted;
    return (last = fullPath(path, formatted));
  };
}

/** Ends in a format segment or a slash, so `(.:format)` is not appended (Rails' `/(?:\(\.:format\)+|\.:format|\/)\Z/`). */
export function hasFormatSuffix(path: string): boolean {
  if (path.endsWith("/") || path.endsWith(".:format")) return true;
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 41 /* ) */) end--;
  return end < path.length && end >= 9 && path.startsWith("(.:format", end - 9);
}

const MATCH_SHORTHAND = /^\/?[-\w]+\/[-\w/]+$/;

/** `get "photos/search"` means `photos#search` when no `to:`/`action:` is given (Rails' match shorthand). */
export function shorthandTo(path: string, to: unknown, action: unknown): unknown {
  if (to || action) return to;
  const withoutFormat = path.replace(/\(\.:format\)$/, "");
  if (!MATCH_SHORTHAND.test(withoutFormat)) return null;
  return withoutFormat
    .replace(/^\//, "")
    .replace(/\/([^/]*)$/, "#$1")
    .replace(/-/g, "_");
}
