import { postClassroomChat, readClassroomChat } from "@/lib/classroom/chat";
import { assertSameOrigin, readJsonBody } from "@/lib/platform/http/request";
import { errorResponse } from "@/lib/platform/http/responses";

import { classroomRequest, type SectionContext } from "../params";

/**
 * GET /api/classroom/{section}/chat?after={id}: the room's chat messages after that id, for people in
 * the room now (admitted); 403 for anyone else, a removed family too. Answers `{ messages }`.
 */
export async function GET(request: Request, context: SectionContext): Promise<Response> {
  try {
    const { actor, sectionId } = await classroomRequest(context);
    const after = new URL(request.url).searchParams.get("after") ?? undefined;
    return Response.json(
      { ok: true, messages: await readClassroomChat(actor, sectionId, { after }) },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    return errorResponse(error, "classroom chat read");
  }
}

/**
 * POST /api/classroom/{section}/chat `{ body }`: a message to everyone in the room, screened (contact
 * details masked, flagged ones to support). 403 not in the room, 400 empty or too long, 429 too fast.
 */
export async function POST(request: Request, context: SectionContext): Promise<Response> {
  try {
    assertSameOrigin(request);
    const { actor, sectionId } = await classroomRequest(context);
    return Response.json({ ok: true, ...(await postClassroomChat(actor, sectionId, await readJsonBody(request))) });
  } catch (error) {
    return errorResponse(error, "classroom chat post");
  }
}
