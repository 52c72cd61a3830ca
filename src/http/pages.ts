/**
 * The development pages (`env: "development"` only, docs/contract.md §7): the routing error page (Rails'
 * "Routing Error": the message, then the application's routes), the same routes at
 * `/rails/info/routes`, and the exception page of an action that threw (the error and its stack).
 *
 * The route table pages are the inspector's HTML route table (`inspect/html.ts`, with its live
 * search), the same page `switchyard routes --html` writes.
 */
import type { RouteSet } from "../index.js";
import { renderRoutesHtml } from "../inspect/html.js";
import { escapeHtml } from "../support/html.js";
import { rubyIndifferentHash } from "../support/ruby.js";
import { describeThrown } from "../support/thrown.js";
import { backtraceOf, railsFrame, type Frame } from "./backtrace.js";

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#222}header{background:#c52f24;color:#fff;padding:.6em 1.2em}
h1{font-size:1.5em;margin:.2em 0}main{padding:0 1.2em 1.2em}pre{background:#f6f6f6;padding:.8em;overflow:auto;font:12px/1.35 ui-monospace,monospace}
.note{color:#555}h3{margin:1.2em 0 .3em}dl.sy-request{display:grid;grid-template-columns:max-content 1fr;gap:.2em 1em}
dl.sy-request dd{margin:0;overflow-wrap:anywhere;font:12px/1.35 ui-monospace,monospace}summary{cursor:pointer;margin:.8em 0 .3em;font-weight:600}`;

function page(title: string, heading: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>${escapeHtml(heading)}</h1></header>
<main>
${body}
</main>
</body>
</html>
`;
}

/** Rails' routing error page: the message, notes (such as the controller file looked for), then the routes with a live search. */
export function routingErrorPage(message: string, routes: RouteSet, notes: readonly string[] = []): string {
  return renderRoutesHtml(routes.routes, { error: message, notes });
}

/** `/rails/info/routes`. */
export function routesPage(routes: RouteSet): string {
  return renderRoutesHtml(routes.routes, { title: "Routes" });
}

/** The request an exception page shows: Rails' "Request" section (its parameters already filtered). */
export interface ShownRequest {
  readonly method: string;
  readonly path: string;
  readonly params: Record<string, unknown> | null;
}

/**
 * The exception page: the error's class and where it was raised, its message, the request (method,
 * path, filtered parameters), then its stack as Rails splits it: the application's frames first,
 * then the framework's (switchyard, node, packages), and the full trace, folded.
 */
export function exceptionPage(error: unknown, where: string, request?: ShownRequest, root = ""): string {
  const { name, message, stack } = describeThrown(error);
  const trace = backtraceOf(stack);
  const frames = (list: readonly Frame[], id: string) =>
    `<pre id="${id}">${list.length === 0 ? "(none)" : escapeHtml(list.map((f) => railsFrame(f, root)).join("\n"))}</pre>`;
  const shown =
    request === undefined
      ? ""
      : `<h3>Request</h3>
<dl class="sy-request" id="request"><dt>Method</dt><dd>${escapeHtml(request.method)}</dd><dt>Path</dt><dd>${escapeHtml(request.path)}</dd>
<dt>Parameters</dt><dd>${request.params === null || Object.keys(request.params).length === 0 ? "None" : escapeHtml(rubyIndifferentHash(request.params))}</dd></dl>`;
  return page(
    `${name} in ${where}`,
    `${name} in ${where}`,
    `<h2 id="message">${escapeHtml(message)}</h2>
${shown}
<h3>Application Trace</h3>
${frames(trace.application, "application-trace")}
<details><summary>Framework Trace</summary>${frames(trace.framework, "framework-trace")}</details>
<details><summary>Full Trace</summary><pre id="stack">${escapeHtml(stack)}</pre></details>`,
  );
}

/**
 * Rails' "Blocked host" page (`rescues/blocked_host`, development only; elsewhere the 403 has no
 * body, as Rails'): Rails' words, its `config.hosts << "..."` hint given as the `hosts` option.
 */
export function blockedHostPage(host: string): string {
  return page(
    `Blocked host: ${host}`,
    `Blocked host: ${host}`,
    `<h2>To allow requests to ${escapeHtml(host)} make sure it is a valid hostname (containing only numbers, letters, dashes and dots), then add the following to the hosts option of createHandler (or to SWITCHYARD_HOSTS for switchyard serve):</h2>\n<pre>hosts: [${escapeHtml(JSON.stringify(host))}]</pre>`,
  );
}
