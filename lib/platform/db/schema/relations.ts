// The foreign keys as Drizzle relations, for `db.query.<table>.findMany({ with: ... })`. They change no
// SQL (drizzle-kit reads only the tables). One file for all of them: a relation names tables of two
// domains, and a domain's schema file may import only the domains below it.
//
// Every foreign key has its `one` side, named after its column without "Id". The `many` sides are the
// lists a page reads (a section's bookings, an order's items); a table that names users twice never
// gets a `many` from users, so no relation needs a relationName.

import { relations } from "drizzle-orm";

import { users } from "@/lib/platform/db/schema/accounts";
import { attendance, courseReviews } from "@/lib/platform/db/schema/classroom";
import {
  cartItems,
  gifts,
  ledgerEntries,
  orderItems,
  orders,
  paymentIssues,
  payments,
  refunds,
  topUps,
  wallets,
} from "@/lib/platform/db/schema/commerce";
import { courses, courseTeachers } from "@/lib/platform/db/schema/courses";
import { demoRequests } from "@/lib/platform/db/schema/demo-requests";
import { auditEvents } from "@/lib/platform/db/schema/platform";
import { bookingHistory, bookings, learners, sections } from "@/lib/platform/db/schema/scheduling";
import {
  teacherApplications,
  teacherAvailability,
  teacherAvailabilityExceptions,
  teacherProfiles,
} from "@/lib/platform/db/schema/teachers";

// --- Accounts and the catalogue

export const usersRelations = relations(users, ({ one, many }) => ({
  teacherProfile: one(teacherProfiles),
  wallet: one(wallets),
  learners: many(learners),
  orders: many(orders),
  cartItems: many(cartItems),
}));

export const coursesRelations = relations(courses, ({ many }) => ({
  teachers: many(courseTeachers),
  sections: many(sections),
  reviews: many(courseReviews),
}));

export const courseTeachersRelations = relations(courseTeachers, ({ one }) => ({
  course: one(courses, { fields: [courseTeachers.courseId], references: [courses.id] }),
  teacher: one(users, { fields: [courseTeachers.teacherId], references: [users.id] }),
}));

export const demoRequestsRelations = relations(demoRequests, ({ one, many }) => ({
  course: one(courses, { fields: [demoRequests.courseId], references: [courses.id] }),
  user: one(users, { fields: [demoRequests.userId], references: [users.id] }),
  statusChangedBy: one(users, { fields: [demoRequests.statusChangedById], references: [users.id] }),
  bookings: many(bookings),
}));

export const auditEventsRelations = relations(auditEvents, ({ one }) => ({
  actor: one(users, { fields: [auditEvents.actorId], references: [users.id] }),
}));

// --- Teachers

export const teacherApplicationsRelations = relations(teacherApplications, ({ one }) => ({
  user: one(users, { fields: [teacherApplications.userId], references: [users.id] }),
  decidedBy: one(users, { fields: [teacherApplications.decidedById], references: [users.id] }),
}));

export const teacherProfilesRelations = relations(teacherProfiles, ({ one }) => ({
  user: one(users, { fields: [teacherProfiles.userId], references: [users.id] }),
}));

export const teacherAvailabilityRelations = relations(teacherAvailability, ({ one }) => ({
  teacher: one(users, { fields: [teacherAvailability.teacherId], references: [users.id] }),
}));

export const teacherAvailabilityExceptionsRelations = relations(teacherAvailabilityExceptions, ({ one }) => ({
  teacher: one(users, { fields: [teacherAvailabilityExceptions.teacherId], references: [users.id] }),
}));

// --- Scheduling

export const learnersRelations = relations(learners, ({ one, many }) => ({
  parent: one(users, { fields: [learners.parentId], references: [users.id] }),
  bookings: many(bookings),
}));

export const sectionsRelations = relations(sections, ({ one, many }) => ({
  course: one(courses, { fields: [sections.courseId], references: [courses.id] }),
  teacher: one(users, { fields: [sections.teacherId], references: [users.id] }),
  bookings: many(bookings),
  orderItems: many(orderItems),
  attendance: many(attendance),
}));

export const bookingsRelations = relations(bookings, ({ one, many }) => ({
  learner: one(learners, { fields: [bookings.learnerId], references: [learners.id] }),
  demoRequest: one(demoRequests, { fields: [bookings.demoRequestId], references: [demoRequests.id] }),
  teacher: one(users, { fields: [bookings.teacherId], references: [users.id] }),
  section: one(sections, { fields: [bookings.sectionId], references: [sections.id] }),
  course: one(courses, { fields: [bookings.courseId], references: [courses.id] }),
  changedBy: one(users, { fields: [bookings.changedById], references: [users.id] }),
  history: many(bookingHistory),
  orderItems: many(orderItems),
}));

export const bookingHistoryRelations = relations(bookingHistory, ({ one }) => ({
  booking: one(bookings, { fields: [bookingHistory.bookingId], references: [bookings.id] }),
  by: one(users, { fields: [bookingHistory.byId], references: [users.id] }),
}));

// --- Commerce

export const walletsRelations = relations(wallets, ({ one }) => ({
  user: one(users, { fields: [wallets.userId], references: [users.id] }),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  user: one(users, { fields: [orders.userId], references: [users.id] }),
  items: many(orderItems),
  payments: many(payments),
  refunds: many(refunds),
  ledgerEntries: many(ledgerEntries),
}));

export const orderItemsRelations = relations(orderItems, ({ one, many }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
  section: one(sections, { fields: [orderItems.sectionId], references: [sections.id] }),
  learner: one(learners, { fields: [orderItems.learnerId], references: [learners.id] }),
  booking: one(bookings, { fields: [orderItems.bookingId], references: [bookings.id] }),
  refunds: many(refunds),
}));

export const topUpsRelations = relations(topUps, ({ one }) => ({
  user: one(users, { fields: [topUps.userId], references: [users.id] }),
}));

export const giftsRelations = relations(gifts, ({ one, many }) => ({
  buyer: one(users, { fields: [gifts.buyerId], references: [users.id] }),
  redeemedBy: one(users, { fields: [gifts.redeemedById], references: [users.id] }),
  ledgerEntries: many(ledgerEntries),
}));

export const ledgerEntriesRelations = relations(ledgerEntries, ({ one }) => ({
  user: one(users, { fields: [ledgerEntries.userId], references: [users.id] }),
  order: one(orders, { fields: [ledgerEntries.orderId], references: [orders.id] }),
  gift: one(gifts, { fields: [ledgerEntries.giftId], references: [gifts.id] }),
  topUp: one(topUps, { fields: [ledgerEntries.topUpId], references: [topUps.id] }),
  createdBy: one(users, { fields: [ledgerEntries.createdById], references: [users.id] }),
}));

export const paymentsRelations = relations(payments, ({ one }) => ({
  order: one(orders, { fields: [payments.orderId], references: [orders.id] }),
}));

export const paymentIssuesRelations = relations(paymentIssues, ({ one }) => ({
  order: one(orders, { fields: [paymentIssues.orderId], references: [orders.id] }),
  topUp: one(topUps, { fields: [paymentIssues.topUpId], references: [topUps.id] }),
  gift: one(gifts, { fields: [paymentIssues.giftId], references: [gifts.id] }),
}));

export const refundsRelations = relations(refunds, ({ one }) => ({
  order: one(orders, { fields: [refunds.orderId], references: [orders.id] }),
  orderItem: one(orderItems, { fields: [refunds.orderItemId], references: [orderItems.id] }),
  by: one(users, { fields: [refunds.byId], references: [users.id] }),
}));

export const cartItemsRelations = relations(cartItems, ({ one }) => ({
  user: one(users, { fields: [cartItems.userId], references: [users.id] }),
  section: one(sections, { fields: [cartItems.sectionId], references: [sections.id] }),
  learner: one(learners, { fields: [cartItems.learnerId], references: [learners.id] }),
}));

// --- The live class

export const attendanceRelations = relations(attendance, ({ one }) => ({
  section: one(sections, { fields: [attendance.sectionId], references: [sections.id] }),
  learner: one(learners, { fields: [attendance.learnerId], references: [learners.id] }),
  markedBy: one(users, { fields: [attendance.markedById], references: [users.id] }),
}));

export const courseReviewsRelations = relations(courseReviews, ({ one }) => ({
  course: one(courses, { fields: [courseReviews.courseId], references: [courses.id] }),
  learner: one(learners, { fields: [courseReviews.learnerId], references: [learners.id] }),
  parent: one(users, { fields: [courseReviews.parentId], references: [users.id] }),
  moderatedBy: one(users, { fields: [courseReviews.moderatedById], references: [users.id] }),
}));
