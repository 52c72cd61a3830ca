/**
 * `switchyard routes --json`: the route table as plain JSON data. Each row holds what the sheet
 * shows (`name`, `verb`, `path`, `reqs`) plus `controller`, `action`, `constraints` and
 * `defaults`; RegExps become their source strings, functions their names. When routes record
 * where they were declared, every row also has `source` (`"config/routes.ts:12"`, or null), and a
 * row a concern declared has `concern` (`{ name: "commentable", source: "config/routes.ts:3" }`).
 */
import type { Route, RouteSource } from "../index.js";
import { rubyFormOf } from "../support/regexp-forms.js";
import { locationText } from "../table/source.js";

export interface RouteJson {
  name: string | null;
  verb: string;
  path: string;
  reqs: string;
  controller: string | null;
  action: string | null;
  constraints: Record<string, JsonValue>;
  defaults: Record<string, JsonValue>;
  /** `file:line` of the declaration: present when any route of the table records its source location. */
  source?: string | null;
  /** For a route a concern declared: the concern, and the line of its body (`source` is the `concerns` call). */
  concern?: { name: string; source: string };
}

/** The rows of `--json`: with a `source` field on each when any route has a source location. */
export function routesToJson(routes: readonly Route[]): RouteJson[] {
  const withSource = routes.some((r) => r.source !== null);
  return routes.map((r) => (withSource ? { ...routeToJson(r), ...sourceToJson(r.source) } : routeToJson(r)));
}

function sourceToJson(source: RouteSource | null): Pick<RouteJson, "source" | "concern"> {
  if (source === null) return { source: null };
  const json: Pick<RouteJson, "source" | "concern"> = { source: locationText(source) };
  if (source.concern !== undefined) json.concern = { name: source.concern.name, source: locationText(source.concern) };
  return json;
}

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export function routeToJson(route: Route): RouteJson {
  return {
    name: route.name,
    verb: route.verb,
    path: route.path,
    reqs: route.reqs,
    controller: route.controller,
    action: route.action,
    constraints: toJsonObject(route.constraints),
    defaults: toJsonObject(route.defaults),
  };
}

function toJsonObject(obj: Readonly<Record<string, unknown>>): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const [k, v] of Object.entries(obj)) out[k] = toJsonValue(v);
  return out;
}

/** A value as JSON data: RegExp -> its source (a translated Ruby regexp's as declared), function -> its name, symbol -> its description. */
export function toJsonValue(v: unknown): JsonValue {
  if (v === null || v === undefined) return null;
  if (v instanceof RegExp) return rubyFormOf(v)?.source ?? v.source;
  if (typeof v === "string" || typeof v === "boolean") return v;
  if (typeof v === "number") return Number.isFinite(v) ? v : String(v);
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "symbol") return v.description ?? "";
  if (typeof v === "function") return v.name || "(anonymous function)";
  if (Array.isArray(v)) return v.map(toJsonValue);
  if (typeof v === "object") {
    if (typeof (v as { matches?: unknown }).matches === "function") return constraintObjectName(v);
    return toJsonObject(v as Record<string, unknown>);
  }
  return String(v);
}

function constraintObjectName(v: object): string {
  const name = v.constructor?.name;
  return name && name !== "Object" ? name : "(matches object)";
}
