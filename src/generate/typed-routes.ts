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

/**
 * The root of the registered path tree. `infer T extends PathNode` checks the root against
 * `PathNode` once; `PathNode`'s members hold `any` so that check stays one level deep.
 */
type PathTree = Register extends { paths: infer T extends PathNode } ? T : never;

/**
 * A node of the path tree `switchyard types` declares (`interface PathNode_3 extends PathNode`).
 * Each declares every member. The walk reads members by index, never with `keyof` (which lists
 * every key of a node, the root's hundreds included, on each lookup) or `infer`: a literal segment
 * absent from `l` reads as `unknown`.
 */
export interface PathNode {
  /** Literal segments, by their text: each a `PathNode`. */
  readonly l: { readonly [segment: string]: any };
  /** Literal text, a dot and one parameter (`photos.:format`), by the text before the dot: each a `PathNode`. */
  readonly f: { readonly [head: string]: any };
  /** Other segments with parameters: a union of `[shape, node]`, `never` when none. */
  readonly d: readonly [unknown, any];
  /** The node after a glob (`*path`: one or more segments), `false` when none. */
  readonly g: any;
  /** Whether a path may end here. */
  readonly e: boolean;
}

/** Any rest of a path, none included: what follows a mounted application. */
export interface PathRest extends PathNode {
  l: {};
  f: {};
  d: readonly [string, PathRest];
  g: false;
  e: true;
}

/**
 * Whether the path `S` leads from the root `N` to a path's end: its query string and fragment
 * dropped (one check for either; the path is taken apart only when it has one), then the walk
 * from after the leading `/`, with a `/` appended so that every segment, the last included, ends
 * in one (`/` is no segment; a trailing `/`, dropped by recognition, is an empty last segment).
 * Each check here and below is one conditional type evaluated per call: fewer is faster.
 */
type Start<S extends string, N extends PathNode> = S extends `${string}${"?" | "#"}${string}`
  ? Unquery<S, N>
  : S extends `/${infer B}`
    ? Walk<`${B}/`, N>
    : false;
type Unquery<S extends string, N extends PathNode> = S extends `${infer P}?${string}`
  ? Unquery<P, N>
  : S extends `${infer P}#${string}`
    ? Unquery<P, N>
    : S extends `/${infer B}`
      ? Walk<`${B}/`, N>
      : false;

/**
 * The segments `B` ("a/b/"; "" when none are left) from node `N`, looked up in the string itself
 * (no tuple of segments): a literal segment by name (`l`) first, the other ways only when it
 * leads nowhere. One lookup per segment, whatever the size of the table; `true` in the result
 * when some way leads to an end.
 */
type Walk<B extends string, N extends PathNode> = B extends `${infer S}/${infer R}`
  ? unknown extends N["l"][S]
    ? Others<S, R, N>
    : true extends Walk<R, N["l"][S]>
      ? true
      : Others<S, R, N>
  : N["e"];
/**
 * The ways other than a literal segment's: none for an empty segment (`//`) unless it is the
 * trailing `/`; literal text and a dot by the text (`f`: `photos` for `photos.:format`), another
 * segment with parameters by its shape (`d`: `string` for `:id`, `` `${string}.${string}` `` for
 * `:id.:format`), a glob (`g`).
 */
type Others<S extends string, R extends string, N extends PathNode> = S extends ""
  ? R extends ""
    ? N["e"]
    : false
  :
      | (S extends `${infer H}.${string}` ? (unknown extends N["f"][H] ? false : Walk<R, N["f"][H]>) : false)
      | Shapes<S, R, N["d"]>
      | (N["g"] extends false ? false : Glob<R, N["g"]>);
/** Each `[shape, node]` of a node's parameter segments that `S` fits (distributes over `D`). */
type Shapes<S extends string, R extends string, D extends PathNode["d"]> = D extends unknown
  ? S extends D[0]
    ? Walk<R, D[1]>
    : false
  : false;
/** After a glob that took one segment: continue at `G`, or let it take the next (non-empty) segment too. */
type Glob<R extends string, G extends PathNode> =
  | Walk<R, G>
  | (R extends `${infer X}/${infer RR}` ? (X extends "" ? false : Glob<RR, G>) : false);

/**
 * What `p(path)` accepts: before `switchyard types`, any string; after, `S` when a route matches it
 * segment by segment (a `${...}` stands for exactly one segment), else a type naming the problem.
 */
export type VerifiedPath<S extends string> = [PathTree] extends [never]
  ? S
  : true extends Start<S, PathTree>
    ? S
    : `no route matches ${S}`;
