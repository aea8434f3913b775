import { reconnectDelay, RECONNECT_MAX_MS, watchSession, type SessionCheck } from "./reconnect";

/**
 * A classroom page that lost its media server asks again after waits that grow (1 s, doubling, at
 * most 15 s, a little random on top), and notices a lost server in the room: at once when the
 * server no longer knows its session (it restarted), after two unanswered checks in a row when it
 * does not answer (one lost request is not an outage).
 */
describe("reconnectDelay", () => {
  it("doubles from one second up to fifteen, with at most a fifth more at random", () => {
    const none = () => 0;
    expect([0, 1, 2, 3, 4, 5, 20].map((attempt) => reconnectDelay(attempt, none))).toEqual([
      1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000,
    ]);
    const most = () => 0.999_999;
    expect(reconnectDelay(0, most)).toBe(1_200);
    expect(reconnectDelay(2, most)).toBe(4_800);
    expect(reconnectDelay(9, most)).toBe(RECONNECT_MAX_MS);
    for (let i = 0; i < 100; i++) {
      const ms = reconnectDelay(1);
      expect(ms).toBeGreaterThanOrEqual(2_000);
      expect(ms).toBeLessThanOrEqual(2_400);
    }
  });
});

describe("watchSession", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** Runs the watch over `answers` (one per check, every second) and says after which check it called the loss, if it did. */
  async function lostAfter(answers: SessionCheck[]): Promise<number | null> {
    let checks = 0;
    let lostAt: number | null = null;
    const stop = watchSession(
      async () => answers[checks++] ?? "alive",
      () => {
        lostAt ??= checks;
      },
      { everyMs: 1_000, limit: 2 },
    );
    for (let i = 0; i < answers.length + 2; i++) await jest.advanceTimersByTimeAsync(1_000);
    stop();
    return lostAt;
  }

  it("calls the loss at the first check the server no longer knows the session", async () => {
    expect(await lostAfter(["alive", "alive", "gone", "alive"])).toBe(3);
  });

  it("calls the loss after two unanswered checks in a row, not after one", async () => {
    expect(await lostAfter(["alive", "unreachable", "alive", "unreachable", "alive"])).toBeNull();
    expect(await lostAfter(["alive", "unreachable", "unreachable", "alive"])).toBe(3);
  });

  it("counts a check that throws as unanswered, calls the loss once, and checks nothing after a stop", async () => {
    let checks = 0;
    const lost = jest.fn();
    watchSession(
      async () => {
        checks++;
        throw new Error("network");
      },
      lost,
      { everyMs: 1_000, limit: 2 },
    );
    await jest.advanceTimersByTimeAsync(10_000);
    expect(lost).toHaveBeenCalledTimes(1);
    expect(checks).toBe(2);

    const check = jest.fn(async (): Promise<SessionCheck> => "alive");
    const stop = watchSession(check, lost, { everyMs: 1_000 });
    await jest.advanceTimersByTimeAsync(3_000);
    stop();
    await jest.advanceTimersByTimeAsync(5_000);
    expect(check).toHaveBeenCalledTimes(3);
  });
});
