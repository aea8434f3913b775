import "server-only";

import { eq } from "drizzle-orm";

import { LEAD_EMAIL_TOKEN_TTL_SECONDS, pickTimePath, signLeadToken } from "@/lib/demo-requests/lead-token";
import { enqueueEmail } from "@/lib/notifications/email";
import { demoRequestReceivedEmail } from "@/lib/notifications/messages/demo-request-received";
import { brand } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import { courses, demoRequests } from "@/lib/platform/db/schema";
import type { Handler } from "@/lib/platform/events/reactions";

/**
 * lead.created: "we received your request" to the address the family gave, rendered from the
 * request as it is at delivery. A request deleted since (the family's account, retention) tells
 * nobody. Keyed by the request (the Message-ID): delivered twice, still one message.
 */
export async function enqueueDemoRequestReceivedMail(db: Database, demoRequestId: string): Promise<void> {
  const [request] = await db
    .select({ email: demoRequests.userEmail, courseTitle: courses.title })
    .from(demoRequests)
    .leftJoin(courses, eq(courses.id, demoRequests.courseId))
    .where(eq(demoRequests.id, demoRequestId));
  if (!request) return;
  // The dialog's picker lasts an hour; the email's link lasts days (a family that closed the dialog picks later).
  const pickToken = signLeadToken(demoRequestId, new Date(), LEAD_EMAIL_TOKEN_TTL_SECONDS);
  const content = demoRequestReceivedEmail({
    courseTitle: request.courseTitle,
    coursesUrl: `${brand.siteUrl}/courses`,
    pickTimeUrl: pickToken ? `${brand.siteUrl}${pickTimePath(pickToken)}` : null,
  });
  await enqueueEmail(db, `demo_request:${demoRequestId}:received`, { ...content, to: request.email });
}

export const demoRequestReceivedMail: Handler<{ demoRequestId: string }> = {
  name: "received-mail",
  handle: (db, { demoRequestId }) => enqueueDemoRequestReceivedMail(db, demoRequestId),
};
