/**
 * Rails' `HostAuthorization::Permissions` (`config.hosts`, see hosts.ts for the forms an entry
 * takes): which Host values are allowed. Installed into the dispatcher by the full
 * `switchyard/http` entry and, in a Worker's bundle, by `switchyard/http/hosts` (extensions.ts):
 * its IP ranges need ipaddr.js, 3.7 KB of a Worker's 40 gzipped.
 */
import ipaddr from "ipaddr.js";
import { escapeRegExp } from "../support/regexp-escape.js";
import { inRanges, rubyIp } from "../uri/ip.js";
import { BLANK, type HostPattern, lastForwarded } from "./hosts.js";

const PORT = String.raw`(?::\d+)?`;
const IPV4_HOST = /^(\d+\.\d+\.\d+\.\d+)(?::\d+)?$/;
const IPV6_HOST = /^([a-f0-9]*:[a-f0-9.:]+)$/i;
const IPV6_HOST_WITH_PORT = /^\[([a-f0-9]*:[a-f0-9.:]+)\](?::\d+)?$/i;
const CIDR = /^[0-9A-Fa-f.:]+\/\d+$/;

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

/** The permissions of `createHandler`'s `hosts` (what extensions.ts installs). */
export function hostPermissions(hosts: readonly HostPattern[]): HostPermissions {
  return new HostPermissions(hosts);
}
