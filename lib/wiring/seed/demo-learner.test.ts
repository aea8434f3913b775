import { eq } from "drizzle-orm";

import { signInLearner } from "@/lib/learner-access/session";
import { setLearnerSignIn } from "@/lib/learner-access/sign-ins";
import { learners, learnerSignIns, users } from "@/lib/platform/db/schema/index";
import { openTestDatabase } from "@/test/database";

import { DEMO_FAMILY, seedDemoFamily } from "./demo-family";
import { DEMO_LEARNER, seedDemoLearner } from "./demo-learner";

jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.dispose());

test("the demo child signs in as the README says, and a parent's reset is kept however often the seed runs", async () => {
  const [parent] = await database.db
    .insert(users)
    .values({ firebaseUid: "demo-student", email: DEMO_FAMILY.parentEmail })
    .returning({ id: users.id });
  await seedDemoFamily();
  await seedDemoLearner();
  await seedDemoLearner();
  const headers = new Headers({ "x-forwarded-for": "198.51.100.7" });
  await expect(
    signInLearner({ headers }, { username: DEMO_LEARNER.username, pictures: [...DEMO_LEARNER.pictures] }),
  ).resolves.toMatchObject({
    firstName: "Sam",
  });
  const [child] = await database.db.select({ id: learners.id }).from(learners).where(eq(learners.parentId, parent!.id));
  await setLearnerSignIn(parent!.id, child!.id, { kind: "password", username: "sam", password: "changed-by-parent", consent: true });
  await seedDemoLearner();
  const [row] = await database.db
    .select({ kind: learnerSignIns.secretKind })
    .from(learnerSignIns)
    .where(eq(learnerSignIns.learnerId, child!.id));
  expect(row?.kind).toBe("password");
});
