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
 */
import ipaddr from "ipaddr.js";
import { escapeRegExp } from "../support/regexp-escape.js";
import { inRanges, rubyIp } from "../uri/ip.js";
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

const PORT = String.raw`(?::\d+)?`;
const IPV4_HOST = /^(\d+\.\d+\.\d+\.\d+)(?::\d+)?$/;
const IPV6_HOST = /^([a-f0-9]*:[a-f0-9.:]+)$/i;
const IPV6_HOST_WITH_PORT = /^\[([a-f0-9]*:[a-f0-9.:]+)\](?::\d+)?$/i;
const CIDR = /^[0-9A-Fa-f.:]+\/\d+$/;

/** Ruby's `blank?` on a string: empty or only white space. */
const BLANK = /^\s*$/;

/** How many hosts' answers are remembered (a server answers for a few). */
const CACHE_SIZE = 64;

/** Rails' `HostAuthorization::Permissions`: the allowed hosts, and whether a Host value is one of them. */
export class HostPermissions {
  readonly #patterns: RegExp[] = [];
  readonly #ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  readonly #seen = new Map<string, boolean>();

  constructor(hosts: readonly HostPattern[]) {
    for (const host of hosts) {
      if (host instanceof RegExp)
        this.#patterns.push(new RegExp(`^(?:${host.source})${PORT}$`, host.flags.replace(/[gy]/g, "")));
      else if (typeof host !== "string")
        throw new TypeError(
          `hosts: ${String(host)} is neither a string nor a RegExp: give host names ("example.com", ".example.com"), RegExps or CIDR ranges ("10.0.0.0/8")`,
        );
      else if (CIDR.test(host)) {
        try {
          this.#ranges.push(ipaddr.parseCIDR(host));
        } catch {
          throw new TypeError(
            `hosts: ${JSON.stringify(host)} is not an IP range: write an address and a prefix length, as "10.0.0.0/8" or "fd00::/8"`,
          );
        }
      } else if (host.startsWith("."))
        this.#patterns.push(new RegExp(`^([a-z0-9-]+\\.)?${escapeRegExp(host.slice(1))}${PORT}$`, "i"));
      else this.#patterns.push(new RegExp(`^${escapeRegExp(host)}${PORT}$`, "i"));
    }
  }

  /** No hosts given: every host is allowed (Rails: an empty `config.hosts` turns the check off). */
  get empty(): boolean {
    return this.#patterns.length === 0 && this.#ranges.length === 0;
  }

  /** Whether a Host value (with its port, if any) is allowed; a missing one never is. */
  allows(host: string | undefined): boolean {
    if (host === undefined) return false;
    let allowed = this.#seen.get(host);
    if (allowed === undefined) {
      allowed = this.#patterns.some((p) => p.test(host)) || this.#inRange(host);
      if (this.#seen.size >= CACHE_SIZE) this.#seen.delete(this.#seen.keys().next().value!);
      this.#seen.set(host, allowed);
    }
    return allowed;
  }

  #inRange(host: string): boolean {
    if (this.#ranges.length === 0) return false;
    const m = IPV4_HOST.exec(host) ?? IPV6_HOST.exec(host) ?? IPV6_HOST_WITH_PORT.exec(host);
    // (As Ruby's IPAddr: `0177.0.0.1` and `127.1` are no IPv4 address.)
    const ip = m === null ? null : rubyIp(m[1]!);
    return ip !== null && inRanges(ip.address, this.#ranges);
  }

  /**
   * Rails' `authorized?`: the Host header (`host`, undefined when none was sent) is allowed, and so
   * is the last `X-Forwarded-Host` when one that is not blank was sent.
   */
  authorized(host: string | undefined, forwarded: string | undefined): boolean {
    if (!this.allows(host)) return false;
    const last = forwarded === undefined ? undefined : lastForwarded(forwarded);
    return last === undefined || BLANK.test(last) || this.allows(last);
  }
}

/**
 * The host a blocked request names (Rails' `request.host`): the last `X-Forwarded-Host` when one
 * was sent, else the Host (`authority`), without the port.
 */
export function blockedHostName(authority: string, forwarded: string | undefined): string {
  const last = forwarded === undefined ? undefined : lastForwarded(forwarded);
  return hostName(last === undefined || BLANK.test(last) ? authority : last);
}

/** Ruby's `header.split(/,\s?/).last`: the last field, fields empty at the end dropped (undefined when none is left). */
function lastForwarded(header: string): string | undefined {
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
