// The ceiling: bare node:http and the least routing that answers the rails-app table as Rails does,
// written by hand over the table (what a switch over it comes to), answering what switchyard-node
// answers: 200 text/html; charset=utf-8 with the route key, 404 text/plain "Not Found\n", each with
// its Content-Length (node:http adds Date, Connection and Keep-Alive, as for every server here).
// Static paths (a route without parameters, with and without its `.format`) are one
// Map<"METHOD /path", key> lookup. Other paths walk a segment trie built from the routes with
// parameters: at each segment an exact static child first, then the one `:param` child (Rails'
// `[^/.?]+`: any segment without a dot), backtracking when a branch dead-ends; the last segment may
// carry `.format` (a dot, then no dot) for routes declared with `(.:format)`. No parameter is
// extracted, decoded or validated and the path is not normalised: the action here needs the route
// key only, which no real router can assume.
import http from "node:http";
import { HTML, peerPaths } from "../table.mjs";

const TEXT = "text/plain; charset=utf-8";
const NOT_FOUND = "Not Found\n";

/** Trie node: static children by segment, one param child, route keys by method (with format and without). */
const node = () => ({ statics: new Map(), param: null, keys: new Map(), fmtKeys: new Map() });

export default function create(table) {
  const statics = new Map();
  const root = node();
  for (const route of table.routes) {
    const [base, withFormat] = peerPaths(route);
    if (!base.includes(":")) {
      statics.set(`${route.method} ${base}`, route.key);
      if (!withFormat) continue; // else `/about.json` is matched by the trie's format rule below
    }
    let n = root;
    for (const seg of base.split("/").slice(1)) {
      if (seg.startsWith(":")) n = n.param ??= node();
      else n = n.statics.get(seg) ?? n.statics.set(seg, node()).get(seg);
    }
    if (!n.keys.has(route.method)) n.keys.set(route.method, route.key);
    if (withFormat && !n.fmtKeys.has(route.method)) n.fmtKeys.set(route.method, route.key);
  }

  // The route key for segs[i..] from node n, or undefined.
  function walk(n, segs, i, method) {
    if (i === segs.length) return n.keys.get(method);
    const seg = segs[i];
    if (i === segs.length - 1) {
      const dot = seg.indexOf(".");
      if (dot > 0 && dot < seg.length - 1 && seg.indexOf(".", dot + 1) === -1) {
        const head = seg.slice(0, dot);
        const s = n.statics.get(head)?.fmtKeys.get(method);
        if (s !== undefined) return s;
        return n.param?.fmtKeys.get(method);
      }
    }
    const child = n.statics.get(seg);
    if (child !== undefined) {
      const k = walk(child, segs, i + 1, method);
      if (k !== undefined) return k;
    }
    if (n.param !== null && seg.length > 0 && !seg.includes(".")) return walk(n.param, segs, i + 1, method);
    return undefined;
  }

  const match = (method, path) =>
    statics.get(`${method} ${path}`) ?? (path === "/" ? undefined : walk(root, path.split("/"), 1, method));

  return http.createServer((req, res) => {
    const q = req.url.indexOf("?");
    const key = match(req.method, q === -1 ? req.url : req.url.slice(0, q));
    if (key === undefined) {
      res.writeHead(404, { "content-type": TEXT, "content-length": NOT_FOUND.length });
      res.end(NOT_FOUND);
    } else {
      res.writeHead(200, { "content-type": HTML, "content-length": Buffer.byteLength(key) });
      res.end(key);
    }
  });
}
