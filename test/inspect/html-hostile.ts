// A route table full of text that would break out of HTML if it were not escaped: route paths,
// constraints, defaults and redirects holding `<`, `&` and quotes, a name and a source location
// holding markup, a routing error for a path holding a script, a search already typed holding markup.
import { draw } from "../../src/draw.js";
import type { HtmlRoute, RoutesHtmlOptions } from "../../src/inspect/html.js";

const drawn = draw((r) => {
  r.get("photos/:id", {
    to: "photos#show",
    constraints: { id: /<\/script>"'&[<>]+/ },
    defaults: { note: "</script><img src=x onerror=alert(1)>\"'&amp;" },
  });
  r.get("a<b>&\"'", { to: "weird#show" });
  r.get("old", { to: r.redirect("/new?a=<b>&c='d'\"") });
  r.mount(
    function evil() {
      return new Response("");
    },
    { at: "/m<&>" },
  );
}).routes;

export const hostileRoutes: readonly HtmlRoute[] = [
  ...drawn,
  { ...drawn[1]!, name: "<img src=x onerror=alert(2)>", source: "</script><script>alert(3)</script>:1" },
  { ...drawn[0]!, source: { file: "<b>&.ts", line: 2, concern: { name: "</script>\"'", file: "<i>.ts", line: 1 } } },
];

/** A route's source as the table shows it. */
export const shownSource = (source: HtmlRoute["source"]): string =>
  typeof source === "string"
    ? source
    : source == null
      ? ""
      : `${source.file}:${source.line}${source.concern ? ` (concern :${source.concern.name}, ${source.concern.file}:${source.concern.line})` : ""}`;

export const hostileOptions: RoutesHtmlOptions = {
  error: { method: "GET", path: "/<script>alert(4)</script>" },
  query: '"><img src=x onerror=alert(5)>',
  title: "<b>&",
};
