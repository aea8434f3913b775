import { and, eq, inArray } from "drizzle-orm";

import type { Database } from "@/lib/platform/db/client";
import { waitlistEntries } from "@/lib/platform/db/schema";

import { WAITLIST_LIMITS, WAITLIST_MESSAGES } from "./waitlist-schema";

/**
 * Issue 40, waitlist squatting: one account may hold a bounded number of places (per class and
 * overall), only with a verified email, and joining and leaving are rate-limited per account.
 */
type Modules = {
  waitlist: typeof import("./waitlist");
  checkout: typeof import("@/lib/commerce/checkout/checkout");
  fixtures: typeof import("@/test/commerce-fixtures");
  testing: typeof import("@/test/database");
};
let m: Modules;
let database: Awaited<ReturnType<Modules["testing"]["openTestDatabase"]>>;
// The limits are read once at start: this file turns them on before it loads the modules (test/jest-env.ts turns them off elsewhere).
beforeAll(async () => {
  process.env.RATE_LIMITS = "on";
  jest.resetModules();
  m = {
    waitlist: await import("./waitlist"),
    checkout: await import("@/lib/commerce/checkout/checkout"),
    fixtures: await import("@/test/commerce-fixtures"),
    testing: await import("@/test/database"),
  };
  database = await m.testing.openTestDatabase();
});
afterAll(async () => {
  process.env.RATE_LIMITS = "off";
  await database.dispose();
});
const db = (): Database => database.db;
const joinWaitlist: Modules["waitlist"]["joinWaitlist"] = (...args) => m.waitlist.joinWaitlist(...args);
const leaveWaitlist: Modules["waitlist"]["leaveWaitlist"] = (...args) => m.waitlist.leaveWaitlist(...args);
const newFamily: Modules["fixtures"]["newFamily"] = (...args) => m.fixtures.newFamily(...args);
const newSection: Modules["fixtures"]["newSection"] = (...args) => m.fixtures.newSection(...args);
const addChild: Modules["fixtures"]["addChild"] = (...args) => m.fixtures.addChild(...args);
const placeOrder: Modules["checkout"]["placeOrder"] = (...args) => m.checkout.placeOrder(...args);

/** A one-seat section, sold out to another family: full, so its line is open. */
async function fullSection() {
  const sectionId = await newSection(db(), { capacity: 1, priceMinor: 1_000 });
  const buyer = await newFamily(db(), 10_000);
  await placeOrder(buyer.parentId, [{ sectionId, learnerId: buyer.learnerId }]);
  return sectionId;
}

async function activeEntriesOf(parentId: number) {
  return db()
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.parentId, parentId), inArray(waitlistEntries.status, ["waiting", "offered"])));
}

describe("waitlist limits", () => {
  it("refuses the 25 children of one account past the cap on one class's waitlist", async () => {
    const sectionId = await fullSection();
    const family = await newFamily(db());
    const children = [family.learnerId];
    for (let i = 1; i < 25; i += 1) children.push(await addChild(db(), family.parentId, `Child${i}`));
    const answers: string[] = [];
    for (const learnerId of children.slice(0, 12)) {
      answers.push(
        await joinWaitlist(family.parentId, { sectionId, learnerId }).then(
          () => "joined",
          (error: { message: string }) => error.message,
        ),
      );
    }
    expect(answers.filter((a) => a === "joined")).toHaveLength(WAITLIST_LIMITS.perSection);
    expect(answers.slice(WAITLIST_LIMITS.perSection)).toEqual(
      Array(12 - WAITLIST_LIMITS.perSection).fill(WAITLIST_MESSAGES.tooManyInSection("Test course")),
    );
    expect(await activeEntriesOf(family.parentId)).toHaveLength(WAITLIST_LIMITS.perSection);
  });

  it("refuses a place past the cap per account over all classes", async () => {
    const family = await newFamily(db());
    for (let i = 0; i < WAITLIST_LIMITS.perAccount; i += 1)
      await joinWaitlist(family.parentId, { sectionId: await fullSection(), learnerId: family.learnerId });
    await expect(joinWaitlist(family.parentId, { sectionId: await fullSection(), learnerId: family.learnerId })).rejects.toMatchObject({
      code: "conflict",
      message: WAITLIST_MESSAGES.tooManyOverall,
    });
    expect(await activeEntriesOf(family.parentId)).toHaveLength(WAITLIST_LIMITS.perAccount);
  });

  it("refuses an account whose email is not verified", async () => {
    const family = await newFamily(db());
    await expect(
      joinWaitlist(family.parentId, { sectionId: await fullSection(), learnerId: family.learnerId }, new Date(), { emailVerified: false }),
    ).rejects.toMatchObject({ code: "forbidden", message: WAITLIST_MESSAGES.emailNotVerified });
    expect(await activeEntriesOf(family.parentId)).toHaveLength(0);
  });

  it("limits 100 join/leave requests in a minute from one account (429), with the place left as it was", async () => {
    const sectionId = await fullSection();
    const family = await newFamily(db());
    let limited = 0;
    let entryId: number | null = null;
    for (let i = 0; i < 100; i += 1) {
      try {
        if (entryId === null) entryId = (await joinWaitlist(family.parentId, { sectionId, learnerId: family.learnerId })).entryId;
        else {
          await leaveWaitlist(family.parentId, { entryId });
          entryId = null;
        }
      } catch (error) {
        expect(error).toMatchObject({ code: "rate-limited" });
        limited += 1;
      }
    }
    expect(limited).toBeGreaterThanOrEqual(80);
    expect(await activeEntriesOf(family.parentId)).toHaveLength(entryId === null ? 0 : 1);
  });
});
