import { journeyRegExp, simulatorRegExp, usesSimulator } from "../pattern/regexp.js";
import { rubyString } from "../support/ruby.js";
import type { Route } from "../table/route.js";
import { CLIENT_SCRIPT } from "./html-client.js";
import { prefixSource } from "./prefix.js";

/**
 * What the HTML route table reads of a route: the columns of `bin/rails routes`, the path pattern
 * and requirements its search matches with, and — when routes record where they were declared —
 * `source` (`config/routes.ts:12`). Every `Route` is one.
 */
export type HtmlRoute = Pick<Route, "name" | "verb" | "verbs" | "path" | "reqs" | "controller" | "action" | "requirements" | "anchor"> & {
  readonly pattern: Pick<Route["pattern"], "ast">;
  /** `file:line` of the declaration that made the route, when recorded. */
  readonly source?: string | undefined;
};

/** Options of {@link renderRoutesHtml}. */
export interface RoutesHtmlOptions {
  /**
   * A routing error page: the request that matched no route (the page leads with
   * `No route matches [GET] "/x"`, as Rails' routing error page), or the message itself.
   */
  readonly error?: { readonly method: string; readonly path: string } | string;
  /** The page's title and heading (default "Routing Error" for an error, else "Routes"). */
  readonly title?: string;
  /** Text already in the search field (the table opens filtered by it). */
  readonly query?: string;
  /** A Content-Security-Policy nonce for the page's inline style and scripts. */
  readonly nonce?: string;
}

/**
 * The route table as one standalone HTML page — the routing error page, `/rails/info/routes`, and
 * `switchyard routes --html` are all this page. A real `<table>` in precedence order, complete
 * without JavaScript; with it, a search field that filters as one types (see `html-client.ts`):
 * routes whose pattern matches the typed path exactly first, then those the typed path begins,
 * and by name or controller#action. The page loads nothing: its style, script and the data the
 * search needs (each route's Journey regexp, its simulator filter, its prefix regexp) are inline.
 * Every text from the table is escaped; the data is JSON that cannot close its `<script>`.
 */
export function renderRoutesHtml(routes: readonly HtmlRoute[], options: RoutesHtmlOptions = {}): string {
  const message = errorMessage(options.error);
  const title = options.title ?? (message === null ? "Routes" : "Routing Error");
  const withSource = routes.some((r) => r.source !== undefined);
  const columns = withSource ? 5 : 4;
  const nonce = options.nonce === undefined ? "" : ` nonce="${escapeHtml(options.nonce)}"`;
  const count = routes.length === 0 ? "No routes" : `${routes.length} ${routes.length === 1 ? "route" : "routes"}`;

  const section = (kind: string, heading: string, none: string) =>
    `<tbody id="sy-${kind}" class="sy-${kind}" hidden>` +
    `<tr class="sy-section"><th colspan="${columns}" scope="rowgroup">${heading}</th></tr>` +
    `<tr class="sy-none"><td colspan="${columns}">${none}</td></tr></tbody>`;

  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(message === null ? title : `${title}: ${message}`)}</title>
<style${nonce}>${STYLE}</style>
</head>
<body>
<header>
<h1>${escapeHtml(title)}</h1>
${message === null ? "" : `<p class="sy-error">${escapeHtml(message)}</p>\n`}</header>
<main>
<h2 id="sy-routes-heading">Routes</h2>
<p>Routes are tried from top to bottom: the first one that matches a request answers it.</p>
<div id="sy-search-box" class="sy-search" hidden>
<label for="sy-search">Search by path, name or controller#action</label>
<input type="search" id="sy-search" value="${escapeHtml(options.query ?? "")}" autocomplete="off" autocapitalize="off" spellcheck="false" aria-describedby="sy-search-hint" aria-controls="sy-table">
<p id="sy-search-hint" class="sy-hint">A path lists the routes that match it exactly, then those that match a path it begins; names and controller#action match as text.</p>
<p id="sy-status" class="sy-status" role="status" aria-live="polite"></p>
</div>
<table id="sy-table">
<caption>${count}, in the order they are matched</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Verb</th><th scope="col">Path</th><th scope="col">Controller#Action</th>${withSource ? `<th scope="col">Source</th>` : ""}</tr></thead>
${section("exact", "Exact matches", "No route matches exactly.")}
${section("partial", "Partial matches", "No route matches partially.")}
<tbody id="sy-all">
${routes.map((r) => row(r, withSource)).join("\n")}
</tbody>
</table>
</main>
<script type="application/json" id="sy-route-data">${scriptJson(searchData(routes))}</script>
<script${nonce}>${CLIENT_SCRIPT}</script>
</body>
</html>
`;
}

function errorMessage(error: RoutesHtmlOptions["error"]): string | null {
  if (error === undefined) return null;
  if (typeof error === "string") return error;
  // ActionController::RoutingError's message, the path as Ruby's String#inspect prints it.
  return `No route matches [${error.method}] ${rubyString(error.path)}`;
}

function row(r: HtmlRoute, withSource: boolean): string {
  const verb = r.verb === "" ? `<span class="sy-any">any</span>` : escapeHtml(r.verb);
  return `<tr><td>${escapeHtml(r.name ?? "")}</td><td>${verb}</td><th scope="row"><code>${escapeHtml(r.path)}</code></th>` +
    `<td><code>${escapeHtml(r.reqs)}</code></td>${withSource ? `<td><code>${escapeHtml(r.source ?? "")}</code></td>` : ""}</tr>`;
}

/**
 * The search's data: the matchers (one per distinct pattern and requirements, as a resource's
 * show, update and destroy share theirs) and, per route in table order, its matcher's index and
 * the texts it is searched by.
 */
interface SearchData {
  /** `[journey regexp source, flags, simulator source | null, prefix source]`. */
  matchers: [string, string, string | null, string][];
  /** `[matcher, name, verbs, reqs, controller#action, source]`. */
  routes: [number, string, readonly string[], string, string, string][];
}

function searchData(routes: readonly HtmlRoute[]): SearchData {
  const matchers: SearchData["matchers"] = [];
  const index = new Map<string, number>();
  const rows: SearchData["routes"] = routes.map((r) => {
    const { re } = journeyRegExp(r.pattern.ast, r.requirements, r.anchor);
    const key = `${re.flags}/${re.source}`;
    let m = index.get(key);
    if (m === undefined) {
      index.set(key, (m = matchers.length));
      const simulator = usesSimulator(r.pattern.ast, r.requirements, r.anchor) ? simulatorRegExp(r.pattern.ast).source : null;
      matchers.push([re.source, re.flags, simulator, checkedPrefix(r, re.flags)]);
    }
    const action = r.controller !== null && r.action !== null ? `${r.controller}#${r.action}` : "";
    return [m, r.name ?? "", r.verbs, r.reqs, action, r.source ?? ""];
  });
  return { matchers, routes: rows };
}

/** The route's prefix regexp, or (should the browser's RegExp refuse it) one that lets every text through. */
function checkedPrefix(r: HtmlRoute, flags: string): string {
  const source = prefixSource(r.pattern.ast, r.requirements, r.anchor);
  try {
    new RegExp(source, flags);
    return source;
  } catch {
    return "";
  }
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text as HTML: safe in element content and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** JSON for a `<script>` element: no `<`, `>` or `&` (so no `</script>` or `<!--`), no line separators. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const STYLE = `
:root { color-scheme: light dark; --fg: #1f2328; --bg: #fff; --muted: #59636e; --line: #d1d9e0; --stripe: #f6f8fa;
  --exact: #dafbe1; --partial: #fff8c5; --error-bg: #ffebe9; --error: #cf222e; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e6edf3; --bg: #0d1117; --muted: #9198a1; --line: #3d444d; --stripe: #151b23;
    --exact: #12361f; --partial: #3a2d05; --error-bg: #2c1416; --error: #f85149; }
}
body { margin: 0; padding: 1rem 2rem 3rem; font: 15px/1.45 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
h1 { font-size: 1.6rem; margin: .5rem 0; }
h2 { font-size: 1.2rem; margin: 1.5rem 0 .25rem; }
code { font: 13.5px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.sy-error { margin: .5rem 0 1rem; padding: .6rem 1rem; border-left: 4px solid var(--error); background: var(--error-bg);
  font: 600 15px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; overflow-wrap: anywhere; }
.sy-search { margin: 1rem 0; }
.sy-search label { display: block; font-weight: 600; margin-bottom: .25rem; }
.sy-search input { width: min(40rem, 100%); box-sizing: border-box; padding: .4rem .6rem; font: inherit;
  color: inherit; background: var(--bg); border: 1px solid var(--muted); border-radius: 4px; }
.sy-hint, .sy-status { margin: .25rem 0; color: var(--muted); font-size: .9rem; }
table { border-collapse: collapse; width: 100%; }
caption { text-align: left; color: var(--muted); padding: .25rem 0; caption-side: top; }
th, td { text-align: left; vertical-align: top; padding: .3rem .75rem; border-bottom: 1px solid var(--line); }
thead th { position: sticky; top: 0; background: var(--bg); border-bottom: 2px solid var(--line); }
tbody th { font-weight: normal; }
#sy-all tr:nth-child(even) { background: var(--stripe); }
.sy-exact { background: var(--exact); }
.sy-partial { background: var(--partial); }
.sy-section th { font-weight: 600; padding-top: .6rem; }
.sy-none td, .sy-any { color: var(--muted); font-style: italic; }
`;
