/**
 * `switchyard/http/log`: Rails' request log (request-log.ts) in a Worker's or a browser's bundle,
 * whose `switchyard/http` leaves it out (a Worker's platform logs each request itself; see
 * extensions.ts). Imported for its effect, once, before `createHandler`:
 *
 *     import "switchyard/http/log";
 *     const handler = createHandler(routes, { logger: console });
 *
 * On Node, Bun and Deno, `switchyard/http` has the log already; importing this there changes nothing.
 */
import { installExtensions } from "./extensions.js";
import { requestLog } from "./request-log.js";

installExtensions({ requestLog });
