/**
 * The script of the HTML route table (see `html.ts`): the search that filters the table as one
 * types. Plain browser JavaScript kept as text, so the page needs no build step and no network;
 * everything it decides by comes in the page's JSON (`#sy-route-data`).
 */
import { controllerFilter } from "./sheet.js";

/**
 * How the page turns typed text into the path it matches, as the server would see it on the wire:
 * cut at `?` (a query string), every character a route path escapes escaped (`escapeRoutePath`;
 * `#` too, as Rails' page escapes it: "posts#update" is a controller#action, not `/posts`) except
 * the `%xx` escapes already typed (so "café" and "caf%C3%A9" both find `/café`), then
 * `normalizeRequestPath`. A browser cannot import those, so this is their twin, and a test runs
 * both on random text.
 * `pathPrefix` is the same without dropping a trailing slash: "/photos/" is typed on the way to
 * "/photos/1", and names the routes below `/photos/`.
 */
export const CLIENT_PATH_FUNCTIONS = String.raw`
const ESCAPE_OR_UNSAFE = /%[0-9A-Fa-f]{2}|[^-_.!~*'()a-zA-Z\d;/?:@&=+$,[\]]/gu;
function escapeTyped(text) {
  return text.replace(/\?[\s\S]*$/, "").replace(ESCAPE_OR_UNSAFE, (ch) => {
    if (ch.length === 3) return ch;
    try { return encodeURIComponent(ch); } catch { return "%EF%BF%BD"; }
  });
}
function pathPrefix(escaped) {
  return ("/" + escaped).replace(/\/{2,}/g, "/").replace(/%[a-f0-9]{2}/g, (m) => m.toUpperCase());
}
function requestPath(escaped) {
  const p = ("/" + escaped).replace(/\/{2,}/g, "/");
  if (p === "/") return p;
  return (p.endsWith("/") ? p.slice(0, -1) : p).replace(/%[a-f0-9]{2}/g, (m) => m.toUpperCase());
}
`;

/**
 * How the page reads a controller's name (`Admin::UsersController`, `Admin::Users`,
 * `UsersController`): `switchyard routes -c`'s own rule, `controllerFilter`, its text embedded
 * (one rule, not a twin; it refers to nothing outside itself). The application's acronyms come in
 * the search field's `data-acronyms`.
 */
export const CLIENT_CONTROLLER_FILTER = `const controllerFilter = ${controllerFilter.toString()};`;

/**
 * The search. Routes whose pattern matches the typed path (or whose name, verb or controller#action
 * is the typed text, or whose controller is the typed controller name) move, in table order, into the "exact" section above the table; of the rest,
 * those the typed path begins a path of (or whose name, controller#action or source contains the
 * text, or whose controller contains the typed controller's, as `-c` matches) stay where they are, under a "partial matches" heading, and the others are hidden. Clearing
 * the field puts every row back in place. Rows stay in the table rather than being moved into a
 * second section, so a search that keeps most of a large table touches little of it: on a
 * 10,000-route page, moving every row was seconds of layout a keystroke. One search a frame.
 */
export const CLIENT_SCRIPT = String.raw`(() => {
"use strict";
${CLIENT_PATH_FUNCTIONS}
${CLIENT_CONTROLLER_FILTER}
const byId = (id) => document.getElementById(id);
const data = JSON.parse(byId("sy-route-data").textContent);
const all = byId("sy-all");
const rows = Array.from(all.rows);
const input = byId("sy-search");
const status = byId("sy-status");
const exactBody = byId("sy-exact");
const partialBody = byId("sy-partial");
const heading = (body) => ({ row: body.rows[0], none: body.rows[1], title: body.rows[0].cells[0].textContent });
const exactHead = heading(exactBody);
const partialHead = heading(partialBody);
byId("sy-search-box").hidden = false;

const compiled = [];
function compile(source, flags) {
  if (source === null) return null;
  try { return new RegExp(source, flags); } catch { return null; }
}
const acronyms = (() => {
  try { const [source, flags] = JSON.parse(input.dataset.acronyms); return new RegExp(source, flags); } catch { return /(?=a)b/g; }
})();
function matcher(i) {
  let m = compiled[i];
  if (m === undefined) {
    const [exact, flags, simulator, prefix] = data.matchers[i];
    m = compiled[i] = { exact: compile(exact, flags), simulator: compile(simulator, ""), prefix: compile(prefix, flags) };
  }
  return m;
}
// (a route has a controller#action or neither: a redirect, a mount)
const routes = data.routes.map(([m, name, verbs, reqs, action, source]) =>
  ({ m, name: name.toLowerCase(), verbs, reqs: reqs.toLowerCase(), action: action.toLowerCase(), source: source.toLowerCase(),
    controller: action.slice(0, Math.max(action.indexOf("#"), 0)) }));

const shown = new Uint8Array(rows.length).fill(1);
function show(i, on) {
  if (shown[i] !== on) { shown[i] = on; rows[i].hidden = on === 0; }
}
let moved = [];
/** Puts the rows moved to the exact section back in place (last first: the next row is then always in place). */
function putBack() {
  for (let k = moved.length - 1; k >= 0; k--) all.insertBefore(rows[moved[k]], rows[moved[k] + 1] || null);
  moved = [];
}
function label(head, count) {
  head.row.cells[0].textContent = head.title + " (" + count + ")";
}

let filtered = false;
function restore() {
  if (!filtered) return;
  filtered = false;
  putBack();
  for (let i = 0; i < rows.length; i++) show(i, 1);
  partialBody.append(partialHead.row, partialHead.none);
  all.classList.remove("sy-partial");
  exactBody.hidden = true;
  status.textContent = "Showing all " + rows.length + (rows.length === 1 ? " route." : " routes.");
}

function search(text) {
  const q = text.trim();
  if (q === "") return restore();
  const escaped = escapeTyped(q);
  const path = requestPath(escaped);
  const begun = pathPrefix(escaped);
  const lower = q.toLowerCase();
  const name = lower.replace(/(\w)_(?:path|url)$/, "$1");
  // A Ruby constant (Admin::UsersController, Admin::Users): a controller, as -c reads it.
  const controller = /^(?:::)?[A-Z][\w:]*$/.test(q) ? controllerFilter(q, acronyms) : null;
  const exact = [];
  let partial = 0;
  putBack();
  routes.forEach((r, i) => {
    const m = matcher(r.m);
    if ((m.exact !== null && m.exact.test(path) && (m.simulator === null || m.simulator.test(path))) ||
        (r.name !== "" && r.name === name) || r.verbs.includes(q) || r.reqs === lower || r.action === lower ||
        (controller !== null && controller !== "" && r.controller === controller)) {
      exact.push(i);
      show(i, 1);
    } else if ((m.prefix !== null && m.prefix.test(begun)) || (r.name !== "" && r.name.includes(name)) ||
        r.reqs.includes(lower) || (r.source !== "" && r.source.includes(lower)) ||
        (controller !== null && r.controller !== "" && r.controller.includes(controller))) {
      partial++;
      show(i, 1);
    } else show(i, 0);
  });
  filtered = true;
  all.classList.add("sy-partial");
  exactBody.textContent = "";
  const frag = document.createDocumentFragment();
  frag.append(exactHead.row);
  for (const i of exact) frag.append(rows[i]);
  if (exact.length === 0) frag.append(exactHead.none);
  exactBody.append(frag);
  exactBody.hidden = false;
  moved = exact;
  label(exactHead, exact.length);
  label(partialHead, partial);
  all.prepend(partialHead.row);
  if (partial === 0) all.append(partialHead.none);
  else partialBody.append(partialHead.none);
  const n = (k) => k + (k === 1 ? " route" : " routes");
  status.textContent = n(exact.length) + (exact.length === 1 ? " matches" : " match") + " \u201c" + q + "\u201d exactly, " +
    n(partial) + " partially.";
}

let pending = false;
function schedule() {
  if (pending) return;
  pending = true;
  requestAnimationFrame(() => { pending = false; search(input.value); });
}
input.addEventListener("input", schedule);
input.addEventListener("search", schedule);
if (input.value !== "") search(input.value);
})();
`;
