/**
 * The Host header: a malformed one is refused (400), and, as Rails' `ActionDispatch::HostAuthorization`
 * (`config.hosts`, Rails 6.1), a host not allowed is blocked (403) — a guard against DNS rebinding.
 *
 * `hosts` entries are Rails' forms: a string is that host (any case, any port); a string starting
 * with `.` is that domain and its subdomains one level down (`.example.com` allows `example.com`
 * and `www.example.com`); a RegExp must match the whole host (a port may follow); a CIDR string
 * (`"10.0.0.0/8"`, `"fd00::/8"`) is Rails' `IPAddr` range, matched against an IP host. CIDR ranges
 * are matched with ipaddr.js (the parser Express' proxy-addr and Fastify use: small, pure
 * JavaScript, so the fetch handler still runs where node's `net` module does not).
 *
 * Here: the Host header's syntax (every request) and what a blocked request says; the allowed
 * hosts themselves are host-permissions.ts, which the dispatcher reaches through extensions.ts (a
 * Worker's bundle carries it, and ipaddr.js, only when it imports `switchyard/http/hosts`).
 */
import { BadRequest } from "./transport/exchange.js";

/** One entry of the `hosts` option. */
export type HostPattern = string | RegExp;

/** Rails 6.1's `ActionDispatch::HostAuthorization::ALLOWED_HOSTS_IN_DEVELOPMENT`: what development allows when `hosts` is not given. */
export const DEVELOPMENT_HOSTS: readonly HostPattern[] = Object.freeze([".localhost", "0.0.0.0/0", "::/0"]);

/**
 * A Host value as RFC 3986 allows it, reduced to what servers see: a name of letters, digits and
 * `-._~`, or an IPv4 address, or an IPv6 address in brackets; then an optional `:port`. Anything
 * else (`evil.com/x?`, `a@evil.com`, spaces) would end up in the URLs a request builds (Location,
 * `_url` helpers).
 */
const VALID_HOST = /^(?:[A-Za-z0-9._~-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]*)?$/;

/** A request whose Host is not allowed: 403, Rails' "Blocked host" page in development. */
export class BlockedHost extends BadRequest {
  constructor(readonly host: string) {
    super(`Blocked host: ${host}`, 403);
  }
}

/** Throws a 400 for a malformed Host. */
export function checkHost(authority: string): void {
  if (!VALID_HOST.test(authority)) {
    throw new BadRequest(
      `Invalid Host header ${JSON.stringify(authority)}: a host is a name (letters, digits, "-", ".", "_", "~"), an IPv4 address or an [IPv6] address, then an optional :port`,
    );
  }
}

/** Ruby's `blank?` on a string: empty or only white space. */
export const BLANK = /^\s*$/;

/**
 * The host a blocked request names (Rails' `request.host`): the last `X-Forwarded-Host` when one
 * was sent, else the Host (`authority`), without the port.
 */
export function blockedHostName(authority: string, forwarded: string | undefined): string {
  const last = forwarded === undefined ? undefined : lastForwarded(forwarded);
  return hostName(last === undefined || BLANK.test(last) ? authority : last);
}

/** Ruby's `header.split(/,\s?/).last`: the last field, fields empty at the end dropped (undefined when none is left). */
export function lastForwarded(header: string): string | undefined {
  const parts = header.split(/,\s?/);
  let n = parts.length;
  while (n > 0 && parts[n - 1] === "") n--;
  return n === 0 ? undefined : parts[n - 1];
}

/** A Host value without its port, as Rails' `request.host` (`[::1]:3000` is `[::1]`). */
function hostName(host: string): string {
  if (host.startsWith("[")) return host.slice(0, host.indexOf("]") + 1) || host;
  const colon = host.indexOf(":");
  return colon >= 0 && colon === host.lastIndexOf(":") ? host.slice(0, colon) : host;
}
