import { eq } from "drizzle-orm";

import { sections } from "@/lib/platform/db/schema";
import { sectionSessions } from "@/lib/scheduling/sessions";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";

import { REFUND_POLICY } from "@/lib/commerce/refunds/refund-policy";
import { addToCart, getCart } from "./cart";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());
const db = () => database.db;

test("a cart line says what the price buys and until when a withdrawal is refunded, or that it is not (issue 31)", async () => {
  const family = await newFamily(db());
  const sectionId = await newSection(db(), { priceMinor: 12_000 });
  const [section] = await db().select().from(sections).where(eq(sections.id, sectionId));
  await db().update(sections).set({ endsOn: "2099-01-01" }).where(eq(sections.id, sectionId));
  await addToCart(family.parentId, { sectionId, learnerId: family.learnerId });
  const [next] = sectionSessions(section!, new Date(), new Date(Date.now() + 8 * 86_400_000));
  const firstSession = new Date(next!.startsAt);

  const early = await getCart(
    family.parentId,
    "America/New_York",
    new Date(firstSession.getTime() - (REFUND_POLICY.cutoffHours + 2) * 3_600_000),
  );
  expect(early.lines[0]!.facts).toMatch(/ to Jan 1, 2099 · \d+ sessions · .*\$\d+\.\d\d a session$/);
  expect(early.lines[0]!.refundableUntil).toMatch(/Eastern Time \(New York\)$/);

  const late = await getCart(family.parentId, "America/New_York", new Date(firstSession.getTime() - 3_600_000));
  expect(late.lines[0]!.refundableUntil).toBeNull();
});
