import type { PatternNode } from "../pattern/ast.js";
import { journeyRegExp, simulatorRegExp, usesSimulator } from "../pattern/regexp.js";
import { escapeHtml, scriptSafe } from "../support/html.js";
import { hasAnyKey } from "../support/objects.js";
import { acronyms as inflectorAcronyms } from "../support/inflector.js";
import { rubyString } from "../support/ruby.js";
import type { Requirement, Route, RouteSource } from "../table/route.js";
import { sourceText } from "../table/source.js";
import { CLIENT_SCRIPT } from "./html-client.js";
import { prefixSource } from "./prefix.js";

/**
 * What the HTML route table reads of a route: the columns of `bin/rails routes`, the path pattern
 * and requirements its search matches with, and — when routes record where they were declared —
 * `source` (shown as `config/routes.ts:12`). Every `Route` is one.
 */
export type HtmlRoute = Pick<
  Route,
  "name" | "verb" | "verbs" | "path" | "reqs" | "controller" | "action" | "requirements" | "anchor"
> & {
  readonly pattern: Pick<Route["pattern"], "ast">;
  /** Where the route was declared, when recorded (a `RouteSource`, or the text to show). */
  readonly source?: RouteSource | string | null | undefined;
};

/** Options of {@link renderRoutesHtml}. */
export interface RoutesHtmlOptions {
  /**
   * A routing error page: the request that matched no route (the page leads with
   * `No route matches [GET] "/x"`, as Rails' routing error page), or the message itself.
   */
  readonly error?: { readonly method: string; readonly path: string } | string;
  /** Lines under the error message (what the server looked for, say). */
  readonly notes?: readonly string[];
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
  const body = tableBody(routes);
  const { withSource } = body;
  const message = errorMessage(options.error);
  const title = options.title ?? (message === null ? "Routes" : "Routing Error");
  const columns = withSource ? 5 : 4;
  const nonce = options.nonce === undefined ? "" : ` nonce="${escapeHtml(options.nonce)}"`;
  // The acronyms `-c` underscores with, for the search's controller names (read when rendered:
  // the rows are kept, the inflections may change).
  const acronyms = inflectorAcronyms().underscoreRegex;
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
${message === null ? "" : `<p class="sy-error">${escapeHtml(message)}</p>\n`}${(options.notes ?? []).map((n) => `<p class="sy-note">${escapeHtml(n)}</p>\n`).join("")}</header>
<main>
<h2 id="sy-routes-heading">Routes</h2>
<p>Routes are tried from top to bottom: the first one that matches a request answers it.</p>
<div id="sy-search-box" class="sy-search" hidden>
<label for="sy-search">Search by path, name or controller#action</label>
<input type="search" id="sy-search" value="${escapeHtml(options.query ?? "")}" autocomplete="off" autocapitalize="off" spellcheck="false" aria-describedby="sy-search-hint" aria-controls="sy-table" data-acronyms="${escapeHtml(JSON.stringify([acronyms.source, acronyms.flags]))}">
<p id="sy-search-hint" class="sy-hint">A path finds the routes that match it, then those that match longer paths beginning with it; a controller (Admin::UsersController) finds its routes as <code>switchyard routes -c</code> does; a name or controller#action finds the routes that have it, then those that contain it${withSource ? "; a file (config/routes.ts) finds the routes declared in it" : ""}.</p>
<p id="sy-status" class="sy-status" role="status" aria-live="polite"></p>
</div>
<div class="sy-scroll">
<table id="sy-table" class="${withSource ? "sy-with-source" : ""}">
<caption>${count}, in the order they are matched</caption>
<thead><tr><th scope="col" class="sy-name">Name</th><th scope="col" class="sy-verb">Verb</th><th scope="col" class="sy-path">Path</th><th scope="col">Controller#Action</th>${withSource ? `<th scope="col" class="sy-source">Source</th>` : ""}</tr></thead>
${section("exact", "Exact matches", "No route matches exactly.")}
${section("partial", "Partial matches", "No route matches partially.")}
<tbody id="sy-all">
${body.rows}
</tbody>
</table>
</div>
</main>
<script type="application/json" id="sy-route-data">${body.data}</script>
<script${nonce}>${CLIENT_SCRIPT}</script>
</body>
</html>
`;
}

/**
 * The rows and the search's data of a table, kept for a frozen one (a route set's): a development
 * server renders the routing error page for every request no route matches, and for 10,000 routes
 * these take ~200 ms (the rest of the page, well under 1 ms). Pure by key: a frozen list of frozen
 * routes (a route set's) renders the same every time; other lists are not kept.
 */
interface TableBody {
  readonly withSource: boolean;
  readonly rows: string;
  readonly data: string;
}
const bodies = new WeakMap<readonly HtmlRoute[], TableBody>();

function tableBody(routes: readonly HtmlRoute[]): TableBody {
  let body = bodies.get(routes);
  if (body === undefined) {
    const withSource = routes.some((r) => r.source != null);
    body = { withSource, rows: routes.map((r) => row(r, withSource)).join("\n"), data: scriptJson(searchData(routes)) };
    if (Object.isFrozen(routes)) bodies.set(routes, body);
  }
  return body;
}

function errorMessage(error: RoutesHtmlOptions["error"]): string | null {
  if (error === undefined) return null;
  if (typeof error === "string") return error;
  // ActionController::RoutingError's message, the path as Ruby's String#inspect prints it.
  return `No route matches [${error.method}] ${rubyString(error.path)}`;
}

function shownSource(r: HtmlRoute): string {
  return typeof r.source === "string" ? r.source : sourceText(r.source);
}

function row(r: HtmlRoute, withSource: boolean): string {
  const verb = r.verb === "" ? `<span class="sy-any">any</span>` : escapeHtml(r.verb);
  // A name may break after its underscores (`edit_admin_post`), never inside a word.
  return (
    `<tr><td>${escapeHtml(r.name ?? "").replaceAll("_", "_<wbr>")}</td><td>${verb}</td><th scope="row"><code>${escapeHtml(r.path)}</code></th>` +
    `<td><code>${escapeHtml(r.reqs)}</code></td>${withSource ? `<td><code>${escapeHtml(shownSource(r))}</code></td>` : ""}</tr>`
  );
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
    const key = matcherKey(r);
    let m = index.get(key);
    if (m === undefined) {
      index.set(key, (m = matchers.length));
      matchers.push(matcher(r));
    }
    const action = r.controller !== null && r.action !== null ? `${r.controller}#${r.action}` : "";
    return [m, r.name ?? "", r.verbs, r.reqs, action, shownSource(r)];
  });
  return { matchers, routes: rows };
}

/** A requirement as a key: a RegExp by its source and flags, a string as itself, a list by its members. */
function requirementKey(req: Requirement): string {
  if (req instanceof RegExp) return `/${req.source}/${req.flags}`;
  if (Array.isArray(req))
    return `[${(req as Requirement[]).map((v) => (v instanceof RegExp ? requirementKey(v) : JSON.stringify(v))).join(",")}]`;
  return String(req);
}

/** What a route's matchers are made of: its path, its requirements, whether it is anchored. */
function matcherKey(r: HtmlRoute): string {
  let key = `${r.anchor ? "" : "~"}${r.path}`;
  for (const name in r.requirements) key += `\n${name}=${requirementKey(r.requirements[name]!)}`;
  return key;
}

function matcher(r: HtmlRoute): SearchData["matchers"][number] {
  const { ast } = r.pattern;
  const { re } = journeyRegExp(ast, r.requirements, r.anchor);
  // The simulator only ever rejects what the regexp accepts where a literal or segment runs into
  // another one; without that, leaving it out spares a third of the page's data.
  const simulator = usesSimulator(ast, r.requirements, r.anchor) && wordsMeet(ast) ? simulatorRegExp(ast).source : null;
  let prefix = prefixSource(ast, r.requirements, r.anchor);
  // Built from the requirements' own regexps, a prefix regexp could be one the browser refuses:
  // then one that lets every text through (a partial match is never missed).
  if (hasAnyKey(r.requirements)) {
    try {
      new RegExp(prefix, re.flags);
    } catch {
      prefix = "";
    }
  }
  return [re.source, re.flags, simulator, prefix];
}

/**
 * Whether a literal or `:segment` can directly follow another in some path of the pattern (`d(e)`,
 * `:a(:b)`): only then can Journey's simulator, which gives each one a whole `/`- or `.`-separated
 * token, reject a path its regexp accepts.
 */
function wordsMeet(ast: readonly PatternNode[]): boolean {
  interface Ends {
    first: boolean;
    last: boolean;
    empty: boolean;
    meet: boolean;
  }
  const sequence = (nodes: readonly PatternNode[]): Ends => {
    const acc: Ends = { first: false, last: false, empty: true, meet: false };
    for (const node of nodes) {
      const n = ends(node);
      acc.meet ||= n.meet || (acc.last && n.first);
      acc.first ||= acc.empty && n.first;
      acc.last = n.last || (n.empty && acc.last);
      acc.empty &&= n.empty;
    }
    return acc;
  };
  const ends = (node: PatternNode): Ends => {
    switch (node.type) {
      case "literal":
      case "symbol":
      case "star":
        return { first: true, last: true, empty: false, meet: false };
      case "slash":
      case "dot":
        return { first: false, last: false, empty: false, meet: false };
      case "group":
        return { ...sequence(node.children), empty: true };
      case "or": {
        const alts = node.alternatives.map(sequence);
        return {
          first: alts.some((a) => a.first),
          last: alts.some((a) => a.last),
          empty: alts.some((a) => a.empty),
          meet: alts.some((a) => a.meet),
        };
      }
    }
  };
  return sequence(ast).meet;
}

/** JSON for a `<script>` element (`scriptSafe`: no `</script>` or `<!--`). */
function scriptJson(value: unknown): string {
  return scriptSafe(JSON.stringify(value));
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
.sy-hint code { white-space: nowrap; }
.sy-hint, .sy-status, .sy-note { margin: .25rem 0; color: var(--muted); font-size: .9rem; }
/* A fixed layout: a 10,000-route table lays out in a fraction of the time of an automatic one.
   Below its minimum width the table scrolls sideways in its box rather than squeezing a column
   to nothing (only on narrow screens: a scrolling box would keep the header from sticking to
   the window); the path column takes what the others leave. */
@media (max-width: 60rem) { .sy-scroll { overflow-x: auto; } }
table { border-collapse: collapse; width: 100%; min-width: 42rem; table-layout: fixed; }
table.sy-with-source { min-width: 54rem; }
.sy-name { width: 12rem; } .sy-verb { width: 5.5rem; } thead th:nth-child(4) { width: 14rem; } .sy-source { width: 12rem; }
caption { text-align: left; color: var(--muted); padding: .25rem 0; caption-side: top; }
th, td { text-align: left; vertical-align: top; padding: .3rem .75rem; border-bottom: 1px solid var(--line); overflow-wrap: break-word; }
thead th { position: sticky; top: 0; background: var(--bg); border-bottom: 2px solid var(--line); white-space: nowrap; }
/* Verbs never break; paths, controller#actions and sources may break anywhere (a path is one long word). */
tbody td:nth-child(2) { white-space: nowrap; }
tbody th code, tbody td:nth-child(n+4) code { overflow-wrap: anywhere; }
@media (max-width: 40rem) { body { padding: .75rem 1rem 2rem; } }
tbody th { font-weight: normal; }
tbody tr:hover { background: var(--stripe); }
.sy-exact { background: var(--exact); }
.sy-partial { background: var(--partial); }
.sy-section th { font-weight: 600; padding-top: .6rem; }
.sy-none td, .sy-any { color: var(--muted); font-style: italic; }
`;
