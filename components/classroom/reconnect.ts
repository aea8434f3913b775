// How a classroom page comes back after the media server went away (killed, restarted, unreachable):
// it notices (watchSession), says the class is reconnecting, and asks the app for a fresh pass into
// the same room after each wait of reconnectDelay. No Janus import here: the rules are tested alone.

/** The first wait before asking again, doubled after each failed attempt up to RECONNECT_MAX_MS. */
export const RECONNECT_FIRST_MS = 1_000;
export const RECONNECT_MAX_MS = 15_000;

/**
 * The wait before attempt `attempt` (0 for the first): 1 s, 2 s, 4 s, 8 s, then 15 s each, with up
 * to a fifth more at random, so the pages that lost one media server do not all ask at the same moment.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** Math.max(0, Math.floor(attempt)));
  return Math.min(RECONNECT_MAX_MS, Math.round(base * (1 + 0.2 * random())));
}

/**
 * What the media server says of the page's session: known (alive), unknown to it (gone: it restarted
 * and forgot every session, or the pass expired), or no answer (unreachable: down, or the network).
 */
export type SessionCheck = "alive" | "gone" | "unreachable";

/** How often a page in the room checks its session, and how many unanswered checks in a row count as lost. */
export const SESSION_CHECK_MS = 5_000;
export const UNREACHABLE_LIMIT = 2;

/**
 * Checks the session every `everyMs` and calls `onLost` once: at the first "gone", or after `limit`
 * unanswered checks in a row (one lost request is not an outage). The media server's client library
 * notices a server that stops answering its long poll, but not one that came back after a restart
 * (it polls a session the new process never had, forever): this is what notices that. Returns the stop.
 */
export function watchSession(
  check: () => Promise<SessionCheck>,
  onLost: () => void,
  { everyMs = SESSION_CHECK_MS, limit = UNREACHABLE_LIMIT }: { everyMs?: number; limit?: number } = {},
): () => void {
  let stopped = false;
  let unanswered = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const round = async () => {
    const state = await check().catch((): SessionCheck => "unreachable");
    if (stopped) return;
    unanswered = state === "unreachable" ? unanswered + 1 : 0;
    if (state === "gone" || unanswered >= limit) {
      stopped = true;
      onLost();
      return;
    }
    timer = setTimeout(() => void round(), everyMs);
  };
  timer = setTimeout(() => void round(), everyMs);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
