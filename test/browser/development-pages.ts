import type { RouteSet } from "switchyard";
import { renderRoutesHtml } from "../../src/inspect/html.js";
import type { FetchHandler } from "./server.js";

/**
 * What the serving handler (`createHandler(routes, { env: "development" })`, issue 15) answers in
 * development for the pages these tests open: a request no route matches gets 404 and the routing
 * error page, `/rails/info/routes` the route table, anything else a plain 200. A stand-in until
 * that handler lands, built on the same renderer.
 */
export function developmentPages(routes: RouteSet): FetchHandler {
  const page = (status: number, body: string) =>
    new Response(body, { status, headers: { "content-type": "text/html; charset=utf-8" } });
  return (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === "/rails/info/routes") return page(200, renderRoutesHtml(routes.routes));
    if (routes.recognize(request.method, pathname)) return new Response("ok");
    return page(404, renderRoutesHtml(routes.routes, { error: { method: request.method, path: pathname } }));
  };
}
