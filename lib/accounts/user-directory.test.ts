import { openTestDatabase } from "@/test/database";
import { users } from "@/lib/platform/db/schema/index";

import type { Actor } from "@/lib/platform/auth/permissions";

import { listTeacherOptions, listUsers } from "./user-directory";
import { parseUserFilters } from "./user-directory-schema";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
  // 60 students, then a few named people with other roles.
  await database.db
    .insert(users)
    .values(Array.from({ length: 60 }, (_, i) => ({ firebaseUid: `uid-${i}`, email: `pupil${i}@example.com`, displayName: `Pupil ${i}` })));
  await database.db.insert(users).values([
    { firebaseUid: "uid-t1", email: "ada@school.test", displayName: "Ada Teacher", role: "teacher" },
    { firebaseUid: "uid-t2", email: "grace@school.test", displayName: null, role: "teacher" },
    { firebaseUid: "uid-s1", email: "help_desk@school.test", displayName: "Sam Support", role: "support" },
  ]);
});
afterAll(() => database.dispose());

// Only the role matters to the check; not a row, so the counts below stay the seeded users.
const admin: Actor = { id: 0, email: "admin@school.test", role: "admin" };

describe("listUsers (the admin's users page)", () => {
  it("pages newest first, 50 at a time, without repeating or skipping anyone", async () => {
    const first = await listUsers(admin, parseUserFilters({}));
    expect(first.users).toHaveLength(50);
    expect(first.users[0]?.email).toBe("help_desk@school.test");
    expect(first.nextAfter).toBe(first.users[49]?.id);
    const second = await listUsers(admin, parseUserFilters({ after: String(first.nextAfter) }));
    expect(second.users).toHaveLength(13);
    expect(second.nextAfter).toBeNull();
    const emails = [...first.users, ...second.users].map((u) => u.email);
    expect(new Set(emails).size).toBe(63);
    expect(Object.keys(first.users[0]!).sort()).toEqual(["createdAt", "displayName", "email", "id", "role", "suspendedAt"]);
  });

  it("searches email or name, case-insensitively, taking % and _ literally", async () => {
    expect((await listUsers(admin, parseUserFilters({ q: "ADA" }))).users.map((u) => u.email)).toEqual(["ada@school.test"]);
    expect((await listUsers(admin, parseUserFilters({ q: "sam supp" }))).users.map((u) => u.email)).toEqual(["help_desk@school.test"]);
    expect((await listUsers(admin, parseUserFilters({ q: "pupil_0" }))).users).toHaveLength(0);
    expect((await listUsers(admin, parseUserFilters({ q: "%" }))).users).toHaveLength(0);
  });

  it("filters by role, and ignores a role that does not exist", async () => {
    expect((await listUsers(admin, parseUserFilters({ role: "teacher" }))).users.map((u) => u.email)).toEqual([
      "grace@school.test",
      "ada@school.test",
    ]);
    expect((await listUsers(admin, parseUserFilters({ role: "owner" }))).users).toHaveLength(50);
    expect((await listUsers(admin, parseUserFilters({ role: "student", q: "pupil5" }))).users.map((u) => u.email).sort()).toEqual(
      ["pupil5@example.com", ...Array.from({ length: 10 }, (_, i) => `pupil5${i}@example.com`)].sort(),
    );
  });
});

describe("listTeacherOptions", () => {
  it("lists teachers by name, and keeps a course's current teacher whatever their role", async () => {
    expect((await listTeacherOptions()).map((t) => t.label)).toEqual(["Ada Teacher (ada@school.test)", "grace@school.test"]);
    const [pupil] = (await listUsers(admin, parseUserFilters({ q: "pupil0@" }))).users;
    expect((await listTeacherOptions(pupil!.id)).map((t) => t.label)).toContain("Pupil 0 (pupil0@example.com)");
  });
});

describe("who may list users", () => {
  it("is the admin only, even when a page forgot to check", async () => {
    for (const role of ["support", "teacher", "student"] as const) {
      await expect(listUsers({ id: 0, email: `${role}@school.test`, role }, parseUserFilters({}))).rejects.toMatchObject({ status: 403 });
    }
    await expect(listUsers(null, parseUserFilters({}))).rejects.toMatchObject({ status: 401 });
  });
});
