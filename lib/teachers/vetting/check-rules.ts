/**
 * The vetting checks of a teacher (issue 38): what each is, how long a pass lasts, and the one rule of
 * "cleared": every kind passed and not expired. Read by the review page, the approval, the expiry
 * scan and the admin dashboard.
 */
export const CHECK_KINDS = ["identity", "background", "sample_lesson", "safety_policy"] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];
export type CheckStatus = "pending" | "passed" | "flagged" | "failed";

export const CHECK_LABELS: Record<CheckKind, string> = {
  identity: "Identity",
  background: "Background check",
  sample_lesson: "Sample lesson reviewed",
  safety_policy: "Safety policy accepted",
};

export const CHECK_STATUS_LABELS: Record<CheckStatus, string> = {
  pending: "Not done",
  passed: "Passed",
  flagged: "Flagged",
  failed: "Failed",
};

/** How long a pass is good for, in days: a background check and the safety policy are renewed each year. */
export const CHECK_VALID_DAYS: Record<CheckKind, number> = {
  identity: 3 * 365,
  background: 365,
  sample_lesson: 3 * 365,
  safety_policy: 365,
};

/** A teacher is warned this many days before a check expires. */
export const EXPIRY_WARNING_DAYS = 30;

export interface CheckFact {
  kind: CheckKind;
  status: CheckStatus;
  checkedAt: Date | null;
  expiresAt: Date | null;
}

/** The kinds not (or no longer) passed at `now`: empty means cleared. */
export function missingChecks(checks: readonly CheckFact[], now: Date): CheckKind[] {
  return CHECK_KINDS.filter((kind) => {
    const check = checks.find((c) => c.kind === kind);
    return !check || check.status !== "passed" || (check.expiresAt !== null && check.expiresAt <= now);
  });
}

/** The earliest expiry of the passed checks: past it the teacher is not cleared (teacher_profiles.cleared_until). */
export function clearedUntil(checks: readonly CheckFact[]): Date | null {
  const expiries = checks.filter((c) => c.status === "passed" && c.expiresAt).map((c) => c.expiresAt!.getTime());
  return expiries.length > 0 ? new Date(Math.min(...expiries)) : null;
}

export const expiryOf = (kind: CheckKind, checkedAt: Date) => new Date(checkedAt.getTime() + CHECK_VALID_DAYS[kind] * 86_400_000);
