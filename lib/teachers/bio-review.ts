import "server-only";

import { asc, eq, isNotNull } from "drizzle-orm";

import { recordAudit } from "@/lib/audit/audit";
import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import { teacherProfiles } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { emit } from "@/lib/platform/events/events";
import { parseInput } from "@/lib/platform/http/responses";
import { textScreen } from "@/lib/platform/security/screen";
import { z } from "@/lib/platform/zod";
import { teacherBioPublished } from "@/lib/teachers/events";

/**
 * Issue 40: a bio an approved teacher edits waits for review (saveTeacherProfile); support or an
 * admin lets it through (it becomes the public bio, contact details masked) or turns it down (the
 * approved bio stays). Audited in the transaction that decides it.
 */
export const bioDecisionSchema = z.object({
  teacherId: z.coerce.number().int().positive("Choose a teacher."),
  decision: z.enum(["approve", "reject"], { error: "Choose approve or reject." }),
});

export interface PendingBio {
  teacherId: number;
  publicName: string;
  approvedBio: string;
  pendingBio: string;
  pendingSince: Date;
}

export async function listPendingBios(actor: Actor | null): Promise<PendingBio[]> {
  authorize(actor, "safety.triage");
  const db = await getDb();
  const rows = await db
    .select({
      teacherId: teacherProfiles.userId,
      publicName: teacherProfiles.publicName,
      approvedBio: teacherProfiles.bio,
      pendingBio: teacherProfiles.pendingBio,
      pendingSince: teacherProfiles.pendingBioAt,
    })
    .from(teacherProfiles)
    .where(isNotNull(teacherProfiles.pendingBio))
    .orderBy(asc(teacherProfiles.pendingBioAt))
    .limit(100);
  return rows.map((r) => ({ ...r, pendingBio: r.pendingBio ?? "", pendingSince: r.pendingSince ?? new Date(0) }));
}

export async function decidePendingBio(actor: Actor | null, input: unknown, now = new Date()): Promise<{ isPublic: boolean }> {
  authorize(actor, "safety.triage");
  const { teacherId, decision } = parseInput(bioDecisionSchema, input);
  const db = await getDb();
  const screen = await textScreen(db);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ pendingBio: teacherProfiles.pendingBio })
      .from(teacherProfiles)
      .where(eq(teacherProfiles.userId, teacherId))
      .for("update");
    if (!row || row.pendingBio === null) throw new AppError("not-found", "That bio is no longer waiting for review.");
    const approved = decision === "approve";
    await tx
      .update(teacherProfiles)
      .set({
        ...(approved ? { bio: screen(row.pendingBio).text } : {}),
        pendingBio: null,
        pendingBioAt: null,
        updatedAt: now,
      })
      .where(eq(teacherProfiles.userId, teacherId));
    if (approved) await emit(tx, teacherBioPublished, { teacherId });
    await recordAudit(tx, actor, {
      action: approved ? "teacher.bio-approved" : "teacher.bio-rejected",
      targetType: "user",
      targetId: String(teacherId),
    });
    return { isPublic: approved };
  });
}
