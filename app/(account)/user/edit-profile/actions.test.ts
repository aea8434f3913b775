import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import type { SessionUser } from "@/lib/platform/auth/session-user";
import { users } from "@/lib/platform/db/schema";
import { SCHEDULING_MESSAGES } from "@/lib/scheduling/schema";
import { actionContext, actionTestDatabase } from "@/test/action-context";

import { adoptBrowserTimezoneAction } from "../../timezone-action";
import { updateTimezoneAction } from "./actions";

jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());

const db = actionTestDatabase();

async function newUserSession(): Promise<SessionUser> {
  const email = `zone.${randomUUID().slice(0, 8)}@example.com`;
  const [row] = await db()
    .insert(users)
    .values({ firebaseUid: `test-${randomUUID()}`, email })
    .returning({ id: users.id });
  return {
    id: `uid-${row!.id}`,
    name: null,
    email,
    displayName: null,
    photoURL: null,
    role: "student",
    databaseId: row!.id,
    emailVerified: true,
  };
}

const storedZone = async (id: number) => (await db().select({ timezone: users.timezone }).from(users).where(eq(users.id, id)))[0]?.timezone;

describe("the profile's time zone action", () => {
  it("needs a session", async () => {
    actionContext.user = null;
    expect(await updateTimezoneAction({ timezone: "Europe/London" })).toEqual({ ok: false, message: "Please sign in first." });
  });

  it("stores an IANA zone, and refuses one that does not exist with the field's message, nothing changed", async () => {
    const user = await newUserSession();
    actionContext.user = user;
    expect(await updateTimezoneAction({ timezone: "Asia/Kolkata" })).toEqual({
      ok: true,
      message: "Times are now shown in India Standard Time (Kolkata).",
    });
    for (const bad of ["Mars/Olympus", "", "PST8PDT-ish"]) {
      expect(await updateTimezoneAction({ timezone: bad })).toEqual({
        ok: false,
        message: SCHEDULING_MESSAGES.timezoneInvalid,
        fieldErrors: { timezone: SCHEDULING_MESSAGES.timezoneInvalid },
      });
    }
    expect(await updateTimezoneAction({} as { timezone: string })).toMatchObject({
      ok: false,
      message: SCHEDULING_MESSAGES.timezoneInvalid,
    });
    expect(await storedZone(user.databaseId)).toBe("Asia/Kolkata");
  });
});

describe("the account pages' browser zone", () => {
  it("is stored while the account has none, and never replaces a zone already there", async () => {
    const user = await newUserSession();
    actionContext.user = user;
    expect(await storedZone(user.databaseId)).toBeNull();
    expect(await adoptBrowserTimezoneAction("Nope/Nowhere")).toMatchObject({ ok: false, message: SCHEDULING_MESSAGES.timezoneInvalid });
    expect(await storedZone(user.databaseId)).toBeNull();
    expect(await adoptBrowserTimezoneAction("America/Los_Angeles")).toEqual({
      ok: true,
      message: "Times are shown in Pacific Time (Los Angeles).",
    });
    await updateTimezoneAction({ timezone: "Europe/London" });
    expect(await adoptBrowserTimezoneAction("America/Los_Angeles")).toEqual({ ok: true, message: "" });
    expect(await storedZone(user.databaseId)).toBe("Europe/London");
  });
});
