// `concern` and `concerns`: routes declared once and replayed wherever they are named.
import { ArgumentError } from "../errors.js";
import { splitArgs } from "./args.js";
import type { DrawState } from "./draw-state.js";
import type { Mapper } from "./mapper.js";
import type { Hash } from "./scope.js";

/**
 * A concern's body: a function that gets the options given to `concerns` (as Rails' block
 * `|options|`), then the mapper; or an object with `call(mapper, options)` (Rails' callable).
 */
export type ConcernCallback = ((options: Hash, r: Mapper) => void) | { call(r: Mapper, options: Hash): void };

/** `concern :commentable do ... end`. */
export function concern(st: DrawState, name: string, callback: ConcernCallback): void {
  st.concerns.set(String(name), callback);
}

/** `concerns :commentable, :taggable` — replays the named concerns here. */
export function concerns(st: DrawState, args: readonly unknown[]): void {
  const { names, options } = splitArgs(args);
  for (const name of names) {
    const concern = st.concerns.get(String(name));
    if (!concern) throw new ArgumentError(`No concern named ${String(name)} was found!`);
    const mapper = st.mapper;
    st.builder.applyConcern(String(name), () =>
      typeof concern === "function" ? concern(options, mapper) : concern.call(mapper, options),
    );
  }
}
