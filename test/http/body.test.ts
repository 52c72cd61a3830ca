// What a request body is read as: Rack's form_data?/parseable_data? and Rails' ParamsParser, by
// the one media type rule recognition uses too (src/uri/mime.ts).
import assert from "node:assert/strict";
import { test } from "node:test";
import { bodyKind } from "../../src/http/body.js";

test("bodyKind: forms, multipart, JSON and its synonyms, by the media type before any ; or ,", () => {
  assert.equal(bodyKind("application/x-www-form-urlencoded", "PUT"), "form");
  assert.equal(bodyKind("application/x-www-form-urlencoded, text/plain", "POST"), "form", "Rack splits on , too");
  assert.equal(bodyKind("Multipart/Form-Data; boundary=x", "POST"), "multipart");
  assert.equal(bodyKind("multipart/mixed; boundary=x", "POST"), "multipart");
  for (const json of ["application/json", "text/x-json; charset=utf-8", "application/jsonrequest"])
    assert.equal(bodyKind(json, "PATCH"), "json", json);
  assert.equal(bodyKind("text/plain", "POST"), null);
  assert.equal(bodyKind("application/vnd.api+json", "POST"), null, "not Mime[:json] in Rails 6.1");
});

test("bodyKind: a POST without a Content-Type (absent or empty) is a form, as Rack's form_data? says; not a Content-Type with no type", () => {
  assert.equal(bodyKind(undefined, "POST"), "form");
  assert.equal(bodyKind("", "POST"), "form");
  assert.equal(bodyKind(undefined, "PUT"), null);
  assert.equal(bodyKind(";charset=utf-8", "POST"), null, 'Rack: media_type is "", not nil');
});
