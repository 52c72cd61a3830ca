// The answers of bench/http's servers, checked before any timing: every distinct request of the
// mix is sent once to every server (over a keep-alive connection, as the load generator sends it)
// and its status, body and headers are compared. A mismatch stops the run: figures of servers
// doing different work are not a comparison.
//
// What is compared, and why:
// - a routed request (200): the status, the body (the route's table key) and the whole header set,
//   the same for every server: content-type `text/html; charset=utf-8` (switchyard's for an
//   action's string; parameter case aside, which costs nothing), content-length (the body's bytes,
//   so no server streams chunked), and no other header than date, connection and keep-alive, which
//   node:http adds to every answer (its cached Date string, the keep-alive it keeps). So no ETag
//   (Express' default hashes every body) and no X-Powered-By (Express sets it on every answer);
// - an unrouted request (404): the status for every server; the body and the header set identical
//   within each pair that shares the 404 path: a framework's own routing and switchyard's adapter on
//   it (which hands an unmatched request on to the framework's 404), and the bare ceiling and
//   switchyard-node (switchyard's "Not Found\n"). The frameworks' 404s differ between each other (Express' HTML
//   page, Fastify's JSON, Hono's text): each is its framework's default, paid alike in each pair.
// The Date value is checked to be a valid HTTP date, then left out of the comparison.
// switchyard-fetch (opt-in: what the node adapter's direct path saves over Request/Response) is a
// diagnostic, not a baseline: its header differences are reported, not fatal (the fetch path writes
// a Response's body chunked, without Content-Length).
import http from "node:http";
import { ADAPTERS } from "./adapters.mjs";

/** Which server's 404 each server's must equal (the first of its pair that runs): each adapter's pair, switchyard-fetch with node's. */
export const PAIRS = ADAPTERS.map((name) => [
  name,
  `switchyard-${name}`,
  ...(name === "node" ? ["switchyard-fetch"] : []),
]);

/** Servers whose header differences are warnings (status and body must still match). */
export const LOOSE_HEADERS = new Set(["switchyard-fetch"]);

/** The header names node:http adds to every answer, besides the ones each server sets. */
const TRANSPORT = ["connection", "date", "keep-alive"];

/** What node:http says of a keep-alive connection, server.mjs having set keepAliveTimeout to 60 s on every server. */
export const KEEP_ALIVE = "timeout=60";

/** The distinct requests of the mix, in order. */
export function distinct(requests) {
  const seen = new Map();
  for (const q of requests) if (!seen.has(`${q.method} ${q.path}`)) seen.set(`${q.method} ${q.path}`, q);
  return [...seen.values()];
}

function send(agent, port, { method, path }) {
  return new Promise((resolve) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, agent }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        const headers = {};
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i].toLowerCase();
          headers[name] = name in headers ? `${headers[name]}, ${res.rawHeaders[i + 1]}` : res.rawHeaders[i + 1];
        }
        resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString("utf8"), headers });
      });
      res.on("error", (e) => resolve({ error: e.message }));
    });
    req.on("error", (e) => resolve({ error: e.message }));
    req.end();
  });
}

/** An answer as compared: the Date header checked and left out, media type parameters' case ignored. */
function normal(answer) {
  if (answer.error) return answer;
  const { date, ...headers } = answer.headers;
  const problems = [];
  if (date === undefined || Number.isNaN(Date.parse(date)))
    problems.push(`Date header ${date === undefined ? "missing" : `"${date}" not a date`}`);
  if (headers["content-type"]) headers["content-type"] = headers["content-type"].toLowerCase();
  return { status: answer.status, body: answer.body, headers, problems };
}

/** Every distinct request's answer from the server on `port`, normalised. */
export async function answers(port, requests) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const out = [];
  for (const q of requests) out.push(normal(await send(agent, port, q)));
  agent.destroy();
  return out;
}

const show = (v) => (v === undefined ? "(none)" : JSON.stringify(v));

/** The differences of two answers' headers, as "name: a vs b". */
function headerDiff(a, b) {
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return names.filter((n) => a[n] !== b[n]).map((n) => `${n}: ${show(a[n])} vs ${show(b[n])}`);
}

/** What a routed request's answer must be: the route key as text/html with its length, and node's transport headers. */
function expectedHit(key) {
  return {
    "content-type": "text/html; charset=utf-8",
    "content-length": String(Buffer.byteLength(key)),
    connection: "keep-alive",
    "keep-alive": KEEP_ALIVE,
  };
}

/**
 * Compares every server's answers (`byServer`: name -> answers to `requests`, in order). Returns the
 * mismatches, one line each ("server, request: what differs"), those of LOOSE_HEADERS' servers'
 * headers apart (`warnings`), and the header names of the answers.
 */
export function compare(requests, byServer) {
  const wrong = [];
  const warnings = [];
  const seen = { hit: new Set(), miss: new Set() };
  const names = Object.keys(byServer);
  const reference = (name) => PAIRS.find((p) => p.includes(name))?.find((n) => n in byServer) ?? name;
  requests.forEach((q, i) => {
    const id = `${q.method} ${q.path}`;
    for (const name of names) {
      const a = byServer[name][i];
      const say = (what) => wrong.push(`${name}, ${id}: ${what}`);
      const sayHeaders = (what) => (LOOSE_HEADERS.has(name) ? warnings : wrong).push(`${name}, ${id}: ${what}`);
      if (a.error) {
        say(`request failed: ${a.error}`);
        continue;
      }
      for (const p of a.problems) say(p);
      if (!LOOSE_HEADERS.has(name))
        for (const h of Object.keys(a.headers)) seen[q.expect === null ? "miss" : "hit"].add(h);
      if (q.expect !== null) {
        if (a.status !== 200) say(`status ${a.status}, want 200`);
        if (a.body !== q.expect) say(`body ${show(a.body.slice(0, 80))}, want ${show(q.expect)}`);
        const want = expectedHit(q.expect);
        const extra = Object.keys(a.headers).filter((h) => !(h in want) && !TRANSPORT.includes(h));
        if (extra.length)
          sayHeaders(`headers a 200 must not carry: ${extra.map((h) => `${h}: ${a.headers[h]}`).join("; ")}`);
        for (const [h, v] of Object.entries(want))
          if (a.headers[h] !== v) sayHeaders(`${h} ${show(a.headers[h])}, want ${show(v)}`);
        continue;
      }
      if (a.status !== 404) say(`status ${a.status}, want 404`);
      const ref = reference(name);
      if (ref === name) continue;
      const r = byServer[ref][i];
      if (r.error) continue;
      if (a.body !== r.body)
        say(`404 body ${show(a.body.slice(0, 80))} where ${ref}'s is ${show(r.body.slice(0, 80))}`);
      const diff = headerDiff(a.headers, r.headers);
      if (diff.length) sayHeaders(`404 headers differ from ${ref}'s: ${diff.join("; ")}`);
    }
  });
  return { wrong, warnings, headers: { hit: [...seen.hit].sort(), miss: [...seen.miss].sort() } };
}
