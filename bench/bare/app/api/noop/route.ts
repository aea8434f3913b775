// The load benchmark's floor for route handlers (bench/load.mjs): a handler that does no work,
// so the app's API numbers read as a ratio to what Next itself costs per request.
// force-dynamic: run the handler on every request, as the app's POST handlers do, rather than
// serve a response prerendered at build time. The POST body is not read: reading and parsing it
// is part of the work the app's handlers are measured doing.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ ok: true });
}

export function POST() {
  return Response.json({ ok: true });
}
