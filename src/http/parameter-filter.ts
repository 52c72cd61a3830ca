/**
 * Rails' `filter_parameters` (`ActiveSupport::ParameterFilter`): which parameters the request log and
 * the exception page show as `[FILTERED]`. Its own module, so that the dispatcher reaches it without
 * the request log (which a Worker's bundle leaves out unless imported: see extensions.ts).
 */
import { isHash } from "../support/ruby.js";
import type { Params } from "./action-context.js";

/** A `filter_parameters` entry: a string (a partial, case-insensitive key match, as Rails') or a RegExp tested against each key. */
export type ParameterFilter = string | RegExp;

/** Rails' default `filter_parameters` (Rails 7's new-application initializer). */
export const DEFAULT_FILTER_PARAMETERS: readonly ParameterFilter[] = [
  "passw",
  "secret",
  "token",
  "_key",
  "crypt",
  "salt",
  "certificate",
  "otp",
  "ssn",
];

const FILTERED = "[FILTERED]";

/**
 * `ActiveSupport::ParameterFilter`: which keys are filtered. Strings join into one case-insensitive
 * regexp matched anywhere in a key (`passw` filters `user_password`); RegExps are tested as given.
 */
export class ParameterFilterRule {
  readonly #rules: readonly RegExp[];
  constructor(filters: readonly ParameterFilter[]) {
    const strings = filters.filter((f): f is string => typeof f === "string");
    const rules = filters
      .filter((f): f is RegExp => f instanceof RegExp)
      .map((re) => new RegExp(re.source, re.flags.replace(/[gy]/g, "")));
    if (strings.length > 0)
      rules.unshift(new RegExp(strings.map((s) => s.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&")).join("|"), "i"));
    this.#rules = rules;
  }

  /** Whether `key`'s value is shown as `[FILTERED]`. */
  filtered(key: string): boolean {
    for (const re of this.#rules) if (re.test(key)) return true;
    return false;
  }

  /** A copy of `params` with filtered keys' values `[FILTERED]`, nested Hashes (and Hashes in arrays) too; `skip` keys left out. */
  params(params: Params, skip?: ReadonlySet<string>): Params {
    const out: Params = {};
    for (const key of Object.keys(params)) {
      if (skip?.has(key)) continue;
      out[key] = this.filtered(key) ? FILTERED : this.#value(params[key]);
    }
    return out;
  }

  #value(v: unknown): unknown {
    if (Array.isArray(v)) return v.map((x) => this.#value(x));
    if (isHash(v)) return this.params(v);
    return v;
  }

  /** A query string with the values of filtered keys `[FILTERED]` (Rails' `filtered_query_string`: raw `key=value` pairs). */
  query(query: string): string {
    return query.replace(/([^&;=]+)=([^&;=]+)/g, (pair, key: string) =>
      this.filtered(key) ? `${key}=${FILTERED}` : pair,
    );
  }
}
