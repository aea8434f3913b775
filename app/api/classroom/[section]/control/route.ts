import { classroomControl } from "@/lib/classroom/live-room";
import { assertSameOrigin, readJsonBody } from "@/lib/platform/http/request";
import { errorResponse } from "@/lib/platform/http/responses";

import { classroomRequest, type SectionContext } from "../params";

/**
 * POST /api/classroom/{section}/control `{ action, userId? }`: the teacher's controls (admit,
 * admit-all, remove, mute, mute-all, camera-off, lock, end), enforced on the media server. 403 for
 * anyone but the section's teacher, 400 for an unknown action or a person not in the class.
 */
export async function POST(request: Request, context: SectionContext): Promise<Response> {
  try {
    assertSameOrigin(request);
    const { actor, sectionId } = await classroomRequest(context);
    return Response.json(await classroomControl(actor, sectionId, (await readJsonBody(request)) as never));
  } catch (error) {
    return errorResponse(error, "classroom control");
  }
}
