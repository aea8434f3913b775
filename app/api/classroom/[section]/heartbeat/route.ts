import { classroomHeartbeat } from "@/lib/classroom/live-room";
import { assertSameOrigin } from "@/lib/platform/http/request";
import { errorResponse } from "@/lib/platform/http/responses";

import { classroomRequest, type SectionContext } from "../params";

/** POST /api/classroom/{section}/heartbeat: "still in the room" (the join log); answers `{ state }` (admitted, removed, ended). */
export async function POST(request: Request, context: SectionContext): Promise<Response> {
  try {
    assertSameOrigin(request);
    const { actor, sectionId } = await classroomRequest(context);
    return Response.json({ ok: true, ...(await classroomHeartbeat(actor, sectionId)) });
  } catch (error) {
    return errorResponse(error, "classroom heartbeat");
  }
}
