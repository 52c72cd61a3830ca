// The reference strategy: Journey's linear scan of route regexps.
export { ReferenceStrategy } from "./reference-strategy.js";
