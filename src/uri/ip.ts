/**
 * IP addresses as Ruby's `IPAddr.new` reads them, which Rails' host authorization and `RemoteIp`
 * rely on: an IPv4 address is four decimal numbers without leading zeros (`0177.0.0.1`, `127.1`,
 * `0x7f.0.0.1` are no address, where ipaddr.js alone would read octal and hex); an IPv6 address may
 * come in brackets and with a zone (`fe80::1%eth0`); either may carry a `/prefix`.
 */
import ipaddr from "ipaddr.js";

/** An address and the prefix length it was written with (its full length when none). */
export interface RubyIp {
  readonly address: ipaddr.IPv4 | ipaddr.IPv6;
  readonly prefix: number;
}

/** `IPAddr.new(text)`, or null where Ruby raises `InvalidAddressError`. */
export function rubyIp(text: string): RubyIp | null {
  const slash = text.indexOf("/");
  let ip = slash < 0 ? text : text.slice(0, slash);
  const prefix = slash < 0 ? undefined : text.slice(slash + 1);
  if (ip.startsWith("[") && ip.endsWith("]")) ip = ip.slice(1, -1);
  const v6 = ip.includes(":");
  if (!(v6 ? ipaddr.IPv6.isValid(ip) : ipaddr.IPv4.isValidFourPartDecimal(ip))) return null;
  const bits = v6 ? 128 : 32;
  if (prefix !== undefined && !(/^\d+$/.test(prefix) && Number(prefix) <= bits)) return null;
  return { address: ipaddr.parse(ip), prefix: prefix === undefined ? bits : Number(prefix) };
}

/**
 * Whether `address` is in one of `ranges` (`ipaddr.parseCIDR`'s), as Ruby's `IPAddr#===`: only
 * ranges of its own family.
 */
export function inRanges(
  address: ipaddr.IPv4 | ipaddr.IPv6,
  ranges: readonly (readonly [ipaddr.IPv4 | ipaddr.IPv6, number])[],
): boolean {
  return ranges.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
}
