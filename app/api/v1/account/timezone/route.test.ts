import { eq } from "drizzle-orm";

import { users } from "@/lib/platform/db/schema";
import { actionContext, signedInAs } from "@/test/action-context";
import { openTestDatabase } from "@/test/database";
import { insertActor } from "@/test/fixtures";

import { GET } from "./route";

// The session comes from next-auth's getServerSession, as in a route handler (test/action-context.ts).
jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  actionContext.user = null;
  await database.dispose();
});

/** GET /api/v1/account/timezone: the static pages' times follow a signed-in person's account (issue 31 item 3). */
describe("GET /api/v1/account/timezone", () => {
  it("answers the signed-in account's zone, null when signed out or not yet known, never cached", async () => {
    actionContext.user = null;
    const signedOut = await GET();
    expect(signedOut.headers.get("cache-control")).toBe("private, no-store");
    await expect(signedOut.json()).resolves.toEqual({ timezone: null });

    const parent = await insertActor(database.db, "student");
    signedInAs(parent.id, "student", parent.email);
    await expect((await GET()).json()).resolves.toEqual({ timezone: null });
    await database.db.update(users).set({ timezone: "America/New_York" }).where(eq(users.id, parent.id));
    await expect((await GET()).json()).resolves.toEqual({ timezone: "America/New_York" });
  });
});
