import { enterClassroom } from "@/lib/classroom/live-room";
import { errorResponse } from "@/lib/platform/http/responses";

import { classroomRequest, type SectionContext } from "./params";

/**
 * GET /api/classroom/{section}: come into (or ask again about) the session's classroom. Answers
 * `{ entry }`: waiting, or admitted with this person's short-lived tokens; 401 signed out, 403 not
 * on the roster or removed, 409 not open yet, ended or closed, 503 media server down; each `{ message }`.
 */
export async function GET(_request: Request, context: SectionContext): Promise<Response> {
  try {
    const { actor, sectionId } = await classroomRequest(context);
    return Response.json({ ok: true, entry: await enterClassroom(actor, sectionId) }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorResponse(error, "classroom enter");
  }
}
