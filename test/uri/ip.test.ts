// IP addresses as Ruby's IPAddr.new reads them (answers taken from Ruby 3.1's ipaddr): what host
// authorization matches against IP ranges and what the request log's remote_ip keeps.
import assert from "node:assert/strict";
import { test } from "node:test";
import ipaddr from "ipaddr.js";
import { inRanges, rubyIp } from "../../src/uri/ip.js";

test("rubyIp reads what IPAddr.new reads, with the prefix it was written with", () => {
  const read: [string, string, number][] = [
    ["1.2.3.4", "1.2.3.4", 32],
    ["1.2.3.4/32", "1.2.3.4", 32],
    ["1.2.3.0/24", "1.2.3.0", 24],
    ["[::1]", "::1", 128],
    ["::1/128", "::1", 128],
    ["FD00::1", "fd00::1", 128],
    ["::ffff:1.2.3.4", "::ffff:102:304", 128],
  ];
  for (const [text, address, prefix] of read) {
    const ip = rubyIp(text);
    assert.ok(ip !== null, text);
    assert.equal(ip.address.toString(), address, text);
    assert.equal(ip.prefix, prefix, text);
  }
});

test("rubyIp refuses what IPAddr.new refuses: octal, zero-padded, short and hex IPv4, a port, names", () => {
  for (const text of [
    "0177.0.0.1",
    "01.2.3.4",
    "127.000.000.001",
    "127.1",
    "0x7f.0.0.1",
    "2130706433",
    "1.2.3.4:80",
    "256.0.0.1",
    "localhost",
    "",
    "1.2.3.4/33",
  ])
    assert.equal(rubyIp(text), null, text);
});

test("inRanges matches an address against ranges of its own family only", () => {
  const ranges = [ipaddr.parseCIDR("127.0.0.0/8"), ipaddr.parseCIDR("fd00::/8")];
  assert.ok(inRanges(rubyIp("127.0.0.9")!.address, ranges));
  assert.ok(inRanges(rubyIp("fd00::7")!.address, ranges));
  assert.ok(!inRanges(rubyIp("::ffff:127.0.0.1")!.address, ranges));
  assert.ok(!inRanges(rubyIp("10.0.0.1")!.address, ranges));
});
