import { and, eq } from "drizzle-orm";

import type { Actor } from "@/lib/platform/auth/permissions";
import { attendance, auditEvents, sessionNotes, teacherProfiles, users } from "@/lib/platform/db/schema";
import { MASK, screeningReasonsText } from "@/lib/platform/security/screening";
import { rerunMigration } from "@/test/data-migration";
import { openTestDatabase } from "@/test/database";
import { seatedSection } from "@/test/classroom-fixtures";
import { insertActor } from "@/test/fixtures";

import { getAttendanceSheet, listFamilyAttendance, markAttendance } from "./attendance";
import { decideHeldHomeworkLink, listFlaggedNotes, resolveFlaggedAttendanceNote, resolveFlaggedSessionNote } from "./flagged-notes";
import { getSessionNote, saveSessionNote } from "./session-notes";

/**
 * Issue 40: a contact detail in a teacher's note on a child (the attendance sheet's note, a session
 * note's per-child line) is masked for the family AND flagged for the safety team, with what was
 * typed, in the one queue for notes on /support/safety, as a masked message is flagged.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());
const db = () => database.db;

const MINUTE = 60_000;
const teacher = (id: number): Actor => ({ id, email: `t${id}@example.com`, role: "teacher" });

/** A section with one family seated, and a clock five minutes into its first session. */
async function seatedClass() {
  const { sessions, ...seated } = await seatedSection(db());
  const startsAt = sessions[0]!.startsAt;
  return { ...seated, startsAt, now: new Date(new Date(startsAt).getTime() + 5 * MINUTE) };
}

describe("a teacher's attendance note on a child", () => {
  it("is masked for the family and flagged for the safety team with what was typed; an ordinary one is not", async () => {
    const support = await insertActor(db(), "support");
    const { section, parentId, learnerId, startsAt, now } = await seatedClass();
    const own = teacher(section.teacherId);
    const typed = "Great work! Text me on 555 014 2233 for extra help";
    await markAttendance(
      own,
      { sectionId: section.id, sessionStartsAt: startsAt, marks: [{ learnerId, status: "present", note: typed }] },
      now,
    );

    const [row] = await db().select().from(attendance).where(eq(attendance.sectionId, section.id));
    expect(row).toMatchObject({ note: `Great work! Text me on ${MASK} for extra help`, originalNote: typed, flagged: true });
    expect(row!.flagReasons).toContain("phone");
    expect((await listFamilyAttendance(parentId))[0]!.note).toBe(`Great work! Text me on ${MASK} for extra help`);

    const queued = (await listFlaggedNotes(support)).filter((n) => n.kind === "attendance" && n.id === row!.id);
    // The teacher as the concerns beside it and families name them: their public name (issue 38).
    await db().update(users).set({ displayName: "Demo Teacher" }).where(eq(users.id, section.teacherId));
    await db().update(teacherProfiles).set({ publicName: "Ms. Harper" }).where(eq(teacherProfiles.userId, section.teacherId));
    expect((await listFlaggedNotes(support)).find((n) => n.kind === "attendance" && n.id === row!.id)?.teacherName).toBe("Ms. Harper");
    // Support reads the reasons in words, not codes.
    expect(screeningReasonsText(queued[0]!.reasons)).toContain("a phone number");
    expect(screeningReasonsText(["handle", "suspicious-words"])).toBe("a social media handle, suspicious words");
    expect(queued).toEqual([
      expect.objectContaining({
        kind: "attendance",
        courseTitle: "Test course",
        reasons: expect.arrayContaining(["phone"]),
        lines: [{ learnerFirstName: "Ada", line: `Great work! Text me on ${MASK} for extra help`, originalLine: typed }],
      }),
    ]);
    await expect(listFlaggedNotes(own)).rejects.toMatchObject({ code: "forbidden" });

    // Its teacher edits what they typed: saving the sheet again does not wash the flag out.
    const sheet = await getAttendanceSheet(own, section.id, startsAt, now);
    expect(sheet.roster[0]!.note).toBe(typed);
    await markAttendance(
      own,
      { sectionId: section.id, sessionStartsAt: startsAt, marks: [{ learnerId, status: "late", note: sheet.roster[0]!.note }] },
      now,
    );
    expect((await db().select().from(attendance).where(eq(attendance.id, row!.id)))[0]).toMatchObject({
      flagged: true,
      originalNote: typed,
    });

    // Its teacher edits the detail out: families read the new note, but the flag stays raised with
    // the text that raised it, for support (issue 40: a teacher cannot clear a flag by editing).
    await markAttendance(
      own,
      { sectionId: section.id, sessionStartsAt: startsAt, marks: [{ learnerId, status: "late", note: "Wifi trouble, joined at 4:05" }] },
      now,
    );
    expect((await db().select().from(attendance).where(eq(attendance.id, row!.id)))[0]).toMatchObject({
      note: "Wifi trouble, joined at 4:05",
      originalNote: null,
      flaggedNote: typed,
      flagged: true,
      flagReasons: expect.arrayContaining(["phone"]),
    });
    expect((await listFamilyAttendance(parentId))[0]!.note).toBe("Wifi trouble, joined at 4:05");
    // The teacher's sheet gives back what they typed last, not the flagged text.
    expect((await getAttendanceSheet(own, section.id, startsAt, now)).roster[0]!.note).toBe("Wifi trouble, joined at 4:05");
    const stillQueued = (await listFlaggedNotes(support)).find((n) => n.kind === "attendance" && n.id === row!.id);
    expect(stillQueued).toMatchObject({
      reasons: expect.arrayContaining(["phone"]),
      lines: [{ learnerFirstName: "Ada", line: "Wifi trouble, joined at 4:05", originalLine: typed }],
    });

    // Only support resolves it, in its queue (a teacher may not); then it leaves the queue.
    await expect(resolveFlaggedAttendanceNote(own, { attendanceId: row!.id })).rejects.toMatchObject({ code: "forbidden" });
    await resolveFlaggedAttendanceNote(support, { attendanceId: row!.id });
    expect((await db().select().from(attendance).where(eq(attendance.id, row!.id)))[0]).toMatchObject({
      flagged: false,
      flaggedNote: null,
      flagReasons: [],
    });
    expect((await listFlaggedNotes(support)).some((n) => n.kind === "attendance" && n.id === row!.id)).toBe(false);
    await expect(resolveFlaggedAttendanceNote(support, { attendanceId: row!.id })).rejects.toMatchObject({ code: "not-found" });
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, "attendance_note"), eq(auditEvents.targetId, String(row!.id))));
    expect(audit).toMatchObject({
      action: "attendance.flag-resolved",
      actorId: support.id,
      details: { reasons: expect.arrayContaining(["phone"]) },
    });

    // A new contact detail raises it again.
    await markAttendance(
      own,
      { sectionId: section.id, sessionStartsAt: startsAt, marks: [{ learnerId, status: "late", note: "Email me: ada.coach@example.com" }] },
      now,
    );
    expect((await db().select().from(attendance).where(eq(attendance.id, row!.id)))[0]).toMatchObject({
      flagged: true,
      flaggedNote: "Email me: ada.coach@example.com",
    });
  });

  it("stays flagged through any number of edits, the reasons adding up, until support resolves it", async () => {
    const support = await insertActor(db(), "support");
    const { section, learnerId, startsAt, now } = await seatedClass();
    const own = teacher(section.teacherId);
    const mark = (note: string) =>
      markAttendance(own, { sectionId: section.id, sessionStartsAt: startsAt, marks: [{ learnerId, status: "present", note }] }, now);
    await mark("Call me on 555 014 2233");
    await mark("Good focus today");
    await mark("Write to ada.coach@example.com");
    await mark("All good");
    const [row] = await db().select().from(attendance).where(eq(attendance.sectionId, section.id));
    expect(row).toMatchObject({ note: "All good", flagged: true, flaggedNote: "Call me on 555 014 2233" });
    expect(row!.flagReasons).toEqual(expect.arrayContaining(["phone", "email"]));
    expect((await listFlaggedNotes(support)).some((n) => n.kind === "attendance" && n.id === row!.id)).toBe(true);
  });
});

describe("a session note's per-child line", () => {
  it("reaches the queue with the line as the family reads it and as typed, and stays there when a held link is decided", async () => {
    const support = await insertActor(db(), "support");
    const { section, learnerId, startsAt, now } = await seatedClass();
    const typed = "Ada can reach me at ada.coach@example.com";
    await saveSessionNote(
      db(),
      teacher(section.teacherId),
      {
        sectionId: section.id,
        sessionStartsAt: startsAt,
        covered: "Loops and a first maze",
        homeworkUrl: "https://pianofun.example.com/sheet",
        lines: [{ learnerId, line: typed }],
      },
      now,
    );
    const [note] = await db().select().from(sessionNotes).where(eq(sessionNotes.sectionId, section.id));
    const queued = () => listFlaggedNotes(support).then((all) => all.find((n) => n.kind === "session-note" && n.id === note!.id));
    expect(await queued()).toMatchObject({
      covered: "Loops and a first maze",
      originalCovered: null,
      heldHomeworkUrl: "https://pianofun.example.com/sheet",
      lines: [{ learnerFirstName: "Ada", line: `Ada can reach me at ${MASK}`, originalLine: typed }],
    });
    // Letting the link through leaves the note in the queue for its line.
    await decideHeldHomeworkLink(support, { noteId: note!.id, decision: "release", links: ["https://pianofun.example.com/sheet"] });
    expect(await queued()).toMatchObject({ heldHomeworkUrl: null, lines: [{ originalLine: typed }] });
  });
});

/**
 * Issue 40: a session note's flag sticks as an attendance note's does: its teacher editing the
 * detail out does not clear it; support reads what raised it until they resolve it.
 */
describe("a session note's safety flag", () => {
  /** A seated class, its teacher, support, and a save of the note of its first session. */
  async function noteOfClass() {
    const support = await insertActor(db(), "support");
    const { section, learnerId, startsAt, now } = await seatedClass();
    const own = teacher(section.teacherId);
    const save = (covered: string, line = "", homeworkUrl = "") =>
      saveSessionNote(
        db(),
        own,
        { sectionId: section.id, sessionStartsAt: startsAt, covered, homeworkUrl, lines: line === "" ? [] : [{ learnerId, line }] },
        now,
      );
    const stored = async () => (await db().select().from(sessionNotes).where(eq(sessionNotes.sectionId, section.id)))[0]!;
    const queued = async () => {
      const id = (await stored()).id;
      return (await listFlaggedNotes(support)).find((n) => n.kind === "session-note" && n.id === id);
    };
    return { support, section, learnerId, startsAt, now, own, save, stored, queued };
  }

  it("stays flagged when its teacher edits the detail out, with what raised it listed for support", async () => {
    const { section, learnerId, startsAt, now, own, save, stored, queued } = await noteOfClass();
    const covered = "Scales. Text me on 555 014 2233 for extra help";
    const line = "Ada can reach me at ada.coach@example.com";
    await save(covered, line);
    expect(await stored()).toMatchObject({ flagged: true, flaggedTexts: expect.arrayContaining([covered, line]) });

    // The teacher cleans both: families read the clean note, its author edits it, the flag stays.
    await saveSessionNote(
      db(),
      own,
      { sectionId: section.id, sessionStartsAt: startsAt, covered: "Scales", lines: [{ learnerId, line: "Good focus" }] },
      now,
    );
    expect(await stored()).toMatchObject({
      covered: "Scales",
      originalCovered: null,
      flagged: true,
      flagReasons: expect.arrayContaining(["email", "phone"]),
    });
    expect((await stored()).flaggedTexts.sort()).toEqual([covered, line].sort());
    expect(await getSessionNote(db(), own, section.id, startsAt)).toMatchObject({
      covered: "Scales",
      lines: { [learnerId]: "Good focus" },
    });
    const listed = await queued();
    expect(listed).toMatchObject({ covered: "Scales", originalCovered: null, lines: [] });
    expect(listed!.editedOut.sort()).toEqual([covered, line].sort());
  });

  it("adds up its reasons through any number of edits until support resolves it", async () => {
    const { save, stored, queued } = await noteOfClass();
    await save("Call me on 555 014 2233");
    await save("Loops");
    await save("Loops", "Write to ada.coach@example.com");
    await save("Loops", "All good");
    const row = await stored();
    expect(row).toMatchObject({ covered: "Loops", flagged: true });
    expect(row.flagReasons).toEqual(expect.arrayContaining(["email", "phone"]));
    expect((await queued())!.editedOut.sort()).toEqual(["Call me on 555 014 2233", "Write to ada.coach@example.com"]);
  });

  it("is resolved by support alone, once, audited; the same text saved again does not raise it, a new one does", async () => {
    const { support, own, save, stored, queued } = await noteOfClass();
    const typed = "Text me on 555 014 2233";
    await save(typed);
    const id = (await stored()).id;

    await expect(resolveFlaggedSessionNote(own, { noteId: id })).rejects.toMatchObject({ code: "forbidden" });
    expect(await stored()).toMatchObject({ flagged: true });
    await resolveFlaggedSessionNote(support, { noteId: String(id) });
    expect(await stored()).toMatchObject({ flagged: false, flagReasons: [], flaggedTexts: [] });
    expect(await queued()).toBeUndefined();
    await expect(resolveFlaggedSessionNote(support, { noteId: id })).rejects.toMatchObject({
      code: "not-found",
      message: "That note is no longer flagged.",
    });
    const audits = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, "session_note"), eq(auditEvents.targetId, String(id))));
    expect(audits).toEqual([
      expect.objectContaining({
        action: "session-note.flag-resolved",
        actorId: support.id,
        details: { reasons: expect.arrayContaining(["phone"]) },
      }),
    ]);

    // The teacher saves the note again as it stands (the form gives back what they typed): support resolved it.
    await save(typed);
    expect(await stored()).toMatchObject({ flagged: false, flaggedTexts: [] });
    expect(await queued()).toBeUndefined();

    // A new contact detail raises it again, with only what raised it this time.
    await save(typed, "Ada can reach me at ada.coach@example.com");
    expect(await stored()).toMatchObject({ flagged: true, flaggedTexts: ["Ada can reach me at ada.coach@example.com"] });
    expect(await queued()).toMatchObject({ lines: [{ originalLine: "Ada can reach me at ada.coach@example.com" }] });
  });

  it("stays flagged for its text when a held link is let through; resolving it leaves a link still held to decide", async () => {
    const { support, save, stored, queued } = await noteOfClass();
    const typed = "Find me on 555 014 2233";
    await save(typed, "", "https://pianofun.example.com/sheet");
    await save("Mazes", "", "https://pianofun.example.com/sheet");
    const id = (await stored()).id;
    await decideHeldHomeworkLink(support, { noteId: id, decision: "release", links: ["https://pianofun.example.com/sheet"] });
    expect(await stored()).toMatchObject({ flagged: true, homeworkUrl: "https://pianofun.example.com/sheet", flaggedTexts: [typed] });
    expect(await queued()).toMatchObject({ heldHomeworkUrl: null, editedOut: [typed] });

    // Resolved while a link is held (here one its teacher removed before support decided it): the
    // note stays in the queue for the link alone, which support decides.
    await save("Mazes", "", "https://other.example.org/work");
    await save("Mazes");
    await expect(resolveFlaggedSessionNote(support, { noteId: id })).resolves.toEqual({ isLinkHeld: true });
    expect(await stored()).toMatchObject({ flagged: true, flagReasons: ["held-link"], flaggedTexts: [] });
    expect(await queued()).toMatchObject({ heldHomeworkUrl: null, replacedHeldHomeworkUrls: ["https://other.example.org/work"] });
    await expect(resolveFlaggedSessionNote(support, { noteId: id })).rejects.toMatchObject({ code: "not-found" });
    await decideHeldHomeworkLink(support, { noteId: id, decision: "drop", links: ["https://other.example.org/work"] });
    expect(await stored()).toMatchObject({ flagged: false, homeworkUrl: null, heldHomeworkUrl: null });
    expect(await queued()).toBeUndefined();
  });
  it("drops the link from its reasons once support decides the link, its text reasons staying until resolved", async () => {
    const { support, save, stored, queued } = await noteOfClass();
    await save("Find me on 555 014 2233", "", "https://pianofun.example.com/sheet");
    const id = (await stored()).id;
    expect((await stored()).flagReasons).toEqual(["held-link", "phone"]);

    await decideHeldHomeworkLink(support, { noteId: id, decision: "drop", links: ["https://pianofun.example.com/sheet"] });
    expect(await stored()).toMatchObject({ flagged: true, flagReasons: ["phone"], heldHomeworkUrl: null });
    expect(screeningReasonsText((await queued())!.reasons)).toBe("a phone number");
    // The teacher saves again, no link held: the reason does not come back.
    await save("Mazes");
    expect(await stored()).toMatchObject({ flagged: true, flagReasons: ["phone"] });
    await resolveFlaggedSessionNote(support, { noteId: id });
    expect(await stored()).toMatchObject({ flagged: false, flagReasons: [] });
  });

  it("lists as open only the texts flagged since support last resolved it, the resolved ones still on it as history", async () => {
    const { support, save, stored, queued } = await noteOfClass();
    const phone = "Scales. Text me on 555 014 2233";
    const email = "Ada can reach me at ada.coach@example.com";
    const otherEmail = "Ada, the sheet is at coach.ada@example.org";
    const otherPhone = "Arpeggios. Call 555 019 7788 after class";
    await save(phone, email);
    await resolveFlaggedSessionNote(support, { noteId: (await stored()).id });

    // A new line raises the flag; what was covered, resolved and still on the note, is not open again.
    await save(phone, otherEmail);
    expect(await queued()).toMatchObject({
      originalCovered: null,
      lines: [{ learnerFirstName: "Ada", originalLine: otherEmail }],
      resolvedTexts: [phone],
      editedOut: [],
      canResolve: true,
    });
    await resolveFlaggedSessionNote(support, { noteId: (await stored()).id });

    // And the other way round: Ada's resolved line stays on the note, a new "covered" raises it.
    await save(otherPhone, otherEmail);
    expect(await queued()).toMatchObject({ originalCovered: otherPhone, lines: [], resolvedTexts: [otherEmail], editedOut: [] });
    expect((await queued())!.reasons).toEqual(["phone"]);
  });

  it("keeps a held link its teacher replaced for support, until one decision covers every held link support read", async () => {
    const { support, save, stored, queued } = await noteOfClass();
    const first = "https://pianofun.example.com/sheet";
    const second = "https://other.example.org/work";
    const allowed = "https://scratch.mit.edu/projects/1";
    await save("Mazes", "", first);
    const id = (await stored()).id;
    await save("Mazes", "", second);
    expect(await stored()).toMatchObject({
      flagged: true,
      flagReasons: ["held-link"],
      heldHomeworkUrl: second,
      replacedHeldHomeworkUrls: [first],
    });
    expect(await queued()).toMatchObject({ heldHomeworkUrl: second, replacedHeldHomeworkUrls: [first], canResolve: false });

    // Replaced by a link on the allow-list: families see it, and both held links still wait for support.
    await save("Mazes", "", allowed);
    expect(await stored()).toMatchObject({ flagged: true, flagReasons: ["held-link"], homeworkUrl: allowed, heldHomeworkUrl: null });
    expect((await stored()).replacedHeldHomeworkUrls.sort()).toEqual([first, second].sort());
    expect(await queued()).toMatchObject({ heldHomeworkUrl: null, replacedHeldHomeworkUrls: expect.arrayContaining([first, second]) });

    // Nothing held is left to let through; a decision on fewer links than are held is refused, nothing changed.
    await expect(decideHeldHomeworkLink(support, { noteId: id, decision: "release", links: [first, second] })).rejects.toMatchObject({
      code: "invalid",
    });
    await expect(decideHeldHomeworkLink(support, { noteId: id, decision: "drop", links: [first] })).rejects.toMatchObject({
      code: "conflict",
    });
    expect((await stored()).replacedHeldHomeworkUrls).toHaveLength(2);

    await decideHeldHomeworkLink(support, { noteId: id, decision: "drop", links: [second, first] });
    expect(await stored()).toMatchObject({
      flagged: false,
      flagReasons: [],
      homeworkUrl: allowed,
      heldHomeworkUrl: null,
      replacedHeldHomeworkUrls: [],
    });
    expect(await queued()).toBeUndefined();
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, "session_note"), eq(auditEvents.targetId, String(id))));
    expect(audit).toMatchObject({ action: "session-note.links-decided", actorId: support.id, details: { decision: "drop" } });
    expect((audit!.details as { links: string[] }).links.sort()).toEqual([first, second].sort());
  });

  it("names a text flagged only for a link off the allow-list, apart from a held homework link, in words in the queue", async () => {
    const { support, save, stored, queued } = await noteOfClass();
    const typed = "Mazes. Play the maze game on pianofun.example.com/play";
    await save(typed);
    expect(await stored()).toMatchObject({ flagged: true, flagReasons: ["link"], flaggedTexts: [typed] });
    expect(await queued()).toMatchObject({ reasons: ["link"], originalCovered: typed, canResolve: true });
    expect(screeningReasonsText((await queued())!.reasons)).toBe("a link off the allow-list");

    // A homework link held as well: each reason its own.
    const held = "https://other.example.org/work";
    await save(typed, "", held);
    expect((await stored()).flagReasons).toEqual(["held-link", "link"]);
    expect(screeningReasonsText((await queued())!.reasons)).toBe("a homework link held for support, a link off the allow-list");

    // Support's decision on the held link takes its reason away; the text's stays until resolved.
    const id = (await stored()).id;
    await decideHeldHomeworkLink(support, { noteId: id, decision: "drop", links: [held] });
    expect(await stored()).toMatchObject({ flagged: true, flagReasons: ["link"], heldHomeworkUrl: null });
    expect(await queued()).toMatchObject({ reasons: ["link"], canResolve: true });
    await resolveFlaggedSessionNote(support, { noteId: id });
    expect(await stored()).toMatchObject({ flagged: false, flagReasons: [] });
    expect(await queued()).toBeUndefined();
  });

  it("keeps a homework link support let through when its teacher saves the note again unchanged; a changed link is held again", async () => {
    const { support, section, startsAt, own, save, stored, queued } = await noteOfClass();
    const link = "https://pianofun.example.com/sheet";
    await save("Mazes", "", link);
    const id = (await stored()).id;
    await decideHeldHomeworkLink(support, { noteId: id, decision: "release", links: [link] });

    expect(await save("Mazes, and loops", "", link)).toMatchObject({ isLinkHeld: false });
    expect(await stored()).toMatchObject({
      flagged: false,
      flagReasons: [],
      homeworkUrl: link,
      heldHomeworkUrl: null,
      replacedHeldHomeworkUrls: [],
    });
    expect(await queued()).toBeUndefined();
    expect(await getSessionNote(db(), own, section.id, startsAt)).toMatchObject({ homeworkUrl: link, isHeld: false });

    const changed = "https://pianofun.example.com/sheet-2";
    expect(await save("Mazes, and loops", "", changed)).toMatchObject({ isLinkHeld: true });
    expect(await stored()).toMatchObject({ flagged: true, flagReasons: ["held-link"], homeworkUrl: null, heldHomeworkUrl: changed });
  });

  it("the data migration gives each stored note its reasons: a held link its own, a text flagged only for a link 'link'", async () => {
    const { support } = await noteOfClass();
    const held = "https://other.example.org/work";
    const linkText = "Mazes. Play the maze game on pianofun.example.com/play";
    const phoneText = "Scales. Text me on 555 014 2233";
    // Each as stored before held links had a reason of their own.
    const before = [
      { flagReasons: [], flaggedTexts: [linkText], heldHomeworkUrl: null, expected: ["link"] },
      { flagReasons: ["link"], flaggedTexts: [], heldHomeworkUrl: held, expected: ["held-link"] },
      { flagReasons: ["link"], flaggedTexts: [linkText], heldHomeworkUrl: held, expected: ["held-link", "link"] },
      { flagReasons: ["link", "phone"], flaggedTexts: [phoneText], heldHomeworkUrl: held, expected: ["held-link", "phone"] },
      { flagReasons: ["phone"], flaggedTexts: [phoneText], heldHomeworkUrl: null, expected: ["phone"] },
    ];
    const notes = [];
    for (const row of before) {
      const { save, stored } = await noteOfClass();
      await save(row.flaggedTexts[0] ?? "Mazes", "", row.heldHomeworkUrl ?? "");
      const id = (await stored()).id;
      await db()
        .update(sessionNotes)
        .set({ flagged: true, flagReasons: row.flagReasons, flaggedTexts: row.flaggedTexts, heldHomeworkUrl: row.heldHomeworkUrl })
        .where(eq(sessionNotes.id, id));
      notes.push({ id, stored, expected: row.expected });
    }
    await rerunMigration(db(), "0052_session_note_held_link_reason");
    await rerunMigration(db(), "0052_session_note_held_link_reason");
    const queue = await listFlaggedNotes(support);
    for (const note of notes) {
      expect({ id: note.id, reasons: (await note.stored()).flagReasons }).toEqual({ id: note.id, reasons: note.expected });
      expect(queue.find((n) => n.kind === "session-note" && n.id === note.id)).toMatchObject({
        reasons: note.expected,
        canResolve: note.expected.some((r) => r !== "held-link"),
      });
    }
  });

  it("lets through only the link held now, and only when it is the one support read", async () => {
    const { support, save, stored, queued } = await noteOfClass();
    const first = "https://pianofun.example.com/sheet";
    const second = "https://other.example.org/work";
    await save("Mazes", "", first);
    const id = (await stored()).id;
    const read = await queued();
    // The teacher swaps the link while support reads the queue: support's decision is refused.
    await save("Mazes", "", second);
    await expect(
      decideHeldHomeworkLink(support, {
        noteId: id,
        decision: "release",
        links: [read!.heldHomeworkUrl!, ...read!.replacedHeldHomeworkUrls],
      }),
    ).rejects.toMatchObject({ code: "conflict" });
    expect(await stored()).toMatchObject({ homeworkUrl: null, heldHomeworkUrl: second, replacedHeldHomeworkUrls: [first] });

    await decideHeldHomeworkLink(support, { noteId: id, decision: "release", links: [second, first] });
    expect(await stored()).toMatchObject({
      flagged: false,
      flagReasons: [],
      homeworkUrl: second,
      heldHomeworkUrl: null,
      replacedHeldHomeworkUrls: [],
    });
  });
});
