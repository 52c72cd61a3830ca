import type { RouteSource, SourceLocation } from "./route.js";

/** `config/routes.ts:12`. */
export function locationText(location: SourceLocation): string {
  return `${location.file}:${location.line}`;
}

/**
 * A route's source as `-E`, the HTML table and lint messages show it: `config/routes.ts:12`, and
 * for a route a concern declared, `config/routes.ts:12 (concern :commentable, config/routes.ts:3)`
 * — the `concerns` call, then the concern and the line of its body. `""` when not recorded.
 */
export function sourceText(source: RouteSource | null | undefined): string {
  if (source == null) return "";
  const at = locationText(source);
  return source.concern === undefined ? at : `${at} (concern :${source.concern.name}, ${locationText(source.concern)})`;
}
