// Integration sessions (ActionDispatch::IntegrationTest's open_session). The response
// assertions' cases are data (integration-assertions.cases.json, answered by the fixed responses
// of integration-assertions.answers.json): rails-integration-assertions.rb runs each through a
// Rails 6.1 integration session and records a pass, the failure message or the error in
// integration-assertions.rails.json; this test runs each through switchyard's and compares the
// text. Regenerate the record after changing the cases:
//
//     ruby test/testing/rails-integration-assertions.rb > test/testing/integration-assertions.rails.json
//
// The rest sends requests through a switchyard handler: params, JSON, cookies, redirects.
import assert, { AssertionError } from "node:assert/strict";
import fs from "node:fs";
import { describe, test } from "node:test";
import { draw } from "../../src/index.js";
import { Controller, createHandler } from "../../src/http/index.js";
import { openSession, type ResponseType } from "../../src/testing/index.js";

const here = new URL(".", import.meta.url);
const read = (name: string) => JSON.parse(fs.readFileSync(new URL(name, here), "utf8"));
const answers = read("integration-assertions.answers.json") as Record<
  string,
  { status: number; body?: string; bodySize?: number; location?: string }
>;
const cases = read("integration-assertions.cases.json") as {
  id: string;
  host?: string;
  path: string;
  call: "assert_response" | "assert_redirected_to";
  args: unknown[];
}[];
const rails = read("integration-assertions.rails.json") as {
  id: string;
  pass?: true;
  failure?: string;
  error?: string;
  message?: string;
}[];

/** The Ruby script's app: each path answers as answers.json says. */
const fixed = (request: Request): Response => {
  const answer = answers[new URL(request.url).pathname.slice(1)]!;
  const headers: Record<string, string> = { "content-type": "text/html" };
  if (answer.location) headers.location = answer.location;
  const nullBody = answer.status === 204;
  return new Response(nullBody ? null : (answer.body ?? "x".repeat(answer.bodySize ?? 0)), {
    status: answer.status,
    headers,
  });
};

/** A case's Ruby argument as switchyard takes it: `":name"` a status name, `{ regexp }` a RegExp. */
const argument = (a: unknown): unknown =>
  typeof a === "string" && a.startsWith(":")
    ? a.slice(1)
    : a !== null && typeof a === "object" && "regexp" in a
      ? new RegExp((a as { regexp: string }).regexp)
      : a;

describe("response assertions answer as Rails 6.1's", () => {
  assert.equal(cases.length, rails.length, "regenerate integration-assertions.rails.json");
  for (const [i, c] of cases.entries()) {
    const expected = rails[i]!;
    test(c.id, async () => {
      assert.equal(expected.id, c.id);
      const session = openSession(fixed, c.host !== undefined ? { host: c.host } : {});
      await session.get(`/${c.path}`);
      const args = c.args.map(argument);
      const run = () =>
        c.call === "assert_response"
          ? session.assertResponse(args[0] as ResponseType, args[1] as string | undefined)
          : session.assertRedirectedTo(args[0] as string | RegExp, args[1] as string | undefined);
      if (expected.pass) return run();
      if (expected.failure !== undefined) {
        assert.throws(run, (e: unknown) => {
          assert.ok(e instanceof AssertionError, `an AssertionError, not ${String(e)}`);
          assert.equal(e.message, expected.failure);
          return true;
        });
        return;
      }
      // Rails' ArgumentError is a RangeError here; its message starts as Rails' and then says what to use.
      assert.throws(run, (e: unknown) => {
        assert.ok(e instanceof RangeError);
        assert.ok(e.message.startsWith(expected.message!), `${e.message} starts with ${expected.message}`);
        return true;
      });
    });
  }
});

const routes = draw((r) => {
  r.root("pages#home");
  r.resources("photos", { only: ["index", "show", "create", "update"] });
  r.get("search", { to: "pages#search" });
  r.post("login", { to: "sessions#create" });
  r.delete("logout", { to: "sessions#destroy" });
  r.get("me", { to: "sessions#show" });
  r.get("old", { to: r.redirect("/photos", { status: 301 }) });
  r.post("again", { to: r.redirect("/photos", { status: 307 }) });
});

class PagesController extends Controller {
  home() {
    return "<h1>Home</h1>";
  }
  search() {
    return {
      q: this.params.q,
      page: this.params.page,
      accept: this.context.header("accept"),
      xhr: this.context.header("x-requested-with"),
    };
  }
}
class PhotosController extends Controller {
  index() {
    return { method: this.method };
  }
  show() {
    return { id: this.params.id };
  }
  create() {
    const params = this.params as Record<string, unknown>;
    return { photo: params.photo, type: this.context.header("content-type"), method: this.method };
  }
  update() {
    return this.redirectTo(`/photos/${this.params.id}`, 303);
  }
}
class SessionsController extends Controller {
  create() {
    return new Response(null, {
      status: 302,
      headers: [
        ["location", "http://www.example.com/me"],
        ["set-cookie", "user=ada; Path=/; HttpOnly"],
        ["set-cookie", "theme=dark; Path=/photos"],
      ],
    });
  }
  show() {
    return { cookie: this.context.header("cookie") };
  }
  destroy() {
    return new Response(null, { status: 204, headers: { "set-cookie": "user=; Path=/; Max-Age=0" } });
  }
}

const handler = createHandler(routes, {
  env: "test",
  controllers: { pages: PagesController, photos: PhotosController, sessions: SessionsController },
});

describe("a session sends requests as Rails' integration session does", () => {
  test("a GET for www.example.com with Rails' Accept, the response and its body kept", async () => {
    const session = openSession(handler);
    const response = await session.get("/");
    assert.equal(response.status, 200);
    assert.equal(session.request.url, "http://www.example.com/");
    assert.equal(session.body, "<h1>Home</h1>");
    assert.equal(await response.text(), "<h1>Home</h1>", "the returned response can still be read");
    assert.equal(session.path, "/");
    assert.equal(session.requestCount, 1);
    session.assertResponse("success");
  });

  test("a GET's params go in the query, nested as Rack nests them", async () => {
    const session = openSession(handler);
    await session.get("/search", { params: { q: "cats & dogs", page: 2 } });
    assert.equal(new URL(session.request.url).search, "?page=2&q=cats+%26+dogs");
    assert.deepEqual(session.parsedBody, {
      q: "cats & dogs",
      page: "2",
      accept: "text/xml,application/xml,application/xhtml+xml,text/html;q=0.9,text/plain;q=0.8,image/png,*/*;q=0.5",
      xhr: null,
    });
  });

  test("xhr: true sends X-Requested-With and Rails' Accept for it", async () => {
    const session = openSession(handler);
    await session.get("/search", { xhr: true });
    const body = session.parsedBody as { accept: string; xhr: string };
    assert.equal(body.xhr, "XMLHttpRequest");
    assert.equal(body.accept, "text/javascript, text/html, application/xml, text/xml, */*");
  });

  test("a POST's params are a form body", async () => {
    const session = openSession(handler);
    await session.post("/photos", { params: { photo: { title: "Dune", tags: ["a", "b"] } } });
    assert.deepEqual(session.parsedBody, {
      photo: { title: "Dune", tags: ["a", "b"] },
      type: "application/x-www-form-urlencoded",
      method: "POST",
    });
  });

  test('as: "json" sends JSON, and a GET with params becomes a POST overridden to GET, as in Rails', async () => {
    const session = openSession(handler);
    await session.post("/photos", { params: { photo: { title: "Dune", year: 1965 } }, as: "json" });
    assert.deepEqual(session.parsedBody, {
      photo: { title: "Dune", year: 1965 },
      type: "application/json",
      method: "POST",
    });
    assert.equal(session.request.headers.get("accept"), "application/json");
    await session.get("/photos", { params: { page: 1 }, as: "json" });
    assert.equal(session.request.method, "POST");
    assert.equal(session.request.headers.get("x-http-method-override"), "GET");
    assert.deepEqual(session.parsedBody, { method: "GET" });
  });

  test("cookies a response sets are sent with the next requests, by path, until deleted", async () => {
    const session = openSession(handler);
    await session.post("/login");
    assert.equal(session.cookies.get("user"), "ada");
    assert.deepEqual(session.cookies.toJSON(), { user: "ada", theme: "dark" });
    await session.get("/me");
    assert.deepEqual(session.parsedBody, { cookie: "user=ada" }, "theme is for /photos only");
    session.cookies.set("lang", "en");
    await session.get("/me");
    assert.deepEqual(session.parsedBody, { cookie: "user=ada; lang=en" });
    await session.delete("/logout");
    assert.equal(session.cookies.get("user"), undefined);
    await session.get("/me");
    assert.deepEqual(session.parsedBody, { cookie: "lang=en" });
  });

  test("a cookie named __proto__ pollutes nothing", async () => {
    // set-cookie-parser drops a Set-Cookie named __proto__ or constructor (with a warning)
    const session = openSession(() => new Response("", { headers: { "set-cookie": "__proto__=x; Path=/" } }));
    await session.get("/");
    assert.deepEqual(session.cookies.toJSON(), {});
    // and one a test sets is a key like any other
    session.cookies.set("__proto__", "y");
    assert.equal(session.cookies.get("__proto__"), "y");
    const all = session.cookies.toJSON();
    assert.equal(Object.getPrototypeOf(all), Object.prototype);
    assert.deepEqual(Object.keys(all), ["__proto__"]);
    assert.equal(({} as Record<string, unknown>).y, undefined);
  });

  test("two sessions keep their own cookies (Rails' open_session)", async () => {
    const ada = openSession(handler);
    const bob = openSession(handler);
    await ada.post("/login");
    await bob.get("/me");
    assert.deepEqual(bob.parsedBody, { cookie: null });
  });

  test("followRedirect requests the Location with a GET, and with the same method after a 307", async () => {
    const session = openSession(handler);
    await session.post("/login");
    session.assertRedirectedTo("/me");
    const followed = await session.followRedirect();
    assert.equal(followed.status, 200);
    assert.equal(session.request.method, "GET");
    assert.deepEqual(session.parsedBody, { cookie: "user=ada" });

    await session.get("/old");
    session.assertResponse("moved_permanently");
    await session.followRedirect();
    assert.equal(session.path, "/photos");

    await session.post("/again", { params: { photo: { title: "x" } } });
    session.assertResponse(307);
    await session.followRedirect({ params: { photo: { title: "y" } } });
    assert.equal(session.request.method, "POST");
    assert.deepEqual((session.parsedBody as unknown as { photo: unknown }).photo, { title: "y" });
  });

  test("followRedirect after a response that is no redirect says so", async () => {
    const session = openSession(handler);
    await session.get("/");
    assert.throws(() => session.followRedirect(), { message: "not a redirect! 200 OK" });
  });

  test("a full URL sets the session's scheme and host, as Rails' host! and https! do", async () => {
    const session = openSession(handler);
    await session.patch("https://photos.test/photos/7");
    assert.equal(session.https, true);
    assert.equal(session.host, "photos.test");
    session.assertRedirectedTo("https://photos.test/photos/7");
    session.assertRedirectedTo("/photos/7");
    session.assertRedirectedTo(/\/photos\/\d+$/);
  });

  test("a path whose query holds a URL stays a path", async () => {
    const session = openSession(handler);
    await session.get("/search?q=http://elsewhere.test/x");
    assert.equal(session.host, "www.example.com");
    assert.equal((session.parsedBody as { q: string }).q, "http://elsewhere.test/x");
  });

  test("a route that is not there is missing", async () => {
    const session = openSession(handler, { host: "localhost" });
    await session.get("/nope");
    session.assertResponse("missing");
    session.assertResponse("not_found");
  });

  test("an app with a fetch method (a Hono app) is served too", async () => {
    const session = openSession({ fetch: (request: Request) => handler(request) });
    await session.get("/photos/3");
    assert.deepEqual(session.parsedBody, { id: "3" });
  });

  test("misuse is an error that names the input and the fix", () => {
    assert.throws(() => openSession("app" as never), /openSession\(app\): app must be a fetch handler/);
    const session = openSession(handler);
    assert.throws(() => session.response, /no response yet: send a request first/);
    assert.throws(() => session.assertResponse("success"), /no response yet/);
  });
});
