// The shapes of the DSL methods' arguments, read once at the door: `(...names, options?, block?)`,
// and path arguments that are actions (Ruby symbols) or paths (strings).
import { isHash } from "../support/ruby.js";
import type { Block } from "./options.js";
import type { Hash } from "./scope.js";

/** A path argument: Ruby distinguishes `get "search"` (a path) from `get :search` (an action); `Symbol.for` is the latter. */
export type PathArg = {
  readonly symbol: boolean;
  readonly value: string;
  /** `value` can name a route or a default action (`ACTION_LIKE`): tested once per argument, not per route it makes. */
  readonly actionLike: boolean;
};

/** An action name that can name a route or a default action (Rails' `/^[\w\-\/]+$/`). */
const ACTION_LIKE = /^[\w\-/]+$/;

/**
 * The Rails DSL writes actions as symbols (`get :preview, on: :member`) and paths as strings
 * (`get "photos/:id"`); in TypeScript both are strings. A bare word (letters, digits, `_`, `-`) is
 * read as an action name, as its Ruby symbol would be: canonical actions map to the resource's own
 * path and `pathNames` apply. Anything else is a path. `Symbol.for("x")` is always an action; with a
 * `path:` option a bare word is a path, so `get("photos", { path: "pictures" })` is ambiguous, as in Rails.
 */
const BARE_WORD = /^[A-Za-z0-9_-]+$/;
export const pathArg = (v: unknown, pathOption = false): PathArg => {
  const value = typeof v === "symbol" ? (v.description ?? "") : String(v);
  // (A bare word is action-like: BARE_WORD's characters are among ACTION_LIKE's.)
  const bare = BARE_WORD.test(value);
  return { symbol: typeof v === "symbol" || (!pathOption && bare), value, actionLike: bare || ACTION_LIKE.test(value) };
};

/** Splits `(...names, options?, block?)` as the DSL methods take them. */
export function splitArgs(args: readonly unknown[]): { names: unknown[]; options: Hash; block: Block | undefined } {
  let end = args.length;
  const block = typeof args[end - 1] === "function" ? (args[--end] as Block) : undefined;
  const options = isHash(args[end - 1]) ? { ...(args[--end] as Hash) } : {};
  const names = args.slice(0, end);
  return { names: names.some(Array.isArray) ? names.flat() : names, options, block };
}

/** Ruby's `Array(v)`: nothing for nil, the array itself, else a one-element array. */
export const arrayOf = (v: unknown): unknown[] => (v == null ? [] : Array.isArray(v) ? v : [v]);
