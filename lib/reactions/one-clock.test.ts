import { eq } from "drizzle-orm";

import { timezoneOfUser } from "@/lib/accounts/user-directory";
import { addToCart, getCart } from "@/lib/commerce/cart/cart";
import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { listEnrolments } from "@/lib/commerce/enrolments";
import { users } from "@/lib/platform/db/schema";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { mailHarness } from "@/test/mail-harness";

/**
 * Issue 31 item 3, one clock per person: the same class read "1:00 PM (America/Los_Angeles)" on the
 * course page, "9:00 PM (UTC)" in the cart and "4:00 PM (America/New_York)" in the email. For a
 * family whose account is in Tokyo, a New York class (Mondays and Thursdays, 4:00 PM there) reads
 * in Tokyo's clock in the cart, on /my-courses and in the enrolment email: the same days (Tuesday
 * and Friday there), the same time, the same zone's name, and never the section's zone.
 */

const { db, deliver, received, emailOf } = mailHarness();

const TOKYO = "Japan Standard Time (Tokyo)";
const clockOf = (text: string) => /(\d{1,2}:\d{2}\s[AP]M) Japan Standard Time \(Tokyo\)/.exec(text)?.[1];

it("the cart, /my-courses and the enrolment email show one class in the account's zone", async () => {
  const sectionId = await newSection(db(), { priceMinor: 5_000 });
  const family = await newFamily(db(), 5_000);
  await db().update(users).set({ timezone: "Asia/Tokyo" }).where(eq(users.id, family.parentId));
  // What the cart and /my-courses pages read (app/(account)/cart/page.tsx, my-courses/page.tsx).
  const zone = await timezoneOfUser(family.parentId);
  expect(zone).toBe("Asia/Tokyo");

  await addToCart(family.parentId, { sectionId, learnerId: family.learnerId });
  const [line] = (await getCart(family.parentId, zone)).lines;
  expect(line!.schedule).toMatch(/^Tuesdays and Fridays \d{1,2}:\d{2}\s[AP]M Japan Standard Time \(Tokyo\)$/);
  expect(line!.nextSession).toContain(TOKYO);
  const time = clockOf(line!.schedule);
  expect(time).toBeDefined();

  await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]);
  const [enrolment] = await listEnrolments(family.parentId, zone);
  expect(enrolment!.schedule).toBe(line!.schedule);
  expect(enrolment!.nextSession).toBe(line!.nextSession);

  await deliver();
  const [message] = await received(await emailOf(family.parentId));
  const text = message!.text ?? "";
  expect(text).toContain(`Schedule: Weekly on Tuesday and Friday at ${time} ${TOKYO}`);
  expect(text).toContain(`First session: ${line!.nextSession}`);
  for (const other of ["New York", "New_York", "UTC", "Eastern"]) expect(text).not.toContain(other);
});
