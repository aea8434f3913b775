/** GET /api/v1/ip: the caller's IP from the request; TRUSTED_PROXIES decides how far the forwarding chain is followed. */
const call = async (forwardedFor: string) => {
  const { GET } = await import("./route");
  return GET(new Request("http://localhost:3000/api/v1/ip", { headers: { "x-forwarded-for": forwardedFor } }));
};

afterEach(() => {
  delete process.env.TRUSTED_PROXIES;
  jest.resetModules();
});

describe("GET /api/v1/ip", () => {
  it("answers { ip } with the nearest hop and is never cached", async () => {
    const response = await call("6.6.6.6, 198.51.100.4");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    await expect(response.json()).resolves.toEqual({ ip: "198.51.100.4" });
  });

  it("follows the chain past configured proxies only", async () => {
    process.env.TRUSTED_PROXIES = "10.0.0.0/8, 192.0.2.1";
    const response = await call("6.6.6.6, 203.0.113.7, 192.0.2.1, 10.0.0.2");
    await expect(response.json()).resolves.toEqual({ ip: "203.0.113.7" });
  });

  it("answers null when the request carries no address", async () => {
    const { GET } = await import("./route");
    const response = GET(new Request("http://localhost:3000/api/v1/ip"));
    await expect(response.json()).resolves.toEqual({ ip: null });
  });
});
