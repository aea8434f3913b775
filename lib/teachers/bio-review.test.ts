import { eq } from "drizzle-orm";

import { auditEvents, teacherProfiles } from "@/lib/platform/db/schema";
import { MASK } from "@/lib/platform/security/screening";
import { openTestDatabase } from "@/test/database";
import { insertActor } from "@/test/fixtures";

import { decidePendingBio, listPendingBios } from "./bio-review";
import { approveTeacherProfile, findPublicTeacherProfile, saveTeacherProfile } from "./profiles";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});
const db = () => database.db;

const profile = (bio: string) => ({ publicName: "Ms Ada", bio, subjects: ["Piano"], timezone: "Europe/London" });

/** Issue 40: a bio edited after approval is held for review; the public page keeps the approved text until then. */
describe("a teacher's bio after approval", () => {
  it("is held: the public profile keeps the approved bio until support approves the new one (masked), audited", async () => {
    const teacher = await insertActor(db(), "teacher");
    const support = await insertActor(db(), "support");
    expect(await saveTeacherProfile(teacher.id, profile("I teach piano."))).toEqual({ isBioHeld: false });
    await approveTeacherProfile(teacher.id);
    expect(await saveTeacherProfile(teacher.id, profile("I teach piano. Text me on ５５５ ０１４ ２２３３!"))).toEqual({ isBioHeld: true });
    expect((await findPublicTeacherProfile(teacher.id))!.bio).toBe("I teach piano.");
    expect((await listPendingBios(support)).map((p) => p.teacherId)).toContain(teacher.id);
    await expect(listPendingBios(teacher)).rejects.toMatchObject({ code: "forbidden" });
    await expect(decidePendingBio(teacher, { teacherId: teacher.id, decision: "approve" })).rejects.toMatchObject({ code: "forbidden" });

    expect(await decidePendingBio(support, { teacherId: teacher.id, decision: "approve" })).toEqual({ isPublic: true });
    expect((await findPublicTeacherProfile(teacher.id))!.bio).toBe(`I teach piano. Text me on ${MASK}!`);
    await expect(decidePendingBio(support, { teacherId: teacher.id, decision: "approve" })).rejects.toMatchObject({ code: "not-found" });
    const audit = await db()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.targetId, String(teacher.id)));
    expect(audit.map((a) => a.action)).toContain("teacher.bio-approved");
  });

  it("turned down, leaves the approved bio; the same bio saved again is not held; other fields save at once", async () => {
    const teacher = await insertActor(db(), "teacher");
    const admin = await insertActor(db(), "admin");
    await saveTeacherProfile(teacher.id, profile("Hello."));
    await approveTeacherProfile(teacher.id);
    expect(await saveTeacherProfile(teacher.id, { ...profile("Hello."), publicName: "Ms Ada Rao" })).toEqual({ isBioHeld: false });
    expect(await saveTeacherProfile(teacher.id, profile("Find me on insta @ada_piano"))).toEqual({ isBioHeld: true });
    expect(await decidePendingBio(admin, { teacherId: teacher.id, decision: "reject" })).toEqual({ isPublic: false });
    const [row] = await db().select().from(teacherProfiles).where(eq(teacherProfiles.userId, teacher.id));
    expect(row).toMatchObject({ bio: "Hello.", pendingBio: null });
    await expect(decidePendingBio(admin, { teacherId: "x", decision: "maybe" })).rejects.toMatchObject({ code: "invalid" });
  });
});
