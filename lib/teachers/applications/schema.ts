import * as z from "@/lib/platform/zod-mini";

/**
 * The teacher application of /become-a-teacher (issue 4), written once for the form's resolver
 * and the server action. zod/mini, as it ships to the browser (see lib/platform/zod-mini.ts).
 */
export const APPLICATION_LIMITS = { name: 80, email: 254, subjects: 200, experienceMin: 20, experience: 2000, availability: 500 } as const;

export const APPLICATION_MESSAGES = {
  nameRequired: "Please tell us your name.",
  emailRequired: "Email is required.",
  emailInvalid: "Please enter a valid email address",
  subjectsRequired: "Please tell us which subjects you would like to teach.",
  experienceShort: `Please tell us a little more about your teaching experience (at least ${APPLICATION_LIMITS.experienceMin} characters).`,
  availabilityRequired: "Please tell us when you are available to teach.",
  alreadyPending: "You already have an application waiting for review.",
  safetyPolicyRequired: "Please read and accept the child-safety policy to apply.",
  reasonRequired: "Please give the applicant a reason: it is sent to them.",
  reasonLong: "Keep the reason under 1,000 characters.",
} as const;

const text = (max: number, required: string, label: string) =>
  z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.maxLength(max, `${label} must be at most ${max} characters.`));

export const teacherApplicationSchema = z.object({
  name: text(APPLICATION_LIMITS.name, APPLICATION_MESSAGES.nameRequired, "Name"),
  email: z.pipe(
    z
      .string({ error: APPLICATION_MESSAGES.emailRequired })
      .check(
        z.trim(),
        z.minLength(1, APPLICATION_MESSAGES.emailRequired),
        z.maxLength(APPLICATION_LIMITS.email, APPLICATION_MESSAGES.emailInvalid),
      ),
    z.email(APPLICATION_MESSAGES.emailInvalid),
  ),
  subjects: text(APPLICATION_LIMITS.subjects, APPLICATION_MESSAGES.subjectsRequired, "Subjects"),
  experience: text(APPLICATION_LIMITS.experience, APPLICATION_MESSAGES.experienceShort, "Experience").check(
    z.minLength(APPLICATION_LIMITS.experienceMin, APPLICATION_MESSAGES.experienceShort),
  ),
  availability: text(APPLICATION_LIMITS.availability, APPLICATION_MESSAGES.availabilityRequired, "Availability"),
  /** Issue 38: accepting the safety policy is one of the vetting checks, recorded with the application. */
  acceptsSafetyPolicy: z.literal(true, { error: APPLICATION_MESSAGES.safetyPolicyRequired }),
});

export type TeacherApplicationInput = z.infer<typeof teacherApplicationSchema>;

export const APPLICATION_STATUSES = ["pending", "approved", "declined"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  declined: "Declined",
};

export const applicationDecisionSchema = z.object({
  applicationId: z.coerce
    .number({ error: "Unknown application." })
    .check(z.int("Unknown application."), z.positive("Unknown application.")),
  decision: z.enum(["approve", "decline"], { error: "Please choose approve or decline." }),
  /** Issue 38: a refusal carries its reason, told to the applicant; an approval needs none. */
  reason: z.optional(z.string().check(z.trim(), z.maxLength(1000, APPLICATION_MESSAGES.reasonLong))),
});

const applicationIdSchema = z.coerce
  .number({ error: "Unknown application." })
  .check(z.int("Unknown application."), z.positive("Unknown application."));

/** Issue 38: the application a background check is run for. */
export const backgroundCheckSchema = z.object({ applicationId: applicationIdSchema });

/** Issue 38: an admin records the outcome of a check they make themselves (identity, sample lesson, a policy renewal). */
export const checkRecordSchema = z.object({
  applicationId: applicationIdSchema,
  // The safety policy is accepted on the application; an admin records its yearly renewal.
  kind: z.enum(["identity", "sample_lesson", "safety_policy"], { error: "Choose a check the admin records." }),
  status: z.enum(["passed", "failed"], { error: "Choose passed or failed." }),
  note: z.optional(z.string().check(z.trim(), z.maxLength(1000, "Keep the note under 1,000 characters."))),
});

/** The admin list's status filter from a GET form: anything else means every status. */
export function parseApplicationStatus(value: string | string[] | undefined): ApplicationStatus | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return (APPLICATION_STATUSES as readonly string[]).includes(first ?? "") ? (first as ApplicationStatus) : undefined;
}
