import { HAS_CONSENT_EXPRESSION, hasConsent } from "./consent";

/** The inline script's copy of the rule (the cookie banner hides itself with it before hydration). */
const hasConsentInline = (cookie: string) => new Function("document", `return ${HAS_CONSENT_EXPRESSION}`)({ cookie }) as boolean;

describe("hasConsent and its inline expression", () => {
  it.each([
    ["", false],
    ["cookie_consent=true", true],
    ["theme=dark; cookie_consent=true; other=1", true],
    ["cookie_consent=false", false],
    ["xcookie_consent=true", false],
    ["cookie_consent=truex", false],
  ])("%j: %s", (cookie, expected) => {
    expect(hasConsent(cookie)).toBe(expected);
    expect(hasConsentInline(cookie)).toBe(expected);
  });
});
