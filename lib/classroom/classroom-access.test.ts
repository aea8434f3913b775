import { eq } from "drizzle-orm";

import { refundOrderAsAdmin } from "@/lib/commerce/refunds/refunds";
import { transferSeat } from "@/lib/commerce/transfers/transfers";
import type { Actor } from "@/lib/platform/auth/permissions";
import { orderItems, sections } from "@/lib/platform/db/schema";
import { actionTestDatabase } from "@/test/action-context";
import { dailySection, paidSeat } from "@/test/classroom-fixtures";
import { addChild, newFamily } from "@/test/commerce-fixtures";
import { insertActor } from "@/test/fixtures";

import { classroomAccess, SeatStartsLaterError, type LearnerPerson } from "./classroom-access";
import { CLASSROOM_MESSAGES } from "./schema";

jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());

const db = actionTestDatabase();
const MINUTE = 60_000;
const DAY = 1440 * MINUTE;

const parent = (id: number): Actor => ({ id, email: `p${id}@example.com`, role: "student" });
const child = (family: { parentId: number; learnerId: number }, firstName = "Ada"): LearnerPerson => ({
  kind: "learner",
  learnerId: family.learnerId,
  parentId: family.parentId,
  firstName,
});
const refused = { code: "forbidden", message: CLASSROOM_MESSAGES.notBooked };
/** Refused this session with the first one the seat holds named (never "not booked"), which the page shows in the viewer's zone. */
const startsLater = (firstSession: Date) => ({
  code: "forbidden",
  message: CLASSROOM_MESSAGES.seatStartsLater,
  firstSessionStartsAt: firstSession.toISOString(),
});

describe("a child on their own sign-in in the classroom (issue 44)", () => {
  it("enters the sessions their own seat holds, under their own name; never a sibling's, nor without a seat, nor withdrawn", async () => {
    const { section, start } = await dailySection(db(), 60);
    const bought = new Date(start.getTime() - 2 * 60 * MINUTE);
    const family = await paidSeat(db(), section, await newFamily(db()), bought);
    // Ada's brother Bo has no seat of his own in it; another family's child none anywhere.
    const bo = { parentId: family.parentId, learnerId: await addChild(db(), family.parentId, "Bo") };
    const stranger = await newFamily(db());
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);

    const ada = await classroomAccess(child(family), section.id, at(-10));
    expect(ada).toMatchObject({ role: "learner", learnerNames: ["Ada"] });
    // The parent's account enters too, for the family.
    expect((await classroomAccess(parent(family.parentId), section.id, at(0))).role).toBe("learner");

    await expect(classroomAccess(child(bo, "Bo"), section.id, at(0))).rejects.toMatchObject(refused);
    await expect(classroomAccess(child(stranger), section.id, at(0))).rejects.toMatchObject(refused);
    // A child's session is never the teacher's or an observer's, whatever ids it carries.
    await expect(
      classroomAccess({ kind: "learner", learnerId: stranger.learnerId, parentId: section.teacherId, firstName: "Ada" }, section.id, at(0)),
    ).rejects.toMatchObject(refused);
    // Still the Join window: not before 10 minutes ahead.
    await expect(classroomAccess(child(family), section.id, at(-11))).rejects.toMatchObject({ message: CLASSROOM_MESSAGES.joinNotOpen });

    // Withdrawn (refunded by an admin, the seat freed): the child is refused like a stranger.
    const [item] = await db().select({ orderId: orderItems.orderId }).from(orderItems).where(eq(orderItems.learnerId, family.learnerId));
    await refundOrderAsAdmin(await insertActor(db(), "admin"), { orderId: item!.orderId, reason: "The family withdrew" }, at(-60));
    await expect(classroomAccess(child(family), section.id, at(0))).rejects.toMatchObject(refused);
    await expect(classroomAccess(parent(family.parentId), section.id, at(0))).rejects.toMatchObject(refused);
  });
});

describe("a seat opens the sessions it holds (seat_sessions), not every session of its section", () => {
  it("a seat bought after a session started does not open that session, but opens the next", async () => {
    const { section, start } = await dailySection(db(), -5);
    const family = await paidSeat(db(), section, await newFamily(db()), new Date());
    const tomorrow = new Date(start.getTime() + DAY);
    // Told when the seat's first session is: tomorrow's, for the parent and the child alike.
    await expect(classroomAccess(parent(family.parentId), section.id, new Date())).rejects.toBeInstanceOf(SeatStartsLaterError);
    await expect(classroomAccess(parent(family.parentId), section.id, new Date())).rejects.toMatchObject(startsLater(tomorrow));
    await expect(classroomAccess(child(family), section.id, new Date())).rejects.toMatchObject(startsLater(tomorrow));
    // Another family, without a seat, still learns nothing.
    await expect(classroomAccess(parent((await newFamily(db())).parentId), section.id, new Date())).rejects.toMatchObject(refused);
    expect(await classroomAccess(child(family), section.id, tomorrow)).toMatchObject({ role: "learner", learnerNames: ["Ada"] });
  });

  it("names only the children whose seats hold this session", async () => {
    const { section, start } = await dailySection(db(), -5);
    const family = await paidSeat(db(), section, await newFamily(db()), new Date(start.getTime() - 60 * MINUTE));
    const bo = { parentId: family.parentId, learnerId: await addChild(db(), family.parentId, "Bo") };
    await paidSeat(db(), section, bo, new Date());
    expect((await classroomAccess(parent(family.parentId), section.id, new Date())).learnerNames).toEqual(["Ada"]);
    // Bo, on his own sign-in: his seat starts tomorrow, and he is told so.
    await expect(classroomAccess(child(bo, "Bo"), section.id, new Date())).rejects.toMatchObject(
      startsLater(new Date(start.getTime() + DAY)),
    );
    expect((await classroomAccess(parent(family.parentId), section.id, new Date(start.getTime() + DAY))).learnerNames).toEqual([
      "Ada",
      "Bo",
    ]);
  });

  it("a seat moved away does not open the session it left, even moved back while it runs", async () => {
    const { section, start } = await dailySection(db(), 60);
    // Another section of the same course at the same times: where the seat moves.
    const { courseId, teacherId, classType, capacity, priceMinor, currency, startsOn, startMinute, timezone, rrule, durationMinutes } =
      section;
    const [other] = await db()
      .insert(sections)
      .values({
        courseId,
        teacherId,
        classType,
        capacity,
        priceMinor,
        currency,
        startsOn,
        startMinute,
        timezone,
        rrule,
        durationMinutes,
        status: "open",
      })
      .returning();
    // Some Cash beside the seat: moving back costs the sessions' difference.
    const family = await paidSeat(db(), section, await newFamily(db(), 50_000), new Date(start.getTime() - 2 * 60 * MINUTE));
    const [item] = await db().select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.learnerId, family.learnerId));
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
    expect((await classroomAccess(child(family), section.id, at(-10))).role).toBe("learner");

    // Moved to the other section half an hour before: this session is no longer the seat's.
    await transferSeat(family.parentId, { orderItemId: item!.id, toSectionId: other!.id }, at(-30));
    await expect(classroomAccess(child(family), section.id, at(0))).rejects.toMatchObject(refused);
    // Moved back once the session has begun: the seat holds the sessions from the next one only, and the family is told when.
    await transferSeat(family.parentId, { orderItemId: item!.id, toSectionId: section.id }, at(5));
    const tomorrow = new Date(start.getTime() + DAY);
    await expect(classroomAccess(child(family), section.id, at(10))).rejects.toMatchObject(startsLater(tomorrow));
    await expect(classroomAccess(parent(family.parentId), section.id, at(10))).rejects.toMatchObject(startsLater(tomorrow));
    expect((await classroomAccess(child(family), section.id, new Date(start.getTime() + DAY))).role).toBe("learner");
  });
});
