/**
 * `switchyard` on Node, Bun and Deno: the public surface (edge.ts, explicit named exports only) with
 * polymorphic routes installed (`url_for(record)`, `polymorphic_path`; generate/polymorphic-hook.ts),
 * and the recognizer's compiler for `new RouteSet(table)` (route-set.ts; a draw installs it too).
 * A Worker's or a browser's bundle gets edge.ts itself (package.json's `workerd`, `worker` and
 * `browser` conditions) and adds polymorphic routes with `import "switchyard/polymorphic"`.
 */
import { installPolymorphic } from "./generate/polymorphic.js";
import { compileRecognizer } from "./recognize/index.js";
import { installRecognizerCompiler } from "./route-set.js";

installPolymorphic();
installRecognizerCompiler(compileRecognizer);

export * from "./edge.js";
