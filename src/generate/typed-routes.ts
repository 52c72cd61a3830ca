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

type PathTree = Register extends { paths: infer T } ? T : never;

/**
 * A node of the path tree `switchyard types` declares (`interface PathNode_3 extends PathNode`):
 * each lists its literal segments (`l`, `f`, `{}` when none) and leaves out what it lacks
 * (`unknown`), so the walk reads each member by index, with no inference.
 */
export interface PathNode {
  /** Literal segments, by their text. */
  readonly l: { readonly [segment: string]: PathNode };
  /** Literal text, a dot and one parameter (`photos.:format`), by the text before the dot. */
  readonly f: { readonly [head: string]: PathNode };
  /** Other segments with parameters: a union of `[shape, node]`. */
  readonly d: unknown;
  /** The node after a glob. */
  readonly g: unknown;
  /** `true` after a mount: any rest. */
  readonly r: unknown;
  /** `true` where a path ends. */
  readonly e: unknown;
}

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

/**
 * Whether the segments `P` lead from node `N` of the generated path tree to a path's end: a
 * literal segment by name (`l`), literal text, a dot and a parameter by the text (`f`: `photos`
 * for `photos.:format`), another segment with parameters by its shape (`d`: `string` for `:id`,
 * `` `${string}.${string}` `` for `:id.:format`), a glob taking one or more segments (`g`), a
 * mount taking any rest (`r`). One lookup per segment, whatever the size of the table; `true` in
 * the result when some way leads to an end (`e`).
 */
type Walk<P extends readonly string[], N extends PathNode> = N["r"] extends true
  ? true
  : P extends readonly [infer S extends string, ...infer R extends string[]]
    ? S extends ""
      ? false
      : S extends keyof N["l"]
        ? // A literal segment's way first: when it leads to an end, the others are not tried.
          Walk<R, N["l"][S]> extends false
          ? WalkOthers<S, R, N>
          : true
        : WalkOthers<S, R, N>
    : N["e"] extends true
      ? true
      : false;
/** The ways other than a literal segment's: literal text and a dot, parameter shapes, a glob. */
type WalkOthers<S extends string, R extends readonly string[], N extends PathNode> =
  | (S extends `${infer H}.${string}` ? (H extends keyof N["f"] ? Walk<R, N["f"][H]> : false) : false)
  | WalkPatterns<S, R, N["d"]>
  | (N["g"] extends PathNode ? WalkGlob<R, N["g"]> : false);
/** Each `[shape, node]` of a node's parameter segments that `S` fits (distributes over `D`). */
type WalkPatterns<S extends string, R extends readonly string[], D> = D extends readonly [
  infer T,
  infer M extends PathNode,
]
  ? [S] extends [T]
    ? Walk<R, M>
    : false
  : false;
/** After a glob that took one segment: continue at `G`, or let it take the next segment too. */
type WalkGlob<R extends readonly string[], G extends PathNode> =
  | Walk<R, G>
  | (R extends readonly [infer S extends string, ...infer RR extends string[]]
      ? S extends ""
        ? false
        : WalkGlob<RR, G>
      : false);

/**
 * What `p(path)` accepts: before `switchyard types`, any string; after, `S` when a route matches it
 * segment by segment (a `${...}` stands for exactly one segment), else a type naming the problem.
 */
export type VerifiedPath<S extends string> = [PathTree] extends [never]
  ? S
  : true extends Walk<Segments<PathPart<S>>, PathTree & PathNode>
    ? S
    : `no route matches ${S}`;
