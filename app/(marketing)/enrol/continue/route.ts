import { cookies } from "next/headers";

import { enrolFromLink, PENDING_COOKIE } from "../enrol-redirect";

export const dynamic = "force-dynamic";

/** After sign-in or sign-up: the enrol link followed while signed out (its key kept in a cookie). */
export async function GET() {
  return enrolFromLink((await cookies()).get(PENDING_COOKIE)?.value);
}
