/**
 * The script of the HTML route table (see `html.ts`): the search that filters the table as one
 * types. Plain browser JavaScript kept as text, so the page needs no build step and no network;
 * everything it decides by comes in the page's JSON (`#sy-route-data`).
 */

/**
 * How the page turns typed text into the path it matches, as the server would see it on the wire:
 * cut at `?` or `#`, every character a route path escapes escaped (`escapeRoutePath`) except the
 * `%xx` escapes already typed (so "café" and "caf%C3%A9" both find `/café`), then
 * `normalizeRequestPath`. A browser cannot import those, so this is their twin, and a test runs
 * both on random text.
 * `pathPrefix` is the same without dropping a trailing slash: "/photos/" is typed on the way to
 * "/photos/1", and names the routes below `/photos/`.
 */
export const CLIENT_PATH_FUNCTIONS = String.raw`
const ESCAPE_OR_UNSAFE = /%[0-9A-Fa-f]{2}|[^-_.!~*'()a-zA-Z\d;/?:@&=+$,[\]]/gu;
function escapeTyped(text) {
  return text.replace(/[?#][\s\S]*$/, "").replace(ESCAPE_OR_UNSAFE, (ch) => {
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
 * The search. Each route row is moved, in table order, into the "exact" section (its path
 * pattern matches the typed path, or its name, verb or controller#action is the typed text) or
 * the "partial" one (the typed path begins a path it matches, or its name, controller#action or
 * source contains the text); the full table is hidden meanwhile, and restored in order when the
 * field is cleared. Work is coalesced to one search a frame.
 */
export const CLIENT_SCRIPT = String.raw`(() => {
"use strict";
${CLIENT_PATH_FUNCTIONS}
const byId = (id) => document.getElementById(id);
const data = JSON.parse(byId("sy-route-data").textContent);
const all = byId("sy-all");
const rows = Array.from(all.rows);
const input = byId("sy-search");
const status = byId("sy-status");
const sections = ["exact", "partial"].map((kind) => {
  const body = byId("sy-" + kind);
  return { body, head: body.rows[0], none: body.rows[1], title: body.rows[0].cells[0].textContent };
});
byId("sy-search-box").hidden = false;

const compiled = [];
function compile(source, flags) {
  if (source === null) return null;
  try { return new RegExp(source, flags); } catch { return null; }
}
function matcher(i) {
  let m = compiled[i];
  if (m === undefined) {
    const [exact, flags, simulator, prefix] = data.matchers[i];
    m = compiled[i] = { exact: compile(exact, flags), simulator: compile(simulator, ""), prefix: compile(prefix, flags) };
  }
  return m;
}
const routes = data.routes.map(([m, name, verbs, reqs, action, source]) =>
  ({ m, name: name.toLowerCase(), verbs, reqs: reqs.toLowerCase(), action: action.toLowerCase(), source: source.toLowerCase() }));

let filtered = false;
function restore() {
  if (!filtered) return;
  filtered = false;
  for (const s of sections) { s.body.hidden = true; s.body.textContent = ""; }
  const all_ = document.createDocumentFragment();
  for (const row of rows) all_.append(row);
  all.textContent = "";
  all.append(all_);
  all.hidden = false;
  status.textContent = "Showing all " + rows.length + (rows.length === 1 ? " route." : " routes.");
}

function fill(section, indices) {
  const frag = document.createDocumentFragment();
  section.head.cells[0].textContent = section.title + " (" + indices.length + ")";
  frag.append(section.head);
  for (const i of indices) frag.append(rows[i]);
  if (indices.length === 0) frag.append(section.none);
  section.body.textContent = "";
  section.body.append(frag);
  section.body.hidden = false;
}

function search(text) {
  const q = text.trim();
  if (q === "") return restore();
  const escaped = escapeTyped(q);
  const path = requestPath(escaped);
  const begun = pathPrefix(escaped);
  const lower = q.toLowerCase();
  const name = lower.replace(/(\w)_(?:path|url)$/, "$1");
  const exact = [];
  const partial = [];
  routes.forEach((r, i) => {
    const m = matcher(r.m);
    if ((m.exact !== null && m.exact.test(path) && (m.simulator === null || m.simulator.test(path))) ||
        (r.name !== "" && r.name === name) || r.verbs.includes(q) || r.reqs === lower || r.action === lower) exact.push(i);
    else if ((m.prefix !== null && m.prefix.test(begun)) || (r.name !== "" && r.name.includes(name)) ||
        r.reqs.includes(lower) || (r.source !== "" && r.source.includes(lower))) partial.push(i);
  });
  filtered = true;
  all.hidden = true;
  fill(sections[0], exact);
  fill(sections[1], partial);
  const n = (k) => k + (k === 1 ? " route" : " routes");
  status.textContent = n(exact.length) + " match \u201c" + q + "\u201d exactly, " + n(partial.length) + " partially.";
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
