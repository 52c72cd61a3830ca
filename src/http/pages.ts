/**
 * The development pages (`env: "development"` only, SPEC §7): the routing error page (Rails'
 * "Routing Error": the message, then the application's routes), the same routes at
 * `/rails/info/routes`, and the exception page of an action that threw (the error and its stack).
 *
 * The route table pages are the inspector's HTML route table (`inspect/html.ts`, with its live
 * search), the same page `switchyard routes --html` writes.
 */
import type { RouteSet } from "../index.js";
import { renderRoutesHtml } from "../inspect/html.js";
import { escapeHtml } from "../support/html.js";
import { describeThrown } from "../support/thrown.js";

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#222}header{background:#c52f24;color:#fff;padding:.6em 1.2em}
h1{font-size:1.5em;margin:.2em 0}main{padding:0 1.2em 1.2em}pre{background:#f6f6f6;padding:.8em;overflow:auto;font:12px/1.35 ui-monospace,monospace}
.note{color:#555}`;

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

/** The exception page: the error's class and where it was raised, its message and its stack. */
export function exceptionPage(error: unknown, where: string): string {
  const { name, message, stack } = describeThrown(error);
  return page(`${name} in ${where}`, `${name} in ${where}`, `<h2 id="message">${escapeHtml(message)}</h2>\n<pre id="stack">${escapeHtml(stack)}</pre>`);
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
