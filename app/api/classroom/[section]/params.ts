import { CLASSROOM_MESSAGES } from "@/lib/classroom/schema";
import type { Actor } from "@/lib/platform/auth/permissions";
import { requireApiUser } from "@/lib/platform/auth/session";
import { AppError } from "@/lib/platform/errors";

export type SectionContext = { params: Promise<{ section: string }> };

/** The signed-in person and the section of the address; a section id that is no number gets the same refusal as a stranger. */
export async function classroomRequest(context: SectionContext): Promise<{ actor: Actor; sectionId: number }> {
  const user = await requireApiUser();
  const { section } = await context.params;
  if (!/^[1-9]\d{0,9}$/.test(section)) throw new AppError("forbidden", CLASSROOM_MESSAGES.notBooked);
  return { actor: { id: user.databaseId, email: user.email, role: user.role }, sectionId: Number(section) };
}
