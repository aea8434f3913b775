import { iceServersFor, turnCredential, useTurnServer } from "./turn";

afterEach(() => useTurnServer(undefined));

describe("TURN credentials (coturn's REST API, use-auth-secret)", () => {
  it("signs '<expiry>:<who>' with HMAC-SHA1 under the shared secret, as coturn checks it", () => {
    // The vector from openssl: printf '%s' "1796083200:3f2a9c0b1d4e5f607182" | openssl dgst -sha1 -hmac "<secret>" -binary | base64
    expect(turnCredential("coturn-static-auth-secret-for-tests", "3f2a9c0b1d4e5f607182", new Date("2026-12-01T00:00:00Z"))).toEqual({
      username: "1796083200:3f2a9c0b1d4e5f607182",
      credential: "1v6w7eTSuvcN7zycq8uSI8iPUDc=",
    });
  });

  it("gives a person the configured URIs with a credential that ends with their class, and never the secret", () => {
    useTurnServer({
      urls: ["turn:turn.example.org:3478?transport=udp", "turns:turn.example.org:5349"],
      secret: "coturn-static-auth-secret-for-tests",
    });
    const servers = iceServersFor("3f2a9c0b1d4e5f607182", new Date("2026-12-01T00:00:30.900Z"));
    expect(servers).toEqual([
      {
        urls: ["turn:turn.example.org:3478?transport=udp", "turns:turn.example.org:5349"],
        username: "1796083230:3f2a9c0b1d4e5f607182",
        credential: expect.any(String),
      },
    ]);
    expect(JSON.stringify(servers)).not.toContain("coturn-static-auth-secret-for-tests");
  });

  it("gives none without a TURN server", () => {
    useTurnServer(null);
    expect(iceServersFor("3f2a9c0b1d4e5f607182", new Date())).toEqual([]);
  });
});
