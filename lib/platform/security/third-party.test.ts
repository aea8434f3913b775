import { parseEnv } from "@/lib/platform/env";

import { thirdPartyConfig } from "./third-party";

describe("accept-on-scroll (SPEC 9, issue 5)", () => {
  it("is off unless switched on", () => {
    expect(thirdPartyConfig(parseEnv({})).consentOnScrollPercent).toBeNull();
    expect(thirdPartyConfig(parseEnv({ NEXT_PUBLIC_CONSENT_ON_SCROLL_PERCENT: "40" })).consentOnScrollPercent).toBeNull();
    expect(thirdPartyConfig(parseEnv({ NEXT_PUBLIC_CONSENT_ON_SCROLL: "off" })).consentOnScrollPercent).toBeNull();
  });

  it("counts 25 percent of the page, SPEC 9's default, once switched on", () => {
    expect(thirdPartyConfig(parseEnv({ NEXT_PUBLIC_CONSENT_ON_SCROLL: "on" })).consentOnScrollPercent).toBe(25);
  });

  it("takes another percentage when one is given", () => {
    const env = parseEnv({ NEXT_PUBLIC_CONSENT_ON_SCROLL: "on", NEXT_PUBLIC_CONSENT_ON_SCROLL_PERCENT: "60" });
    expect(thirdPartyConfig(env).consentOnScrollPercent).toBe(60);
  });

  it("refuses a value that is neither on nor off, naming the variable", () => {
    expect(() => parseEnv({ NEXT_PUBLIC_CONSENT_ON_SCROLL: "yes" })).toThrow(/NEXT_PUBLIC_CONSENT_ON_SCROLL/);
    expect(() => parseEnv({ NEXT_PUBLIC_CONSENT_ON_SCROLL_PERCENT: "0" })).toThrow(/NEXT_PUBLIC_CONSENT_ON_SCROLL_PERCENT/);
  });
});
