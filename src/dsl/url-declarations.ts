// `direct`, `resolve` and `defaultUrlOptions`: declarations for the URL helpers, not routes.
import { ArgumentError, RuntimeError } from "../errors.js";
import { splitArgs } from "./args.js";
import type { DrawState } from "./draw-state.js";
import type { Hash } from "./scope.js";

type UrlCallback = (...args: any[]) => unknown;

/** `direct(:homepage) { "https://rubyonrails.org" }` — a custom `homepage_path`/`homepage_url`. */
export function direct(st: DrawState, name: string, rest: readonly unknown[]): void {
  if (!st.scope.isRoot()) throw new RuntimeError("The direct method can't be used inside a routes scope block");
  const callback = rest[rest.length - 1] as UrlCallback;
  const options = rest.length > 1 ? { ...(rest[0] as Hash) } : {};
  if (typeof callback !== "function")
    throw new ArgumentError(`direct ${JSON.stringify(name)} needs a callback that returns the URL`);
  st.builder.addDirect(String(name), callback, options);
}

/** `resolve("Basket") { [:basket] }` — how polymorphic helpers route a model. */
export function resolve(st: DrawState, args: readonly unknown[]): void {
  if (!st.scope.isRoot()) throw new RuntimeError("The resolve method can't be used inside a routes scope block");
  const { names, options, block } = splitArgs(args);
  if (!block)
    throw new ArgumentError(`resolve ${names.map(String).join(", ")} needs a callback that returns the route`);
  for (const model of names) st.builder.addResolve(String(model), block as UrlCallback, options);
}

/** `default_url_options host: "example.com"` — the URL options every `_url` helper starts from. */
export function defaultUrlOptions(st: DrawState, options: Record<string, unknown>): void {
  st.builder.setDefaultUrlOptions(options);
}
