import "server-only";

import { passwordResetRequested, verificationEmailRequested } from "@/lib/accounts/events";
import {
  giftBought,
  orderHoldReleased,
  orderSeatTaken,
  payoutRequested,
  refundMade,
  seatsCancelled,
  seatsConfirmed,
  seatTransferred,
  removedSessionsCredited,
  sectionClosed,
  sessionCredited,
} from "@/lib/commerce/events";
import { leadCreated } from "@/lib/demo-requests/events";
import { homeworkFeedbackReturned } from "@/lib/homework/events";
import { messagePosted } from "@/lib/messages/events";
import { concernClosed, teacherSuspended, linkHostsChanged } from "@/lib/safety/events";
import {
  courseProposalDecided,
  teacherApplicationDecided,
  teacherApplicationReceived,
  teacherClearanceLapsed,
  teacherListingReviewed,
} from "@/lib/teachers/events";
import { emailVerified } from "@/lib/platform/auth/verified-email";
import { on, type Reaction } from "@/lib/platform/events/reactions";
import {
  bookingBooked,
  bookingCancelled,
  bookingMoved,
  demoOutcomeRecorded,
  sectionRescheduled,
  sectionTeacherChanged,
  sessionCancelled,
  sessionMakeupSet,
  sessionMoved,
  waitlistOffered,
  waitlistOfferLapsed,
} from "@/lib/scheduling/events";

import { passwordResetMail, verificationMail } from "./account-mail";
import { bookingMail } from "./booking-mail";
import { forgetLinkHosts } from "./link-hosts";
import { concernClosedMail, teacherSuspendedMail } from "./concern-mail";
import { demoOutcomeMail } from "./demo-outcome-mail";
import { demoRequestReceivedMail } from "./demo-request-mail";
import { enrolmentMail } from "./enrolment-mail";
import { expireCardSessionOfOrder } from "./expire-card-session";
import { giftMail } from "./gift-mail";
import { homeworkFeedbackMail } from "./homework-mail";
import { payoutTransfer } from "./payout-transfer";
import { messageMail } from "./message-mail";
import { refundMail } from "./refund-mail";
import { seatCancelMail } from "./seat-cancel-mail";
import { expireSeatPages } from "./seat-pages";
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

/**
 * Who reacts to what: every domain event (lib/<domain>/events.ts) and its handlers, in one table.
 * The outbox worker hands each event to each of its handlers at least once, after the change that
 * caused it has committed; a handler is idempotent by its own keys. README "How it is built" lists
 * what each reaction sends to whom.
 */
export const REACTIONS: readonly Reaction[] = [
  // A seat paid for: the parent's enrolment email with the recurring invite; the teacher's "new learner".
  on(seatsConfirmed, [enrolmentMail]),
  // Seats cancelled: the teacher's "a learner left" (not when the section closed); the parent's calendar CANCEL, unless the refund's message carries it.
  on(seatsCancelled, [seatCancelMail]),
  // A refund: the parent's "refund done" (or "class cancelled, refund done"), with the seat's calendar CANCEL when it is one seat.
  on(refundMade, [refundMail]),
  // A seat moved to another section of its course: the parent's new times with the seat's invite moved in place (same UID, higher SEQUENCE); both teachers' roster change.
  on(seatTransferred, [transferMail]),
  // A section closed over its learners by someone else: its teacher's "your section was cancelled", naming who left.
  on(sectionClosed, [sectionCloseMail]),
  // A gift paid for: the recipient's email with the code, when the buyer gave an address.
  on(giftBought, [giftMail]),
  // A late card payment whose seat was taken: the parent's "your payment came back", saying where the money went.
  on(orderSeatTaken, [seatTakenMail]),
  // A card checkout's hold ran out and its seats were released: its Stripe Checkout Session is expired, so it takes no payment.
  on(orderHoldReleased, [expireCardSessionOfOrder]),
  // An admin paid a teacher's monthly statement through Stripe: the transfer to their connected account (idempotent, retried).
  on(payoutRequested, [payoutTransfer]),
  // A demo request stored: "we received your request" to the address the family gave.
  on(leadCreated, [demoRequestReceivedMail]),
  // A demo booked: "booked" to the family and "new free demo" to the teacher, each with the invite (SEQUENCE 0).
  on(bookingBooked, [bookingMail.booked]),
  // A demo moved: "moved" (was, now) to the family and the teacher, the same invite UID with a higher SEQUENCE.
  on(bookingMoved, [bookingMail.moved]),
  // A demo cancelled: "cancelled" to the family and the teacher, with the invite's CANCEL.
  on(bookingCancelled, [bookingMail.cancelled]),
  // A demo's outcome recorded by its teacher: the parent's note email (attended: the one-click enrol in the recommended section; no-show: book another time). Once per demo.
  on(demoOutcomeRecorded, [demoOutcomeMail]),
  // A section's times changed: each family with a confirmed seat gets the new times and the seat's invite moved.
  on(sectionRescheduled, [sectionChangeMail]),
  // Issue 40: a section given to another teacher (its threads moved with it): each family with a seat, who teaches now.
  on(sectionTeacherChanged, [sectionTeacherMail]),
  // Issue 40: a concern closed: its reporter is told. A teacher suspended on a concern: each family with a seat in their classes; the cached public pages drop their sections at once.
  on(concernClosed, [concernClosedMail]),
  on(teacherSuspended, [teacherSuspendedMail, expireSeatPages]),
  // Issue 40: the link allow-list changed: the cached list is forgotten (other instances read it again within a minute).
  on(linkHostsChanged, [forgetLinkHosts]),
  // One session moved, cancelled or given a make-up: each family seated for it, with the occurrence overridden in the seat's invite.
  on(sessionMoved, [sessionChangeMail.moved]),
  on(sessionCancelled, [sessionChangeMail.cancelled]),
  on(sessionMakeupSet, [sessionChangeMail.makeup]),
  // A cancelled session without a make-up credited after its deadline: the paying parent's "credited to your Cash".
  on(sessionCredited, [sessionCreditMail]),
  // An admin's edit took paid sessions off a section's schedule: each paying parent's "credited to your Cash".
  on(removedSessionsCredited, [removedSessionCreditMail]),
  // Freed seats offered to the children first in line: each parent's "a seat is free until <deadline>: Enrol now".
  on(waitlistOffered, [waitlistOfferMail]),
  // An offer ran out unused (the next in line was offered it): the parent's "the seat went to the next family".
  on(waitlistOfferLapsed, [waitlistLapsedMail]),
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
  on(teacherApplicationDecided, [applicationDecidedMail]),
  on(teacherListingReviewed, [listingReviewedMail]),
  // A proposed course accepted into the catalogue or returned with the admin's note: the teacher's email saying which.
  on(courseProposalDecided, [courseProposalDecidedMail]),
  // A teacher's checks ran out (the minute scan), or a teacher was suspended (above): the cached public pages drop their sections at once, as after a section change.
  on(teacherClearanceLapsed, [expireSeatPages]),
];
