// Rails' MIME types and Rack's media type, read by recognition (format, the media_type condition)
// and by the body parser alike. Expected values: Rack 2.2's MediaType.type and Rails 6.1's
// content_mime_type (both split on the first `;` or `,`).
import assert from "node:assert/strict";
import { test } from "node:test";
import { MIME_BY_TYPE, mediaType } from "../../src/uri/mime.js";

test("mediaType: what precedes the first ; or , downcased, trimmed; empty without a Content-Type", () => {
  assert.equal(mediaType("application/x-www-form-urlencoded, text/plain"), "application/x-www-form-urlencoded");
  assert.equal(mediaType("Text/HTML; charset=utf-8"), "text/html");
  assert.equal(mediaType("application/json ;charset=utf-8"), "application/json");
  assert.equal(mediaType("multipart/form-data,boundary=x"), "multipart/form-data");
  assert.equal(mediaType(";charset=utf-8"), "");
  assert.equal(mediaType(""), "");
  assert.equal(mediaType(undefined), "");
});

test("the JSON MIME type's synonyms are Mime[:json]", () => {
  for (const type of ["application/json", "text/x-json", "application/jsonrequest"])
    assert.equal(MIME_BY_TYPE[type], "application/json", type);
  assert.equal(MIME_BY_TYPE["application/vnd.api+json"], undefined, "not a registered synonym in Rails 6.1");
});
