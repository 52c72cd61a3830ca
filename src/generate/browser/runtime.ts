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
 * Route data (`$r([f, p, q, d, L, o], defaultUrlOptions?, $host?)`, an array so that the 536
 * routes of a large table spell no keys; module.ts `routeData` works each piece out once, so that
 * the runtime derives nothing per call that the route fixes, and a route refers only to the pieces
 * it can need, which is what a bundler then keeps):
 * - `f` the path's format, a function of the part values (`v => "/photos/" + $seg(v[0]) + ...`,
 *   an optional group as `(v[1] != null ? "." + $seg(v[1]) : "")`; `$path` for a glob);
 * - `p` the parts (`segment_keys`), in path order;
 * - `q` per part: 0 optional, else the required part's test: `$t` (Ruby truthiness), or `$re(re)`
 *   of its anchored requirement (only routes with a constraint take `$re`);
 * - `d` the route's defaults;
 * - `L` `$trail` (the end of `Formatter#generate`) for a route with optional parts other than a
 *   last one without a default, else 0 (the format skips that one when "" instead);
 * - `o` the arguments of Rails' `OptimizedUrlHelper` (the required segments in path order, a
 *   repeated name once per occurrence); absent when the route has none or is not optimizable.
 *
 * Written for size (the one-helper bundle's budget is 2 KB minified, and every piece below is
 * reachable from any helper: an options object can carry query parameters, an anchor, a format,
 * `trailingSlash`, `scriptName`, records to `to_param`, and a missing key raises Rails' message):
 * - where a browser API does the work, it is used: `encodeURIComponent` (then the characters Rails
 *   leaves alone put back), `String#toWellFormed` for lone surrogates, `escape` for the four
 *   characters `CGI.escape` encodes beyond `encodeURIComponent`, `JSON.stringify` for a string in an
 *   error message (which differs from Ruby's `inspect` only for control characters and `#{`), `\S`
 *   for Ruby's `[^[:space:]]` (which differs only for U+0085 and U+FEFF);
 * - one dictionary per call (`h`) is the merged hash, then (URL options moved out to `u`) the path
 *   options, then (keys the path used or the route defaults deleted) the query;
 * - the query at the top is `$hq` (`Hash#to_query`) with Rails' `params.reject { to_param.nil? }`.
 */
// (A call marked pure: a bundler drops what no one imports from a bundled chunk only when it can
// prove it free of effects, which it cannot of a tagged template; script/bundle.mjs bundles the build.)
export const BROWSER_RUNTIME =
  /* @__PURE__ */ (() => String.raw`const { keys: $keys, assign: $assign, hasOwn: $own, create: $create, getPrototypeOf: $proto } = Object;
const $arr = Array.isArray;
const $h = (v) => v != null && [Object.prototype, null].includes($proto(v));
const $t = (v) => (v ?? false) !== false;
const $re = (re) => (v) => v != null && re.test(v);
const $o = (v) => ($t(v) ? v : "");
const $s = (v) => (v ?? "") + "";
const $enc = (s) => encodeURIComponent(("" + s).toWellFormed());
const $seg = (s) => $enc(s).replace(/%(2[46BC]|3[ABD]|40)/g, decodeURIComponent);
const $path = (s) => $seg(s).replace(/%2F/g, "/");
const $frag = (s) => $seg(s).replace(/%2F|%3F/g, decodeURIComponent);
const $cgi = (s) => $enc(s).replace(/[!'()]/g, escape).replace(/\*/g, "%2A").replace(/%20/g, "+");
const $param = (v) =>
  v == null ? null
  : typeof v != "object" ? (v === !!v ? v : "" + v)
  : $arr(v) ? v.map($param).join("/")
  : $h(v) ? $hq(v, null)
  : $rec(v);
// A record's to_param: toParam(), to_param(), else its id. $tp: whether it has one of those methods.
const $fn = (v, k) => typeof v[k] == "function";
const $tp = (v) => $fn(v, "toParam") || $fn(v, "to_param");
const $rec = (v) => $param($fn(v, "toParam") ? v.toParam() : $fn(v, "to_param") ? v.to_param() : "id" in v ? v.id : "" + v);
const $empty = (v) => ($arr(v) ? !v.length : $h(v) && !$keys(v).length);
const $q = (v, k) => ($arr(v) ? (v.length ? v : [null]).map((x) => $q(x, k + "[]")).join("&") : $h(v) ? $hq(v, k) : $cgi(k) + "=" + $cgi($s($param(v))));
const $hq = (h, ns) => {
  const o = $keys(h).filter((k) => !$empty(h[k]) && (ns !== undefined || $param(h[k]) != null)).map((k) => $q(h[k], ns == null ? k : ns + "[" + k + "]"));
  return (/\[]/.test(ns) ? o : o.sort()).join("&");
};
const $sym = (k) => ":" + (/^[A-Za-z_]\w*[?!=]?$/.test(k) ? k : JSON.stringify(k));
const $list = (a, f, b = "[]") => b[0] + a.map(f).join(", ") + b[1];
const $i = (v) =>
  v == null ? "nil"
  : typeof v == "string" ? JSON.stringify(v)
  : $arr(v) ? $list(v, $i)
  : $h(v) ? $ih(v)
  : typeof v == "object" ? "#<" + (v.constructor.modelName ?? v.constructor.name) + ("id" in v ? " id: " + $i(v.id) : "") + ">"
  : "" + v;
const $ih = (h, k = $keys(h)) => $list(k, (k) => $sym(k) + "=>" + $i(h[k]), "{}");
const $err = (name, message) => $assign(Error(message), { name });
const $keyList = (l, t) => (l.length ? ", " + t + ": " + $list(l.sort(), $sym) : "");
// Rails' UrlGenerationError: the hash sorted, the missing keys m, the unmatched keys u (present, but failing).
const $fail = (h, m, u) =>
  $err("UrlGenerationError", "No route matches " + $ih(h, $keys(h).sort()) + $keyList(m, "missing required keys") + $keyList(u, "possible unmatched constraints"));
// The end of Formatter#generate: from the last part back, drop optional parts that are blank or equal
// their default; stop at a present part without a default, or at a required part equal to its default.
const $trail = (p, q, d, v) => {
  for (let i = p.length, x, s; i--; ) {
    x = d[p[i]];
    s = $s(v[i]) == $s(x);
    if ((x == null && /\S/.test(v[i] || "")) || (s && q[i])) break;
    if (s) v[i] = null;
  }
};
// The URL options (Rails' RESERVED_OPTIONS less the credentials), split off the merged hash into an array
// read by index (u[7], not u.script_name): host 0, protocol 1, port 2, trailing_slash 3, anchor 4,
// params 5, only_path 6, script_name 7, relative_url_root 8, original_script_name 9.
const $URL = /*#__PURE__*/ "host protocol port trailing_slash anchor params only_path script_name relative_url_root original_script_name subdomain domain tld_length".split(" ");
// Whether a plain object x, argument i of n, is a record (named-helpers.ts RecordRule): not marked
// _options; before the last, when it has toParam(), to_param() or an id; the last, when a required part
// is left to fill (S: those h's defaults do not give) and it has toParam()/to_param(), or an id, a key
// a URL does not hold by name, and no key reading as options (params, an unfilled required part but id).
const $isRec = (x, i, n, p, q, h, S = p.filter((y, j) => q[j] && !(y in h)), K = $keys(x)) =>
  x._options !== true &&
  (i < n - 1
    ? $tp(x) || "id" in x
    : i < S.length &&
      ($tp(x) ||
        ("id" in x && !K.some((y) => y == "params" || (y != "id" && S.indexOf(y) >= i)) &&
          K.some((y) => !["id", "_options", "format", "user", "password", ...p].includes(y) && !$URL.includes($snake(y))))));
const $snake = (k) => k.replace(/[A-Z]/g, "_$&").toLowerCase();
const $r = ([f, p, q, d, L, o], D, url) => (...a) => {
  let n = a.length, k, x, s;
  // h: default_url_options.merge(route defaults); O: a trailing options Hash, G: its keys named as Rails names them.
  const G = $create(null), h = $assign($create(null), D, d);
  a = a.map((v, i) => ($h(v) && $isRec(v, i, n, p, q, h) ? $rec(v) : v));
  const O = n && $h(a[n - 1]) && a[--n];
  for (k in O) G[$URL.includes((s = $snake(k))) ? s : k] = O[k];
  delete G._options;
  // OptimizedUrlHelper: exactly the required segments and no options; a nil, "" or false one is missing.
  if (!O && n == o?.length) {
    const v = a.map($param), m = o.filter((k, i) => !(h[k] = v[i]));
    if (m.length) throw $fail(h, m, []);
    n = 0;
  }
  // handle_positional_args: the arguments fill the parts in order, skipping those the options give (and,
  // with fewer arguments than the parts less format, those with a default).
  p.filter((k) => !(n < p.length - p.includes("format") && k in h) && !(k in G)).slice(0, n).map((k, i) => (h[k] = a[i]));
  $assign(h, G);
  // RouteSet#url_for: the URL options split off (credentials only as a pair), then Generator#normalize_options!.
  delete h._recall;
  if ($t(h.user) && $t(h.password)) delete h.user, delete h.password;
  const u = $URL.map((k) => ((x = h[k]), delete h[k], x));
  if ((x = $t(h.controller)) || "action" in h) h.action = $t(h.action) ? "" + h.action : "index";
  if (x) h.controller = ("" + h.controller).replace(/^\//, "");
  // Formatter#generate: the parts' to_param values, the required ones tested, the rest of h left for the query.
  const v = p.map((k) => $param(h[k]));
  const m = p.filter((k, i) => q[i] && !q[i](v[i]));
  if (m.length) throw $fail(h, m.filter((k) => !(k in h)), m.filter((k) => k in h));
  for (k in h) if (v[p.indexOf(k)] != null || $own(d, k)) delete h[k];
  if (L) L(p, q, d, v);
  // ActionDispatch::Http::URL.path_for: script name, trailing slash, query (params merged over the leftovers), anchor.
  x = u[5];
  if (x != null && !$h(x)) throw $err("ArgumentError", ":params must be a Hash (a plain object), got " + $i(x));
  s = ("" + $o(u[9]) + $o($t(u[7]) ? u[7] : u[8])).replace(/\/$/, "") + f(v);
  if ($t(u[3])) s = /[?.]|\/$/.test(s) ? s.replace("?", "/?") : s + "/";
  if ((x = $hq($assign(h, x)))) s += "?" + x;
  if ($t(u[4])) s += "#" + $frag($s($param(u[4])));
  return url && !$t(u[6]) ? url(u) + s : s;
};
const $host = ([host, pr, port]) => {
  if (!$t(host)) throw $err("ArgumentError", "Missing host to link to! Please provide the :host parameter, set default_url_options[:host], or set :only_path to true");
  const proto = pr == null ? "http://" : pr === false || pr == "//" ? "//" : ("" + pr).replace(/:?(\/\/)?$/, "") + "://";
  return proto + host + ($t(port) && (proto == "//" || +port != (proto == "https://" ? 443 : 80)) ? ":" + port : "");
};
`)();
