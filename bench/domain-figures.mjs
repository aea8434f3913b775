// Reads scripts/bench-checkout.ts's output (the domain layer's own figures) for bench/scale.mjs.
// Its reactions line names two CPU figures, the process's and then PostgreSQL's: each is read by
// what precedes it, not by position ("reactions: ... CPU 12.84 ms per checkout, PostgreSQL CPU 6.25
// ms per checkout": a greedy match took the second, PostgreSQL's, for the process's).

const number = (re, text) => {
  const found = re.exec(text);
  return found ? Number(found[1]) : null;
};

/** { appCpuMs, postgresCpuMs, reactionsCpuMs, reactionsPostgresCpuMs }, null where a figure is missing. */
export function parseDomainCheckout(text) {
  const lines = text.split("\n");
  const checkout = lines.find((line) => / checkouts at \d+:/.test(line)) ?? "";
  const reactions = lines.find((line) => line.startsWith("reactions:")) ?? "";
  return {
    appCpuMs: number(/(?<!PostgreSQL )CPU ([\d.]+) ms per checkout/, checkout),
    postgresCpuMs: number(/PostgreSQL CPU ([\d.]+) ms per checkout/, checkout),
    // Handing the checkout's event to its reactions and sending their email, as the app's worker does.
    reactionsCpuMs: number(/(?<!PostgreSQL )CPU ([\d.]+) ms per checkout/, reactions),
    reactionsPostgresCpuMs: number(/PostgreSQL CPU ([\d.]+) ms per checkout/, reactions),
  };
}
