import "server-only";

import { and, asc, eq, inArray, or, sql, type Column } from "drizzle-orm";

import { recordAudit } from "@/lib/audit/audit";
import { learnersHomeworkRecords } from "@/lib/homework/export";
import { firebaseAccountStatus } from "@/lib/platform/auth/account-status";
import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb, type Transaction } from "@/lib/platform/db/client";
import {
  concernReports,
  messages,
  attendance,
  sessionNoteLines,
  sessionNotes,
  auditEvents,
  bookingHistory,
  bookings,
  demoOutcomes,
  cartItems,
  courseProposals,
  courseReviews,
  courses,
  demoRequests,
  emailPreferences,
  gifts,
  learners,
  learnerSignIns,
  calendarFeeds,
  ledgerEntries,
  logEvents,
  orderItems,
  orders,
  payments,
  refunds,
  teacherApplications,
  teacherAvailability,
  teacherAvailabilityExceptions,
  teacherChecks,
  teacherProfiles,
  topUps,
  users,
  waitlistEntries,
} from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { redactBearerUrl } from "@/lib/platform/security/bearer-urls";
import { z } from "@/lib/platform/zod";

/**
 * A person's subject access request (GDPR art. 15; COPPA lets a parent review a child's data),
 * issue 26 finding 7: everything the service holds about one account, as JSON, keyed by the
 * account (users.id), never by an email someone typed into a form.
 *
 * Who may: an admin always; support only when the account's email is verified (asked of Firebase
 * now), since anyone can sign up with another family's address. Each export is audited on the
 * account (action account.data_export); a refusal discloses nothing and is not.
 *
 * What it never holds, because it is a key or a secret rather than data about the person: gift
 * codes, booking tokens (the demo status links), meeting room names, unsubscribe tokens, session
 * data (sessions_valid_after), the Firebase uid, idempotency keys, outbox payloads (copies of the
 * messages, with their links and codes), and Stripe's ids: the order, top-up and payment rows,
 * their amounts and dates identify every payment, and a Checkout Session or PaymentIntent id is of
 * no use to the person (support finds it from the order id when a bank asks). URLs in the event log
 * go through redactBearerUrl, as every URL the log keeps does since finding 6.
 */
export const EXPORT_ACTION = "account.data_export";

export const EXPORT_MESSAGES = {
  malformed: "An account is named by its number (the users id, such as 42).",
  notFound: (id: number) => `There is no account number ${id}: it may have been deleted. Nothing was exported.`,
  unverified:
    "This account's email address is not verified, so support cannot export its data (anyone can sign up with another family's address). Ask the parent to follow the verification link we emailed them, or ask an admin to export it.",
  unavailable: "We could not ask the sign-in service whether this account's email is verified. Please try again in a minute.",
} as const;

/** The account as the export and its checks see it. */
interface ExportedAccount {
  id: number;
  email: string;
  emailVerified: boolean;
}

export type ExportCheck =
  { ok: true; account: ExportedAccount } | { ok: false; code: "not-found" | "forbidden" | "invalid" | "unavailable"; message: string };

/**
 * Whether `actor` may export account `userId` now, and why not (the pages show it before offering
 * the download; exportAccountData asks again). Throws only for an actor without privacy.export.
 */
export async function checkAccountExport(actor: Actor | null | undefined, userId: unknown): Promise<ExportCheck> {
  authorize(actor, "privacy.export");
  const parsed = z.coerce.number().int().positive().max(2_147_483_647).safeParse(userId);
  if (!parsed.success) return { ok: false, code: "invalid", message: EXPORT_MESSAGES.malformed };
  const db = await getDb();
  const [row] = await db.select({ id: users.id, email: users.email, uid: users.firebaseUid }).from(users).where(eq(users.id, parsed.data));
  if (!row) return { ok: false, code: "not-found", message: EXPORT_MESSAGES.notFound(parsed.data) };
  let emailVerified: boolean;
  try {
    // No Firebase account (a former teacher's placeholder, a row made by a script): not verified.
    emailVerified = (await firebaseAccountStatus(row.uid))?.emailVerified === true;
  } catch (error) {
    console.error("[privacy export] could not read the account's status:", error instanceof Error ? error.message : error);
    return { ok: false, code: "unavailable", message: EXPORT_MESSAGES.unavailable };
  }
  if (!emailVerified && actor.role !== "admin") return { ok: false, code: "forbidden", message: EXPORT_MESSAGES.unverified };
  return { ok: true, account: { id: row.id, email: row.email, emailVerified } };
}

export const LEAD_WITHOUT_ACCOUNT =
  "This request was made signed out, and no account with a verified email has its address, so there is no account to export. Data is exported by account: once the parent signs up with this address and verifies it, the export is offered here (an admin can export any account from the Users page).";

export type LeadAccountExport =
  { kind: "linked" | "matched"; accountId: number; email: string; check: ExportCheck } | { kind: "none"; message: string };

/**
 * The account a demo request belongs to, for the request's page: the one signed in when it was
 * made, else an account with the request's email once that email is verified (never by an email
 * alone: anyone can type any address into the form). With whether `actor` may export it.
 */
export async function findLeadAccountExport(actor: Actor | null | undefined, leadId: string): Promise<LeadAccountExport> {
  authorize(actor, "privacy.export");
  if (!z.uuid().safeParse(leadId).success) return { kind: "none", message: LEAD_WITHOUT_ACCOUNT };
  const db = await getDb();
  const [lead] = await db
    .select({ userId: demoRequests.userId, email: demoRequests.userEmail })
    .from(demoRequests)
    .where(eq(demoRequests.id, leadId));
  if (!lead) return { kind: "none", message: LEAD_WITHOUT_ACCOUNT };
  if (lead.userId !== null) {
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, lead.userId));
    if (row) return { kind: "linked", accountId: lead.userId, email: row.email, check: await checkAccountExport(actor, lead.userId) };
  }
  const candidates = await db
    .select({ id: users.id, email: users.email, uid: users.firebaseUid })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${lead.email})`)
    .limit(3);
  for (const candidate of candidates) {
    const verified = await firebaseAccountStatus(candidate.uid).then(
      (status) => status?.emailVerified === true,
      () => false,
    );
    if (verified)
      return { kind: "matched", accountId: candidate.id, email: candidate.email, check: await checkAccountExport(actor, candidate.id) };
  }
  return { kind: "none", message: LEAD_WITHOUT_ACCOUNT };
}

/** The export, or an AppError whose message says why not (unknown account, unverified for support). */
export async function exportAccountData(actor: Actor | null | undefined, userId: unknown, now = new Date()) {
  const check = await checkAccountExport(actor, userId);
  if (!check.ok) throw new AppError(check.code, check.message);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const data = await gatherAccountData(tx, check.account, now);
    await recordAudit(tx, actor!, {
      action: EXPORT_ACTION,
      targetType: "user",
      targetId: check.account.id,
      details: { emailVerified: check.account.emailVerified, byRole: actor!.role },
    });
    return data;
  });
}

export type AccountDataExport = Awaited<ReturnType<typeof gatherAccountData>>;

const byEmail = (account: ExportedAccount, column: Column) =>
  account.emailVerified ? sql`lower(${column}) = lower(${account.email})` : undefined;

const redactUrl = (url: string | null) => (url === null ? null : redactBearerUrl(url));

async function gatherAccountData(tx: Transaction, account: ExportedAccount, now: Date) {
  const id = account.id;
  const [profile] = await tx
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      photoUrl: users.photoUrl,
      role: users.role,
      timezone: users.timezone,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
      firebaseUid: users.firebaseUid,
    })
    .from(users)
    .where(eq(users.id, id));
  if (!profile) throw new AppError("not-found", EXPORT_MESSAGES.notFound(id));
  const { firebaseUid, ...accountProfile } = profile;

  const children = await tx
    .select({
      id: learners.id,
      firstName: learners.firstName,
      grade: learners.grade,
      birthYear: learners.birthYear,
      createdAt: learners.createdAt,
    })
    .from(learners)
    .where(eq(learners.parentId, id))
    .orderBy(asc(learners.id));
  const learnerIds = children.map((child) => child.id);

  // The children's own sign-ins (username, kind, the parent's consent and its date), never the secret's hash.
  const childSignIns = await tx
    .select({
      learnerId: learnerSignIns.learnerId,
      username: learnerSignIns.username,
      kind: learnerSignIns.secretKind,
      consentAt: learnerSignIns.consentAt,
      lastSignedInAt: learnerSignIns.lastSignedInAt,
      createdAt: learnerSignIns.createdAt,
      updatedAt: learnerSignIns.updatedAt,
    })
    .from(learnerSignIns)
    .where(eq(learnerSignIns.parentId, id))
    .orderBy(asc(learnerSignIns.learnerId));
  // The private calendar links that exist (never their token: it is a key).
  const feeds = await tx
    .select({
      scope: calendarFeeds.scope,
      learnerId: calendarFeeds.learnerId,
      createdAt: calendarFeeds.createdAt,
      updatedAt: calendarFeeds.updatedAt,
    })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, id))
    .orderBy(asc(calendarFeeds.createdAt));

  const waitlists = await tx
    .select({
      id: waitlistEntries.id,
      sectionId: waitlistEntries.sectionId,
      learnerId: waitlistEntries.learnerId,
      status: waitlistEntries.status,
      createdAt: waitlistEntries.createdAt,
      offeredAt: waitlistEntries.offeredAt,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
      statusChangedAt: waitlistEntries.statusChangedAt,
    })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.parentId, id))
    .orderBy(asc(waitlistEntries.id));

  // Requests made while signed in; those with the account's email only once it is verified.
  const requests = await tx
    .select({
      id: demoRequests.id,
      name: demoRequests.name,
      email: demoRequests.userEmail,
      phone: demoRequests.phone,
      course: demoRequests.course,
      courseTitle: courses.title,
      message: demoRequests.message,
      classType: demoRequests.classType,
      grade: demoRequests.grade,
      sourcePage: demoRequests.sourcePage,
      status: demoRequests.status,
      supportNote: demoRequests.note,
      ipAddress: demoRequests.ipAddress,
      userAgent: demoRequests.userAgent,
      firstContactedAt: demoRequests.firstContactedAt,
      createdAt: demoRequests.createdAt,
      updatedAt: demoRequests.updatedAt,
    })
    .from(demoRequests)
    .leftJoin(courses, eq(courses.id, demoRequests.courseId))
    .where(or(eq(demoRequests.userId, id), byEmail(account, demoRequests.userEmail)))
    .orderBy(asc(demoRequests.createdAt));
  const requestIds = requests.map((request) => request.id);

  const bookingRows =
    learnerIds.length + requestIds.length === 0
      ? []
      : await tx
          .select({
            id: bookings.id,
            kind: bookings.kind,
            status: bookings.status,
            learnerId: bookings.learnerId,
            demoRequestId: bookings.demoRequestId,
            sectionId: bookings.sectionId,
            courseTitle: courses.title,
            startsAt: bookings.startsAt,
            endsAt: bookings.endsAt,
            timezone: bookings.timezone,
            createdAt: bookings.createdAt,
            // A demo's outcome (issue 27): the teacher's note about the child, the level, the section recommended.
            outcomeNote: demoOutcomes.note,
            outcomeLevel: demoOutcomes.level,
            outcomeRecommendedSectionId: demoOutcomes.recommendedSectionId,
          })
          .from(bookings)
          .leftJoin(courses, eq(courses.id, bookings.courseId))
          .leftJoin(demoOutcomes, eq(demoOutcomes.bookingId, bookings.id))
          .where(
            or(
              learnerIds.length ? inArray(bookings.learnerId, learnerIds) : undefined,
              requestIds.length ? inArray(bookings.demoRequestId, requestIds) : undefined,
            ),
          )
          .orderBy(asc(bookings.startsAt));
  const bookingIds = bookingRows.map((booking) => booking.id);
  const history = bookingIds.length
    ? await tx
        .select({
          bookingId: bookingHistory.bookingId,
          fromStatus: bookingHistory.fromStatus,
          toStatus: bookingHistory.toStatus,
          fromStartsAt: bookingHistory.fromStartsAt,
          toStartsAt: bookingHistory.toStartsAt,
          at: bookingHistory.at,
        })
        .from(bookingHistory)
        .where(inArray(bookingHistory.bookingId, bookingIds))
        .orderBy(asc(bookingHistory.id))
    : [];

  const orderRows = await tx
    .select({
      id: orders.id,
      status: orders.status,
      currency: orders.currency,
      totalMinor: orders.totalMinor,
      walletMinor: orders.walletMinor,
      cardMinor: orders.cardMinor,
      lateRefundTo: orders.lateRefundTo,
      notice: orders.notice,
      holdExpiresAt: orders.holdExpiresAt,
      paidAt: orders.paidAt,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.userId, id))
    .orderBy(asc(orders.createdAt));
  const orderIds = orderRows.map((order) => order.id);
  const items = orderIds.length
    ? await tx
        .select({
          orderId: orderItems.orderId,
          sectionId: orderItems.sectionId,
          learnerId: orderItems.learnerId,
          priceMinor: orderItems.priceMinor,
          bookingId: orderItems.bookingId,
        })
        .from(orderItems)
        .where(inArray(orderItems.orderId, orderIds))
        .orderBy(asc(orderItems.id))
    : [];
  const paymentRows = orderIds.length
    ? await tx
        .select({
          orderId: payments.orderId,
          method: payments.method,
          amountMinor: payments.amountMinor,
          currency: payments.currency,
          status: payments.status,
          createdAt: payments.createdAt,
        })
        .from(payments)
        .where(inArray(payments.orderId, orderIds))
        .orderBy(asc(payments.id))
    : [];
  const refundRows = orderIds.length
    ? await tx
        .select({
          orderId: refunds.orderId,
          kind: refunds.kind,
          walletMinor: refunds.walletMinor,
          cardMinor: refunds.cardMinor,
          currency: refunds.currency,
          reason: refunds.reason,
          createdAt: refunds.createdAt,
        })
        .from(refunds)
        .where(inArray(refunds.orderId, orderIds))
        .orderBy(asc(refunds.id))
    : [];
  const topUpRows = await tx
    .select({
      id: topUps.id,
      amountMinor: topUps.amountMinor,
      currency: topUps.currency,
      status: topUps.status,
      paidAt: topUps.paidAt,
      createdAt: topUps.createdAt,
    })
    .from(topUps)
    .where(eq(topUps.userId, id))
    .orderBy(asc(topUps.createdAt));
  const ledger = await tx
    .select({
      kind: ledgerEntries.kind,
      amountMinor: ledgerEntries.amountMinor,
      currency: ledgerEntries.currency,
      reason: ledgerEntries.reason,
      orderId: ledgerEntries.orderId,
      giftId: ledgerEntries.giftId,
      topUpId: ledgerEntries.topUpId,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, id))
    .orderBy(asc(ledgerEntries.id));
  const cart = await tx
    .select({ sectionId: cartItems.sectionId, learnerId: cartItems.learnerId, createdAt: cartItems.createdAt })
    .from(cartItems)
    .where(eq(cartItems.userId, id));

  // Gifts: never the code (it is money to whoever holds it).
  const giftColumns = {
    id: gifts.id,
    status: gifts.status,
    paidBy: gifts.paidBy,
    amountMinor: gifts.amountMinor,
    currency: gifts.currency,
    recipientName: gifts.recipientName,
    recipientEmail: gifts.recipientEmail,
    message: gifts.message,
    redeemedAt: gifts.redeemedAt,
    frozenAt: gifts.frozenAt,
    createdAt: gifts.createdAt,
  };
  const giftsBought = await tx.select(giftColumns).from(gifts).where(eq(gifts.buyerId, id)).orderBy(asc(gifts.createdAt));
  const giftsReceived = await tx
    .select(giftColumns)
    .from(gifts)
    .where(or(eq(gifts.redeemedById, id), byEmail(account, gifts.recipientEmail)))
    .orderBy(asc(gifts.createdAt));

  const attendanceRows = learnerIds.length
    ? await tx
        .select({
          learnerId: attendance.learnerId,
          sectionId: attendance.sectionId,
          sessionStartsAt: attendance.sessionStartsAt,
          status: attendance.status,
          teacherNote: attendance.note,
          markedAt: attendance.markedAt,
        })
        .from(attendance)
        .where(inArray(attendance.learnerId, learnerIds))
        .orderBy(asc(attendance.sessionStartsAt))
    : [];
  // The teachers' lines about the family's children in their session notes (issue 28).
  const sessionNoteLineRows = learnerIds.length
    ? await tx
        .select({
          learnerId: sessionNoteLines.learnerId,
          sectionId: sessionNotes.sectionId,
          sessionStartsAt: sessionNotes.sessionStartsAt,
          line: sessionNoteLines.line,
        })
        .from(sessionNoteLines)
        .innerJoin(sessionNotes, eq(sessionNotes.id, sessionNoteLines.noteId))
        .where(inArray(sessionNoteLines.learnerId, learnerIds))
        .orderBy(asc(sessionNotes.sessionStartsAt))
    : [];
  // The children's homework (as handed in, with its files), feedback, marks, progress reports and certificates.
  const homework = await learnersHomeworkRecords(tx, learnerIds);
  const reviews = await tx
    .select({
      courseTitle: courses.title,
      learnerId: courseReviews.learnerId,
      rating: courseReviews.rating,
      comment: courseReviews.comment,
      status: courseReviews.status,
      createdAt: courseReviews.createdAt,
    })
    .from(courseReviews)
    .innerJoin(courses, eq(courses.id, courseReviews.courseId))
    .where(eq(courseReviews.parentId, id));

  // Issue 40: what the person wrote in conversations (as they typed it), and the concerns they reported.
  const messageRows = await tx
    .select({
      threadId: messages.threadId,
      body: sql<string>`coalesce(${messages.originalBody}, ${messages.body})`,
      hiddenBySupport: sql<boolean>`${messages.hiddenAt} is not null`,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.authorId, id))
    .orderBy(asc(messages.id));
  const concerns = await tx
    .select({
      about: concernReports.subjectLabel,
      reason: concernReports.reason,
      details: concernReports.details,
      status: concernReports.status,
      createdAt: concernReports.createdAt,
      closedAt: concernReports.closedAt,
    })
    .from(concernReports)
    .where(eq(concernReports.reporterId, id))
    .orderBy(asc(concernReports.id));

  const applications = await tx
    .select({
      name: teacherApplications.name,
      email: teacherApplications.email,
      subjects: teacherApplications.subjects,
      experience: teacherApplications.experience,
      availability: teacherApplications.availability,
      status: teacherApplications.status,
      decidedAt: teacherApplications.decidedAt,
      declineReason: teacherApplications.declineReason,
      createdAt: teacherApplications.createdAt,
    })
    .from(teacherApplications)
    .where(or(eq(teacherApplications.userId, id), byEmail(account, teacherApplications.email)));
  const [teacherProfile] = await tx
    .select({
      publicName: teacherProfiles.publicName,
      bio: teacherProfiles.bio,
      subjects: teacherProfiles.subjects,
      timezone: teacherProfiles.timezone,
      approvedAt: teacherProfiles.approvedAt,
    })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.userId, id));
  const weeklyHours = teacherProfile
    ? await tx
        .select({
          weekday: teacherAvailability.weekday,
          startMinute: teacherAvailability.startMinute,
          endMinute: teacherAvailability.endMinute,
        })
        .from(teacherAvailability)
        .where(eq(teacherAvailability.teacherId, id))
    : [];
  const exceptions = teacherProfile
    ? await tx
        .select({
          date: teacherAvailabilityExceptions.date,
          kind: teacherAvailabilityExceptions.kind,
          startMinute: teacherAvailabilityExceptions.startMinute,
          endMinute: teacherAvailabilityExceptions.endMinute,
        })
        .from(teacherAvailabilityExceptions)
        .where(eq(teacherAvailabilityExceptions.teacherId, id))
    : [];

  // Issue 38: the person's vetting checks (a background check's outcome is theirs to see) and the courses they proposed.
  const checks = await tx
    .select({
      kind: teacherChecks.kind,
      status: teacherChecks.status,
      checkedAt: teacherChecks.checkedAt,
      expiresAt: teacherChecks.expiresAt,
      note: teacherChecks.note,
      providerRef: teacherChecks.providerRef,
    })
    .from(teacherChecks)
    .where(eq(teacherChecks.userId, id));
  const proposals = await tx
    .select({
      title: courseProposals.title,
      category: courseProposals.category,
      description: courseProposals.description,
      outcomes: courseProposals.outcomes,
      status: courseProposals.status,
      note: courseProposals.note,
      createdAt: courseProposals.createdAt,
    })
    .from(courseProposals)
    .where(eq(courseProposals.teacherId, id));

  // What staff did about them: the account, its requests, its orders. The staff member's own
  // address is theirs, not the person's: the role of the record is enough.
  const about = or(
    and(eq(auditEvents.targetType, "user"), eq(auditEvents.targetId, String(id))),
    requestIds.length ? and(eq(auditEvents.targetType, "demo_request"), inArray(auditEvents.targetId, requestIds)) : undefined,
    orderIds.length ? and(eq(auditEvents.targetType, "order"), inArray(auditEvents.targetId, orderIds)) : undefined,
  );
  const auditHistory = await tx
    .select({
      action: auditEvents.action,
      targetType: auditEvents.targetType,
      targetId: auditEvents.targetId,
      details: auditEvents.details,
      at: auditEvents.createdAt,
    })
    .from(auditEvents)
    .where(about)
    .orderBy(asc(auditEvents.id));

  const ids = [String(id), firebaseUid];
  const events = await tx
    .select({
      eventName: logEvents.eventName,
      currentUrl: logEvents.currentUrl,
      additionalInfo: logEvents.additionalInfo,
      ipAddress: logEvents.ipAddress,
      userAgent: logEvents.userAgent,
      referer: logEvents.referer,
      createdAt: logEvents.createdAt,
    })
    .from(logEvents)
    .where(or(inArray(logEvents.userId, ids), inArray(logEvents.claimedUserId, ids)))
    .orderBy(asc(logEvents.id));

  // Whether the address asked for no more non-essential mail (never its token).
  const [preference] = account.emailVerified
    ? await tx
        .select({ unsubscribedAt: emailPreferences.unsubscribedAt })
        .from(emailPreferences)
        .where(eq(emailPreferences.email, account.email.toLowerCase()))
    : [];

  return {
    exportedAt: now.toISOString(),
    about:
      "Everything we hold about this account and the children under it. Money is in minor units (cents). Gift codes, links that act as keys, and payment-provider references are left out on purpose.",
    account: {
      ...accountProfile,
      emailVerified: account.emailVerified,
      unsubscribedFromNonEssentialEmailAt: preference?.unsubscribedAt ?? null,
    },
    learners: children,
    learnerSignIns: childSignIns,
    calendarFeeds: feeds,
    demoRequests: requests,
    bookings: bookingRows,
    bookingHistory: history,
    waitlistEntries: waitlists,
    orders: orderRows,
    orderItems: items,
    payments: paymentRows,
    refunds: refundRows,
    topUps: topUpRows,
    wallet: ledger,
    cart,
    giftsBought,
    giftsReceived,
    attendance: attendanceRows,
    sessionNoteLines: sessionNoteLineRows,
    homework,
    courseReviews: reviews,
    messages: messageRows,
    concernsReported: concerns,
    teacherApplications: applications,
    teacherChecks: checks,
    courseProposals: proposals,
    teacherProfile: teacherProfile ? { ...teacherProfile, weeklyHours, exceptions } : null,
    auditHistory,
    logEvents: events.map((event) => ({ ...event, currentUrl: redactUrl(event.currentUrl), referer: redactUrl(event.referer) })),
  };
}
