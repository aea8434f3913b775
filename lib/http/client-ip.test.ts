import { parseEnv } from "@/lib/env";

import { clientIp } from "./client-ip";

const forwarded = (value: string) => new Headers({ "x-forwarded-for": value });

describe("clientIp (SPEC 7's IP lookup, answered by this site)", () => {
  it("without trusted proxies answers the hop nearest to us (next start writes the peer there)", () => {
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

describe("TRUSTED_PROXIES", () => {
  it("is a comma-separated list of addresses and CIDR ranges", () => {
    expect(parseEnv({ TRUSTED_PROXIES: "10.0.0.0/8, 192.0.2.1,2001:db8::/32" }).TRUSTED_PROXIES).toEqual(["10.0.0.0/8", "192.0.2.1", "2001:db8::/32"]);
    expect(parseEnv({}).TRUSTED_PROXIES).toBeUndefined();
  });

  it.each(["10.0.0.0/33", "proxy.internal", "10.0.0.1/8/1"])("refuses %s, naming the variable", (value) => {
    expect(() => parseEnv({ TRUSTED_PROXIES: value })).toThrow(/TRUSTED_PROXIES/);
  });
});
