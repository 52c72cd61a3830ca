/**
 * Request bodies as Rails reads them into params: `application/x-www-form-urlencoded` (and, as
 * Rack's `form_data?`, a POST without a Content-Type) with Rack's nested keys, `multipart/form-data`
 * (and Rack's other parseable `multipart/related`/`mixed`) with files as `File` objects, and JSON
 * (Rails' `ParamsParser`: an object's keys become params, anything else is `_json`). Every
 * malformed body is a `BadRequest` (Rails: `ActionController::BadRequest`, 400), never a crash.
 */
import { dict, isHash } from "../support/ruby.js";
import { mediaType, MIME_BY_TYPE } from "../uri/mime.js";
import { nestPairs, parseNestedQuery, QueryParseError, type NestedParams } from "../uri/query.js";
import { BadRequest, type Exchange } from "./transport/exchange.js";
import { paramsOfParsed } from "./transport/parsed-body.js";

/** How a body is read into params: a form (urlencoded), multipart, JSON, or not at all. */
export type BodyKind = "form" | "multipart" | "json" | null;

/**
 * What a request's body is read as. Rack's `form_data?`: a urlencoded or multipart/form-data body,
 * or a POST with no Content-Type (absent or empty: Rack's `content_type` is nil for both); its
 * `parseable_data?`: multipart/related and multipart/mixed. Rails' `ParamsParser`: JSON, by
 * `Mime[:json]` or one of its synonyms.
 */
export function bodyKind(contentType: string | undefined, originalMethod: string): BodyKind {
  const type = mediaType(contentType);
  if (type === "application/x-www-form-urlencoded") return "form";
  if (type === "multipart/form-data" || type === "multipart/related" || type === "multipart/mixed") return "multipart";
  if (MIME_BY_TYPE[type] === "application/json") return "json";
  if ((contentType === undefined || contentType === "") && originalMethod === "POST") return "form";
  return null;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

function text(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new BadRequest("Invalid request body: its bytes are not UTF-8");
  }
}

/**
 * Rails' `deep_munge` (`ActionDispatch::Request::Utils`, `NoNilParamEncoder`) on params parsed
 * from a query or a form: every array, at any depth, loses its `null`s (`d[]&d[]=1` is
 * `{ d: ["1"] }`), in place. (Rack's nesting limit bounds the depth.)
 */
function deepMunge(params: NestedParams): NestedParams {
  compactArrays(params);
  return params;
}

function compactArrays(v: unknown): void {
  if (Array.isArray(v)) {
    let kept = 0;
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (x === null || x === undefined) continue;
      compactArrays(x);
      v[kept++] = x;
    }
    v.length = kept;
  } else if (isHash(v)) {
    for (const k in v) compactArrays(v[k]);
  }
}

/** Whether a query or form may hold an array (Rack makes one only for a `[]` key, maybe escaped). */
const MAY_NEST = /\[|%5b/i;

/** Reads the body of `ex` into params as `kind` says (`limit`: the most bytes read). */
export async function readBodyParams(
  ex: Exchange,
  kind: Exclude<BodyKind, null>,
  limit: number,
): Promise<NestedParams> {
  if (!ex.hasBody && ex.bodyBytes === null) return dict();
  const bytes = await ex.body(limit);
  if (bytes.length === 0) return dict();
  try {
    if (kind === "form") {
      const form = text(bytes);
      const params = parseNestedQuery(form, true);
      return MAY_NEST.test(form) ? deepMunge(params) : params;
    }
    if (kind === "json") {
      let data: unknown;
      try {
        data = JSON.parse(text(bytes));
      } catch (e) {
        if (e instanceof BadRequest) throw e;
        throw new BadRequest(`Error occurred while parsing request parameters: ${(e as Error).message}`);
      }
      return paramsOfParsed(data);
    }
    // (undici parses multipart/form-data only: Rack's other parseable types are read as it.)
    const type = (ex.header("content-type") ?? "").replace(
      /^\s*multipart\/(?:related|mixed)\b/i,
      "multipart/form-data",
    );
    let form: FormData;
    try {
      form = await new Response(bytes, { headers: { "content-type": type } }).formData();
    } catch (e) {
      throw new BadRequest(`Invalid multipart body: ${(e as Error).message}`);
    }
    return deepMunge(nestPairs(form.entries()));
  } catch (e) {
    if (e instanceof QueryParseError) throw new BadRequest(`Invalid request parameters: ${e.message}`);
    throw e;
  }
}

/** The query string's params (Rails' `query_parameters`): what Rack refuses is a `BadRequest`. */
export function queryParams(query: string): NestedParams {
  try {
    const params = parseNestedQuery(query, true);
    return MAY_NEST.test(query) ? deepMunge(params) : params;
  } catch (e) {
    if (e instanceof QueryParseError) throw new BadRequest(`Invalid query parameters: ${e.message}`);
    throw e;
  }
}
