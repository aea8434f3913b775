import "server-only";

import { accountDeleted, passwordResetRequested, verificationEmailRequested } from "@/lib/accounts/events";
import {
  giftBought,
  orderClosed,
  orderHoldReleased,
  orderSeatTaken,
  payoutRequested,
  refundMade,
  seatsCancelled,
  seatsConfirmed,
  seatsHeld,
  seatTransferred,
  removedSessionsCredited,
  sectionClosed,
  sessionCredited,
} from "@/lib/commerce/events";
import { courseChanged } from "@/lib/courses/events";
import { leadCreated } from "@/lib/demo-requests/events";
import { homeworkFeedbackReturned } from "@/lib/homework/events";
import { messagePosted } from "@/lib/messages/events";
import { concernClosed, linkHostsChanged, reviewHidden, teacherSuspended } from "@/lib/safety/events";
import {
  courseProposalDecided,
  teacherApplicationDecided,
  teacherApplicationReceived,
  teacherBioPublished,
  teacherClearanceLapsed,
  teacherListingReviewed,
} from "@/lib/teachers/events";
import { sessionMissedByTeacher } from "@/lib/classroom/events";
import { emailVerified } from "@/lib/platform/auth/verified-email";
import { on, type Reaction } from "@/lib/platform/events/reactions";
import { every, type TimedJob } from "@/lib/platform/events/timed";
import { recordTeacherReliability } from "@/lib/classroom/reliability";
import { creditCancelledSessions } from "@/lib/commerce/session-credits";
import { runRetentionJob } from "@/lib/privacy/retention";
import { lapseExpiredOffers } from "@/lib/scheduling/waitlist";
import { announceLapsedClearances } from "@/lib/teachers/vetting/expiry";
import {
  bookingBooked,
  bookingCancelled,
  bookingMoved,
  demoOutcomeRecorded,
  sectionRescheduled,
  sectionSaved,
  sectionTeacherChanged,
  sessionCancelled,
  sessionMakeupSet,
  sessionMoved,
  waitlistJoined,
  waitlistLeft,
  waitlistOffered,
  waitlistOfferLapsed,
} from "@/lib/scheduling/events";

import { passwordResetMail, verificationMail } from "./account-mail";
import { bookingMail } from "./booking-mail";
import { queueCheckExpiryWarnings } from "./check-expiry-mail";
import { queueDemoFollowUps } from "./demo-follow-up";
import { leadFollowsBooking } from "./lead-follows-booking";
import { forgetLinkHosts } from "./link-hosts";
import { concernClosedMail, teacherSuspendedMail } from "./concern-mail";
import { demoOutcomeMail } from "./demo-outcome-mail";
import { demoRequestReceivedMail } from "./demo-request-mail";
import { enrolmentMail } from "./enrolment-mail";
import { expireCardSessionOfOrder } from "./expire-card-session";
import { giftMail } from "./gift-mail";
import { homeworkFeedbackMail, queueHomeworkReminders } from "./homework-mail";
import { queueWaitingLeadAlerts } from "./lead-alerts";
import { queueDueReminders } from "./reminders";
import { payoutTransfer } from "./payout-transfer";
import { messageMail } from "./message-mail";
import { missedSessionMail } from "./missed-session-mail";
import { refundMail } from "./refund-mail";
import { seatCancelMail } from "./seat-cancel-mail";
import { expireCoursePage, expireSeatPages } from "./seat-pages";
import { seatTakenMail } from "./seat-taken-mail";
import { transferMail } from "./transfer-mail";
import { sectionCloseMail } from "./section-close-mail";
import { sectionChangeMail } from "./section-change-mail";
import { sectionTeacherMail } from "./section-teacher-mail";
import { sessionChangeMail } from "./session-change-mail";
import { removedSessionCreditMail, sessionCreditMail } from "./session-credit-mail";
import { applicationDecidedMail, applicationReceivedMail, courseProposalDecidedMail, listingReviewedMail } from "./teacher-road-mail";
import { verifiedEmailDemos } from "./verified-email-demos";
import { waitlistLapsedMail, waitlistOfferMail } from "./waitlist-mail";
import { queueWeeklyDigests } from "./weekly-digest";

/**
 * Who reacts to what: every domain event (lib/<domain>/events.ts) and its handlers, in one table.
 * The outbox worker hands each event to each of its handlers at least once, after the change that
 * caused it has committed; a handler is idempotent by its own keys. README "How it is built" lists
 * what each reaction sends to whom. `expireSeatPages` is on every event that changes what the cached
 * public pages show of courses, sections and seats (lib/reactions/seat-pages.ts): the one road for
 * their expiry, also run before the answer of the person's own action that caused it.
 */
export const REACTIONS: readonly Reaction[] = [
  // A seat paid for: the parent's enrolment email with the recurring invite; the teacher's "new learner".
  on(seatsConfirmed, [enrolmentMail, expireSeatPages]),
  // Seats cancelled: the teacher's "a learner left" (not when the section closed); the parent's calendar CANCEL, unless the refund's message carries it.
  on(seatsCancelled, [seatCancelMail, expireSeatPages]),
  // A refund: the parent's "refund done" (or "class cancelled, refund done"), with the seat's calendar CANCEL when it is one seat.
  on(refundMade, [refundMail]),
  // A seat moved to another section of its course: the parent's new times with the seat's invite moved in place (same UID, higher SEQUENCE); both teachers' roster change.
  on(seatTransferred, [transferMail, expireSeatPages]),
  // A section closed over its learners by someone else: its teacher's "your section was cancelled", naming who left.
  on(sectionClosed, [sectionCloseMail]),
  // A gift paid for: the recipient's email with the code, when the buyer gave an address.
  on(giftBought, [giftMail]),
  // A late card payment whose seat was taken: the parent's "your payment came back", saying where the money went.
  on(orderSeatTaken, [seatTakenMail]),
  // A card checkout's hold ran out and its seats were released: its Stripe Checkout Session is expired, so it takes no payment.
  on(orderHoldReleased, [expireCardSessionOfOrder, expireSeatPages]),
  // Seats held for a card payment, or a pending card order closed unpaid (its held seats back on sale): no mail.
  on(seatsHeld, [expireSeatPages]),
  on(orderClosed, [expireSeatPages]),
  // An admin paid a teacher's monthly statement through Stripe: the transfer to their connected account (idempotent, retried).
  on(payoutRequested, [payoutTransfer]),
  // A demo request stored: "we received your request" to the address the family gave.
  on(leadCreated, [demoRequestReceivedMail]),
  // A demo booked: "booked" to the family and "new free demo" to the teacher, each with the invite (SEQUENCE 0).
  // With each of the three demo changes, its demo request follows: the change on the request's history, and "demo scheduled" while a time is booked (a booking by the team counts as the first contact). No mail.
  on(bookingBooked, [bookingMail.booked, leadFollowsBooking]),
  // A demo moved: "moved" (was, now) to the family and the teacher, the same invite UID with a higher SEQUENCE.
  on(bookingMoved, [bookingMail.moved, leadFollowsBooking]),
  // A demo cancelled: "cancelled" to the family and the teacher, with the invite's CANCEL; the request back to contacted (or new, if the team never called) when no demo is left.
  on(bookingCancelled, [bookingMail.cancelled, leadFollowsBooking]),
  // A demo's outcome recorded by its teacher: the parent's note email (attended: the one-click enrol in the recommended section; no-show: book another time). Once per demo.
  on(demoOutcomeRecorded, [demoOutcomeMail]),
  // A section's times changed: each family with a confirmed seat gets the new times and the seat's invite moved.
  on(sectionRescheduled, [sectionChangeMail]),
  // A section created or changed in any way (its price, seats, status, times, teacher): no mail (the lines above and below tell families).
  on(sectionSaved, [expireSeatPages]),
  // Issue 40: a section given to another teacher (its threads moved with it): each family with a seat, who teaches now.
  on(sectionTeacherChanged, [sectionTeacherMail]),
  // Issue 40: a concern closed: its reporter is told. A teacher suspended on a concern: each family with a seat in their classes; the cached public pages drop their sections at once.
  on(concernClosed, [concernClosedMail]),
  on(teacherSuspended, [teacherSuspendedMail, expireSeatPages]),
  // A review hidden by support on a concern: no mail.
  on(reviewHidden, [expireSeatPages]),
  // Issue 40: the link allow-list changed: the cached list is forgotten (other instances read it again within a minute).
  on(linkHostsChanged, [forgetLinkHosts]),
  // One session moved, cancelled or given a make-up: each family seated for it, with the occurrence overridden in the seat's invite.
  on(sessionMoved, [sessionChangeMail.moved, expireSeatPages]),
  on(sessionCancelled, [sessionChangeMail.cancelled, expireSeatPages]),
  on(sessionMakeupSet, [sessionChangeMail.makeup, expireSeatPages]),
  // A session its teacher never came into the classroom for, cancelled for its families (above, session.cancelled): the teacher's "cancelled: you did not join", with what the families were offered.
  on(sessionMissedByTeacher, [missedSessionMail]),
  // A cancelled session without a make-up credited after its deadline: the paying parent's "credited to your Cash".
  on(sessionCredited, [sessionCreditMail]),
  // An admin's edit took paid sessions off a section's schedule: each paying parent's "credited to your Cash".
  on(removedSessionsCredited, [removedSessionCreditMail]),
  // Freed seats offered to the children first in line: each parent's "a seat is free until <deadline>: Enrol now" (a live offer counts as taken on the pages' seats left).
  on(waitlistOffered, [waitlistOfferMail, expireSeatPages]),
  // An offer ran out unused (the next in line was offered it): the parent's "the seat went to the next family".
  on(waitlistOfferLapsed, [waitlistLapsedMail, expireSeatPages]),
  // A child put in line or taken out: that course page's count of who is in line (its own tag only, issue 40). No mail.
  on(waitlistJoined, [expireCoursePage]),
  on(waitlistLeft, [expireCoursePage]),
  // A session showed a verified email (run at once, before the session is returned): the family's signed-out demos join the account.
  on(emailVerified, [verifiedEmailDemos]),
  // An account asked to verify its email (sign-up, resend): the product's own email, its link made by firebase-admin at sending.
  on(verificationEmailRequested, [verificationMail]),
  // A password reset asked for an address: the reset email to the account that has it (none to an unknown address).
  on(passwordResetRequested, [passwordResetMail]),
  // A message posted in a family–teacher thread: "a new message" to the other side (both, for support's), at most one per thread and reader per MESSAGE_EMAIL_BATCH_MINUTES, with no words of the message.
  on(messagePosted, [messageMail]),
  // A teacher returned feedback on a child's homework: the parent's "feedback returned" with the marks (the comment is read on the site).
  on(homeworkFeedbackReturned, [homeworkFeedbackMail]),
  // Issue 38, the teacher road: the applicant's acknowledgement; the decision (approved with their public page, or declined with the reason); a first listing's review.
  on(teacherApplicationReceived, [applicationReceivedMail]),
  on(teacherApplicationDecided, [applicationDecidedMail, expireSeatPages]),
  on(teacherListingReviewed, [listingReviewedMail, expireSeatPages]),
  // A teacher's new bio let through by support: no mail.
  on(teacherBioPublished, [expireSeatPages]),
  // A proposed course accepted into the catalogue or returned with the admin's note: the teacher's email saying which.
  on(courseProposalDecided, [courseProposalDecidedMail, expireSeatPages]),
  // An admin created, edited, published or hid a course: no mail.
  on(courseChanged, [expireSeatPages]),
  // An account deleted by its owner (its children's seats went with it): no mail.
  on(accountDeleted, [expireSeatPages]),
  // A teacher's checks ran out (the timed job announce-lapsed-clearances), or a teacher was suspended (above): the cached public pages drop their sections at once, as after a section change.
  on(teacherClearanceLapsed, [expireSeatPages]),
];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * What the clock causes, in the same table: each job on its interval, on every instance, safe to
 * run twice at once by its own keys, locks or claims (lib/platform/events/timed.ts). What a job
 * emits or queues goes through the reactions above and the outbox like anything else.
 */
export const TIMED_WORK: readonly TimedJob[] = [
  // Waitlist offers past their deadline lapse (one update under the section's lock), and the seat is offered to the next in line: waitlist.offer-lapsed, waitlist.offered.
  every(MINUTE, "lapse-waitlist-offers", lapseExpiredOffers),
  // A teacher whose cleared_until has passed is announced once per lapse: teacher.clearance-lapsed (the seat pages drop their sections).
  every(MINUTE, "announce-lapsed-clearances", announceLapsedClearances),
  // Each seat's and demo's 24-hour and 1-hour reminders, within a minute of their time (one outbox key per reminder).
  every(MINUTE, "session-reminders", queueDueReminders),
  // Homework due within a day and not handed in: the family's reminder, once per task and child.
  every(MINUTE, "homework-reminders", queueHomeworkReminders),
  // A day after a demo with no outcome recorded: the family's generic follow-up (until 48 hours after).
  every(MINUTE, "demo-follow-ups", queueDemoFollowUps),
  // A lead nobody took by mid-promise: support's alert.
  every(MINUTE, "waiting-lead-alerts", queueWaitingLeadAlerts),
  // Each family's weekly digest, from Sunday 17:00 in its zone (one key per family and week).
  every(MINUTE, "weekly-digests", queueWeeklyDigests),
  // Teachers whose background check expires within 30 days: their warning, once per check.
  every(MINUTE, "check-expiry-warnings", queueCheckExpiryWarnings),
  // Cancelled sessions with no make-up by their deadline: each paid seat credited its share once (row lock, unique key): session.credited.
  every(5 * MINUTE, "credit-cancelled-sessions", creditCancelledSessions),
  // Finished classroom sessions on the teacher's reliability record (on time, late, absent), once each (a unique key per session); an absent one cancelled for its families in the same transaction: session.cancelled.
  every(5 * MINUTE, "teacher-reliability", recordTeacherReliability),
  // Retention (IP addresses, old leads, old events, delivered payloads, homework files): checked hourly, run once a day across instances (a job_runs claim).
  every(HOUR, "privacy-retention", runRetentionJob),
];
