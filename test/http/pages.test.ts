// The development exception page: the request (method, path, parameters filtered as
// the log filters them, Rails' `debug_params` leaving out controller and action) and the stack
// split as Rails splits it — the application's frames first, switchyard's and node's after.
import assert from "node:assert/strict";
import { test } from "node:test";
import { draw } from "../../src/index.js";
import { createHandler } from "../../src/http/index.js";

function boom(): never {
  throw new TypeError("the photo is gone");
}

test("the exception page shows the request, filtered, and the application's frames before switchyard's", async () => {
  const handler = createHandler(
    draw((r) => r.post("photos/:id", { to: "photos#update" })),
    {
      env: "development",
      hosts: [],
      logger: false,
      onError: () => {},
      controllers: { photos: { update: () => boom() } },
    },
  );
  const response = await handler(
    new Request("http://example.org/photos/3?page=2", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "user[password]=hunter2&user[name]=Ann",
    }),
  );
  assert.equal(response.status, 500);
  const html = await response.text();
  assert.match(html, /<title>TypeError in photos#update<\/title>/);
  const request = /<dl class="sy-request" id="request">([\s\S]*?)<\/dl>/.exec(html)![1]!;
  assert.match(request, /<dt>Method<\/dt><dd>POST<\/dd><dt>Path<\/dt><dd>\/photos\/3<\/dd>/);
  assert.match(
    request,
    /<dd>\{&quot;user&quot;=&gt;\{&quot;password&quot;=&gt;&quot;\[FILTERED\]&quot;, &quot;name&quot;=&gt;&quot;Ann&quot;\}, &quot;page&quot;=&gt;&quot;2&quot;, &quot;id&quot;=&gt;&quot;3&quot;\}<\/dd>/,
  );
  assert.ok(!html.includes("hunter2"), "the filtered value appears nowhere");
  const app = /<pre id="application-trace">([\s\S]*?)<\/pre>/.exec(html)![1]!.split("\n");
  assert.match(app[0]!, /^test\/http\/pages\.test\.ts:\d+:\d+:in `boom&#39;$/);
  assert.ok(
    app.every((f) => f.startsWith("test/http/pages.test.ts:")),
    app.join("\n"),
  );
  const framework = /<pre id="framework-trace">([\s\S]*?)<\/pre>/.exec(html)![1]!;
  assert.match(framework, /src\/http\/dispatcher\.ts:\d+:\d+:in `Dispatcher\.#invoke/);
  assert.ok(html.indexOf('id="application-trace"') < html.indexOf('id="framework-trace"'));
});

test("an error that is not an Error: no frames, said so; a request without parameters says None", async () => {
  const handler = createHandler(
    draw((r) => r.get("x", { to: "x#show" })),
    {
      env: "development",
      hosts: [],
      logger: false,
      onError: () => {},
      controllers: {
        x: {
          show: () => {
            throw "a string";
          },
        },
      },
    },
  );
  const html = await (await handler(new Request("http://example.org/x"))).text();
  assert.match(html, /<dt>Parameters<\/dt><dd>None<\/dd>/);
  assert.match(html, /<pre id="application-trace">\(none\)<\/pre>/);
});
