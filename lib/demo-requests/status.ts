/**
 * The support team's workflow for a demo request (issue 4). Client-safe: the queue's filters and
 * the status select read the same list.
 */
export const LEAD_STATUSES = ["new", "contacted", "demo_scheduled", "converted", "closed", "spam"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  demo_scheduled: "Demo scheduled",
  converted: "Converted",
  closed: "Closed",
  spam: "Spam",
};

/** Statuses that mean the family was reached: the first move into one of them keeps the 24-hour promise. */
export const CONTACT_STATUSES: readonly LeadStatus[] = ["contacted", "demo_scheduled", "converted"];

/** The dialog's promise: 'Our team will reach you in 24hrs.' */
export const RESPONSE_PROMISE_MS = 24 * 60 * 60 * 1000;

export function leadStatusLabel(status: string): string {
  return (LEAD_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

/** A new request still waiting for contact after the promised 24 hours. */
export function isOverdue(lead: { status: string; createdAt: Date }, now: Date): boolean {
  return lead.status === "new" && now.getTime() - lead.createdAt.getTime() > RESPONSE_PROMISE_MS;
}
