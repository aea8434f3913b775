/**
 * Issue 40: the class finder's JSON route is limited per address (RATE_LIMITS.finderPerAddress, 60
 * a minute), as the other public endpoints: the 61st search from one address in a minute answers
 * 429 JSON; another address is still served. The limits are read once at start, so this file turns
 * them on before it loads the modules (test/jest-env.ts turns them off elsewhere).
 */
type FinderModules = { route: typeof import("./route"); testing: typeof import("@/test/database") };
let finder: FinderModules;
let finderDb: Awaited<ReturnType<FinderModules["testing"]["openTestDatabase"]>>;

beforeAll(async () => {
  process.env.RATE_LIMITS = "on";
  jest.resetModules();
  finder = { route: await import("./route"), testing: await import("@/test/database") };
  finderDb = await finder.testing.openTestDatabase();
});
afterAll(async () => {
  process.env.RATE_LIMITS = "off";
  await finderDb.dispose();
});

const search = (address: string) =>
  finder.route.GET(new Request("http://localhost:3000/api/v1/courses/search?q=zzzz&grade=3", { headers: { "x-forwarded-for": address } }));

describe("class finder rate limit", () => {
  it("answers a search past 60 in a minute from one address with 429 JSON, and still serves another address", async () => {
    // Counted in windows of a minute: a run that crosses into the next window gets at most 60 more.
    const statuses: number[] = [];
    for (let i = 0; i < 121 && !statuses.includes(429); i += 1) statuses.push((await search("203.0.113.7")).status);
    expect(statuses.indexOf(429)).toBeGreaterThanOrEqual(60);
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    const refused = await search("203.0.113.7");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Too many searches from your network\. Please try again in \d+ seconds\.$/),
    });
    expect((await search("198.51.100.9")).status).toBe(200);
  });
});
