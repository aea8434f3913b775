import type { SessionUser } from "@/lib/platform/auth/session-user";
import type { Role } from "@/lib/platform/auth/roles";
import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";
import { insertActor } from "@/test/fixtures";

import { GET } from "./route";

/**
 * Issue 28: a teacher reads their own statement's CSV, never another teacher's (by id, over the
 * route); an admin reads anyone's. The session is the request's, through next-auth (mocked at its
 * edge, as the other route tests do).
 */
const mockSession: { user: SessionUser | null } = { user: null };
jest.mock("next-auth", () => ({
  __esModule: true,
  ...jest.requireActual("next-auth"),
  getServerSession: jest.fn(async () =>
    mockSession.user ? { user: mockSession.user, expires: new Date(Date.now() + 3_600_000).toISOString() } : null,
  ),
}));

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const signIn = (databaseId: number, role: Role) => {
  mockSession.user = {
    id: `uid-${databaseId}`,
    name: null,
    email: `${role}-${databaseId}@example.com`,
    displayName: null,
    photoURL: null,
    role,
    databaseId,
    emailVerified: true,
  };
};

const get = (query: string) => GET(new Request(`http://localhost:3000/api/earnings/statement?${query}`));

it("gives a teacher their own statement's CSV and never another teacher's; an admin any", async () => {
  const db = database.db;
  // Two teachers, each with a section that has a paid seat (newSection makes its own teacher).
  const mine = await newSection(db, { priceMinor: 12_000 });
  const theirs = await newSection(db, { priceMinor: 15_000 });
  const all = await db.query.sections.findMany({ columns: { id: true, teacherId: true } });
  const myTeacher = all.find((s) => s.id === mine)!.teacherId;
  const theirTeacher = all.find((s) => s.id === theirs)!.teacherId;
  for (const sectionId of [mine, theirs]) {
    const family = await newFamily(db, 20_000);
    await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]);
  }
  const month = new Date().toISOString().slice(0, 7);

  mockSession.user = null;
  expect((await get(`month=${month}`)).status).toBe(401);

  signIn(myTeacher, "teacher");
  const own = await get(`month=${month}`);
  expect(own.status).toBe(200);
  expect(own.headers.get("content-type")).toContain("text/csv");
  expect(own.headers.get("content-disposition")).toContain(`earnings-${month}-teacher-${myTeacher}.csv`);
  const text = await own.text();
  expect(text.split("\r\n")[0]).toBe("month,line,date,time_zone,course,section,sessions,seats,amount_minor,amount,currency");
  expect(text).toContain(`,sessions taught,,`);
  expect(text).toContain(`${month},sessions taught,,,Test course,${mine},`);
  expect(text).not.toContain(`${month},sessions taught,,,Test course,${theirs},`);
  expect(text).toContain(`${month},platform share (30%),,,,,,,-`);
  expect(text).not.toContain(`'-`);
  // Naming their own id is the same; another teacher's id is "no such statement", with nothing of it.
  expect((await get(`month=${month}&teacher=${myTeacher}`)).status).toBe(200);
  const other = await get(`month=${month}&teacher=${theirTeacher}`);
  expect(other.status).toBe(404);
  expect(await other.json()).toMatchObject({ message: "There is no such statement." });
  expect((await get("month=not-a-month")).status).toBe(400);

  // A parent has no statement at all.
  const parent = await insertActor(db, "student");
  signIn(parent.id, "student");
  expect((await get(`month=${month}&teacher=${myTeacher}`)).status).toBe(403);

  // An admin reads either teacher's, by id.
  const admin = await insertActor(db, "admin");
  signIn(admin.id, "admin");
  const theirCsv = await get(`month=${month}&teacher=${theirTeacher}`);
  expect(theirCsv.status).toBe(200);
  expect(await theirCsv.text()).toContain(`${month},sessions taught,,,Test course,${theirs},`);
  expect((await get(`month=${month}`)).status).toBe(400);
});
