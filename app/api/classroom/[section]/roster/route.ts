import { classroomRoster } from "@/lib/classroom/live-room";
import { errorResponse } from "@/lib/platform/http/responses";

import { classroomRequest, type SectionContext } from "../params";

/** GET /api/classroom/{section}/roster: who is waiting, in, gone or absent (the teacher and observers only). */
export async function GET(_request: Request, context: SectionContext): Promise<Response> {
  try {
    const { actor, sectionId } = await classroomRequest(context);
    return Response.json({ ok: true, roster: await classroomRoster(actor, sectionId) }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorResponse(error, "classroom roster");
  }
}
