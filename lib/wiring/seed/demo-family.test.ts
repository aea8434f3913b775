import { eq } from "drizzle-orm";

import { getWallet } from "@/lib/commerce/wallet/ledger";
import { learners, users } from "@/lib/platform/db/schema/index";
import { openTestDatabase } from "@/test/database";

import { DEMO_FAMILY, seedDemoFamily } from "./demo-family";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.dispose());

test("the demo student gets a child and one promotion credit, however often the seed runs", async () => {
  const [parent] = await database.db
    .insert(users)
    .values({ firebaseUid: "demo-student", email: DEMO_FAMILY.parentEmail })
    .returning({ id: users.id });
  await seedDemoFamily();
  await seedDemoFamily();
  const wallet = await getWallet(parent!.id);
  expect(wallet.balanceMinor).toBe(DEMO_FAMILY.creditMinor);
  expect(wallet.entries.map((e) => [e.kind, e.reason])).toEqual([["promotion", DEMO_FAMILY.creditReason]]);
  const children = await database.db.select({ firstName: learners.firstName }).from(learners).where(eq(learners.parentId, parent!.id));
  expect(children).toEqual([{ firstName: "Sam" }]);
});
