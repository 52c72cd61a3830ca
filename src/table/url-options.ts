/**
 * The URL option bag: Rails' `url_options`, what `default_url_options` sets and what the trailing
 * options object of a `_path`/`_url` helper, `url_for` and the polymorphic helpers take (docs/contract.md §3).
 * One type for both, so a key the helpers read is a key a route set's defaults may hold.
 */

/**
 * A record: a model instance, or a plain object with an `id` (a row from Prisma, Drizzle, Kysely or
 * `JSON.parse`) in a positional slot; `toParam()` fills a segment, else `id`. A row's other columns
 * are the record's, as the helpers read it at run time (`photo_path({ id: 1, page: 2 })` is
 * `/photos/1`), so an object literal may hold them: the index signature is `any`, which every
 * object type (an interface, a class instance) meets, where `unknown` would take only type literals.
 * An object marked `_options: true` is the options hash, never a record.
 */
export type RecordLike =
  | { toParam(): unknown }
  | { readonly id: unknown; readonly _options?: never; readonly [column: string]: any };
/** A segment value: a scalar, a record, or an array (joined with `/`, for globs). */
export type Param = string | number | bigint | boolean | RecordLike | readonly Param[] | null | undefined;

/** URL options: where a `_url` helper points (`host`, `protocol`, ...) and what any helper adds (`anchor`, `params`, segments). */
export interface UrlOptions {
  host?: string;
  protocol?: string | false;
  port?: number | string | null;
  subdomain?: string | false | null;
  domain?: string;
  tldLength?: number;
  scriptName?: string;
  trailingSlash?: boolean;
  onlyPath?: boolean;
  user?: string;
  password?: string;
  anchor?: string | number | null;
  format?: Param;
  params?: Record<string, unknown>;
  /**
   * Marks this object as the options hash whatever its keys (js-routes' marker), not dropped into
   * the query string: `photo_path({ id: 3, page: 2, _options: true })` is `/photos/3?page=2`, where
   * an object with an `id` and a key a URL does not hold by name is a record (docs/types.md "Records").
   */
  _options?: true;
  [key: string]: unknown;
}

/** @deprecated The same bag as {@link UrlOptions}, by the name generated helper types once used; use `UrlOptions`. */
export type HelperOptions = UrlOptions;
