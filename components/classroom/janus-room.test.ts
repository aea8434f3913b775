import { janusSessionOptions } from "./janus-room";

describe("the browser's Janus session", () => {
  it("always names its ICE servers, so janus.js never falls back to Google's public STUN server", () => {
    const options = janusSessionOptions({ janusToken: "t", iceServers: [] });
    // janus.js: `gatewayCallbacks.iceServers || [{urls: "stun:stun.l.google.com:19302"}]`: [] is kept, undefined is not.
    expect(options.iceServers).toEqual([]);
  });

  it("uses the person's TURN servers when the app gave some", () => {
    const turn = [{ urls: ["turns:turn.example.org:5349"], username: "1796083200:abc", credential: "c2VjcmV0" }];
    expect(janusSessionOptions({ janusToken: "t", iceServers: turn })).toMatchObject({
      token: "t",
      withCredentials: true,
      iceServers: turn,
    });
  });
});
