import { learnerPerson, type ClassroomPerson } from "@/lib/classroom/classroom-access";
import { CLASSROOM_MESSAGES } from "@/lib/classroom/schema";
import { currentLearner } from "@/lib/learner-access/session";
import { requireApiUser } from "@/lib/platform/auth/session";
import { AppError } from "@/lib/platform/errors";

export type SectionContext = { params: Promise<{ section: string }> };

/**
 * The person asking (a child signed in on their own, else the signed-in grown-up) and the section
 * of the address; a section id that is no number gets the same refusal as a stranger. A child's
 * session is a person of its own here (lib/classroom/classroom-access.ts admits them to their own
 * seat's sessions only), never their parent.
 */
export async function classroomRequest(context: SectionContext): Promise<{ actor: ClassroomPerson; sectionId: number }> {
  const learner = await currentLearner();
  const actor: ClassroomPerson = learner
    ? learnerPerson(learner)
    : await requireApiUser().then((user) => ({ id: user.databaseId, email: user.email, role: user.role }));
  const { section } = await context.params;
  if (!/^[1-9]\d{0,9}$/.test(section)) throw new AppError("forbidden", CLASSROOM_MESSAGES.notBooked);
  return { actor, sectionId: Number(section) };
}
