// One app, drawn in code, that every runtime serves (runtimes.test.ts): the built package (dist/),
// as a deployed app imports it, with nothing Node-only — Bun and Deno import this file as it is,
// workerd runs it bundled by esbuild for the neutral platform.
import { draw } from "../../../dist/index.js";
import { createHandler, type ActionContext } from "../../../dist/http/index.js";

const status = (request: Request) => new Response(`mounted ${new URL(request.url).pathname}`);

const routes = draw((r) => {
  r.resources("photos", { only: ["index", "show", "destroy"] });
  r.get("tags/:name", { to: "tags#show" });
  r.get("years/:year", { to: "years#show", constraints: { year: /\d{4}/ } });
  r.get("old/:id", { to: r.redirect("/photos/%{id}") });
  r.mount(status, { at: "/status" });
});

const echo = (ctx: ActionContext) => ({ method: ctx.method, params: ctx.params });

export const handler = createHandler(routes, {
  env: "production",
  logger: false,
  controllers: {
    photos: { index: echo, show: echo, destroy: echo },
    tags: { show: echo },
    years: { show: echo },
  },
});

/** The requests every runtime is sent, by name. */
export const REQUESTS: Readonly<Record<string, { path: string; init?: RequestInit }>> = {
  hit: { path: "/photos" },
  miss: { path: "/nowhere" },
  "method override from a form": {
    path: "/photos/7",
    init: {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "_method=delete&caption=a+b",
    },
  },
  "escaped UTF-8 parameter": { path: "/tags/caf%C3%A9%20%E6%97%A5" },
  "constraint met": { path: "/years/2024" },
  "constraint unmet": { path: "/years/20x4" },
  redirect: { path: "/old/5" },
  mount: { path: "/status/ping" },
};

/** What a runtime answered: the parts a served request is compared by. */
export interface Answer {
  readonly status: number;
  readonly location: string | null;
  readonly type: string | null;
  readonly body: string;
}

/**
 * What `response` says, with the origin it was served at written as `ORIGIN` (each runtime listens
 * on a port of its own) and the media type lower-cased (a `Response` made from a string is
 * `text/plain;charset=UTF-8` on Node, `utf-8` on Bun).
 */
export async function answerOf(response: Response, origin: string): Promise<Answer> {
  const served = (text: string | null) => text?.replaceAll(origin, "ORIGIN") ?? null;
  return {
    status: response.status,
    location: served(response.headers.get("location")),
    type: response.headers.get("content-type")?.toLowerCase() ?? null,
    body: served(await response.text())!,
  };
}

/** Sends every request to `fetcher` (a served origin, or the handler itself), one at a time. */
export async function answers(
  fetcher: (request: Request) => Promise<Response>,
  origin = "http://127.0.0.1",
): Promise<Record<string, Answer>> {
  const out: Record<string, Answer> = {};
  for (const [name, { path, init }] of Object.entries(REQUESTS))
    out[name] = await answerOf(await fetcher(new Request(origin + path, { ...init, redirect: "manual" })), origin);
  return out;
}
