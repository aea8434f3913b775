describe("brand (lib/platform/brand.ts)", () => {
  const original = { ...process.env };
  afterEach(() => {
    process.env = { ...original };
    jest.resetModules();
  });

  async function loadBrand(vars: Record<string, string>) {
    Object.assign(process.env, vars);
    jest.resetModules();
    return import("./brand");
  }

  it("derives every brand-bearing route and label from PRODUCT_NAME", async () => {
    const { brandRoutes, brandLabels } = await loadBrand({ PRODUCT_NAME: "Kid Coders" });
    expect(brandRoutes).toMatchObject({ join: "/join-kid-coders", wallet: "/user/kid-coders-coin" });
    expect(brandLabels).toEqual({ cash: "Kid Coders Cash", gpt: "Kid Coders GPT", welcome: "Welcome to Kid Coders!" });
  });

  it("links only the social networks configured, each to its configured page (SPEC 2's footer)", async () => {
    const { brand } = await loadBrand({
      PRODUCT_SLUG: "acme",
      SOCIAL_FACEBOOK_URL: "https://www.facebook.com/acme-learning-official",
      SOCIAL_YOUTUBE_URL: "https://www.youtube.com/@acmelearning",
    });
    expect(brand.social).toEqual([
      { label: "Facebook", href: "https://www.facebook.com/acme-learning-official" },
      { label: "YouTube", href: "https://www.youtube.com/@acmelearning" },
    ]);
  });

  it("has no social links when none is configured: none is guessed from the slug", async () => {
    for (const key of ["SOCIAL_FACEBOOK_URL", "SOCIAL_INSTAGRAM_URL", "SOCIAL_YOUTUBE_URL", "SOCIAL_LINKEDIN_URL"]) delete process.env[key];
    const { brand } = await loadBrand({ PRODUCT_SLUG: "acme", SOCIAL_INSTAGRAM_URL: "" });
    expect(brand.social).toEqual([]);
  });

  it("lets PRODUCT_SLUG override the derived slug and builds a tel: link from the phone", async () => {
    const { brand, brandRoutes } = await loadBrand({
      PRODUCT_NAME: "Acme Learning",
      PRODUCT_SLUG: "acme",
      SUPPORT_PHONE: "+1 (800) 555-0100",
    });
    expect(brandRoutes.join).toBe("/join-acme");
    expect(brand.supportPhoneHref).toBe("tel:+18005550100");
  });
});
