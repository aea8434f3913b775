import { eq } from "drizzle-orm";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { updateSectionWithRefundsAs } from "@/lib/commerce/refunds/section-close";
import { bookings, outbox, sections } from "@/lib/platform/db/schema";
import { storedSectionInput } from "@/test/scheduling-fixtures";
import type { SectionInput } from "@/lib/scheduling/schema";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { markReactionsUndelivered } from "@/test/events";
import { insertActor } from "@/test/fixtures";
import { mailHarness } from "@/test/mail-harness";

/**
 * A section closed over its learners by someone else tells its teacher once (section.closed),
 * rendered when the event is delivered: a section open again by then is told of no more.
 */
const { db, mail, deliver, received, emailOf } = mailHarness();
const PRICE = 12_000;

/** The section editor's input for a section as stored, with another status. */
const withStatus = (sectionId: number, status: SectionInput["status"]) => storedSectionInput(db(), sectionId, { status });

/** A section with one paid seat, its enrolment messages sent, closed by an admin; its teacher's address and the seat. */
async function closedByAdmin() {
  const sectionId = await newSection(db(), { priceMinor: PRICE });
  const family = await newFamily(db(), PRICE);
  await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]);
  await deliver();
  await mail.clear();
  const [seat] = await db().select({ id: bookings.id }).from(bookings).where(eq(bookings.sectionId, sectionId));
  const [section] = await db().select({ teacherId: sections.teacherId }).from(sections).where(eq(sections.id, sectionId));
  await updateSectionWithRefundsAs(await insertActor(db(), "admin"), sectionId, await withStatus(sectionId, "closed"), `1:${PRICE}`);
  return { sectionId, seatId: seat!.id, teacherEmail: await emailOf(section!.teacherId) };
}

describe("the teacher's message when their section is closed", () => {
  it("delivered twice (a crash before the first delivery was recorded): one message, under the closing's key", async () => {
    const closed = await closedByAdmin();
    await deliver();
    expect(await markReactionsUndelivered(db(), "section.closed", "section-close-mail")).toBeGreaterThan(0);
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });

    const key = `section:${closed.sectionId}:closed:${closed.seatId}:teacher`;
    expect(
      await db()
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `email:${key}`)),
    ).toHaveLength(1);
    const toTeacher = await received(closed.teacherEmail);
    expect(toTeacher.map((m) => [m.subject, m.messageId])).toEqual([
      ["Your section was cancelled: Test course", `<email.${key.replaceAll(":", ".")}@localhost>`],
    ]);
    expect(toTeacher[0]!.text).toContain("Ada, grade 5");
  });

  it("a section opened again before the event is delivered: the teacher is not told it was cancelled", async () => {
    const closed = await closedByAdmin();
    await db().update(sections).set({ status: "open" }).where(eq(sections.id, closed.sectionId));
    await deliver();
    expect(await received(closed.teacherEmail)).toEqual([]);
  });
});
