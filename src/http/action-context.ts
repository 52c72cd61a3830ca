/**
 * What an action receives (docs/contract.md §6): Rails' `params`, the request, the matched route, and URL
 * helpers bound to the request, as a Rails controller has them. The WHATWG `Request` and the
 * helpers are made only when an action reads them: serving a request from node's
 * `IncomingMessage` never builds a `Request` unless asked (a few microseconds a request in Node 20).
 */
import type { ActionName, ActionParams, Helpers, Route, RouteSet } from "../index.js";
import { escapeHtml } from "../support/html.js";
import { splitHostHeader } from "../uri/host.js";
import type { Exchange } from "./transport/exchange.js";
import { HTML } from "./reply.js";

/** Rails' params: path parameters over the query string's over the body's, Rack's nesting (`a[b][]`). No inherited keys. */
export type Params = Record<string, unknown>;

/**
 * The host framework's own objects, by adapter: each adapter's module adds its entry
 * (`switchyard/express` adds `express: { req, res }`, `switchyard/fastify` `fastify: { request,
 * reply }`, `switchyard/hono` `hono: { c }`), so `ctx.framework` is typed by the adapters the
 * program imports.
 */
export interface FrameworkObjects {}

/** What `ctx.framework` is: one adapter's objects, or undefined (node:http, the fetch handler). */
export type Framework = FrameworkObjects[keyof FrameworkObjects] | undefined;

/**
 * `A`: the `controller#action` served. After `switchyard types`, `ActionContext<"photos#show">`
 * types `params` from the routes reaching it (see `ActionParams`); without `A`, `params` is `Params`.
 *
 * Every member works taken off the context (`({ params, redirectTo, helpers }) => ...`): the values
 * are getters, and the functions (`header`, `redirectTo`) are closures over the request, typed
 * `this: void`, made when first read — not prototype methods that need `this`.
 */
export class ActionContext<A extends ActionName = ActionName> {
  /** Rails' `params`: the body's, then the query string's, then the route's path parameters (controller, action, id, format...). */
  readonly params: ActionParams<A>;
  /** The matched route (`route.name`, `route.path`, ...). */
  readonly route: Route;
  readonly #ex: Exchange;
  readonly #routes: RouteSet;
  #request: Request | undefined;
  #helpers: Helpers | undefined;
  #header: ((this: void, name: string) => string | null) | undefined;
  #redirectTo: ((this: void, target: string, status?: number) => Response) | undefined;

  constructor(ex: Exchange, routes: RouteSet, route: Route, params: Params) {
    this.#ex = ex;
    this.#routes = routes;
    this.route = route;
    this.params = params as ActionParams<A>;
  }

  /** The request as a WHATWG `Request`: its URL the one the client asked for, its method the served one (after `_method`). */
  get request(): Request {
    return (this.#request ??= this.#ex.toRequest());
  }

  /** The method the request is served with (`DELETE` for a form POST with `_method=delete`). */
  get method(): string {
    return this.#ex.method;
  }

  /** The method the client sent (Rails' `request.method`, `rack.methodoverride.original_method`). */
  get originalMethod(): string {
    return this.#ex.originalMethod;
  }

  /** Where the application is mounted (Rack's `SCRIPT_NAME`), "" at the root. */
  get scriptName(): string {
    return this.#ex.scriptName;
  }

  /** The path within the application (Rack's `PATH_INFO`), without the query. */
  get path(): string {
    return this.#ex.path;
  }

  /**
   * The host framework's own objects for this request: Express' `{ req, res }`, Fastify's
   * `{ request, reply }`, Hono's `{ c }` — what its middleware set there (passport's `req.user`)
   * — or undefined when no framework serves the request (node:http, the fetch handler).
   */
  get framework(): Framework {
    return this.#ex.framework as Framework;
  }

  /** A request header (any case), or null: `header("Accept")`. */
  get header(): (this: void, name: string) => string | null {
    const ex = this.#ex;
    return (this.#header ??= (name) => ex.header(name.toLowerCase()) ?? null);
  }

  /**
   * The route set's helpers with the request's protocol, host, port and script name as default
   * URL options, as a Rails controller's: `helpers.photo_url(1)` is `https://this.host/photos/1`.
   */
  get helpers(): Helpers {
    if (this.#helpers === undefined) {
      const ex = this.#ex;
      const { host, port } = splitHostHeader(ex.authority);
      const standard = ex.scheme === "https" ? 443 : 80;
      this.#helpers = this.#routes.helpersFor({
        protocol: ex.scheme,
        host,
        ...(port !== null && port !== standard ? { port } : {}),
        ...(ex.scriptName !== "" ? { scriptName: ex.scriptName } : {}),
      });
    }
    return this.#helpers;
  }

  /**
   * Rails' `redirect_to`: `redirectTo(target, status = 302)` answers a 302 (or `status`) to
   * `target`, made absolute from the request as Rails makes it (a URL with a scheme, or `//host`, as
   * it is; anything else after the request's protocol and host), with Rails' "You are being
   * redirected" body.
   */
  get redirectTo(): (this: void, target: string, status?: number) => Response {
    const ex = this.#ex;
    return (this.#redirectTo ??= (target, status = 302) => {
      const location = /^([a-z][a-z\d\-+.]*:|\/\/)/i.test(target) ? target : `${ex.scheme}://${ex.authority}${target}`;
      return new Response(`<html><body>You are being <a href="${escapeHtml(location)}">redirected</a>.</body></html>`, {
        status,
        headers: { location, "content-type": HTML },
      });
    });
  }
}
