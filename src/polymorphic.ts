/**
 * `switchyard/polymorphic`: polymorphic routes (`url_for(record)`, `polymorphic_path`,
 * `redirectTo(record)`) in a Worker's or a browser's bundle, whose `switchyard` leaves them out
 * (generate/polymorphic-hook.ts says why). Imported for its effect, once:
 *
 *     import "switchyard/polymorphic";
 *
 * On Node, Bun and Deno, `switchyard` has them already; importing this there changes nothing.
 */
import { installPolymorphic } from "./generate/polymorphic.js";

installPolymorphic();
