/**
 * `switchyard/http/hosts`: host authorization (`createHandler`'s `hosts`, Rails' `config.hosts`) in
 * a Worker's or a browser's bundle, whose `switchyard/http` leaves it out (a Worker's platform sends
 * it only the hosts routed to it; see extensions.ts). Imported for its effect, once, before
 * `createHandler`:
 *
 *     import "switchyard/http/hosts";
 *     const handler = createHandler(routes, { hosts: [".example.com"] });
 *
 * On Node, Bun and Deno, `switchyard/http` has it already; importing this there changes nothing.
 */
import { installExtensions } from "./extensions.js";
import { hostPermissions } from "./host-permissions.js";

installExtensions({ hostPermissions });
