/**
 * Typed action params: for every `controller#action` a route reaches, the params its
 * routes give — what `switchyard types` registers as `Register["actions"]`, and what
 * `ActionContext<"photos#show">["params"]` reads.
 *
 * A key is required when every route reaching the action gives it (a required segment, a glob,
 * or a default), optional otherwise (an optional segment such as `(.:format)` or `(:locale)`, or a
 * segment only some of the routes have). Segments are strings; a default's type is its value's
 * literal type, widened to `string` when a segment of the same name can override it.
 */
import type { Route } from "../table/route.js";
import type { RouteTable } from "../table/route-table.js";

type KeyType = { readonly required: boolean; readonly types: ReadonlySet<string> };

function literalType(value: unknown): string {
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      return Number.isFinite(value) ? String(value) : "number";
    case "boolean":
      return String(value);
    case "bigint":
      return `${value}n`;
    default:
      return value === null ? "null" : "unknown";
  }
}

/** The keys one route gives its action, with their types and whether each is always there. */
function routeKeys(route: Route): Map<string, KeyType> {
  const keys = new Map<string, KeyType>();
  const { requiredNames, optionalNames } = route.pattern;
  for (const name of requiredNames) keys.set(name, { required: true, types: new Set(["string"]) });
  for (const name of optionalNames) keys.set(name, { required: name in route.defaults, types: new Set(["string"]) });
  for (const [name, value] of Object.entries(route.defaults)) {
    if (!keys.has(name)) keys.set(name, { required: true, types: new Set([literalType(value)]) });
  }
  return keys;
}

/** The routes that dispatch to a known `controller#action`, by that name, in table order. */
export function routesByAction(routes: readonly Route[]): Map<string, Route[]> {
  const out = new Map<string, Route[]>();
  for (const route of routes) {
    if (route.endpoint.kind !== "dispatch" || route.controller === null || route.action === null) continue;
    // `:controller/:action` (Rails' legacy catch-all): the action is whatever the path names.
    if (route.controller.startsWith(":") || route.action.startsWith(":")) continue;
    const key = `${route.controller}#${route.action}`;
    const list = out.get(key);
    if (list === undefined) out.set(key, [route]);
    else list.push(route);
  }
  return out;
}

/** The params type of an action reached by `routes`, as TypeScript object type text. */
export function actionParamsType(routes: readonly Route[]): string {
  const merged = new Map<string, { required: boolean; types: Set<string>; seen: number }>();
  for (const route of routes) {
    for (const [name, key] of routeKeys(route)) {
      const m = merged.get(name);
      if (m === undefined) merged.set(name, { required: key.required, types: new Set(key.types), seen: 1 });
      else {
        m.required &&= key.required;
        for (const t of key.types) m.types.add(t);
        m.seen++;
      }
    }
  }
  const members = [...merged].map(([name, m]) => {
    const required = m.required && m.seen === routes.length;
    const type = m.types.has("unknown") ? "unknown" : [...m.types].join(" | ");
    return `${JSON.stringify(name)}${required ? "" : "?"}: ${type}${required || type === "unknown" ? "" : " | undefined"}`;
  });
  return `{ ${members.join("; ")} }`;
}

/** The `.d.ts` lines declaring `AppActionParams`; `renderHelperTypes` registers it as `Register["actions"]`. */
export function renderActionParams(table: RouteTable): string[] {
  const byAction = routesByAction(table.routes);
  const lines = [
    "/** The params each `controller#action` gets from the routes that reach it (the query's and body's are `ParamValue`s). */",
  ];
  lines.push("export interface AppActionParams {");
  for (const key of [...byAction.keys()].sort())
    lines.push(`  ${JSON.stringify(key)}: ${actionParamsType(byAction.get(key)!)};`);
  lines.push("}");
  return lines;
}
