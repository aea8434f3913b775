import { and, eq, sql } from "drizzle-orm";
import { areTagsExpired, tagsManifest } from "next/dist/server/lib/incremental-cache/tags-manifest.external.js";

import { accountDeleted, verificationEmailRequested } from "@/lib/accounts/events";
import { orderClosed, orderHoldReleased, seatsCancelled, seatsConfirmed, seatsHeld, seatTransferred } from "@/lib/commerce/events";
import { createCourse, setCoursePublished, updateCourse } from "@/lib/courses/admin";
import { courseChanged } from "@/lib/courses/events";
import { courses, outbox, sections } from "@/lib/platform/db/schema";
import { emit, eventTopic, type DomainEvent } from "@/lib/platform/events/events";
import { handlerTopic, reactBeforeTheAnswerWith } from "@/lib/platform/events/reactions";
import { runAction } from "@/lib/platform/http/action-result";
import { reviewHidden, teacherSuspended } from "@/lib/safety/events";
import {
  sectionSaved,
  sessionCancelled,
  sessionMakeupSet,
  sessionMoved,
  waitlistOffered,
  waitlistOfferLapsed,
} from "@/lib/scheduling/events";
import { coursePageTag, SEAT_PAGES_TAG } from "@/lib/scheduling/seat-pages";
import { joinWaitlist, leaveWaitlist } from "@/lib/scheduling/waitlist";
import { createSection, updateSection } from "@/lib/scheduling/sections";
import { decidePendingBio } from "@/lib/teachers/bio-review";
import {
  courseProposalDecided,
  teacherApplicationDecided,
  teacherBioPublished,
  teacherClearanceLapsed,
  teacherListingReviewed,
} from "@/lib/teachers/events";
import { approveTeacherProfile, saveTeacherProfile } from "@/lib/teachers/profiles";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";
import { insertActor } from "@/test/fixtures";
import { storedSectionInput } from "@/test/scheduling-fixtures";
import { deliverSeatPageExpiries } from "@/test/seat-pages-expiry";

import { expireCoursePage, expireSeatPages } from "./seat-pages";
import { REACTIONS } from "./table";

/**
 * The cached public pages that show courses, sections and seats (SEAT_PAGES_TAG) have one road to
 * their expiry: a domain change writes its event in its transaction, and the reactions table's
 * expire-seat-pages expires the tag through Next's cache handler (no request needed). The person
 * whose own action caused it finds it on their next page: the same expiry runs before the action's
 * answer (runAction), so no server action expires the tag by hand.
 */

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());
const db = () => database.db;

beforeEach(() => tagsManifest.clear());
afterEach(() => {
  reactBeforeTheAnswerWith(undefined);
  jest.restoreAllMocks();
});

/** A page rendered a minute ago, carrying the sections' tag as the course and teacher pages do. */
const seatPagesExpired = () => areTagsExpired([SEAT_PAGES_TAG], Date.now() - 60_000);

/** An id no row of this file's database has, for the made-up payloads below (the domain tests count their own rows' events). */
const FAKE_ID = 999_999;

/** Every event whose line in the table lists expire-seat-pages, with a payload its schema accepts. */
const EXPIRING: Array<[DomainEvent, unknown]> = [
  [seatsConfirmed, { bookingIds: ["b-1"] }],
  [seatsCancelled, { bookingIds: ["b-1"], refundIds: [], sectionClosed: false }],
  [seatTransferred, { transferId: FAKE_ID }],
  [orderHoldReleased, { orderId: "o-1", checkoutSessionId: null }],
  [seatsHeld, { orderId: "o-1" }],
  [orderClosed, { orderId: "o-1" }],
  [sectionSaved, { sectionId: FAKE_ID }],
  [teacherSuspended, { teacherId: FAKE_ID, concernId: FAKE_ID, bookingIds: [], refundIds: [] }],
  [reviewHidden, { concernId: FAKE_ID }],
  [sessionMoved, { changeId: FAKE_ID, sequence: 1 }],
  [sessionCancelled, { changeId: FAKE_ID, sequence: 1 }],
  [sessionMakeupSet, { changeId: FAKE_ID, sequence: 1 }],
  [teacherApplicationDecided, { applicationId: FAKE_ID }],
  [teacherListingReviewed, { sectionId: FAKE_ID, approved: true, note: null, reviewedAt: new Date().toISOString() }],
  [teacherBioPublished, { teacherId: FAKE_ID }],
  [courseProposalDecided, { proposalId: FAKE_ID }],
  [courseChanged, { courseId: FAKE_ID }],
  [accountDeleted, { userId: FAKE_ID }],
  [teacherClearanceLapsed, { teacherId: FAKE_ID, clearedUntil: new Date().toISOString() }],
  [waitlistOffered, { entryIds: [FAKE_ID] }],
  [waitlistOfferLapsed, { entryIds: [FAKE_ID] }],
];

const deliverExpiries = () => deliverSeatPageExpiries(db());

const eventsWritten = async (name: string, field: string, value: string | number) =>
  (
    await db()
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.topic, eventTopic(name)), sql`${outbox.payload}->>${field} = ${String(value)}`))
  ).length;

describe("the seat pages expire by one reaction", () => {
  it("lists expire-seat-pages on exactly the events that change what those pages show", () => {
    const listed = REACTIONS.filter((line) => line.handlers.some((handler) => handler.name === expireSeatPages.name)).map(
      (line) => line.event.name,
    );
    expect(listed.sort()).toEqual(EXPIRING.map(([event]) => event.name).sort());
  });

  it.each(EXPIRING.map(([event, payload]) => [event.name, event, payload] as const))(
    "%s, once delivered by the outbox (no request), expires the pages' tag",
    async (name, event, payload) => {
      await db().transaction(async (tx) => emit(tx, event, payload as never));
      expect(seatPagesExpired()).toBe(false);
      await deliverExpiries();
      expect(seatPagesExpired()).toBe(true);
      const [row] = await db()
        .select({ deliveredAt: outbox.deliveredAt })
        .from(outbox)
        .where(eq(outbox.topic, handlerTopic(name, expireSeatPages.name)));
      expect(row?.deliveredAt).not.toBeNull();
    },
  );
});

describe("the person who acted sees their change on their next page", () => {
  it("runAction runs the expiry before its answer, once the work that emitted the event has ended", async () => {
    reactBeforeTheAnswerWith(REACTIONS);
    let expiredInsideWork: boolean | undefined;
    const result = await runAction("test", async () => {
      await db().transaction(async (tx) => {
        await emit(tx, sectionSaved, { sectionId: FAKE_ID });
        await emit(tx, courseChanged, { courseId: FAKE_ID });
      });
      expiredInsideWork = seatPagesExpired();
      return "Saved.";
    });
    expect(result).toEqual({ ok: true, message: "Saved." });
    // Not while the work ran (a page rendered before the commit would be cached stale), but before the answer: no outbox delivery ran.
    expect(expiredInsideWork).toBe(false);
    expect(seatPagesExpired()).toBe(true);
  });

  it("also after an action that failed past a committed change; not after one whose events do not touch the pages", async () => {
    reactBeforeTheAnswerWith(REACTIONS);
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    const failed = await runAction("test", async () => {
      await db().transaction(async (tx) => emit(tx, orderClosed, { orderId: "o-2" }));
      throw new Error("Stripe could not be reached");
    });
    expect(failed.ok).toBe(false);
    expect(seatPagesExpired()).toBe(true);

    tagsManifest.clear();
    await runAction("test", async () => {
      await db().transaction(async (tx) => emit(tx, verificationEmailRequested, { userId: 1, requestId: crypto.randomUUID() }));
      return "Sent.";
    });
    expect(seatPagesExpired()).toBe(false);
  });

  it("without the table handed over at the server's start, the outbox alone expires them", async () => {
    await runAction("test", async () => {
      await db().transaction(async (tx) => emit(tx, sectionSaved, { sectionId: FAKE_ID }));
      return "Saved.";
    });
    expect(seatPagesExpired()).toBe(false);
    await deliverExpiries();
    expect(seatPagesExpired()).toBe(true);
  });
});

describe("the changes that write those events", () => {
  it("a course created, edited, published or hidden: course.changed", async () => {
    const admin = await insertActor(db(), "admin");
    const form = {
      slug: "seat-road-course",
      title: "Seat Road",
      category: "technical",
      description: "A course.",
      gradeMin: "4",
      gradeMax: "8",
      isFeatured: false,
      isPublished: true,
    };
    const { id } = await createCourse(admin, form);
    expect(await eventsWritten("course.changed", "courseId", id)).toBe(1);
    await updateCourse(admin, id, { ...form, title: "Seat Road, edited" });
    await setCoursePublished(admin, id, false);
    expect(await eventsWritten("course.changed", "courseId", id)).toBe(3);
  });

  it("a section created or changed in any way: section.saved", async () => {
    const existing = await newSection(db(), { capacity: 5 });
    const created = await createSection(await storedSectionInput(db(), existing));
    expect(await eventsWritten("section.saved", "sectionId", created.id)).toBe(1);
    await updateSection(created.id, await storedSectionInput(db(), created.id, { capacity: 6 }));
    expect(await eventsWritten("section.saved", "sectionId", created.id)).toBe(2);
  });

  it("a held bio let through: teacher.bio-published; turned down: nothing", async () => {
    const support = await insertActor(db(), "support");
    const held = async () => {
      const teacher = await insertActor(db(), "teacher");
      const profile = { publicName: "Ms Ada", bio: "I teach piano.", subjects: ["Piano"], timezone: "Europe/London" };
      await saveTeacherProfile(teacher.id, profile);
      await approveTeacherProfile(teacher.id);
      await saveTeacherProfile(teacher.id, { ...profile, bio: "I teach piano and song." });
      return teacher.id;
    };
    const approved = await held();
    const declined = await held();
    await decidePendingBio(support, { teacherId: approved, decision: "approve" });
    await decidePendingBio(support, { teacherId: declined, decision: "reject" });
    expect(await eventsWritten("teacher.bio-published", "teacherId", approved)).toBe(1);
    expect(await eventsWritten("teacher.bio-published", "teacherId", declined)).toBe(0);
  });
});

describe("a waitlist join or leave expires its own course page only (issue 40)", () => {
  /** A full section on sale and a verified family with a child: the family can join its line. */
  async function fullSectionAndFamily() {
    const sectionId = await newSection(db(), { capacity: 1, priceMinor: 5_000 });
    await db().update(sections).set({ status: "full" }).where(eq(sections.id, sectionId));
    const [course] = await db()
      .select({ slug: courses.slug })
      .from(courses)
      .innerJoin(sections, eq(sections.courseId, courses.id))
      .where(eq(sections.id, sectionId));
    return { sectionId, slug: course!.slug, family: await newFamily(db(), 0) };
  }
  const coursePageExpired = (slug: string) => areTagsExpired([coursePageTag(slug)], Date.now() - 60_000);

  it("lists expire-course-page on the join and the leave only", () => {
    const listed = REACTIONS.filter((line) => line.handlers.some((handler) => handler.name === expireCoursePage.name)).map(
      (line) => line.event.name,
    );
    expect(listed.sort()).toEqual(["waitlist.joined", "waitlist.left"]);
  });

  it("the family that joined finds the new count on its next page: that course's tag expired before the answer, no other page's", async () => {
    reactBeforeTheAnswerWith(REACTIONS);
    const { sectionId, slug, family } = await fullSectionAndFamily();
    const other = await fullSectionAndFamily();
    const joined = await runAction("test", async () => {
      await joinWaitlist(family.parentId, { sectionId, learnerId: family.learnerId });
      return "Joined.";
    });
    expect(joined).toEqual({ ok: true, message: "Joined." });
    expect(coursePageExpired(slug)).toBe(true);
    expect(coursePageExpired(other.slug)).toBe(false);
    expect(seatPagesExpired()).toBe(false);
  });

  it("a leave, delivered by the outbox alone (no request), expires that course's tag; the event names the entry and the course", async () => {
    const { sectionId, slug, family } = await fullSectionAndFamily();
    const { entryId } = await joinWaitlist(family.parentId, { sectionId, learnerId: family.learnerId });
    await deliverSeatPageExpiries(db());
    tagsManifest.clear();
    await leaveWaitlist(family.parentId, { entryId });
    expect(await eventsWritten("waitlist.left", "entryId", entryId)).toBe(1);
    expect(await eventsWritten("waitlist.joined", "courseSlug", slug)).toBe(1);
    expect(coursePageExpired(slug)).toBe(false);
    await deliverSeatPageExpiries(db());
    expect(coursePageExpired(slug)).toBe(true);
    expect(seatPagesExpired()).toBe(false);
  });
});
