import { enrolFromLink } from "../enrol-redirect";

export const dynamic = "force-dynamic";

/** The one-click "Enrol <child> in <section>" of a demo's follow-up email and status page. */
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  return enrolFromLink((await params).token);
}
