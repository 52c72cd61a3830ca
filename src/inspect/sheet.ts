import { acronyms } from "../support/inflector.js";
import type { Route } from "../table/route.js";
import { sourceText } from "../table/source.js";
import { escapeRegExp } from "../support/regexp-escape.js";

/** Options of `routes.inspect()`, as the flags of `bin/rails routes`. */
export interface InspectOptions {
  /** `-c`: only routes whose controller matches (a `FooController` name works too). */
  controller?: string;
  /** `-g`: only routes whose name, verb, path, controller or action matches. */
  grep?: string;
  /** `-E`: the `--[ Route N ]--` form. */
  expanded?: boolean;
  /** Width of the expanded form's route header lines (default 80 here; Rails uses the console's). */
  width?: number;
}

interface Row {
  name: string;
  verb: string;
  path: string;
  reqs: string;
  source: string;
}

const GUIDE = "For more information about routes, see the Rails guide: https://guides.rubyonrails.org/routing.html.";

/** The text of `bin/rails routes` for a table (Rails' `RoutesInspector` with the `Sheet`/`Expanded` formatters). */
export function formatRoutes(routes: readonly Route[], options: InspectOptions = {}): string {
  const rows: Row[] = filterRoutes(routes, options).map((r) => ({
    name: r.name ?? "",
    verb: r.verb,
    path: r.path,
    reqs: r.reqs,
    source: options.expanded ? sourceText(r.source) : "",
  }));
  if (rows.length === 0) return noRoutes(routes.length === 0, options);
  return options.expanded ? expanded(rows, options.width ?? 80) : sheet(rows);
}

/** The longest `key` among the rows (a loop: `Math.max(...list)` overflows the stack past ~120,000 rows). */
function longest(rows: readonly Row[], key: keyof Row): number {
  let max = 0;
  for (const r of rows) if (r[key].length > max) max = r[key].length;
  return max;
}

function sheet(rows: Row[]): string {
  const width = (key: keyof Row, header: string) => Math.max(header.length, longest(rows, key));
  const nameW = width("name", "Prefix");
  const verbW = width("verb", "Verb");
  const pathW = width("path", "URI Pattern");
  // The header uses the data widths only (as Rails' draw_header does); Ruby's ljust/rjust never truncate.
  const dataW = (key: keyof Row) => longest(rows, key);
  const lines = [
    `${"Prefix".padStart(dataW("name"))} ${"Verb".padEnd(dataW("verb"))} ${"URI Pattern".padEnd(dataW("path"))} Controller#Action`,
  ];
  for (const r of rows)
    lines.push(`${r.name.padStart(nameW)} ${r.verb.padEnd(verbW)} ${r.path.padEnd(pathW)} ${r.reqs}`);
  return lines.join("\n");
}

/** Rails 7.1's `Expanded` formatter: a `Source Location` row when the route records one. */
function expanded(rows: Row[], width: number): string {
  return rows
    .map((r, i) => {
      const block = [
        `--[ Route ${i + 1} ]`.padEnd(width, "-"),
        `Prefix            | ${r.name}`,
        `Verb              | ${r.verb}`,
        `URI               | ${r.path}`,
        `Controller#Action | ${r.reqs}`,
      ];
      if (r.source !== "") block.push(`Source Location   | ${r.source}`);
      return block.join("\n");
    })
    .join("\n");
}

/**
 * Rails 7.1's `routes --unused` text (its `Unused` formatter): `Found N unused routes:` and the
 * sheet (or the expanded form) of those that pass the `-c`/`-g` filters, or `No unused routes
 * found.` (`... for this controller.`, `... for this grep pattern.` when a filter left none).
 */
export function formatUnusedRoutes(
  unused: readonly Route[],
  options: InspectOptions = {},
): { readonly text: string; readonly shown: number } {
  const shown = filterRoutes(unused, options);
  if (shown.length === 0) {
    const scope =
      options.controller != null ? " for this controller" : options.grep != null ? " for this grep pattern" : "";
    return { text: `No unused routes found${scope}.`, shown: 0 };
  }
  const table = formatRoutes(shown, { expanded: options.expanded ?? false, width: options.width ?? 80 });
  return {
    text: `Found ${shown.length} unused ${shown.length === 1 ? "route" : "routes"}:\n\n${table}`,
    shown: shown.length,
  };
}

function noRoutes(none: boolean, options: InspectOptions): string {
  if (none) return `You don't have any routes defined!\n\nPlease add some routes in config/routes.ts.\n\n${GUIDE}`;
  const what =
    options.controller != null
      ? "No routes were found for this controller."
      : "No routes were found for this grep pattern.";
  return `${what}\n${GUIDE}`;
}

/**
 * The `-c`/`-g` filters (Rails' `RoutesInspector#normalize_filter`): `controller` matches the
 * controller after underscoring and dropping a `Controller` suffix; `grep` matches name, verb,
 * path, controller or action; `controller` wins when both are given. As in Ruby, a filter that
 * is an empty string is still given (`-c Controller` leaves an empty pattern that matches every
 * controller), and a route without a controller or action (a redirect, a mount) never matches
 * on that attribute (`Regexp#match?(nil)` is false) — so `-c` never lists redirects or mounts.
 */
export function filterRoutes(
  routes: readonly Route[],
  filter: Pick<InspectOptions, "controller" | "grep">,
): readonly Route[] {
  const matches = (re: RegExp, s: string | null | undefined) => s != null && re.test(s);
  if (filter.controller != null) {
    const re = safeRegExp(controllerFilter(filter.controller, acronyms().underscoreRegex));
    return routes.filter((r) => matches(re, r.controller));
  }
  if (filter.grep != null) {
    const re = safeRegExp(filter.grep);
    return routes.filter((r) => [r.controller, r.action, r.verb, r.name ?? "", r.path].some((s) => matches(re, s)));
  }
  return routes;
}

/**
 * The `-c` rule (Rails' `normalize_filter`): the pattern a controller filter matches controllers
 * by — `Admin::UsersController`, `Admin::Users` and `admin/users` are all `admin/users`. It is
 * `underscore` (with the application's acronyms: `acronyms` is the inflector's
 * `acronymsUnderscoreRegex`) then the `Controller` suffix dropped. The route table's search runs
 * this very function in the browser (it embeds its text: `html-client.ts`), so it refers to
 * nothing outside itself; a test holds it to the inflector's `underscore`.
 */
export function controllerFilter(filter: string, acronyms: RegExp): string {
  let word = filter;
  if (/[A-Z-]|::/.test(word)) {
    word = word
      .replaceAll("::", "/")
      .replace(
        acronyms,
        (_m: string, before: string | undefined, acronym: string) =>
          `${before !== undefined ? "_" : ""}${acronym.toLowerCase()}`,
      )
      .replace(
        /([A-Z])(?=[A-Z][a-z])|([a-z\d])(?=[A-Z])/g,
        (_m: string, a: string | undefined, b: string | undefined) => (a ?? b ?? "") + "_",
      )
      .replaceAll("-", "_")
      .toLowerCase();
  }
  return word.replace(/_?controller$/, "");
}

/** A user's filter pattern as a RegExp; an invalid pattern is matched as plain text instead of throwing. */
function safeRegExp(source: string): RegExp {
  try {
    return new RegExp(source);
  } catch {
    return new RegExp(escapeRegExp(source));
  }
}
