// Whether a listening host keeps the server on this machine. Plain JavaScript so the start scripts
// (scripts/start.mjs, scripts/dev.mjs) and the app (lib/platform/auth/config.ts) share one answer.
// No host at all means every interface, as Node's listen() does without one.
export function isLoopbackHost(host) {
  if (!host) return false;
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  return bare === "localhost" || bare === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/** Where the embedded default (npm start, npm run dev) listens unless HOST says otherwise. */
export const EMBEDDED_DEFAULT_HOST = "127.0.0.1";
