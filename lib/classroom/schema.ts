import { z } from "@/lib/platform/zod";

import { SESSION_NOTE_LIMITS } from "./session-note-limits";

/** Every message of the live class, written once (the actions, routes and tests use these). */
export const CLASSROOM_MESSAGES = {
  notBooked: "That class is not one you are booked into.",
  seatStartsLater: "Your seat starts with a later session of this class, not this one.",
  joinNotOpen: "The class opens 10 minutes before it starts and closes when it ends.",
  sectionClosed: "This class is closed: it has no more sessions to join.",
  notYourSection: "You can only take attendance for your own sections.",
  noSuchSession: "That section has no session at that time.",
  sessionNotStarted: "Attendance can be taken once the session has started.",
  learnerNotInSection: "One of those learners has no seat in this section.",
  attendanceStatusInvalid: "Choose present, absent or late.",
  noteTooLong: "Keep the note to 200 characters.",
  ratingInvalid: "Choose a rating from 1 to 5 stars.",
  commentTooLong: "Keep the comment to 1000 characters.",
  notEligible: "You can review a course once your child has attended three of its sessions.",
  alreadyReviewed: "You have already reviewed this course for this child.",
  reviewNotFound: "That review does not exist or has already been moderated.",
  notYourNoteSection: "You can only write notes for the sessions you teach.",
  noteNotStarted: "A note can be written once the session has started.",
  coveredRequired: "Write what the session covered.",
  coveredTooLong: `Keep what the session covered to ${SESSION_NOTE_LIMITS.covered} characters.`,
  homeworkUrlInvalid: "The homework link must be a web address starting with http:// or https://.",
  homeworkUrlTooLong: `Keep the homework link to ${SESSION_NOTE_LIMITS.homeworkUrl} characters.`,
  lineTooLong: `Keep each learner's line to ${SESSION_NOTE_LIMITS.line} characters.`,
  classEnded: "This class has ended. See you at the next session.",
  removedFromClass: "The teacher removed you from this session. You can join the next one.",
  teacherOnly: "Only the class's teacher can do that.",
  notInClassroom: "Join the class first.",
  personNotInClassroom: "That person is not in this class.",
  chatEmpty: "Write a message first.",
  chatTooLong: "Keep a chat message to 500 characters.",
  chatTooFast: "You are sending messages very fast. Wait a moment.",
  chatNotYours: "Only the class's teacher, support and admins can read its chat.",
  noChatForSession: "That session has no class chat.",
} as const;

export const ATTENDANCE_STATUSES = ["present", "absent", "late"] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
/** Statuses that count as attending (reviews, rates). */
export const ATTENDED: readonly AttendanceStatus[] = ["present", "late"];
export const REVIEW_THRESHOLD = 3;

const id = z.coerce.number().int().positive();

export const attendanceInput = z.object({
  sectionId: id,
  sessionStartsAt: z.iso.datetime({ offset: true, error: CLASSROOM_MESSAGES.noSuchSession }),
  marks: z
    .array(
      z.object({
        learnerId: id,
        status: z.enum(ATTENDANCE_STATUSES, { error: CLASSROOM_MESSAGES.attendanceStatusInvalid }),
        note: z.string().trim().max(200, CLASSROOM_MESSAGES.noteTooLong).default(""),
      }),
    )
    .min(1)
    .max(100),
});
export type AttendanceInput = z.input<typeof attendanceInput>;

export const reviewInput = z.object({
  courseId: id,
  learnerId: id,
  rating: z.coerce
    .number({ error: CLASSROOM_MESSAGES.ratingInvalid })
    .int(CLASSROOM_MESSAGES.ratingInvalid)
    .min(1, CLASSROOM_MESSAGES.ratingInvalid)
    .max(5, CLASSROOM_MESSAGES.ratingInvalid),
  comment: z.string().trim().max(1000, CLASSROOM_MESSAGES.commentTooLong).default(""),
});
export type ReviewInput = z.input<typeof reviewInput>;

export const moderationInput = z.object({ reviewId: id, decision: z.enum(["approved", "rejected"]) });

/** What a Join link names: a section's sessions (a seat, or the teacher) or a demo booking. */
export const joinTarget = z.union([z.object({ section: id }), z.object({ booking: z.uuid() })]);
export type JoinTarget = z.infer<typeof joinTarget>;

/** An http(s) address, as the URL parser reads it (no javascript:, data: or mailto: in a homework link). */
const isWebAddress = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
};

/**
 * A teacher's note after one session (issue 28): what was covered (required), an optional homework
 * link (http or https only) and an optional line per learner; an empty line removes that learner's.
 */
export const sessionNoteInput = z.object({
  sectionId: id,
  sessionStartsAt: z.iso.datetime({ offset: true, error: CLASSROOM_MESSAGES.noSuchSession }),
  covered: z
    .string({ error: CLASSROOM_MESSAGES.coveredRequired })
    .trim()
    .min(1, CLASSROOM_MESSAGES.coveredRequired)
    .max(SESSION_NOTE_LIMITS.covered, CLASSROOM_MESSAGES.coveredTooLong),
  homeworkUrl: z
    .string()
    .trim()
    .max(SESSION_NOTE_LIMITS.homeworkUrl, CLASSROOM_MESSAGES.homeworkUrlTooLong)
    .refine((value) => value === "" || isWebAddress(value), CLASSROOM_MESSAGES.homeworkUrlInvalid)
    .default(""),
  lines: z
    .array(z.object({ learnerId: id, line: z.string().trim().max(SESSION_NOTE_LIMITS.line, CLASSROOM_MESSAGES.lineTooLong).default("") }))
    .max(100)
    .default([]),
});
export type SessionNoteInput = z.input<typeof sessionNoteInput>;

/** A teacher's control in the classroom (lib/classroom/live-room.ts); the server enforces each on the media server. */
export const classroomControlInput = z.discriminatedUnion("action", [
  z.object({ action: z.literal("admit"), userId: id }),
  z.object({ action: z.literal("admit-all") }),
  z.object({ action: z.literal("remove"), userId: id }),
  z.object({ action: z.literal("mute"), userId: id }),
  z.object({ action: z.literal("mute-all") }),
  z.object({ action: z.literal("camera-off"), userId: id }),
  z.object({ action: z.literal("lock"), locked: z.boolean() }),
  z.object({ action: z.literal("end") }),
]);
export type ClassroomControlInput = z.input<typeof classroomControlInput>;

/** The class chat (lib/classroom/chat.ts): one message to everyone in the room. */
export const CHAT_MESSAGE_MAX = 500;
export const classroomChatInput = z.object({
  body: z
    .string({ error: CLASSROOM_MESSAGES.chatEmpty })
    .trim()
    .min(1, CLASSROOM_MESSAGES.chatEmpty)
    .max(CHAT_MESSAGE_MAX, CLASSROOM_MESSAGES.chatTooLong),
});
export type ClassroomChatInput = z.input<typeof classroomChatInput>;

/** Reading the chat from inside the room: the messages after the last one the page has. */
export const classroomChatReadInput = z.object({ after: z.coerce.number().int().min(0).max(2_147_483_647).default(0) });

/** The chat of one session afterwards (the section's teacher, support, admins). */
export const classroomChatTranscriptInput = z.object({
  sectionId: id,
  sessionStartsAt: z.iso.datetime({ offset: true, error: CLASSROOM_MESSAGES.noSuchSession }),
});
