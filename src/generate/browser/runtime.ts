/**
 * The runtime of the browser helpers (`switchyard js`), as the JavaScript text placed at the top
 * of the generated module: what a named route's `_path`/`_url` helper does on the server
 * (`named-helpers.ts`, `generator.ts`, `uri/query.ts`, `uri/url.ts`: Rails' `handle_positional_args`,
 * `Formatter#generate`, `to_param`, `to_query`, `path_for`), over the route data the generator
 * writes, without importing the server package. Written as text, not compiled from a function, so
 * that what ships is exactly this; test/generate/browser.test.ts holds it to the server helpers
 * on every `_path` probe of the conformance fixtures.
 *
 * Each piece is a top-level declaration free of side effects, so that a bundler keeps only what
 * the imported helpers reach (`_url`'s host handling stays out of a `_path`-only bundle).
 *
 * Route data (`$r(data, defaultUrlOptions, host?)`): `f` the path's format (a literal string, a part
 * index, `~index` for a part printed with `/` kept (a glob, `:controller`), or an array for an
 * optional group), `p` the parts, `q` the required parts' indexes with `t` their anchored tests
 * (or 0), `d` the route's defaults, `o` the arguments of Rails' `OptimizedUrlHelper` (the required
 * segments in path order; 0 when the route has none).
 *
 * Written for size (the one-helper bundle's budget is 2 KB minified): where a browser API does the
 * work (`encodeURIComponent`, `String#toWellFormed` for lone surrogates, `JSON.stringify` for a
 * string in an error message, which differs from Ruby's `inspect` only for control characters and
 * `#{`; `\s` for Ruby's `[[:space:]]`, which differs only for U+0085 and U+FEFF), it is used.
 */
export const BROWSER_RUNTIME = String.raw`const { keys: $keys, assign: $assign, entries: $entries, hasOwn: $own, create: $create, prototype: $proto } = Object;
const $arr = Array.isArray;
const $h = (v) => v !== null && typeof v == "object" && [$proto, null].includes(Object.getPrototypeOf(v));
const $t = (v) => v != null && v !== false;
const $s = (v) => (v == null ? "" : "" + v);
const $enc = (s) => encodeURIComponent(s.toWellFormed());
const $e = (keep) => (s) => $enc(s).replace(keep, decodeURIComponent);
const $seg = /*#__PURE__*/ $e(/%(2[46BC]|3[ABD]|40)/g);
const $path = /*#__PURE__*/ $e(/%(2[46BCF]|3[ABD]|40)/g);
const $frag = /*#__PURE__*/ $e(/%(2[46BCF]|3[ABDF]|40)/g);
const $cgi = (s) => $enc(s).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase()).replace(/%20/g, "+");
const $param = (v) =>
  v == null ? null
  : typeof v != "object" ? (typeof v == "boolean" ? v : "" + v)
  : $arr(v) ? v.map((x) => $s($param(x))).join("/")
  : $h(v) ? $hq(v)
  : $param(v.toParam ? v.toParam() : v.to_param ? v.to_param() : "id" in v ? v.id : "" + v);
const $empty = (v) => ($arr(v) ? !v.length : $h(v) && !$keys(v).length);
const $q = (v, k) => ($arr(v) ? (v.length ? v.map((x) => $q(x, k + "[]")).join("&") : $cgi(k + "[]") + "=") : $h(v) ? $hq(v, k) : $cgi(k) + "=" + $cgi($s($param(v))));
const $hq = (h, ns) => {
  const o = $keys(h).filter((k) => !$empty(h[k])).map((k) => $q(h[k], ns == null ? k : ns + "[" + k + "]"));
  return (ns?.includes("[]") ? o : o.sort()).join("&");
};
const $pair = (k, v) => ($empty(v) || $param(v) === null ? [] : [$q(v, k)]);
const $sym = (k) => ":" + (/^[A-Za-z_]\w*[?!=]?$/.test(k) ? k : JSON.stringify(k));
const $i = (v) =>
  v == null ? "nil"
  : typeof v == "string" ? JSON.stringify(v)
  : $arr(v) ? "[" + v.map($i).join(", ") + "]"
  : $h(v) ? $ih(v)
  : typeof v == "object" ? "#<" + (v.constructor.modelName ?? v.constructor.name) + ("id" in v ? " id: " + $i(v.id) : "") + ">"
  : "" + v;
const $ih = (h, sort) => "{" + (sort ? $keys(h).sort() : $keys(h)).map((k) => $sym(k) + "=>" + $i(h[k])).join(", ") + "}";
const $err = (name, message) => $assign(Error(message), { name });
const $fail = (h, m, u) =>
  $err("UrlGenerationError", "No route matches " + $ih(h, 1) + [[m, "missing required keys"], [u, "possible unmatched constraints"]].map(([l, t]) => (l.length ? ", " + t + ": [" + l.sort().map($sym).join(", ") + "]" : "")).join(""));
const $fmt = (f, v) => {
  let out = "";
  for (const x of f) {
    if (typeof x == "string") out += x;
    else if (typeof x == "number") {
      const s = v[x < 0 ? ~x : x];
      if (s == null) return null;
      out += (x < 0 ? $path : $seg)("" + s);
    } else out += $fmt(x, v) ?? "";
  }
  return out;
};
const $URL = /*#__PURE__*/ "host protocol port subdomain domain tld_length trailing_slash anchor params only_path script_name relative_url_root original_script_name".split(" ");
const $name = (k, s = k.replace(/[A-Z]/g, (c) => "_" + c.toLowerCase())) => ($URL.includes(s) ? s : k);
const $finish = (u, p, left, url) => {
  const x = u.params;
  if (x != null && !$h(x)) throw $err("ArgumentError", ":params must be a Hash (a plain object), got " + $i(x));
  const q = left.filter(([k]) => !(x && $own(x, k))).flatMap(([k, v]) => $pair(k, v));
  for (const k in x) q.push(...$pair(k, x[k]));
  let sn = $t(u.script_name) ? u.script_name : $t(u.relative_url_root) ? u.relative_url_root : "";
  if ($t(u.original_script_name)) sn = u.original_script_name + $s(sn);
  if (sn !== "") p = $s(sn).replace(/\/$/, "") + p;
  if ($t(u.trailing_slash)) p = p.includes("?") ? p.replace("?", "/?") : p.includes(".") || p.endsWith("/") ? p : p + "/";
  if (q.length) p += "?" + q.sort().join("&");
  if ($t(u.anchor)) p += "#" + $frag($s($param(u.anchor)));
  return url && !$t(u.only_path) ? url(u) + p : p;
};
const $r = (r, D, url) => (...a) => {
  let n = a.length;
  const o = n && $h(a[n - 1]) ? a[--n] : null;
  const h = $assign($create(null), D, r.d);
  const size = r.p.length - r.p.includes("format");
  if (r.o && !o && n == r.o.length) {
    const v = a.map($param);
    const m = r.o.filter((k, i) => v[i] === null || v[i] === "" || v[i] === false);
    if (m.length) throw $fail($assign({ ...r.d }, ...r.o.map((k, i) => ({ [k]: v[i] }))), m, []);
    r.o.forEach((k, i) => (h[k] = v[i]));
    n = 0;
  }
  const given = o && Object.fromEntries($entries(o).map(([k, v]) => [$name(k), v]));
  if (n) (n < size || given ? r.p.filter((k) => !(n < size && k in h) && !(given && $own(given, k))) : r.p).slice(0, n).forEach((k, i) => (h[k] = a[i]));
  $assign(h, given);
  const u = {}, po = $create(null), cred = $t(h.user) && $t(h.password);
  for (const k in h) if (k != "_recall" && !(cred && (k == "user" || k == "password"))) ($URL.includes(k) ? u : po)[k] = h[k];
  if ("action" in po) po.action = $t(po.action) ? $s(po.action) : "index";
  else if ($t(po.controller)) po.action = "index";
  if ($t(po.controller)) po.controller = $s(po.controller).replace(/^\//, "");
  const v = r.p.map((k) => po[k]);
  let l = v.length;
  while (l && v[l - 1] == null) v[--l] = undefined;
  for (let i = 0; i < l; i++) if (typeof v[i] != "number" && r.p[i] != "controller") v[i] = $param(v[i]) ?? undefined;
  const m = r.q.filter((j, x) => !(r.t[x] ? v[j] != null && r.t[x].test(v[j]) : $t(v[j]))).map((j) => r.p[j]);
  if (m.length) throw $fail(po, m.filter((k) => !(k in po)), m.filter((k) => k in po));
  const left = $entries(po).filter(([k]) => !(r.p.includes(k) && v[r.p.indexOf(k)] !== undefined) && !$own(r.d, k));
  for (let i = r.p.length; i--; ) {
    const d = r.d[r.p[i]];
    if (d == null && $t(v[i]) && !/^\s*$/.test(v[i])) break;
    if ($s(v[i]) != $s(d)) continue;
    if (r.q.includes(i)) break;
    v[i] = undefined;
  }
  return $finish(u, $fmt(r.f, v) ?? "", left, url);
};
const $host = (u) => {
  if (!$t(u.host)) throw $err("ArgumentError", "Missing host to link to! Please provide the :host parameter, set default_url_options[:host], or set :only_path to true");
  const pr = u.protocol;
  const proto = pr == null ? "http://" : pr === false || pr == "//" ? "//" : ("" + pr).replace(/:?(\/\/)?$/, "") + "://";
  return proto + u.host + ($t(u.port) && (proto == "//" || +u.port != (proto == "https://" ? 443 : 80)) ? ":" + u.port : "");
};
`;
