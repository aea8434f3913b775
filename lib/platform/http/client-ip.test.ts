import { parseEnv } from "@/lib/platform/env";

import { clientIp } from "./client-ip";

const forwarded = (value: string) => new Headers({ "x-forwarded-for": value });

describe("clientIp (SPEC 7's IP lookup, answered by this site)", () => {
  it("without trusted proxies or a recorded peer answers the hop nearest to us (next start writes the peer there)", () => {
    expect(clientIp(forwarded("198.51.100.4"))).toBe("198.51.100.4");
    // A client-written chain is not followed leftwards: only the last hop counts.
    expect(clientIp(forwarded("6.6.6.6, 198.51.100.4"))).toBe("198.51.100.4");
    expect(clientIp(new Headers())).toBeNull();
  });

  it("with trusted proxies skips them from the right and ignores what the client wrote further left", () => {
    const trusted = ["10.0.0.0/8", "2001:db8::/32"];
    expect(clientIp(forwarded("6.6.6.6, 203.0.113.7, 10.0.0.2"), trusted)).toBe("203.0.113.7");
    expect(clientIp(forwarded("203.0.113.7, 10.1.2.3, 10.0.0.2"), trusted)).toBe("203.0.113.7");
    expect(clientIp(forwarded("2001:db8::5"), trusted)).toBe("2001:db8::5"); // only our own hops: the furthest
    expect(clientIp(forwarded("203.0.113.9, 2001:db8::1"), trusted)).toBe("203.0.113.9");
  });

  it("an untrusted hop is the answer even if a trusted address appears further left", () => {
    expect(clientIp(forwarded("10.0.0.9, 203.0.113.7"), ["10.0.0.0/8"])).toBe("203.0.113.7");
  });

  it("normalizes ports and IPv4-mapped addresses and drops what is not an address", () => {
    expect(clientIp(forwarded("203.0.113.7:51234"))).toBe("203.0.113.7");
    expect(clientIp(forwarded("[2001:db8::7]:443"))).toBe("2001:db8::7");
    expect(clientIp(forwarded("::ffff:203.0.113.7"))).toBe("203.0.113.7");
    expect(clientIp(forwarded("203.0.113.7, <script>"))).toBe("203.0.113.7");
    expect(clientIp(forwarded("unknown"))).toBeNull();
  });

  it("reads X-Real-IP when there is no X-Forwarded-For, and only a well-formed address", () => {
    expect(clientIp(new Headers({ "x-real-ip": "192.0.2.4" }))).toBe("192.0.2.4");
    expect(clientIp(new Headers({ "x-real-ip": "192.0.2.4", "x-forwarded-for": "198.51.100.4" }))).toBe("198.51.100.4");
    expect(clientIp(new Headers({ "x-real-ip": "not an address" }))).toBeNull();
  });
});

describe("clientIp behind npm start's server, which records the socket's peer (issue 5)", () => {
  const fromPeer = (peer: string, more: Record<string, string> = {}) => new Headers({ "x-peer-address": peer, ...more });
  const trusted = ["10.0.0.0/8"];

  it("answers a peer that is not a configured proxy, whatever it wrote in forwarding headers", () => {
    expect(clientIp(fromPeer("198.51.100.4", { "x-forwarded-for": "6.6.6.6" }), [], true)).toBe("198.51.100.4");
    expect(clientIp(fromPeer("::ffff:198.51.100.4", { "x-real-ip": "6.6.6.6" }), [], true)).toBe("198.51.100.4");
    expect(clientIp(fromPeer("198.51.100.4", { "x-forwarded-for": "6.6.6.6" }), trusted, true)).toBe("198.51.100.4");
  });

  it("follows X-Forwarded-For (or X-Real-IP) only when the peer is a configured proxy", () => {
    expect(clientIp(fromPeer("10.0.0.2", { "x-forwarded-for": "6.6.6.6, 203.0.113.7" }), trusted, true)).toBe("203.0.113.7");
    expect(clientIp(fromPeer("10.0.0.2", { "x-real-ip": "203.0.113.7" }), trusted, true)).toBe("203.0.113.7");
    expect(clientIp(fromPeer("10.0.0.2"), trusted, true)).toBe("10.0.0.2"); // a request from inside the network
  });

  it("ignores the header where no server of ours wrote it (a client could have)", () => {
    expect(clientIp(fromPeer("6.6.6.6", { "x-forwarded-for": "198.51.100.4" }), [], false)).toBe("198.51.100.4");
    expect(clientIp(fromPeer("6.6.6.6"), [], false)).toBeNull();
  });
});

describe("TRUSTED_PROXIES", () => {
  it("is a comma-separated list of addresses and CIDR ranges", () => {
    expect(parseEnv({ TRUSTED_PROXIES: "10.0.0.0/8, 192.0.2.1,2001:db8::/32" }).TRUSTED_PROXIES).toEqual([
      "10.0.0.0/8",
      "192.0.2.1",
      "2001:db8::/32",
    ]);
    expect(parseEnv({}).TRUSTED_PROXIES).toBeUndefined();
  });

  it.each(["10.0.0.0/33", "proxy.internal", "10.0.0.1/8/1"])("refuses %s, naming the variable", (value) => {
    expect(() => parseEnv({ TRUSTED_PROXIES: value })).toThrow(/TRUSTED_PROXIES/);
  });
});
