import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import type { Actor } from "@/lib/platform/auth/permissions";
import { auditEvents, demoRequests, logEvents, users } from "@/lib/platform/db/schema";
import { openTestDatabase } from "@/test/database";

import { EXPORT_ACTION, exportLeadPersonalData } from "./export";

/** Security issue (export): support produces everything held about a request's email as JSON; audited. */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let support: Actor;
beforeAll(async () => {
  database = await openTestDatabase();
  const [row] = await database.db
    .insert(users)
    .values({ firebaseUid: `uid-${randomUUID()}`, email: "support@example.com", role: "support" })
    .returning({ id: users.id });
  support = { id: row!.id, email: "support@example.com", role: "support" };
});
afterAll(() => database.dispose());

describe("exportLeadPersonalData", () => {
  it("gathers the account, every request for the email, their history and the account's events, and records the export", async () => {
    const email = `family.${randomUUID().slice(0, 8)}@example.com`;
    const [account] = await database.db
      .insert(users)
      .values({ firebaseUid: `uid-${randomUUID()}`, email, displayName: "Fay Family" })
      .returning({ id: users.id });
    const [first, second, other] = await database.db
      .insert(demoRequests)
      .values([
        { userEmail: email, name: "Fay", course: "not-sure", message: "Weekends please" },
        { userEmail: email.toUpperCase(), course: "not-sure", note: "called" },
        { userEmail: "someone.else@example.com", course: "not-sure" },
      ])
      .returning({ id: demoRequests.id });
    await database.db.insert(auditEvents).values({
      actorEmail: "support@example.com",
      action: "lead.note",
      targetType: "demo_request",
      targetId: second!.id,
      details: { note: "called" },
    });
    await database.db.insert(logEvents).values([
      { eventName: "Page View", userId: String(account!.id), currentUrl: "/my-courses" },
      { eventName: "Page View", userId: "999999", currentUrl: "/not-theirs" },
    ]);

    const data = await exportLeadPersonalData(support, first!.id, new Date("2031-01-01T00:00:00Z"));
    expect(data).toMatchObject({
      email,
      exportedAt: "2031-01-01T00:00:00.000Z",
      account: { id: account!.id, email, displayName: "Fay Family" },
    });
    expect(data!.demoRequests.map((r) => r.id).sort()).toEqual([first!.id, second!.id].sort());
    expect(data!.demoRequests.map((r) => r.id)).not.toContain(other!.id);
    expect(data!.supportHistory).toEqual([
      expect.objectContaining({ requestId: second!.id, action: "lead.note", details: { note: "called" } }),
    ]);
    expect(data!.logEvents).toEqual([expect.objectContaining({ currentUrl: "/my-courses" })]);
    // JSON as it is downloaded.
    expect(JSON.parse(JSON.stringify(data))).toMatchObject({
      demoRequests: expect.arrayContaining([expect.objectContaining({ message: "Weekends please" })]),
    });

    const audit = await database.db.select().from(auditEvents).where(eq(auditEvents.action, EXPORT_ACTION));
    expect(audit).toEqual([
      expect.objectContaining({ actorEmail: "support@example.com", targetType: "demo_request", targetId: first!.id }),
    ]);
  });

  it("answers null for an unknown or malformed id, and refuses anyone without leads.read", async () => {
    expect(await exportLeadPersonalData(support, randomUUID())).toBeNull();
    expect(await exportLeadPersonalData(support, "not-a-uuid")).toBeNull();
    const [lead] = await database.db
      .insert(demoRequests)
      .values({ userEmail: "x@example.com", course: "not-sure" })
      .returning({ id: demoRequests.id });
    await expect(exportLeadPersonalData({ id: 1, email: "t@example.com", role: "teacher" }, lead!.id)).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(exportLeadPersonalData(null, lead!.id)).rejects.toMatchObject({ code: "unauthenticated" });
  });
});
