import { eq } from "drizzle-orm";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { updateSectionWithRefundsAs } from "@/lib/commerce/refunds/section-close";
import { COMMERCE_MESSAGES } from "@/lib/commerce/schema";
import type { Actor } from "@/lib/platform/auth/permissions";
import { sections } from "@/lib/platform/db/schema";
import { newFamily } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";
import { insertActor } from "@/test/fixtures";
import { refusal } from "@/test/refusal";
import { storedSectionInput } from "@/test/scheduling-fixtures";
import { entitlementsOf, weeklySection } from "@/test/seat-fixtures";

/**
 * Issue 39: "a section edited changes no entitlement already bought (shortening sessions that families
 * paid for needs an admin)". A teacher's edit that would remove paid sessions is refused with a field
 * message and nothing changes; one that keeps them (a later end) passes; an admin may make it.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.dispose());
const db = () => database.db;

test("a teacher's shorter end date that removes two paid sessions is refused and nothing changes; a later end passes; an admin may shorten it (crediting them)", async () => {
  const section = await weeklySection(db(), { priceMinor: 24_000 });
  const family = await newFamily(db(), 24_000);
  const now = new Date("2027-02-01T00:00:00Z");
  await placeOrder(family.parentId, [{ sectionId: section.id, learnerId: family.learnerId }], { now });
  const teacher: Actor = { id: section.teacherId, email: "t@example.com", role: "teacher" };
  const bought = await entitlementsOf(db(), family.learnerId);

  const error = await refusal(
    updateSectionWithRefundsAs(teacher, section.id, await storedSectionInput(db(), section.id, { endsOn: "2027-05-05" }), "", now),
  );
  expect(error.code).toBe("conflict");
  expect(error.fieldErrors).toEqual({ endsOn: COMMERCE_MESSAGES.editTakesPaidSessions(2) });
  const [unchanged] = await db().select().from(sections).where(eq(sections.id, section.id));
  expect(unchanged!.endsOn).toBe("2027-05-19");

  await updateSectionWithRefundsAs(teacher, section.id, await storedSectionInput(db(), section.id, { endsOn: "2027-06-02" }), "", now);
  const [longer] = await db().select().from(sections).where(eq(sections.id, section.id));
  expect(longer!.endsOn).toBe("2027-06-02");

  const admin = await insertActor(db(), "admin");
  await updateSectionWithRefundsAs(admin, section.id, await storedSectionInput(db(), section.id, { endsOn: "2027-05-05" }), "", now);
  const [shorter] = await db().select().from(sections).where(eq(sections.id, section.id));
  expect(shorter!.endsOn).toBe("2027-05-05");
  // Entitlements are never re-derived by an edit: the two sessions removed are credited at their recorded value (removed-sessions.test.ts).
  expect(await entitlementsOf(db(), family.learnerId)).toEqual(bought.map((row, i) => (i < 10 ? row : { ...row, status: "credited" })));
});
