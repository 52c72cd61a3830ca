// The public surface of switchyard: explicit named exports only. What `switchyard` is in a Worker's
// or a browser's bundle (package.json's `workerd`, `worker` and `browser` conditions); on Node, Bun
// and Deno, index.ts: the same exports, with polymorphic routes installed.

export { draw, loadRoutes, defineRoutes } from "./draw.js";
export type { DrawOptions, RoutesDeclaration } from "./draw.js";
export { Mapper } from "./dsl/mapper.js";
export type {
  Block,
  Handler,
  Via,
  ConstraintMap,
  MatchOptions,
  ScopeOptions,
  ResourceOptions,
  SingularResourceOptions,
  SingularResourceAction,
  NamespaceOptions,
  MountOptions,
  MountMapping,
  PathNames,
} from "./dsl/options.js";
export { Resource, SingletonResource } from "./dsl/resource.js";
export type { ResourceAction } from "./dsl/resource.js";
export { lintRoutes, checkRegExp } from "./lint/index.js";
export type {
  RouteLintFinding,
  LintOptions,
  LintCheck,
  BacktrackingFinding,
  ResourceDeclaration,
} from "./lint/index.js";
export { ArgumentError, UrlGenerationError, RoutingError, RuntimeError, KeyError, InvalidURIError } from "./errors.js";
export { RouteSet } from "./route-set.js";
export { builtRoutes } from "./built.js";
export type { BuiltTableData, BuiltSource, BuiltMachinery } from "./built.js";
/** The linear matcher a built table whose routes could backtrack passes to `builtRoutes` (the module `switchyard build` writes does). */
export { linearMatcher } from "./pattern/linear/index.js";
export type { RouteTable, DirectDefinition, ResolveDefinition } from "./table/route-table.js";
export type {
  Route,
  RouteSource,
  SourceLocation,
  Requirement,
  Endpoint,
  AppTarget,
  RequestConstraint,
  ConstraintCallback,
  ConstraintObject,
} from "./table/route.js";
export { Redirect } from "./table/redirect-endpoint.js";
export type { RedirectCallback, RedirectOptions, RedirectTarget } from "./table/redirect-endpoint.js";
export type { RequestInfo, RecognizeRequest, RedirectRequest } from "./table/request.js";
export type { InspectOptions } from "./inspect/sheet.js";
export { PathPattern } from "./pattern/path.js";
export { ruby } from "./pattern/ruby-regexp.js";
export { inflections, resetInflections, Inflections, pluralize, singularize } from "./support/inflections.js";
export { compileRecognizer } from "./recognize/index.js";
export type {
  Recognizer,
  RecognizeResult,
  RecognizedParams,
  RecognizedApp,
  RecognizedRedirect,
  RouteParams,
  RedirectResponse,
  StrategyName,
} from "./recognize/index.js";
export type { UrlOptions, HelperOptions, Param, RecordLike } from "./table/url-options.js";
export type {
  Helpers,
  BaseHelpers,
  Register,
  PolymorphicTarget,
  UrlForTarget,
  RouteHelper,
} from "./generate/helpers.js";
export { renderHelperTypes } from "./generate/declarations.js";
export { renderBrowserHelpers } from "./generate/browser/module.js";
export type { BrowserHelpers } from "./generate/browser/module.js";
export type { RenderTypesOptions } from "./generate/declarations.js";
export type { PatternNode } from "./pattern/ast.js";
export { p } from "./generate/verified-path.js";
export type { PathFunction } from "./generate/verified-path.js";
export type {
  ParamValue,
  LooseParams,
  ActionName,
  ActionParams,
  ControllerName,
  ActionsOf,
  VerifiedPath,
  PathNode,
  PathRest,
} from "./generate/typed-routes.js";
