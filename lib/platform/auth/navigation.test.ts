/** SPEC 2 and 6: 'Practice Python' is in the anonymous bar and the full bar (admin, teacher), from PRACTICE_PYTHON_URL. */
describe("the 'Practice Python' link (lib/platform/auth/navigation.ts)", () => {
  const original = { ...process.env };
  afterEach(() => {
    process.env = { ...original };
    jest.resetModules();
  });

  async function loadNavigation(practiceUrl: string | undefined) {
    if (practiceUrl === undefined) delete process.env.PRACTICE_PYTHON_URL;
    else process.env.PRACTICE_PYTHON_URL = practiceUrl;
    jest.resetModules();
    return import("./navigation");
  }

  const practiceOf = (links: Array<{ label: string; href: string; isExternal?: boolean }>) =>
    links.filter((l) => l.label === "Practice Python");

  it("goes to the configured outside site from the anonymous, teacher and admin bars, and not from the student's or support's", async () => {
    const { anonymousNav, roleBars } = await loadNavigation("https://practice.example.org/python/");
    const link = { label: "Practice Python", href: "https://practice.example.org/python/", isExternal: true };
    expect(practiceOf(anonymousNav)).toEqual([link]);
    expect(practiceOf(roleBars.teacher.links)).toEqual([link]);
    expect(practiceOf(roleBars.admin.links)).toEqual([link]);
    for (const role of ["student", "support"] as const) {
      expect(practiceOf([...roleBars[role].links, ...roleBars[role].account])).toEqual([]);
    }
  });

  it("goes to practicepython.org when unset", async () => {
    const { anonymousNav } = await loadNavigation(undefined);
    expect(practiceOf(anonymousNav)).toEqual([{ label: "Practice Python", href: "https://www.practicepython.org/", isExternal: true }]);
  });

  it("is hidden everywhere when set empty", async () => {
    const { anonymousNav, roleBars } = await loadNavigation("");
    expect(practiceOf(anonymousNav)).toEqual([]);
    for (const bar of Object.values(roleBars)) expect(practiceOf([...bar.links, ...bar.account])).toEqual([]);
    // The rest of the bars is unchanged.
    expect(anonymousNav.map((l) => l.label)).toEqual(["Courses", "Contact Us", "Blog"]);
  });
});

describe("the cart in the bar (issue 31 item 4)", () => {
  it("is in the bar of the family role, which buys, beside Courses; not in the teacher's, admin's or support's", async () => {
    const { roleBars } = await import("./navigation");
    expect(roleBars.student.cart).toEqual({ label: "Cart", href: "/cart" });
    expect(roleBars.student.links).toContainEqual({ label: "Courses", href: "/courses" });
    for (const role of ["teacher", "admin", "support"] as const) expect(roleBars[role].cart).toBeUndefined();
  });
});
