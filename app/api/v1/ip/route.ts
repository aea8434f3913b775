import { clientIp } from "@/lib/platform/http/client-ip";

/** SPEC 7: the caller's IP, read by the analytics loader and registered as user_ip. */
export function GET(request: Request) {
  return Response.json({ ip: clientIp(request.headers) }, { headers: { "Cache-Control": "private, no-store" } });
}
