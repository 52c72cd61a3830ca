/**
 * `switchyard` on Node, Bun and Deno: the public surface (edge.ts, explicit named exports only) with
 * polymorphic routes installed (`url_for(record)`, `polymorphic_path`; generate/polymorphic-hook.ts).
 * A Worker's or a browser's bundle gets edge.ts itself (package.json's `workerd`, `worker` and
 * `browser` conditions) and adds them with `import "switchyard/polymorphic"`.
 */
import { installPolymorphic } from "./generate/polymorphic.js";

installPolymorphic();

export * from "./edge.js";
