// switchyard/static: public/ served as ActionDispatch::Static serves it (Rails 6.1's
// middleware/static.rb over Rack::Files) — which file a path names (index.html for a directory,
// .html for an extensionless path), the precompressed siblings, the validators and 304s, HEAD —
// and no path out of the directory, whatever the request path holds.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import zlib from "node:zlib";
import { draw } from "../../src/index.js";
import { createHandler } from "../../src/http/index.js";
import { staticFiles, withStaticFiles } from "../../src/http/static-files.js";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-static-"));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));
const pub = path.join(tmp, "public");
const write = (file: string, body: string | Buffer) => {
  fs.mkdirSync(path.dirname(path.join(pub, file)), { recursive: true });
  fs.writeFileSync(path.join(pub, file), body);
};
const APP_JS = "export const answer = 42;\n";
write("index.html", "<h1>home</h1>");
write("about.html", "<h1>about</h1>");
write("docs/index.html", "<h1>docs</h1>");
write("app.js", APP_JS);
write("app.js.gz", zlib.gzipSync(APP_JS));
write("app.js.br", zlib.brotliCompressSync(APP_JS));
write("only-gz.css", "");
fs.rmSync(path.join(pub, "only-gz.css"));
write("only-gz.css.gz", zlib.gzipSync("body{}"));
write("logo.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));
write("data.json", '{"a":1}');
write("space name.txt", "spaced");
write("caf\u00e9.txt", "unicode");
fs.writeFileSync(path.join(tmp, "secret.txt"), "SECRET");
fs.symlinkSync(path.join(tmp, "secret.txt"), path.join(pub, "leak.txt"));
fs.symlinkSync(tmp, path.join(pub, "up"));
fs.symlinkSync(path.join(pub, "about.html"), path.join(pub, "alias.html"));

const files = staticFiles(pub);
const get = (p: string, headers: Record<string, string> = {}, method = "GET") =>
  files(new Request(`http://localhost${p}`, { method, headers }));
const text = async (r: Response | undefined) => {
  assert.ok(r, "a file was served");
  return r.text();
};

describe("which file a path names, as Rails'", () => {
  test("/ is index.html, a directory its index.html, an extensionless path its .html", async () => {
    assert.equal(await text(await get("/")), "<h1>home</h1>");
    assert.equal(await text(await get("/docs")), "<h1>docs</h1>");
    assert.equal(await text(await get("/docs/")), "<h1>docs</h1>");
    assert.equal(await text(await get("/about")), "<h1>about</h1>");
    assert.equal(await text(await get("/about.html")), "<h1>about</h1>");
  });

  test("percent-escapes are decoded; a path with no file is left to the app", async () => {
    assert.equal(await text(await get("/space%20name.txt")), "spaced");
    assert.equal(await text(await get("/caf%C3%A9.txt")), "unicode");
    assert.equal(await get("/photos"), undefined);
    assert.equal(await get("/missing.js"), undefined);
  });

  test("only GET and HEAD are served", async () => {
    assert.equal(await get("/app.js", {}, "POST"), undefined);
    assert.equal(await get("/app.js", {}, "DELETE"), undefined);
  });

  test("content types by extension, text with its charset", async () => {
    assert.equal((await get("/app.js"))!.headers.get("content-type"), "text/javascript; charset=utf-8");
    assert.equal((await get("/"))!.headers.get("content-type"), "text/html; charset=utf-8");
    assert.equal((await get("/logo.png"))!.headers.get("content-type"), "image/png");
    assert.equal((await get("/data.json"))!.headers.get("content-type"), "application/json; charset=utf-8");
  });

  test("a binary file is sent byte for byte, with its length", async () => {
    const r = (await get("/logo.png"))!;
    assert.equal(r.headers.get("content-length"), "8");
    assert.deepEqual([...new Uint8Array(await r.arrayBuffer())], [0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]);
  });
});

describe("precompressed siblings, as Rails'", () => {
  test("brotli first, then gzip, for a client that accepts them, with Vary", async () => {
    const br = (await get("/app.js", { "accept-encoding": "gzip, deflate, br" }))!;
    assert.equal(br.headers.get("content-encoding"), "br");
    assert.equal(br.headers.get("vary"), "Accept-Encoding");
    assert.equal(br.headers.get("content-type"), "text/javascript; charset=utf-8");
    assert.equal(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString(), APP_JS);
    const gz = (await get("/app.js", { "accept-encoding": "gzip" }))!;
    assert.equal(gz.headers.get("content-encoding"), "gzip");
    assert.equal(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString(), APP_JS);
  });

  test("the plain file, still with Vary, for a client that accepts neither or refuses one with q=0", async () => {
    const plain = (await get("/app.js"))!;
    assert.equal(plain.headers.get("content-encoding"), null);
    assert.equal(plain.headers.get("vary"), "Accept-Encoding");
    assert.equal(await plain.text(), APP_JS);
    const refused = (await get("/app.js", { "accept-encoding": "br;q=0, gzip" }))!;
    assert.equal(refused.headers.get("content-encoding"), "gzip");
  });

  test("a .gz with no plain file is served only to a client that accepts gzip", async () => {
    assert.equal((await get("/only-gz.css", { "accept-encoding": "gzip" }))!.headers.get("content-encoding"), "gzip");
    assert.equal(await get("/only-gz.css"), undefined);
  });

  test("a binary type has no precompressed lookup", async () => {
    assert.equal((await get("/logo.png", { "accept-encoding": "gzip, br" }))!.headers.get("vary"), null);
  });
});

describe("validators and conditional requests", () => {
  test("Last-Modified and a weak ETag; If-None-Match or If-Modified-Since answers 304 with the validators", async () => {
    const first = (await get("/app.js"))!;
    const etag = first.headers.get("etag")!;
    const lastModified = first.headers.get("last-modified")!;
    assert.match(etag, /^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    assert.equal(
      lastModified,
      new Date(Math.floor(fs.statSync(path.join(pub, "app.js")).mtimeMs / 1000) * 1000).toUTCString(),
    );
    assert.equal(first.headers.get("cache-control"), "no-cache");

    const byTag = (await get("/app.js", { "if-none-match": etag }))!;
    assert.equal(byTag.status, 304);
    assert.equal(byTag.headers.get("etag"), etag);
    assert.equal(await byTag.text(), "");
    assert.equal((await get("/app.js", { "if-none-match": `"other", ${etag.slice(2)}` }))!.status, 304);
    assert.equal((await get("/app.js", { "if-none-match": '"other"' }))!.status, 200);

    assert.equal((await get("/app.js", { "if-modified-since": lastModified }))!.status, 304);
    assert.equal((await get("/app.js", { "if-modified-since": new Date(0).toUTCString() }))!.status, 200);
    assert.equal((await get("/app.js", { "if-modified-since": "yesterday-ish" }))!.status, 200);
    // If-None-Match decides when both are sent (RFC 9110 13.2.2).
    assert.equal(
      (await get("/app.js", { "if-none-match": '"other"', "if-modified-since": lastModified }))!.status,
      200,
    );
  });

  test("a changed file has a new ETag", async () => {
    write("changing.txt", "one");
    const before = (await get("/changing.txt"))!.headers.get("etag");
    write("changing.txt", "two!");
    fs.utimesSync(path.join(pub, "changing.txt"), new Date(), new Date(Date.now() + 5000));
    const r = (await get("/changing.txt", { "if-none-match": before! }))!;
    assert.equal(r.status, 200);
    assert.equal(await r.text(), "two!");
  });

  test("HEAD has the headers and no body", async () => {
    const r = (await get("/app.js", {}, "HEAD"))!;
    assert.equal(r.status, 200);
    assert.equal(r.headers.get("content-length"), String(Buffer.byteLength(APP_JS)));
    assert.equal(r.body, null);
  });

  test("one byte range is a 206 with Content-Range, as Rack::Files answers it", async () => {
    const first = (await get("/app.js", { range: "bytes=0-5" }))!;
    assert.equal(first.status, 206);
    assert.equal(first.headers.get("content-range"), `bytes 0-5/${APP_JS.length}`);
    assert.equal(first.headers.get("content-length"), "6");
    assert.equal(await first.text(), APP_JS.slice(0, 6));
    assert.equal(await (await get("/app.js", { range: "bytes=-3" }))!.text(), APP_JS.slice(-3));
    assert.equal(await (await get("/app.js", { range: "bytes=7-" }))!.text(), APP_JS.slice(7));
    assert.equal(await (await get("/app.js", { range: "bytes=7-9999" }))!.text(), APP_JS.slice(7));
    assert.equal((await get("/app.js"))!.headers.get("accept-ranges"), "bytes");
  });

  test("a range past the end is 416; a malformed, backwards or multiple range, or a stale If-Range, gets the whole file", async () => {
    const past = (await get("/app.js", { range: "bytes=9999-" }))!;
    assert.equal(past.status, 416);
    assert.equal(past.headers.get("content-range"), `bytes */${APP_JS.length}`);
    for (const range of ["bytes=5-1", "bytes=0-1,4-5", "items=0-5", "bytes=a-b", "bytes=-"]) {
      const whole = (await get("/app.js", { range }))!;
      assert.equal(whole.status, 200, range);
      assert.equal(await whole.text(), APP_JS, range);
    }
    const lastModified = (await get("/app.js"))!.headers.get("last-modified")!;
    assert.equal((await get("/app.js", { range: "bytes=0-1", "if-range": lastModified }))!.status, 206);
    assert.equal((await get("/app.js", { range: "bytes=0-1", "if-range": new Date(0).toUTCString() }))!.status, 200);
  });

  test("headers replace the default Cache-Control (Rails' public_file_server.headers)", async () => {
    const cached = staticFiles(pub, { headers: { "cache-control": "public, max-age=31536000, immutable" } });
    const r = (await cached(new Request("http://localhost/app.js")))!;
    assert.equal(r.headers.get("cache-control"), "public, max-age=31536000, immutable");
  });
});

describe("no path leaves the directory", () => {
  const HOSTILE = [
    "/../secret.txt",
    "/%2e%2e/secret.txt",
    "/%2E%2E%2Fsecret.txt",
    "/docs/../../secret.txt",
    "/..%5csecret.txt",
    "/%5c..%5c..%5csecret.txt",
    "/..\\secret.txt",
    "/....//secret.txt",
    "/%252e%252e/secret.txt",
    "/leak.txt",
    "/up/secret.txt",
    "/up/public/index.html",
    "/index.html%00.png",
    "/%00",
    "/%c0%ae%c0%ae/secret.txt",
    "/%ff",
    "/%",
    "/%zz",
    `/${"../".repeat(50)}etc/passwd`,
    "//etc/passwd",
  ];
  for (const p of HOSTILE) {
    test(`${p} serves nothing outside public/`, async () => {
      const r = await files(new Request(new URL(p, "http://localhost")));
      if (r === undefined) return;
      // Resolved inside public/ (as Rails resolves `..`), it may name a file there: never the secret.
      const body = await r.text();
      assert.notEqual(body, "SECRET");
      assert.ok(!body.includes("root:"), "not /etc/passwd");
    });
  }

  test("the raw request path, not URL's normalization, is what is cleaned", async () => {
    // new URL() already resolves "/../secret.txt"; a request whose pathname keeps the dots is cleaned the same.
    const r = await files({
      method: "GET",
      url: "http://localhost/%2e%2e/%2e%2e/secret.txt",
      headers: new Headers(),
    } as Request);
    assert.equal(r, undefined);
  });

  test("a symbolic link inside the directory to a file inside it is served", async () => {
    assert.equal(await text(await get("/alias.html")), "<h1>about</h1>");
  });

  test("a directory that does not exist serves nothing, and the option is checked", async () => {
    const none = staticFiles(path.join(tmp, "nope"));
    assert.equal(await none(new Request("http://localhost/index.html")), undefined);
    assert.throws(() => staticFiles(""), /staticFiles\(dir\): dir must be the directory to serve/);
  });
});

describe("withStaticFiles in front of a handler", () => {
  const routes = draw((r) => {
    r.get("about", { to: () => new Response("the route") });
    r.get("photos", { to: () => new Response("photos route") });
    r.post("app.js", { to: () => new Response("posted") });
  });
  const handler = withStaticFiles(createHandler(routes, { env: "test" }), pub);

  test("a file wins over a route, as ActionDispatch::Static sits before the router", async () => {
    assert.equal(await (await handler(new Request("http://localhost/about"))).text(), "<h1>about</h1>");
  });

  test("a path with no file, and a POST, reach the routes", async () => {
    assert.equal(await (await handler(new Request("http://localhost/photos"))).text(), "photos route");
    assert.equal(await (await handler(new Request("http://localhost/app.js", { method: "POST" }))).text(), "posted");
  });

  test("the handler's routes stay readable", () => {
    assert.equal((handler as unknown as { routes: unknown }).routes, routes);
  });
});
