import { isDatabaseUnavailable } from "./errors";

describe("isDatabaseUnavailable (503 rather than 500)", () => {
  const nodeError = (message: string, code: string) => Object.assign(new Error(message), { code });

  it("knows connection failures by code, SQLSTATE and message", () => {
    expect(isDatabaseUnavailable(nodeError("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))).toBe(true);
    expect(isDatabaseUnavailable(nodeError("terminating connection due to administrator command", "57P01"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
  });

  it("looks through the driver error an ORM wraps it in", () => {
    const wrapped = new Error("Failed query: begin", { cause: nodeError("read ECONNRESET", "ECONNRESET") });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    // Node's own errors can come from another realm than the code asking: only the shape counts.
    expect(isDatabaseUnavailable(new Error("Failed query: rollback", { cause: { message: "socket hang up", code: "ECONNRESET" } }))).toBe(
      true,
    );
  });

  it("leaves real bugs to be 500s", () => {
    expect(
      isDatabaseUnavailable(
        new Error("Failed query: insert", { cause: nodeError('duplicate key value violates unique constraint "x"', "23505") }),
      ),
    ).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable("ECONNRESET")).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
