import { InvalidURIError, KeyError } from "../../errors.js";
import type { Redirect } from "../../table/redirect-endpoint.js";
import type { AppTarget, Route } from "../../table/route.js";
import { journeyExec } from "../../pattern/linear-exec.js";
import type { PreparedRoute, RouteParams } from "../prepare.js";
import { blocksMatch } from "./conditions.js";
import type { RecognizeRequest } from "../../table/request.js";
import type { RequestContext } from "./request-context.js";
import { serveRedirect, type RedirectResponse } from "./serve-redirect.js";

// What a matched route answers for a request beyond its params: its lambda/`matches` constraints
// asked, its redirect served, the handler of a route to one with the path split at its mount
// point. A constraint or redirect callback that throws propagates with the route and the request
// added to its message.

/**
 * A route's lambda/`matches` constraints. One that throws propagates its error, as in a Rails app
 * (a server error); the message gains the route and the request, since the stack alone names
 * neither.
 */
export function askBlocks(
  route: Route,
  method: string,
  params: RouteParams,
  path: string,
  ctx: RequestContext,
): boolean {
  try {
    return blocksMatch(route.blocks, params, ctx);
  } catch (e) {
    addContext(
      e,
      ` (in a request constraint of ${routeLabel(route)} (${route.reqs}), asked about ${method} ${path}: a constraint should return false for a request it does not accept rather than throw)`,
    );
    throw e;
  }
}

/**
 * A redirect route's answer. A `%{name}` the request's params lack throws Ruby's `KeyError` (a
 * server error in a Rails app), its message naming the route and the fix. An error thrown by a
 * redirect callback propagates with the route and the request added to its message, as a
 * constraint's does; `InvalidURIError` keeps Ruby's message.
 */
export function redirectOf(
  route: Route,
  redirect: Redirect,
  params: RouteParams,
  ctx: RequestContext,
  method: string,
  path: string,
): RedirectResponse {
  try {
    return serveRedirect(redirect, params, ctx);
  } catch (e) {
    if (e instanceof KeyError) {
      addContext(
        e,
        ` (redirect of ${routeLabel(route)}: this request has no such parameter; give it a default or a block redirect)`,
      );
    } else if (!(e instanceof InvalidURIError)) {
      addContext(e, ` (in the redirect callback of ${routeLabel(route)}, asked about ${method} ${path})`);
    }
    throw e;
  }
}

/**
 * Where a route to a handler sends the request (Journey's `Router#serve`): a mount (an unanchored
 * route) moves the part of the path its pattern matched to the script name, `chomp("/")`ed, and
 * leaves the rest as the path info, with a leading slash (`/blog/posts/1` at `/blog`: `/blog` and
 * `/posts/1`; `/blog` alone: `/blog` and `/`); an anchored `to: handler` route leaves both as
 * they are. The path is the normalized one (`%7e` is `%7E` there, as in Rails).
 */
export function appTarget(
  r: PreparedRoute,
  handler: unknown,
  path: string,
  request: RecognizeRequest | undefined,
): AppTarget {
  const base = typeof request?.scriptName === "string" ? request.scriptName : "";
  const m = r.route.anchor ? null : journeyExec(r.journey, path);
  if (m === null) return { handler, scriptName: base, pathInfo: path };
  const matched = base + m[0];
  const rest = path.slice(m.index + m[0].length);
  return {
    handler,
    scriptName: matched.endsWith("/") ? matched.slice(0, -1) : matched,
    pathInfo: rest.startsWith("/") ? rest : "/" + rest,
  };
}

const routeLabel = (route: Route) => `${route.verb || "any verb"} ${route.path}`;

/**
 * Appends the context to a thrown error's message where the message can be written, so the
 * caller's own error is what propagates: a frozen error, or one whose `message` is a getter
 * (a `DOMException`, as `atob` throws), would otherwise be replaced by the TypeError the
 * assignment throws in strict code.
 */
function addContext(e: unknown, context: string): void {
  if (!(e instanceof Error)) return;
  try {
    e.message += context;
  } catch {
    // a read-only message: the error propagates as it is
  }
}
