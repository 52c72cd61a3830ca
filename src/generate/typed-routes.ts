/**
 * The types `switchyard types` switches on: an action's params and the paths `p`
 * accepts. Each reads what the generated `.d.ts` registers on `Register` (`actions`, `paths`) and
 * falls back to loose types when nothing is registered, so an application compiles the same with
 * or without the declarations — only looser.
 *
 * Types only: nothing here exists at run time.
 */
import type { Register } from "./helpers.js";

/**
 * A value in Rails' params from a query string or a body: a string, an array (`a[]=1&a[]=2`), a
 * nested hash (`post[title]=...`), `null` (`?flag` without `=`), a JSON body's numbers and
 * booleans, or an uploaded `File`.
 */
export type ParamValue = string | number | boolean | null | File | ParamValue[] | { [key: string]: ParamValue };

/** Params with no declared keys: every key is a `ParamValue` or absent. */
export type LooseParams = { [key: string]: ParamValue | undefined };

type ActionMap = Register extends { actions: infer M } ? M : never;

/** Every `controller#action` a route reaches, once `switchyard types` has run; any string before. */
export type ActionName = [ActionMap] extends [never] ? string : keyof ActionMap & string;

/** The controllers routes reach (`"photos"`, `"admin/users"`); any string before `switchyard types`. */
export type ControllerName = [ActionMap] extends [never] ? string : ControllerOf<ActionName>;
type ControllerOf<N> = N extends `${infer C}#${string}` ? C : never;

/** The actions of `C` a route reaches (`"index" | "show" | ...`); any string before `switchyard types`. */
export type ActionsOf<C extends string> = [ActionMap] extends [never] ? string : ActionOf<ActionName, C>;
type ActionOf<N, C extends string> = N extends `${C}#${infer A}` ? A : never;

/**
 * The params of `controller#action` `A`: the segments and defaults of every route reaching it (a
 * segment some route leaves out is optional), over the query's and body's `ParamValue`s. `ActionName`
 * itself (no action chosen), or any action before `switchyard types`: every key `unknown`.
 */
export type ActionParams<A extends string> = [ActionMap] extends [never]
  ? Record<string, unknown>
  : [ActionName] extends [A]
    ? Record<string, unknown>
    : A extends keyof ActionMap
      ? ActionMap[A] & LooseParams
      : Record<string, unknown>;

type PathShapes = Register extends { paths: infer S } ? S : never;

/** Marks a glob segment (`*path`) in a path shape: one or more segments. */
declare const GLOB: unique symbol;
export type GlobSegment = { readonly [GLOB]: "glob" };
/** Marks what follows a mounted application's path: zero or more segments. */
declare const REST: unique symbol;
export type RestSegments = { readonly [REST]: "rest" };

/** `S` without its query string or fragment. */
type PathPart<S extends string> = S extends `${infer P}?${string}`
  ? PathPart<P>
  : S extends `${infer P}#${string}`
    ? P
    : S;
type Split<S extends string> = S extends `${infer H}/${infer R}` ? [H, ...Split<R>] : [S];
/** An absolute path's segments (`/` is none; a trailing `/` is dropped, as recognition drops it). */
type Segments<S extends string> = S extends `/${infer R}`
  ? R extends ""
    ? []
    : R extends `${infer T}/`
      ? Split<T>
      : Split<R>
  : never;

/** Whether segments `P` match one path shape `R`, segment by segment. */
type MatchShape<P extends readonly string[], R extends readonly unknown[]> = R extends readonly [RestSegments]
  ? true
  : P extends readonly [infer S extends string, ...infer PR extends string[]]
    ? [S] extends [""]
      ? false
      : R extends readonly [GlobSegment, ...infer RR]
        ? MatchShape<PR, RR> extends true
          ? true
          : MatchShape<PR, R>
        : R extends readonly [infer T, ...infer RR]
          ? [S] extends [T]
            ? MatchShape<PR, RR>
            : false
          : false
    : R extends readonly []
      ? true
      : false;

/** `true` when some shape of the union `R` matches (distributes over `R`). */
type MatchAny<P extends readonly string[], R> = R extends readonly unknown[] ? MatchShape<P, R> : never;

/**
 * What `p(path)` accepts: before `switchyard types`, any string; after, `S` when a route matches it
 * segment by segment (a `${...}` stands for exactly one segment), else a type naming the problem.
 */
export type VerifiedPath<S extends string> = [PathShapes] extends [never]
  ? S
  : true extends MatchAny<Segments<PathPart<S>>, PathShapes>
    ? S
    : `no route matches ${S}`;
