// docs/contract.md §6, one behaviour suite run through every transport: the fetch handler, and each
// adapter over a socket on 127.0.0.1. Each test asserts the same status, headers and body for all
// five, so the node adapter's direct path (no WHATWG objects) and the WHATWG path cannot drift.
// Rails' answers the expectations follow were checked with Rails 6.1 / Rack 2.2 (Rack::MethodOverride,
// Rack::Head, Redirect#serve) where noted.
import assert from "node:assert/strict";
import type http from "node:http";
import { after, before, describe, test } from "node:test";
import express from "express";
import { draw } from "../../src/index.js";
import { createHandler, Controller, type ActionContext } from "../../src/http/index.js";
import { HOST, TRANSPORTS, transport, type Got, type Transport } from "./transports.js";
import { helpersNamed } from "../route-helpers.js";

/** An inner switchyard app, mounted: its helpers carry the mount point. */
const inner = createHandler(
  draw((r) => {
    r.resources("notes", { only: ["index", "show"] });
  }),
  {
    env: "production",
    controllers: {
      notes: {
        index: (c: ActionContext) => {
          const { note_url, note_path } = helpersNamed(c.helpers, "note_url", "note_path");
          return { url: note_url(3), path: note_path(3), scriptName: c.scriptName, path_info: c.path };
        },
        show: (c: ActionContext) => `note ${String(c.params.id)}`,
      },
    },
  },
);

/** A node listener, mounted: sees the path info as `req.url` and the mount point as `req.baseUrl`. */
function listener(
  req: http.IncomingMessage & { baseUrl?: string; originalUrl?: string },
  res: http.ServerResponse,
): void {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    res.setHeader("content-type", "application/json");
    res.end(
      JSON.stringify({
        method: req.method,
        url: req.url,
        baseUrl: req.baseUrl,
        originalUrl: req.originalUrl,
        body: Buffer.concat(chunks).toString(),
      }),
    );
  });
}

/**
 * An Express 5 app, mounted: Express swaps the response's prototype for its own
 * (`Object.setPrototypeOf(res, app.response)`), and reads the body with its own parsers.
 */
const expressApp = express();
expressApp.use(express.urlencoded({ extended: false }), express.json());
expressApp.get("/hello", (req, res) => {
  res.send(`<p>hello from ${req.baseUrl}${req.path}</p>`);
});
expressApp.all("/echo", (req, res) => {
  res.status(201).json({
    method: req.method,
    url: req.url,
    baseUrl: req.baseUrl,
    originalUrl: req.originalUrl,
    body: req.body ?? null,
  });
});

/** A fetch handler mounted with the hash form, under a constrained segment. */
const versionedApi = (request: Request) => Response.json({ url: request.url });

const routes = draw((r) => {
  r.resources("photos", () => {
    r.get("search", { on: "collection" });
  });
  r.resources("widgets", { only: ["index", "show"] });
  r.match("echo/:id", { to: "echo#show", via: "all", as: "echo" });
  r.get("nothing", { to: "echo#nothing" });
  r.get("made", { to: "echo#made" });
  r.get("boom", { to: "echo#boom" });
  r.get("later", { to: "echo#later" });
  r.get("fn", { to: "echo#fn" });
  r.get("ghost", { to: "ghosts#index" });
  r.get("missing", { to: "echo#missing" });
  r.match("probe", { to: "probe#show", via: ["head"] });
  r.get("probe", { to: "probe#get" });
  r.get("/articles/:id", { to: r.redirect("/photos/%{id}") });
  r.get("/moved", { to: r.redirect("/photos", { status: 302 }) });
  r.get("/search-here", { to: r.redirect({ path: "/photos/search" }) });
  r.mount((request: Request) => Response.json({ url: request.url, method: request.method }), { at: "/fetchapp" });
  r.mount(listener, { at: "/nodeapp" });
  r.mount(inner, { at: "/inner" });
  r.mount(expressApp, { at: "/express" });
  // Rails' hash form, `mount app => "/v/:ver/api", as: "versioned_api", ver: /\d+/`.
  r.mount({ "/v/:ver/api": versionedApi, as: "versioned_api", ver: /\d+/ });
});

class PhotosController extends Controller {
  static instances = 0;
  constructor(ctx: ActionContext) {
    super(ctx);
    PhotosController.instances++;
  }
  index() {
    return `<h1>Photos</h1>`;
  }
  show(ctx: ActionContext) {
    return { id: ctx.params.id, format: ctx.params.format ?? null, name: ctx.route.name };
  }
  search() {
    return { params: this.params, helpers: helpersNamed(this.helpers, "photo_url").photo_url(5) };
  }
  create(ctx: ActionContext) {
    return { params: ctx.params, method: ctx.method, original: ctx.originalMethod };
  }
  update(ctx: ActionContext) {
    return { params: ctx.params, method: ctx.method, original: ctx.originalMethod };
  }
  destroy(ctx: ActionContext) {
    return { id: ctx.params.id, method: ctx.method, original: ctx.originalMethod, requestMethod: ctx.request.method };
  }
}

const controllers = {
  photos: PhotosController,
  widgets: {
    index: () => "widgets",
    show: (ctx: ActionContext) => `widget ${String(ctx.params.id)}`,
  },
  echo: {
    async show(ctx: ActionContext) {
      const request = ctx.request;
      return {
        method: ctx.method,
        original: ctx.originalMethod,
        url: request.url,
        requestMethod: request.method,
        params: ctx.params,
        header: ctx.header("X-Thing"),
      };
    },
    nothing: () => undefined,
    made: () => new Response("made", { status: 201, headers: { "x-made": "yes", "content-type": "text/plain" } }),
    boom: () => {
      throw new Error("the action failed");
    },
    later: async () => {
      await new Promise((r) => setTimeout(r, 1));
      throw new TypeError("later failure");
    },
    fn: () => () => 1,
  },
  probe: {
    show: () => new Response(null, { status: 200, headers: { "x-probe": "head" } }),
    get: () => "a GET body",
  },
};

const form = (body: string) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body,
});
const json = (got: Got) => JSON.parse(got.body) as Record<string, any>;

function multipart(fields: [string, string, string?][]): {
  method: string;
  headers: Record<string, string>;
  body: string;
} {
  const b = "----switchyard";
  const parts = fields.map(
    ([name, value, filename]) =>
      `--${b}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: text/plain` : ""}\r\n\r\n${value}\r\n`,
  );
  return {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${b}` },
    body: parts.join("") + `--${b}--\r\n`,
  };
}

for (const name of TRANSPORTS) {
  describe(`serving through ${name}`, () => {
    let dev: Transport;
    let prod: Transport;
    before(async () => {
      dev = await transport(name, routes, {
        controllers,
        env: "development",
        hosts: [],
        methodNotAllowed: true,
        bodyLimit: 64 * 1024,
        onError: () => {},
      });
      prod = await transport(name, routes, { controllers, env: "production", onError: () => {} });
    });
    after(async () => {
      await dev.close();
      await prod.close();
    });

    test("a string is 200 HTML, a value 200 JSON, nothing 204, a Response as it is", async () => {
      const html = await dev.request("/photos");
      assert.equal(html.status, 200);
      assert.equal(html.headers["content-type"], "text/html; charset=utf-8");
      assert.equal(html.body, "<h1>Photos</h1>");
      const value = await dev.request("/photos/7.json");
      assert.equal(value.headers["content-type"], "application/json; charset=utf-8");
      assert.deepEqual(json(value), { id: "7", format: "json", name: "photo" });
      const nothing = await dev.request("/nothing");
      assert.equal(nothing.status, 204);
      assert.equal(nothing.body, "");
      const made = await dev.request("/made");
      assert.deepEqual([made.status, made.headers["x-made"], made.body], [201, "yes", "made"]);
      assert.equal((await dev.request("/widgets/3")).body, "widget 3");
    });

    test("a controller class gets one instance per request", async () => {
      const before = PhotosController.instances;
      await dev.request("/photos");
      await dev.request("/photos");
      assert.equal(PhotosController.instances - before, 2);
    });

    test("params: query and form with Rack's nesting, path parameters over both", async () => {
      const got = json(
        await dev.request(
          "/photos?photo[tags][]=a&photo[tags][]=b&page=2&action=hack",
          form("photo[title]=Sunset&photo[tags][]=c&page=1"),
        ),
      );
      assert.deepEqual(got.params, { photo: { tags: ["a", "b"] }, page: "2", action: "create", controller: "photos" });
      assert.equal(got.method, "POST");
      const body = json(await dev.request("/photos", form("photo[title]=Sunset+%C3%A9&photo[tags][]=c")));
      assert.deepEqual(body.params, {
        photo: { title: "Sunset é", tags: ["c"] },
        controller: "photos",
        action: "create",
      });
    });

    test("params: a Content-Type's media type ends at ; or , (Rack), and JSON's synonyms are JSON (Mime[:json])", async () => {
      const comma = await dev.request("/photos", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded, text/plain" },
        body: "photo[title]=c",
      });
      // (Fastify refuses a Content-Type it cannot parse itself, 415 FST_ERR_CTP_INVALID_MEDIA_TYPE, before any route runs.)
      if (name === "fastify") assert.equal(comma.status, 415);
      else assert.deepEqual(json(comma).params, { photo: { title: "c" }, controller: "photos", action: "create" });
      const synonym = json(
        await dev.request("/photos", { method: "POST", headers: { "content-type": "text/x-json" }, body: '{"n":1}' }),
      );
      assert.deepEqual(synonym.params, { n: 1, controller: "photos", action: "create" });
    });

    test("params: JSON bodies (an object's keys; anything else as _json) and multipart fields and files", async () => {
      const object = json(
        await dev.request("/photos", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ photo: { title: "x", n: 1 } }),
        }),
      );
      assert.deepEqual(object.params, { photo: { title: "x", n: 1 }, controller: "photos", action: "create" });
      const list = json(
        await dev.request("/photos", {
          method: "POST",
          headers: { "content-type": "application/json; charset=utf-8" },
          body: "[1,2]",
        }),
      );
      assert.deepEqual(list.params, { _json: [1, 2], controller: "photos", action: "create" });
      const parts = json(
        await dev.request(
          "/photos",
          multipart([
            ["photo[title]", "Hi"],
            ["photo[tags][]", "t1"],
            ["photo[file]", "file body", "a.txt"],
          ]),
        ),
      );
      assert.equal(parts.params.photo.title, "Hi");
      assert.deepEqual(parts.params.photo.tags, ["t1"]);
      assert.deepEqual(parts.params.photo.file, {}, "a File serializes as {}");
    });

    test("the context: the Request with the served method, the route, helpers bound to the request", async () => {
      const got = json(await dev.request("/echo/5?q=1", { method: "PUT", headers: { "x-thing": "yes" } }));
      assert.deepEqual(got, {
        method: "PUT",
        original: "PUT",
        url: `http://${HOST}/echo/5?q=1`,
        requestMethod: "PUT",
        params: { q: "1", controller: "echo", action: "show", id: "5" },
        header: "yes",
      });
      const search = json(await dev.request("/photos/search?x=1"));
      assert.equal(search.helpers, `http://${HOST}/photos/5`);
    });

    test("Rack::MethodOverride: _method in a form POST, the original method kept, _method left in params", async () => {
      const del = json(await dev.request("/photos/9", form("_method=delete")));
      assert.deepEqual(del, { id: "9", method: "DELETE", original: "POST", requestMethod: "DELETE" });
      const patch = json(await dev.request("/photos/9", form("_method=pAtCh&photo[title]=t")));
      assert.deepEqual(patch, {
        params: { _method: "pAtCh", photo: { title: "t" }, controller: "photos", action: "update", id: "9" },
        method: "PATCH",
        original: "POST",
      });
      const parts = json(await dev.request("/photos/9", multipart([["_method", "put"]])));
      assert.equal(parts.method, "PUT");
      // No Content-Type on a POST is form data to Rack.
      const bare = json(await dev.request("/photos/9", { method: "POST", body: "_method=delete" }));
      assert.equal(bare.method, "DELETE");
    });

    test("Rack::MethodOverride: the header; POST only; only its verbs; a _method given wins over the header", async () => {
      assert.equal(
        json(await dev.request("/echo/1", { method: "POST", headers: { "x-http-method-override": "patch" } })).method,
        "PATCH",
      );
      assert.equal(
        json(
          await dev.request("/echo/1", {
            method: "POST",
            headers: { "content-type": "application/json", "x-http-method-override": "put" },
            body: '{"_method":"delete"}',
          }),
        ).method,
        "PUT",
      );
      assert.equal(
        json(await dev.request("/echo/1", { method: "PUT", headers: { "x-http-method-override": "delete" } })).method,
        "PUT",
      );
      assert.equal(json(await dev.request("/echo/1?_method=delete", { method: "POST" })).method, "POST");
      assert.equal(json(await dev.request("/echo/1", form("_method=TRACE"))).method, "POST");
      // Rack: `_method=TRACE` is given, so the header is not read.
      assert.equal(
        json(
          await dev.request("/echo/1", {
            ...form("_method=TRACE"),
            headers: { "content-type": "application/x-www-form-urlencoded", "x-http-method-override": "put" },
          }),
        ).method,
        "POST",
      );
      assert.equal(json(await dev.request("/echo/1", form("_method[]=delete"))).method, "POST");
      assert.equal(json(await dev.request("/echo/1", form("_method=__proto__"))).method, "POST");
      assert.equal(json(await dev.request("/echo/1", form("_method"))).method, "POST");
    });

    test("HEAD is served by the GET route, headers kept, body dropped; a HEAD route first", async () => {
      const head = await dev.request("/photos", { method: "HEAD" });
      assert.equal(head.status, 200);
      assert.equal(head.headers["content-type"], "text/html; charset=utf-8");
      assert.equal(head.headers["content-length"], String("<h1>Photos</h1>".length));
      assert.equal(head.body, "");
      const probe = await dev.request("/probe", { method: "HEAD" });
      assert.equal(probe.headers["x-probe"], "head");
      assert.equal((await dev.request("/probe")).body, "a GET body");
      const made = await dev.request("/made", { method: "HEAD" });
      assert.deepEqual([made.status, made.headers["x-made"], made.body], [201, "yes", ""]);
    });

    test("redirect routes: the status and the absolute Location Rails builds from the request", async () => {
      const moved = await dev.request("/articles/5?x=1");
      assert.equal(moved.status, 301);
      assert.equal(moved.headers.location, `http://${HOST}/photos/5`);
      assert.equal(moved.headers["content-type"], "text/html");
      assert.equal(
        moved.body,
        `<html><body>You are being <a href="http://${HOST}/photos/5">redirected</a>.</body></html>`,
      );
      const found = await dev.request("/moved");
      assert.deepEqual([found.status, found.headers.location], [302, `http://${HOST}/photos`]);
      const options = await dev.request("/search-here?q=1");
      assert.deepEqual([options.status, options.headers.location], [301, `http://${HOST}/photos/search?q=1`]);
      const head = await dev.request("/articles/5", { method: "HEAD" });
      assert.deepEqual([head.status, head.headers.location, head.body], [301, `http://${HOST}/photos/5`, ""]);
    });

    test("a port in the Host: helpers and redirect Locations keep it, the scheme's default port is dropped", async () => {
      const host = "blog.test:8080";
      assert.equal(json(await dev.request("/photos/search", { host })).helpers, "http://blog.test:8080/photos/5");
      assert.equal((await dev.request("/articles/5", { host })).headers.location, "http://blog.test:8080/photos/5");
      assert.equal(
        (await dev.request("/search-here?q=1", { host })).headers.location,
        "http://blog.test:8080/photos/search?q=1",
      );
      assert.equal(json(await dev.request("/inner/notes", { host })).url, "http://blog.test:8080/inner/notes/3");
      // Rails: `port_string` is empty for the scheme's standard port.
      assert.equal(
        json(await dev.request("/photos/search", { host: "blog.test:80" })).helpers,
        "http://blog.test/photos/5",
      );
      assert.equal(
        (await dev.request("/articles/5", { host: "blog.test:80" })).headers.location,
        "http://blog.test/photos/5",
      );
    });

    test("mounts: a fetch handler and a node listener get the path after the mount point", async () => {
      assert.deepEqual(json(await dev.request("/fetchapp/a/b?c=1", { method: "DELETE" })), {
        url: `http://${HOST}/a/b?c=1`,
        method: "DELETE",
      });
      assert.deepEqual(json(await dev.request("/fetchapp")), { url: `http://${HOST}/`, method: "GET" });
      const node = json(await dev.request("/nodeapp/x?y=2", { method: "PUT", body: "payload" }));
      assert.deepEqual(node, {
        method: "PUT",
        url: "/x?y=2",
        baseUrl: "/nodeapp",
        originalUrl: "/nodeapp/x?y=2",
        body: "payload",
      });
      // A form POST's body was read for _method: the listener still gets it, and the method it names.
      const replayed = json(await dev.request("/nodeapp/f", form("_method=patch&a=1")));
      assert.deepEqual([replayed.method, replayed.url, replayed.body], ["PATCH", "/f", "_method=patch&a=1"]);
    });

    test("mounts: an Express app answers a GET, a form POST (its body read first for _method) and a JSON POST", async () => {
      const hello = await dev.request("/express/hello?x=1");
      assert.equal(hello.status, 200);
      assert.equal(hello.headers["content-type"], "text/html; charset=utf-8");
      assert.equal(hello.body, "<p>hello from /express/hello</p>");
      assert.equal(hello.headers["content-length"], String(hello.body.length));
      const posted = await dev.request("/express/echo?q=1", form("a=1&b=two"));
      assert.equal(posted.status, 201);
      assert.deepEqual(json(posted), {
        method: "POST",
        url: "/echo?q=1",
        baseUrl: "/express",
        originalUrl: "/express/echo?q=1",
        body: { a: "1", b: "two" },
      });
      const patched = json(await dev.request("/express/echo", form("_method=patch&a=1")));
      assert.deepEqual([patched.method, patched.body], ["PATCH", { _method: "patch", a: "1" }]);
      const sent = await dev.request("/express/echo", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ n: 1, list: ["x"] }),
      });
      assert.deepEqual([sent.status, json(sent).body], [201, { n: 1, list: ["x"] }]);
      const head = await dev.request("/express/hello", { method: "HEAD" });
      assert.deepEqual([head.status, head.body], [200, ""]);
      const unknown = await dev.request("/express/nope");
      assert.equal(unknown.status, 404, "Express' own 404");
      assert.match(unknown.body, /Cannot GET \/express\/nope/);
    });

    test('mounts: the hash form { "/v/:ver/api": app }, its segment constraint applied', async () => {
      assert.deepEqual(json(await dev.request("/v/2/api/users?x=1", { method: "POST" })), {
        url: `http://${HOST}/users?x=1`,
      });
      assert.equal((await prod.request("/v/two/api/users")).status, 404);
    });

    test("mounts: another switchyard handler, whose helpers carry the mount point", async () => {
      assert.deepEqual(json(await dev.request("/inner/notes")), {
        url: `http://${HOST}/inner/notes/3`,
        path: "/inner/notes/3",
        scriptName: "/inner",
        path_info: "/notes",
      });
      assert.equal((await dev.request("/inner/notes/4")).body, "note 4");
    });

    test("no route: 404 with Rails' message (the routing error page in development, Not Found otherwise)", async () => {
      const page = await dev.request("/nope?x=1");
      assert.equal(page.status, 404);
      assert.equal(page.headers["content-type"], "text/html; charset=utf-8");
      assert.match(page.body, /No route matches \[GET\] &quot;\/nope&quot;/);
      assert.match(page.body, /photos#index/, "the page lists the routes");
      const plain = await prod.request("/nope");
      assert.deepEqual([plain.status, plain.body], [404, "Not Found\n"]);
    });

    test("/rails/info/routes in development only", async () => {
      const page = await dev.request("/rails/info/routes");
      assert.equal(page.status, 200);
      assert.match(
        page.body,
        /<td>GET<\/td><th scope="row"><code>\/photos\/:id\(\.:format\)<\/code><\/th><td><code>photos#show<\/code><\/td>/,
      );
      assert.match(page.body, /<input[^>]+type="search"/, "the table's live search");
      assert.equal((await prod.request("/rails/info/routes")).status, 404);
    });

    test("unknown controller and action: 404 with Rails' texts", async () => {
      const ghost = await dev.request("/ghost");
      assert.equal(ghost.status, 404);
      assert.match(ghost.body, /uninitialized constant GhostsController/);
      assert.match(ghost.body, /No controller is registered as &quot;ghosts&quot;/);
      const missing = await dev.request("/missing");
      assert.equal(missing.status, 404);
      assert.match(missing.body, /The action &#39;missing&#39; could not be found for EchoController/);
      assert.deepEqual(
        [(await prod.request("/ghost")).status, (await prod.request("/ghost")).body],
        [404, "Not Found\n"],
      );
    });

    test("malformed requests: 400 with the reason", async () => {
      const escape = await dev.request("/photos/%zz");
      assert.equal(escape.status, 400);
      // (Fastify answers a malformed escape itself, 400 FST_ERR_BAD_URL, before any route runs.)
      if (name !== "fastify") assert.match(escape.body, /malformed %-escape/);
      assert.equal((await dev.request("/photos/%FF")).status, 400);
      const query = await dev.request("/photos?a[]=1&a[b]=2");
      assert.equal(query.status, 400);
      assert.match(query.body, /expected Hash \(got Array\) for param `a'/);
      assert.equal((await dev.request("/photos?q=%zz")).status, 400);
      const badJson = await dev.request("/photos", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{nope",
      });
      assert.equal(badJson.status, 400);
      assert.match(badJson.body, /parsing request parameters/);
      assert.equal(
        (
          await dev.request("/photos", {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new Uint8Array([0x61, 0x3d, 0xff]),
          })
        ).status,
        400,
      );
      const big = await dev.request("/photos", form(`a=${"x".repeat(70 * 1024)}`));
      assert.equal(big.status, 400);
      assert.match(big.body, /Request body too large: .*over the limit of 65536 bytes/);
      assert.equal(big.headers.connection, "close", "the client may still be sending: the connection ends");
    });

    test("a throwing action: 500 (the error and its stack in development), and the next request is served", async () => {
      const boom = await dev.request("/boom");
      assert.equal(boom.status, 500);
      assert.match(boom.body, /Error in echo#boom/);
      assert.match(boom.body, /the action failed/);
      assert.match(boom.body, /behaviour\.test\.ts/, "the stack");
      assert.equal((await dev.request("/later")).status, 500);
      assert.match((await dev.request("/fn")).body, /returned a function, which cannot be sent/);
      const plain = await prod.request("/boom");
      assert.deepEqual([plain.status, plain.body], [500, "Internal Server Error\n"]);
      assert.equal((await dev.request("/photos")).status, 200);
    });

    test("methodNotAllowed: 405 with Allow naming the verbs whose routes match", async () => {
      const got = await dev.request("/widgets/1", { method: "DELETE" });
      assert.equal(got.status, 405);
      assert.equal(got.headers.allow, "GET, HEAD");
      const photos = await dev.request("/photos", { method: "DELETE" });
      assert.equal(photos.headers.allow, "GET, HEAD, POST");
      assert.equal((await prod.request("/widgets/1", { method: "DELETE" })).status, 404, "off by default, as Rails");
    });
  });
}
