import { randomUUID } from "node:crypto";

import { count, eq } from "drizzle-orm";

import type { Actor } from "@/lib/platform/auth/permissions";
import { bookings, sessionChanges, sessionNoteLines, sessionNotes, sections, users } from "@/lib/platform/db/schema";
import { sectionSessions } from "@/lib/scheduling/sessions";
import { actionTestDatabase, signedInAs } from "@/test/action-context";
import { addChild, newFamily, newSection } from "@/test/commerce-fixtures";

import { saveSessionNoteAction } from "@/app/(dashboards)/teacher/sections/session-note-actions";

import { MASK } from "@/lib/platform/security/screening";
import { DODGES, ORDINARY } from "@/test/screening-cases";

import { CLASSROOM_MESSAGES } from "./schema";
import { getSessionNote, listFamilySessions, saveSessionNote } from "./session-notes";

jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());
jest.mock("next/cache", () => ({ revalidatePath: jest.fn(), revalidateTag: jest.fn() }));

/** Issue 28: the note after every session, its rules and who reads which part of it. */
const db = actionTestDatabase();

const DAY = 86_400_000;
const teacher = (id: number): Actor => ({ id, email: `t${id}@example.com`, role: "teacher" });
const admin: Actor = { id: 1, email: "admin@example.com", role: "admin" };

async function seat(sectionId: number, learnerId: number) {
  const [section] = await db().select().from(sections).where(eq(sections.id, sectionId));
  await db()
    .insert(bookings)
    .values({
      kind: "seat",
      learnerId,
      teacherId: section!.teacherId,
      sectionId,
      courseId: section!.courseId,
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() - DAY + 3_600_000),
      status: "confirmed",
      token: randomUUID(),
    });
}

/** A section with two families seated (the first with two children), its sessions, and a clock three weeks on. */
async function classWithTwoFamilies() {
  const sectionId = await newSection(db());
  const [section] = await db().select().from(sections).where(eq(sections.id, sectionId));
  const first = await newFamily(db());
  const sibling = await addChild(db(), first.parentId, "Bea");
  const second = await newFamily(db());
  for (const learnerId of [first.learnerId, sibling, second.learnerId]) await seat(sectionId, learnerId);
  const now = new Date(Date.now() + 21 * DAY);
  const sessions = sectionSessions(section!, new Date(Date.now() - DAY), now);
  return { section: section!, first, sibling, second, sessions, now };
}

const storedNotes = async () => (await db().select({ n: count() }).from(sessionNotes))[0]!.n;
const storedLines = async () => (await db().select({ n: count() }).from(sessionNoteLines))[0]!.n;

describe("the note after a session", () => {
  it("is written by the section's teacher and read by each family with its own children's lines only", async () => {
    const { section, first, sibling, second, sessions, now } = await classWithTwoFamilies();
    const session = sessions[1]!;
    await saveSessionNote(
      db(),
      teacher(section.teacherId),
      {
        sectionId: section.id,
        sessionStartsAt: session.startsAt,
        covered: "Loops and a first maze",
        homeworkUrl: "https://code.org/maze",
        lines: [
          { learnerId: first.learnerId, line: "Ada finished the bonus level" },
          { learnerId: sibling, line: "" },
          { learnerId: second.learnerId, line: "Ask about the second loop" },
        ],
      },
      now,
    );
    const window = { from: new Date(Date.now() - 7 * DAY), to: now, now };

    const firstFamily = await listFamilySessions(db(), first.parentId, window);
    const ada = firstFamily.find((r) => r.learnerId === first.learnerId && r.startsAt === session.startsAt)!;
    expect(ada.note).toEqual({
      covered: "Loops and a first maze",
      homeworkUrl: "https://code.org/maze",
      line: "Ada finished the bonus level",
    });
    const bea = firstFamily.find((r) => r.learnerId === sibling && r.startsAt === session.startsAt)!;
    expect(bea.note).toEqual({ covered: "Loops and a first maze", homeworkUrl: "https://code.org/maze", line: null });
    // Every started session of each child is listed (not marked yet), newest first; none to come.
    expect(firstFamily.filter((r) => r.learnerId === first.learnerId)).toHaveLength(sessions.length);
    expect(firstFamily.every((r) => new Date(r.startsAt).getTime() <= now.getTime())).toBe(true);
    expect(firstFamily.map((r) => r.startsAt)).toEqual([...firstFamily.map((r) => r.startsAt)].sort().reverse());
    // Another family's line is never in the first family's answer, nor the reverse.
    expect(JSON.stringify(firstFamily)).not.toContain("Ask about the second loop");
    const secondFamily = await listFamilySessions(db(), second.parentId, window);
    expect(secondFamily.find((r) => r.startsAt === session.startsAt)!.note!.line).toBe("Ask about the second loop");
    expect(JSON.stringify(secondFamily)).not.toContain("bonus level");
    expect(JSON.stringify(secondFamily)).not.toContain("Bea");
    // A family with no seat in the section reads nothing of it.
    const stranger = await newFamily(db());
    expect(await listFamilySessions(db(), stranger.parentId, window)).toEqual([]);
  });

  it("is editable by its teacher: the text changes, and an emptied line goes", async () => {
    const { section, first, sessions, now } = await classWithTwoFamilies();
    const at = sessions[0]!.startsAt;
    const write = (covered: string, line: string) =>
      saveSessionNote(
        db(),
        teacher(section.teacherId),
        { sectionId: section.id, sessionStartsAt: at, covered, lines: [{ learnerId: first.learnerId, line }] },
        now,
      );
    expect(await write("Variables", "Great questions")).toMatchObject({ created: true });
    expect(await write("Variables and loops", "")).toMatchObject({ created: false });
    const note = await getSessionNote(db(), teacher(section.teacherId), section.id, at);
    expect(note).toMatchObject({ covered: "Variables and loops", homeworkUrl: null, lines: {} });
  });

  it("may be written by an admin for any section, by no other role or teacher", async () => {
    const { section, sessions, now } = await classWithTwoFamilies();
    const input = { sectionId: section.id, sessionStartsAt: sessions[0]!.startsAt, covered: "Admin wrote this" };
    await expect(saveSessionNote(db(), admin, input, now)).resolves.toMatchObject({ created: true });
    await expect(saveSessionNote(db(), { id: 5, email: "s@example.com", role: "support" }, input, now)).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("is refused, with nothing stored, for another teacher's section, a session not started or not held, and bad text", async () => {
    const { section, first, second, sessions, now } = await classWithTwoFamilies();
    const other = await classWithTwoFamilies();
    const before = [await storedNotes(), await storedLines()];
    const base = { sectionId: section.id, sessionStartsAt: sessions[0]!.startsAt, covered: "Loops" };
    const own = teacher(section.teacherId);
    const refusals: Array<[Actor, object, Date, { code: string; message: string }]> = [
      [teacher(other.section.teacherId), base, now, { code: "forbidden", message: CLASSROOM_MESSAGES.notYourNoteSection }],
      [
        own,
        base,
        new Date(new Date(sessions[0]!.startsAt).getTime() - 60_000),
        { code: "invalid", message: CLASSROOM_MESSAGES.noteNotStarted },
      ],
      [
        own,
        { ...base, sessionStartsAt: new Date(new Date(sessions[0]!.startsAt).getTime() + 60_000).toISOString() },
        now,
        { code: "invalid", message: CLASSROOM_MESSAGES.noSuchSession },
      ],
      [own, { ...base, covered: "   " }, now, { code: "invalid", message: CLASSROOM_MESSAGES.coveredRequired }],
      [own, { ...base, covered: "x".repeat(1001) }, now, { code: "invalid", message: CLASSROOM_MESSAGES.coveredTooLong }],
      [own, { ...base, homeworkUrl: "javascript:alert(1)" }, now, { code: "invalid", message: CLASSROOM_MESSAGES.homeworkUrlInvalid }],
      [own, { ...base, homeworkUrl: "ftp://example.com/sheet" }, now, { code: "invalid", message: CLASSROOM_MESSAGES.homeworkUrlInvalid }],
      [own, { ...base, homeworkUrl: "example.com/sheet" }, now, { code: "invalid", message: CLASSROOM_MESSAGES.homeworkUrlInvalid }],
      [
        own,
        { ...base, lines: [{ learnerId: first.learnerId, line: "y".repeat(301) }] },
        now,
        { code: "invalid", message: CLASSROOM_MESSAGES.lineTooLong },
      ],
      [
        own,
        { ...base, lines: [{ learnerId: other.first.learnerId, line: "Not in this class" }] },
        now,
        { code: "invalid", message: CLASSROOM_MESSAGES.learnerNotInSection },
      ],
    ];
    for (const [actor, input, at, refusal] of refusals)
      await expect(saveSessionNote(db(), actor, input as never, at)).rejects.toMatchObject(refusal);
    expect([await storedNotes(), await storedLines()]).toEqual(before);
    // A withdrawn child gets no new line either.
    await db().update(bookings).set({ status: "cancelled" }).where(eq(bookings.learnerId, second.learnerId));
    await expect(saveSessionNote(db(), own, { ...base, lines: [{ learnerId: second.learnerId, line: "Hi" }] }, now)).rejects.toMatchObject({
      message: CLASSROOM_MESSAGES.learnerNotInSection,
    });
    expect([await storedNotes(), await storedLines()]).toEqual(before);
  });

  it("of a moved session is the moved occurrence's: its new time takes a note, its old time none", async () => {
    const { section, first, sessions, now } = await classWithTwoFamilies();
    const original = sessions[2]!;
    const movedTo = new Date(new Date(original.startsAt).getTime() + 26 * 3_600_000);
    await db()
      .insert(sessionChanges)
      .values({
        sectionId: section.id,
        originalStartsAt: new Date(original.startsAt),
        kind: "moved",
        startsAt: movedTo,
        endsAt: new Date(movedTo.getTime() + 3_600_000),
        sequence: 1,
      });
    const own = teacher(section.teacherId);
    await expect(
      saveSessionNote(db(), own, { sectionId: section.id, sessionStartsAt: original.startsAt, covered: "Old time" }, now),
    ).rejects.toMatchObject({ message: CLASSROOM_MESSAGES.noSuchSession });
    await saveSessionNote(
      db(),
      own,
      { sectionId: section.id, sessionStartsAt: movedTo.toISOString(), covered: "Held on the new day" },
      now,
    );
    const [stored] = await db().select().from(sessionNotes).where(eq(sessionNotes.sectionId, section.id));
    expect(stored).toMatchObject({ sessionStartsAt: movedTo, occurrence: new Date(original.startsAt) });
    const records = await listFamilySessions(db(), first.parentId, { from: new Date(Date.now() - 7 * DAY), to: now, now });
    const moved = records.find((r) => r.learnerId === first.learnerId && r.startsAt === movedTo.toISOString())!;
    expect(moved).toMatchObject({ state: "moved", note: { covered: "Held on the new day" } });
    expect(records.some((r) => r.startsAt === original.startsAt)).toBe(false);
  });

  it("answers the teacher's form with field messages, and a 'not yours' to another teacher, nothing stored", async () => {
    const { section, sessions } = await classWithTwoFamilies();
    const other = await classWithTwoFamilies();
    const past = sessions[0]!.startsAt;
    const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, other.section.teacherId));
    signedInAs(other.section.teacherId, "teacher", row!.email);
    const before = await storedNotes();
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [k, v] of Object.entries(fields)) data.set(k, v);
      return data;
    };
    // The other teacher's own session has not started yet (the real clock): the field is fine, the time is not.
    expect(await saveSessionNoteAction(section.id, past, form({ covered: "Loops" }))).toEqual({
      ok: false,
      message: CLASSROOM_MESSAGES.notYourNoteSection,
    });
    expect(await saveSessionNoteAction(other.section.id, past, form({ covered: "", homeworkUrl: "data:text/html,hi" }))).toMatchObject({
      ok: false,
      fieldErrors: { covered: CLASSROOM_MESSAGES.coveredRequired, homeworkUrl: CLASSROOM_MESSAGES.homeworkUrlInvalid },
    });
    expect(await storedNotes()).toBe(before);
  });
});

/** Issue 40: a note reaches families (/my-courses, the weekly digest), so it is screened like a message. */
describe("the note's screening", () => {
  it("masks or flags each dodge of the table in what was covered and in a child's line; families read the masked text, its author what they typed", async () => {
    const { section, first, sessions, now } = await classWithTwoFamilies();
    const own = teacher(section.teacherId);
    const at = sessions[0]!.startsAt;
    const window = { from: new Date(Date.now() - 7 * DAY), to: now, now };
    for (const dodge of DODGES) {
      const saved = await saveSessionNote(
        db(),
        own,
        {
          sectionId: section.id,
          sessionStartsAt: at,
          covered: `Scales. ${dodge.text}`,
          lines: [{ learnerId: first.learnerId, line: dodge.text }],
        },
        now,
      );
      const [row] = await db().select().from(sessionNotes).where(eq(sessionNotes.sectionId, section.id));
      expect({ name: dodge.name, flagged: row!.flagged, original: row!.originalCovered }).toEqual({
        name: dodge.name,
        flagged: true,
        original: `Scales. ${dodge.text}`,
      });
      const [line] = await db().select().from(sessionNoteLines).where(eq(sessionNoteLines.noteId, row!.id));
      expect(line).toMatchObject({ flagged: true, originalLine: dodge.text });
      const read = (await listFamilySessions(db(), first.parentId, window)).find(
        (r) => r.learnerId === first.learnerId && r.startsAt === at,
      )!;
      if (dodge.gone) {
        expect(saved.isMasked).toBe(true);
        expect(read.note!.covered).toContain(MASK);
        expect(read.note!.covered).not.toContain(dodge.gone);
        expect(read.note!.line).not.toContain(dodge.gone);
      }
      expect((await getSessionNote(db(), own, section.id, at))!).toMatchObject({ covered: `Scales. ${dodge.text}`, isFlagged: true });
    }
  });

  it("leaves ordinary notes untouched and unflagged", async () => {
    const { section, first, sessions, now } = await classWithTwoFamilies();
    for (const text of ORDINARY) {
      await saveSessionNote(
        db(),
        teacher(section.teacherId),
        {
          sectionId: section.id,
          sessionStartsAt: sessions[0]!.startsAt,
          covered: text,
          lines: [{ learnerId: first.learnerId, line: text }],
        },
        now,
      );
      const [row] = await db().select().from(sessionNotes).where(eq(sessionNotes.sectionId, section.id));
      expect(row).toMatchObject({ covered: text, flagged: false, originalCovered: null, flagReasons: [] });
    }
  });

  it("holds a homework link to a site off the allow-list for support: families see no link, its author sees it held", async () => {
    const { section, first, sessions, now } = await classWithTwoFamilies();
    const own = teacher(section.teacherId);
    const at = sessions[0]!.startsAt;
    const input = { sectionId: section.id, sessionStartsAt: at, covered: "Mazes", homeworkUrl: "https://pianofun.example.com/sheet" };
    expect(await saveSessionNote(db(), own, input, now)).toEqual({ created: true, isMasked: false, isLinkHeld: true });
    const [row] = await db().select().from(sessionNotes).where(eq(sessionNotes.sectionId, section.id));
    expect(row).toMatchObject({
      homeworkUrl: null,
      heldHomeworkUrl: "https://pianofun.example.com/sheet",
      flagged: true,
      flagReasons: ["held-link"],
    });
    const window = { from: new Date(Date.now() - 7 * DAY), to: now, now };
    const read = (await listFamilySessions(db(), first.parentId, window)).find((r) => r.startsAt === at)!;
    expect(read.note).toMatchObject({ covered: "Mazes", homeworkUrl: null });
    expect(await getSessionNote(db(), own, section.id, at)).toMatchObject({
      homeworkUrl: "https://pianofun.example.com/sheet",
      isHeld: true,
    });
    // scratch.mit.edu is on the list (a host, not an ending): it goes straight to families.
    await saveSessionNote(db(), own, { ...input, homeworkUrl: "https://scratch.mit.edu/projects/1" }, now);
    const again = (await listFamilySessions(db(), first.parentId, window)).find((r) => r.startsAt === at)!;
    expect(again.note).toMatchObject({ homeworkUrl: "https://scratch.mit.edu/projects/1" });
  });
});
