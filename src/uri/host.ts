/**
 * Host names as `ActionDispatch::Http::URL` reads them: one parser for the host of a URL option,
 * of a request, and of the subdomain and domain both see (Rails' `IP_HOST_REGEXP`, `HOST_REGEXP`,
 * `extract_subdomains_from`, `extract_domain_from`; `tld_length` 1 unless given).
 */

// Rails' IP_HOST_REGEXP (`\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$`, unanchored at the start).
const IP_HOST = /\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** Rails' `HOST_REGEXP`: an optional `scheme://`, the host (a bracketed IPv6 address or no `:`), an optional `:port` at the end. */
const HOST_PARTS = /(^[^:]+:\/\/)?(\[[^\]]+\]|[^:]+)(?::(\d+$))?/m;

/** `named_host?`: anything but an IPv4 address. */
export function isNamedHost(host: string): boolean {
  return !IP_HOST.test(host);
}

/** Ruby's `host.split(".")`: trailing empty fields dropped. */
export function hostLabels(host: string): string[] {
  const parts = host.split(".");
  while (parts.length > 0 && parts[parts.length - 1] === "") parts.pop();
  return parts;
}

/** `extract_subdomains_from(host, tld_length)`: the labels before the domain (none for an IP address). */
export function subdomainsOf(host: string, tldLength = 1): string[] {
  if (!isNamedHost(host)) return [];
  const parts = hostLabels(host);
  return parts.slice(0, Math.max(0, parts.length - (tldLength + 1)));
}

/** `extract_domain_from(host, tld_length)`: the last `1 + tld_length` labels; null for an IP address. */
export function domainOf(host: string, tldLength = 1): string | null {
  if (!isNamedHost(host)) return null;
  const parts = hostLabels(host);
  return parts.slice(Math.max(0, parts.length - (1 + tldLength))).join(".");
}

/** What `HOST_REGEXP` finds in a host option: its `scheme://` prefix, the host, and its port digits. */
export interface HostParts {
  readonly protocol: string | undefined;
  readonly host: string;
  readonly port: string | undefined;
}

/** Splits a host option (`example.com`, `https://example.com:8080`, `[::1]:3000`) as `build_host_url` does; null when nothing matches. */
export function hostParts(host: string): HostParts | null {
  const m = HOST_PARTS.exec(host);
  return m === null ? null : { protocol: m[1], host: m[2]!, port: m[3] };
}

/** A request's `Host` header value without its `:port` (Rails' `raw_host_with_port.sub(/:\d+$/, "")`), and that port. */
export function splitHostHeader(raw: string): { readonly host: string; readonly port: number | null } {
  const m = /:(\d+)$/.exec(raw);
  return m === null ? { host: raw, port: null } : { host: raw.slice(0, m.index), port: Number(m[1]) };
}

/**
 * A Host value that is an IPv6 address without its brackets (`::1`, which Rails reads as the
 * address), in brackets (`[::1]`), as URLs need it; any other value as it is. Two colons or more
 * cannot be a name and a port.
 */
export function bracketedHost(host: string): string {
  // (A second colon looked for after the first, not by `lastIndexOf`: V8 runs that in C++, and this
  // is read on every request served from node.)
  const colon = host.indexOf(":");
  return colon >= 0 && host.indexOf(":", colon + 1) >= 0 && UNBRACKETED_IPV6.test(host) ? `[${host}]` : host;
}
const UNBRACKETED_IPV6 = /^[0-9A-Fa-f:.]+$/;
