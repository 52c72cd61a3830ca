/**
 * Where a mounted fetch handler is mounted (Rack's `SCRIPT_NAME`). A node listener gets it as
 * `req.baseUrl` (as Express mounts apps); a fetch handler gets a `Request` whose URL holds only the
 * rest of the path, and asks `scriptNameOf(request)`.
 *
 * Why a lookup keyed by the `Request` rather than the alternatives: a header (`X-Script-Name`)
 * would be spoofable — the client could send it, and a handler could not tell ours from theirs;
 * a second argument `(request, { scriptName })` collides with what the second argument already
 * means to the handlers people mount (Hono's and Cloudflare's `env` bindings, Deno's connection
 * info, Bun's server). The `Request` object is made by switchyard for the call, so only switchyard
 * can have registered it; a WeakMap keeps nothing alive after the request.
 */
const SCRIPT_NAMES = new WeakMap<Request, string>();

/** Records the mount point of the request a mounted fetch handler is about to get. */
export function withScriptName(request: Request, scriptName: string): Request {
  SCRIPT_NAMES.set(request, scriptName);
  return request;
}

/**
 * The mount point of a request switchyard passed to a mounted fetch handler (`"/blog"` for a
 * handler mounted with `r.mount(app, { at: "/blog" })`); `""` for any other request (not mounted,
 * or at the root).
 */
export function scriptNameOf(request: Request): string {
  return SCRIPT_NAMES.get(request) ?? "";
}
