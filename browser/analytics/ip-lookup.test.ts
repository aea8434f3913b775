import { lookupIp } from "./ip-lookup";

const answering = (response: Response | Error) =>
  jest.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  }) as unknown as typeof fetch;

describe("lookupIp (SPEC 7 and 8)", () => {
  beforeEach(() => jest.spyOn(console, "error").mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it("reads ip from the answer", async () => {
    await expect(lookupIp("/api/v1/ip", answering(Response.json({ ip: "203.0.113.7" })))).resolves.toBe("203.0.113.7");
  });

  it.each([
    ["a network error", new TypeError("Failed to fetch")],
    ["an error status", new Response("nope", { status: 502 })],
    ["an answer without ip", Response.json({ ip: null })],
    ["an answer that is not JSON", new Response("<html>")],
  ])("only logs %s and answers null", async (_, response) => {
    await expect(lookupIp("https://ip.example.net/json", answering(response))).resolves.toBeNull();
    expect(console.error).toHaveBeenCalledWith("IP lookup failed:", expect.anything());
  });
});
