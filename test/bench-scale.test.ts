/**
 * bench/scale.mjs sets the server's CPU per checkout beside the domain layer's checkout and
 * reactions, read from scripts/bench-checkout.ts's output. Its reactions line names the process's
 * CPU and then PostgreSQL's; the process's must be the one read (a greedy pattern took PostgreSQL's).
 */
import { parseDomainCheckout } from "../bench/domain-figures.mjs";

const OUTPUT = [
  "299 checkouts at 20: 86/s, CPU 5.36 ms per checkout (user 4.95, system 0.41), PostgreSQL CPU 4.95 ms per checkout, 9.0 statements per checkout, p50 218 ms, p99 438 ms",
  "reactions: 1200 outbox messages delivered (events and the email they queue), CPU 12.84 ms per checkout, PostgreSQL CPU 6.25 ms per checkout",
  "",
].join("\n");

describe("parseDomainCheckout", () => {
  it("reads the process's CPU and PostgreSQL's apart, for the checkout and for its reactions", () => {
    expect(parseDomainCheckout(OUTPUT)).toEqual({
      appCpuMs: 5.36,
      postgresCpuMs: 4.95,
      reactionsCpuMs: 12.84,
      reactionsPostgresCpuMs: 6.25,
    });
  });

  it("gives null for what the output lacks (no --deliver; PostgreSQL's figure n/a off Linux)", () => {
    const plain =
      "10 checkouts at 5: 50/s, CPU 4.00 ms per checkout (user 3.50, system 0.50), PostgreSQL CPU n/a ms per checkout, 9.0 statements per checkout";
    expect(parseDomainCheckout(plain)).toEqual({ appCpuMs: 4, postgresCpuMs: null, reactionsCpuMs: null, reactionsPostgresCpuMs: null });
  });
});
