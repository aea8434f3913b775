describe("brand (lib/brand.ts)", () => {
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

  it("lets PRODUCT_SLUG override the derived slug and builds a tel: link from the phone", async () => {
    const { brand, brandRoutes } = await loadBrand({ PRODUCT_NAME: "Acme Learning", PRODUCT_SLUG: "acme", SUPPORT_PHONE: "+1 (800) 555-0100" });
    expect(brandRoutes.join).toBe("/join-acme");
    expect(brand.supportPhoneHref).toBe("tel:+18005550100");
  });
});
