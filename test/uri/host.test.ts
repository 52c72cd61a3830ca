import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { bracketedHost } from "../../src/uri/host.js";

describe("bracketedHost: an IPv6 address sent without brackets is bracketed, any other Host kept", () => {
  it("brackets a value with two colons or more that is all hex digits, colons and dots", () => {
    for (const [host, want] of [
      ["::1", "[::1]"],
      ["fe80::1", "[fe80::1]"],
      ["::ffff:127.0.0.1", "[::ffff:127.0.0.1]"],
      ["2001:db8:0:0:0:0:0:1", "[2001:db8:0:0:0:0:0:1]"],
    ])
      assert.equal(bracketedHost(host!), want, host);
  });

  it("keeps a name, an IPv4 address, one port, a bracketed address, and two colons around a name", () => {
    for (const host of [
      "example.com",
      "127.0.0.1",
      "127.0.0.1:3000",
      ":80",
      "[::1]",
      "[::1]:3000",
      "host:x:y",
      "a.example:1:2x",
      "",
    ])
      assert.equal(bracketedHost(host), host, host);
  });
});
