// The public surface of switchyard: explicit named exports only.
export { ArgumentError, UrlGenerationError, RoutingError } from "./errors.js";
export { RouteSet } from "./table/route-set.js";
export type { RouteTable, UrlOptions, DirectDefinition, ResolveDefinition } from "./table/route-set.js";
export type { Route, Endpoint, RequestInfo, RequestConstraint, ConstraintCallback, ConstraintObject } from "./table/route.js";
export { Redirect } from "./table/redirect.js";
export type { RedirectCallback, RedirectOptions, RedirectRequest, RedirectTarget } from "./table/redirect.js";
export type { InspectOptions } from "./inspect/sheet.js";
export { PathPattern } from "./pattern/path.js";
export type { PatternNode } from "./pattern/ast.js";
