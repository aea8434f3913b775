import { randomBytes, randomUUID } from "node:crypto";

import { eq, sql } from "drizzle-orm";

import type { openTestDatabase } from "@/test/database";

/**
 * The token-keyed public addresses (the demo status page and its actions and calendar file, the
 * unsubscribe page and one-click POST) took unlimited guesses. Wrong tokens now count per client
 * address (RATE_LIMITS.tokenGuesses); past the limit every look-up from that address is refused
 * (429 with Retry-After, or the page's message) and changes nothing. The holder of a real token
 * is refused neither for another address's guesses nor for their own visits.
 */
jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());

type Modules = {
  context: typeof import("@/test/action-context");
  schema: typeof import("@/lib/platform/db/schema");
  unsubscribe: typeof import("@/app/api/unsubscribe/[token]/route");
  unsubscribePage: typeof import("@/app/(marketing)/unsubscribe/[token]/page");
  demoPage: typeof import("@/app/(marketing)/demo/[token]/page");
  demoActions: typeof import("@/app/(marketing)/demo/[token]/actions");
  calendar: typeof import("@/app/(marketing)/demo/[token]/calendar.ics/route");
  fixtures: typeof import("@/test/scheduling-fixtures");
};
let m: Modules;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
const LIMIT = 20;

beforeAll(async () => {
  // lib/platform/env.ts reads the environment once, at import (jest-env.ts turns the limits off for other tests).
  process.env.RATE_LIMITS = "on";
  jest.resetModules();
  m = {
    context: await import("@/test/action-context"),
    schema: await import("@/lib/platform/db/schema"),
    unsubscribe: await import("@/app/api/unsubscribe/[token]/route"),
    unsubscribePage: await import("@/app/(marketing)/unsubscribe/[token]/page"),
    demoPage: await import("@/app/(marketing)/demo/[token]/page"),
    demoActions: await import("@/app/(marketing)/demo/[token]/actions"),
    calendar: await import("@/app/(marketing)/demo/[token]/calendar.ics/route"),
    fixtures: await import("@/test/scheduling-fixtures"),
  };
  database = await (await import("@/test/database")).openTestDatabase();
});
afterAll(async () => {
  await database.dispose();
  process.env.RATE_LIMITS = "off";
});
beforeEach(async () => {
  await database.db.execute(sql`delete from rate_limits`);
  // The limits count in fixed windows of the wall clock: wait out a window's last minute, so a test's requests share one.
  const windowMs = 15 * 60_000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < 60_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}, 75_000); // the wait can be up to a minute, over Jest's default hook timeout

const wrongToken = () => randomBytes(24).toString("base64url");

function postUnsubscribe(token: string, address: string) {
  return m.unsubscribe.POST(
    new Request(`http://localhost:3000/api/unsubscribe/${token}`, {
      method: "POST",
      headers: { "x-forwarded-for": address, "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    }),
    { params: Promise.resolve({ token }) },
  );
}

async function subscriber() {
  const email = `reader-${randomUUID().slice(0, 8)}@example.com`;
  const token = randomBytes(32).toString("base64url");
  await database.db.insert(m.schema.emailPreferences).values({ email, unsubscribeToken: token });
  const isUnsubscribed = async () =>
    Boolean(
      (await database.db.select().from(m.schema.emailPreferences).where(eq(m.schema.emailPreferences.email, email)))[0]?.unsubscribedAt,
    );
  return { token, isUnsubscribed };
}

async function demoBooking() {
  const teacherId = await m.fixtures.newTeacher(database.db, "UTC", []);
  const courseId = await m.fixtures.newCourse(database.db, teacherId);
  const demoRequestId = await m.fixtures.newDemoRequest(database.db, courseId);
  const token = randomBytes(24).toString("base64url");
  const startsAt = new Date(Date.now() + 3 * 86_400_000);
  await database.db.insert(m.schema.bookings).values({
    kind: "demo",
    demoRequestId,
    teacherId,
    courseId,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 30 * 60_000),
    status: "confirmed",
    token,
  });
  return token;
}

/** What a page answers: its element's props (a refusal), or the notFound() it threw. */
async function renderPage(page: (props: { params: Promise<{ token: string }> }) => Promise<unknown>, token: string) {
  try {
    return { element: (await page({ params: Promise.resolve({ token }) })) as { props: Record<string, unknown> } };
  } catch (error) {
    return { thrown: String((error as { digest?: string }).digest ?? error) };
  }
}

describe("the one-click unsubscribe POST", () => {
  it("answers wrong tokens 404 up to the limit, then 429 with Retry-After for every token from that address, changing nothing", async () => {
    for (let i = 0; i < LIMIT; i++) expect((await postUnsubscribe(wrongToken(), "203.0.113.7")).status).toBe(404);
    const refused = await postUnsubscribe(wrongToken(), "203.0.113.7");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).message).toMatch(/^Too many wrong links tried from your network\. Please try again in \d+ minutes?\.$/);

    // Even a real token is refused from the guessing address, and nothing is stored...
    const reader = await subscriber();
    expect((await postUnsubscribe(reader.token, "203.0.113.7")).status).toBe(429);
    expect(await reader.isUnsubscribed()).toBe(false);
    // ...while its holder, elsewhere, is not locked out by those guesses.
    expect((await postUnsubscribe(reader.token, "198.51.100.20")).status).toBe(200);
    expect(await reader.isUnsubscribed()).toBe(true);
  });

  it("does not count a real token's uses: its holder can come back as often as they like", async () => {
    const reader = await subscriber();
    for (let i = 0; i < LIMIT + 5; i++) expect((await postUnsubscribe(reader.token, "198.51.100.30")).status).toBe(200);
    expect((await postUnsubscribe(wrongToken(), "198.51.100.30")).status).toBe(404);
  });
});

describe("the unsubscribe page", () => {
  it("says 'Too many tries' past the limit instead of looking the token up", async () => {
    m.context.actingFrom("203.0.113.8");
    for (let i = 0; i < LIMIT; i++) expect((await renderPage(m.unsubscribePage.default, wrongToken())).thrown).toMatch(/404/);
    const reader = await subscriber();
    const refused = await renderPage(m.unsubscribePage.default, reader.token);
    expect(refused.element?.props.message).toMatch(/^Too many wrong links tried from your network\. Please try again in/);

    m.context.actingFrom("198.51.100.21");
    expect((await renderPage(m.unsubscribePage.default, reader.token)).element?.props.message).toBeUndefined();
  });
});

describe("the demo status page, its actions and its calendar file", () => {
  it("count wrong booking tokens together, then refuse them all from that address; the family elsewhere still sees its booking", async () => {
    const token = await demoBooking();
    m.context.actingFrom("203.0.113.9");
    // Misses in any of the four places count together.
    for (let i = 0; i < 5; i++) expect((await renderPage(m.demoPage.default, wrongToken())).thrown).toMatch(/404/);
    for (let i = 0; i < 5; i++) {
      expect(await m.demoActions.cancelDemoAction(wrongToken())).toEqual({ ok: false, message: "That booking does not exist." });
    }
    for (let i = 0; i < 5; i++) {
      expect(await m.demoActions.rescheduleSlotsAction({ bookingToken: wrongToken(), timezone: "UTC" })).toMatchObject({ ok: false });
    }
    const calendarRequest = (t: string, address: string) =>
      m.calendar.GET(new Request(`http://localhost:3000/demo/${t}/calendar.ics`, { headers: { "x-forwarded-for": address } }), {
        params: Promise.resolve({ token: t }),
      });
    for (let i = 0; i < 5; i++) expect((await calendarRequest(wrongToken(), "203.0.113.9")).status).toBe(404);

    const tooMany = /^Too many wrong links tried from your network\. Please try again in/;
    expect((await renderPage(m.demoPage.default, token)).element?.props.message).toMatch(tooMany);
    expect(await m.demoActions.cancelDemoAction(token)).toMatchObject({ ok: false, message: expect.stringMatching(tooMany) });
    expect(await m.demoActions.rebookSlotsAction({ bookingToken: token, timezone: "UTC" })).toMatchObject({
      ok: false,
      message: expect.stringMatching(tooMany),
    });
    const refusedFile = await calendarRequest(token, "203.0.113.9");
    expect(refusedFile.status).toBe(429);
    expect(refusedFile.headers.get("retry-after")).toMatch(/^\d+$/);
    const [booking] = await database.db.select().from(m.schema.bookings).where(eq(m.schema.bookings.token, token));
    expect(booking!.status).toBe("confirmed");

    // The family, from its own address: the page, the file, every visit, none of it counted.
    m.context.actingFrom("198.51.100.22");
    for (let i = 0; i < LIMIT + 2; i++) {
      const page = await renderPage(m.demoPage.default, token);
      expect(page.thrown).toBeUndefined();
      expect(page.element?.props.message).toBeUndefined();
    }
    expect((await calendarRequest(token, "198.51.100.22")).status).toBe(200);
  });
});
