import { desc, eq } from "drizzle-orm";

import { auditEvents, bookings, demoRequests } from "@/lib/platform/db/schema";
import { LEAD_BOOKING_MESSAGES } from "@/lib/demo-requests/lead-follows-booking";
import { csvField, exportLeads, leadsCsvStream } from "@/lib/demo-requests/csv";
import { listLeadQueue, QUEUE_PAGE_SIZE } from "@/lib/demo-requests/queue";
import { parseLeadFilters } from "@/lib/demo-requests/queue-schema";
import { changeLeadStatus, saveLeadNote } from "@/lib/demo-requests/workflow";
import { openTestDatabase } from "@/test/database";
import { insertActor, insertDemoRequests } from "@/test/fixtures";
import type { Actor } from "@/lib/platform/auth/permissions";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let support: Actor;
let admin: Actor;
let teacher: Actor;
let student: Actor;
beforeAll(async () => {
  database = await openTestDatabase();
  [support, admin, teacher, student] = await Promise.all([
    insertActor(database.db, "support"),
    insertActor(database.db, "admin"),
    insertActor(database.db, "teacher"),
    insertActor(database.db, "student"),
  ]);
});
afterAll(() => database.dispose());
beforeEach(async () => {
  await database.db.delete(auditEvents);
  await database.db.delete(bookings);
  await database.db.delete(demoRequests);
});

const NOW = new Date("2026-11-20T12:00:00Z");
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);
const filters = (params: Record<string, string> = {}) => parseLeadFilters(params);

describe("the support queue (issue 4)", () => {
  it("lists requests newest first with every field, and counts the new ones past 24 hours", async () => {
    await insertDemoRequests(database.db, [
      {
        name: "Old New",
        createdAt: hoursAgo(30),
        grade: 4,
        phone: "+1 555 0100",
        message: "Hi",
        classType: "Group Classes",
        sourcePage: "/book-free-demo/4",
      },
      { name: "Fresh", createdAt: hoursAgo(2) },
      { name: "Old Contacted", createdAt: hoursAgo(50), status: "contacted" },
    ]);
    const page = await listLeadQueue(support, filters(), NOW);
    expect(page.leads.map((l) => l.name)).toEqual(["Fresh", "Old New", "Old Contacted"]);
    expect(page.leads[1]).toMatchObject({
      grade: 4,
      phone: "+1 555 0100",
      message: "Hi",
      classType: "Group Classes",
      sourcePage: "/book-free-demo/4",
      status: "new",
    });
    expect(page.overdue).toBe(1);
    expect(page.total).toBe(3);
  });

  it("filters by status, overdue, grade, course, date and searches email or name", async () => {
    await insertDemoRequests(database.db, [
      { name: "Asha Rao", userEmail: "asha@example.com", grade: 5, createdAt: hoursAgo(30), courseId: null },
      { name: "Ben Ode", userEmail: "ben@school.org", grade: 7, createdAt: new Date("2026-11-10T09:00:00Z"), status: "converted" },
      { name: "Cleo 100%", userEmail: "cleo@example.com", grade: 5, createdAt: hoursAgo(1) },
    ]);
    const names = async (p: Record<string, string>) => (await listLeadQueue(support, filters(p), NOW)).leads.map((l) => l.name);
    expect(await names({ status: "converted" })).toEqual(["Ben Ode"]);
    expect(await names({ status: "overdue" })).toEqual(["Asha Rao"]);
    expect(await names({ grade: "5" })).toEqual(["Cleo 100%", "Asha Rao"]);
    expect(await names({ q: "SCHOOL.org" })).toEqual(["Ben Ode"]);
    expect(await names({ q: "asha" })).toEqual(["Asha Rao"]);
    // LIKE wildcards in the search are literal characters.
    expect(await names({ q: "100%" })).toEqual(["Cleo 100%"]);
    expect(await names({ q: "%" })).toEqual(["Cleo 100%"]);
    expect(await names({ from: "2026-11-10", to: "2026-11-10" })).toEqual(["Ben Ode"]);
    expect(await names({ course: "not-sure", grade: "5" })).toEqual(["Cleo 100%", "Asha Rao"]);
    // Malformed filters are ignored, not an error.
    expect(await names({ grade: "13", status: "nope", from: "yesterday" })).toHaveLength(3);
  });

  it("pages with a keyset cursor: no row skipped or repeated, even with equal timestamps", async () => {
    const sameTime = hoursAgo(5);
    await insertDemoRequests(
      database.db,
      Array.from({ length: QUEUE_PAGE_SIZE * 2 + 7 }, (_, i) => ({ name: `Lead ${i}`, createdAt: i % 3 === 0 ? sameTime : hoursAgo(i) })),
    );
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await listLeadQueue(support, filters(after ? { after } : {}), NOW);
      seen.push(...page.leads.map((l) => l.id));
      after = page.nextAfter ?? undefined;
      pages += 1;
    } while (after);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(QUEUE_PAGE_SIZE * 2 + 7);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("says when a request is back to New because its demo was cancelled, until another is booked (issue 31)", async () => {
    const [cancelledOnly, rebooked, never] = await insertDemoRequests(database.db, [{}, {}, {}]);
    const demo = (demoRequestId: string, status: "cancelled" | "confirmed", at: Date) => ({
      kind: "demo" as const,
      demoRequestId,
      teacherId: teacher.id,
      startsAt: new Date(at.getTime() + 86_400_000),
      endsAt: new Date(at.getTime() + 86_400_000 + 1_800_000),
      status,
      statusChangedAt: at,
      token: `${status}-${demoRequestId}`,
    });
    await database.db
      .insert(bookings)
      .values([
        demo(cancelledOnly!, "cancelled", hoursAgo(3)),
        demo(rebooked!, "cancelled", hoursAgo(5)),
        demo(rebooked!, "confirmed", hoursAgo(4)),
      ]);
    const { leads } = await listLeadQueue(support, filters(), NOW);
    const cancelledAt = new Map(leads.map((lead) => [lead.id, lead.demoCancelledAt]));
    expect(cancelledAt.get(cancelledOnly!)).toEqual(hoursAgo(3));
    expect(cancelledAt.get(rebooked!)).toBeNull();
    expect(cancelledAt.get(never!)).toBeNull();
  });

  it("is closed to teachers and students", async () => {
    await expect(listLeadQueue(teacher, filters(), NOW)).rejects.toMatchObject({ status: 403 });
    await expect(listLeadQueue(student, filters(), NOW)).rejects.toMatchObject({ status: 403 });
    expect(() => leadsCsvStream(teacher, filters())).not.toThrow(); // the stream checks on first read
    await expect(new Response(leadsCsvStream(teacher, filters())).text()).rejects.toMatchObject({ status: 403 });
  });
});

describe("the status workflow", () => {
  it("records who changed the status and when, and stamps the first contact once", async () => {
    const [id] = await insertDemoRequests(database.db, [{ name: "Asha" }]);
    await expect(changeLeadStatus(support, { id, status: "contacted" })).resolves.toBe("Status changed to Contacted.");
    const [afterContact] = await database.db.select().from(demoRequests).where(eq(demoRequests.id, id!));
    expect(afterContact).toMatchObject({ status: "contacted", statusChangedById: support.id });
    expect(afterContact?.firstContactedAt).toBeInstanceOf(Date);

    await changeLeadStatus(admin, { id, status: "converted" });
    const [afterConvert] = await database.db.select().from(demoRequests).where(eq(demoRequests.id, id!));
    expect(afterConvert).toMatchObject({ status: "converted", statusChangedById: admin.id });
    expect(afterConvert?.firstContactedAt).toEqual(afterContact?.firstContactedAt);

    const audit = await database.db.select().from(auditEvents).orderBy(auditEvents.id);
    expect(audit.map((a) => [a.actorEmail, a.action, a.details])).toEqual([
      [support.email, "lead.status", { from: "new", to: "contacted" }],
      [admin.email, "lead.status", { from: "contacted", to: "converted" }],
    ]);
  });

  it("refuses 'Demo scheduled' by hand while the request has no live demo booking (issue 17: it means a real time)", async () => {
    const [id] = await insertDemoRequests(database.db, [{ status: "contacted" }]);
    await expect(changeLeadStatus(support, { id, status: "demo_scheduled" })).rejects.toMatchObject({
      status: 409,
      message: LEAD_BOOKING_MESSAGES.scheduledNeedsBooking,
    });
    // A cancelled booking is no real time either.
    const booking = {
      kind: "demo" as const,
      demoRequestId: id!,
      teacherId: teacher.id,
      startsAt: new Date("2030-01-07T10:00:00Z"),
      endsAt: new Date("2030-01-07T10:30:00Z"),
    };
    await database.db.insert(bookings).values({ ...booking, status: "cancelled", token: `cancelled-${id}` });
    await expect(changeLeadStatus(support, { id, status: "demo_scheduled" })).rejects.toThrow(LEAD_BOOKING_MESSAGES.scheduledNeedsBooking);
    const [unchanged] = await database.db.select().from(demoRequests).where(eq(demoRequests.id, id!));
    expect(unchanged?.status).toBe("contacted");
    expect(await database.db.select().from(auditEvents)).toEqual([]);

    // With a live booking (set back by hand after a mistake, say) it is allowed.
    await database.db.insert(bookings).values({ ...booking, status: "confirmed", token: `live-${id}` });
    await expect(changeLeadStatus(support, { id, status: "demo_scheduled" })).resolves.toBe("Status changed to Demo scheduled.");
  });

  it("does not count closing or marking spam as contact", async () => {
    const [id] = await insertDemoRequests(database.db, [{}]);
    await changeLeadStatus(support, { id, status: "spam" });
    const [row] = await database.db.select().from(demoRequests).where(eq(demoRequests.id, id!));
    expect(row?.firstContactedAt).toBeNull();
  });

  it("keeps a note per request, each version in the audit trail", async () => {
    const [id] = await insertDemoRequests(database.db, [{}]);
    await expect(saveLeadNote(support, { id, note: "  Call back Tuesday after 5pm " })).resolves.toBe("Note saved.");
    await expect(saveLeadNote(support, { id, note: "" })).resolves.toBe("Note cleared.");
    const [row] = await database.db.select().from(demoRequests).where(eq(demoRequests.id, id!));
    expect(row?.note).toBeNull();
    const audit = await database.db.select().from(auditEvents).orderBy(auditEvents.id);
    expect(audit.map((a) => a.details)).toEqual([{ note: "Call back Tuesday after 5pm" }, { note: "" }]);
  });

  it("refuses teachers, students and the signed-out, and changes nothing", async () => {
    const [id] = await insertDemoRequests(database.db, [{}]);
    await expect(changeLeadStatus(teacher, { id, status: "contacted" })).rejects.toMatchObject({ status: 403 });
    await expect(saveLeadNote(student, { id, note: "x" })).rejects.toMatchObject({ status: 403 });
    await expect(changeLeadStatus(null, { id, status: "contacted" })).rejects.toMatchObject({ status: 401 });
    const [row] = await database.db.select().from(demoRequests).where(eq(demoRequests.id, id!));
    expect(row).toMatchObject({ status: "new", note: null });
    expect(await database.db.select().from(auditEvents)).toHaveLength(0);
  });

  it("validates the input: unknown status, bad id, missing request, overlong note", async () => {
    const [id] = await insertDemoRequests(database.db, [{}]);
    await expect(changeLeadStatus(support, { id, status: "won" })).rejects.toThrow("Please choose a status.");
    await expect(changeLeadStatus(support, { id: "1 or 1=1", status: "closed" })).rejects.toThrow("Unknown demo request.");
    await expect(changeLeadStatus(support, { id: "00000000-0000-4000-8000-000000000000", status: "closed" })).rejects.toMatchObject({
      status: 404,
    });
    await expect(saveLeadNote(support, { id, note: "x".repeat(2001) })).rejects.toThrow("at most 2000");
  });
});

describe("CSV export", () => {
  it("exports the filtered queue with a header and every field, quoting and defusing formulas", async () => {
    await insertDemoRequests(database.db, [
      { name: '=HYPERLINK("http://evil")', userEmail: "a@example.com", grade: 3, message: "Line one\nline, two" },
      { name: "Other", userEmail: "b@example.com", grade: 9 },
    ]);
    const text = await new Response(leadsCsvStream(support, filters({ grade: "3" }))).text();
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "id,received_at,name,email,phone,course,grade,class_type,message,source_page,status,status_changed_at,status_changed_by,first_contacted_at,note",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain('"Line one\nline, two"');
    expect(lines[1]).not.toContain("b@example.com");
  });

  it("records who exported which filters, and refuses a teacher", async () => {
    const stream = await exportLeads(support, filters({ grade: "3" }));
    await new Response(stream).text();
    const [record] = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "lead.export"))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(record).toMatchObject({
      actorId: support.id,
      actorEmail: support.email,
      details: { filters: expect.objectContaining({ grade: 3 }) },
    });
    await expect(exportLeads(teacher, filters())).rejects.toMatchObject({ status: 403 });
  });

  it("streams every row past the batch size", async () => {
    await insertDemoRequests(
      database.db,
      Array.from({ length: 1203 }, (_, i) => ({ name: `Lead ${i}` })),
    );
    const text = await new Response(leadsCsvStream(support, filters())).text();
    expect(text.trimEnd().split("\r\n")).toHaveLength(1204);
  });

  it("quotes fields per RFC 4180", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("-1+1")).toBe("'-1+1");
    expect(csvField(null)).toBe("");
    expect(csvField(new Date("2026-01-02T03:04:05Z"))).toBe("2026-01-02T03:04:05.000Z");
  });
});
