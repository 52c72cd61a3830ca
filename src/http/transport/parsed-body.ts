/**
 * A parsed body as params: a JSON body switchyard read itself, or one a host's body parser read
 * before it (Express' `req.body`), by one rule, Rails' `ParamsParser`'s.
 */
import { dict, isHash } from "../../support/ruby.js";
import type { NestedParams } from "../../uri/query.js";
import { BadRequest } from "./exchange.js";

/** How deep a JSON body may nest (Ruby's `JSON.parse` `max_nesting`, which Rails' JSON params parser keeps). */
const JSON_MAX_NESTING = 100;

/**
 * A parsed value (JSON, or a body parser's `req.body`) as params: every plain object made a
 * prototype-less dictionary, as query and form params are (so `__proto__` or `constructor` is an
 * ordinary key of `params`, and nothing is inherited); other objects (a file) kept; every array
 * without its `null`s (Rails' `deep_munge`); nesting deeper than `JSON_MAX_NESTING` a 400, as
 * Ruby's JSON parser refuses it ("nesting of 101 is too deep"). `depth`: the value's own level
 * (1 at the top), so the walk stops at level 101 whatever the body's depth (`JSON.parse` itself
 * takes 10,000 levels; a walk through them would overflow the stack).
 */
function dictionaries(v: unknown, depth = 1): unknown {
  if (Array.isArray(v)) {
    if (depth > JSON_MAX_NESTING) throw tooDeep(depth);
    const out: unknown[] = [];
    for (const x of v) if (x !== null && x !== undefined) out.push(dictionaries(x, depth + 1));
    return out;
  }
  if (!isHash(v)) return v;
  if (depth > JSON_MAX_NESTING) throw tooDeep(depth);
  const out = dict();
  for (const k of Object.keys(v)) out[k] = dictionaries((v as Record<string, unknown>)[k], depth + 1);
  return out;
}

function tooDeep(depth: number): BadRequest {
  return new BadRequest(`Error occurred while parsing request parameters: nesting of ${depth} is too deep`);
}

/**
 * A parsed body's params (Rails' `ParamsParser`): an object's keys are the params, anything else
 * (an array, a string) is `_json`; made prototype-less dictionaries by `dictionaries`.
 */
export function paramsOfParsed(data: unknown): NestedParams {
  if (isHash(data)) return dictionaries(data) as NestedParams;
  const wrapped = dict();
  wrapped._json = dictionaries(data);
  return wrapped as NestedParams;
}
